import { describe, expect, it } from 'vitest';
import { DATE_CLOSED_MESSAGE } from './availability';
import { INVALID_BOOKING_MESSAGE, ofOrder, resolveBooking } from './booking';
import { contactFieldsFor } from './payment-page';
import { parseTourOption } from './tour-option';

/** A per-adult tour on 2027-06-01 with two packages, and a room-based one on 2027-07-01. */
const tour = {
  id: 7,
  option: parseTourOption({
    'tour-type': 'multiple',
    'date-price': [
      {
        'extra-date': '2027-06-01',
        'pricing-method': 'variable',
        'pricing-room-base': 'disable',
        package: [
          { title: 'Standard', 'adult-price': '100', 'children-price': '50' },
          { title: 'Premium', 'adult-price': '180' },
        ],
      },
      {
        'extra-date': '2027-07-01',
        'pricing-method': 'fixed',
        'pricing-room-base': 'enable',
        'initial-price': '300',
        'person-price': '100',
      },
    ],
  }),
};

describe('resolveBooking: one reading of a detail against its tour', () => {
  it('reads the package, travellers, services, coupon, payment and order from the detail', () => {
    const resolved = resolveBooking(
      tour,
      {
        'tour-date': '2027-06-01',
        package: 'Standard',
        'tour-adult': '2',
        'tour-children': '1',
        service: ['45', '12'],
        'service-amount': ['1', ''],
        'coupon-code': 'GREECE25',
        'payment-type': 'partial',
        payment_method: 'paypal',
        tid: '31',
      },
      { complete: true },
    );
    expect(resolved.ok).toBe(true);
    if (!resolved.ok) return;
    const { booking } = resolved;
    expect(booking).toMatchObject({
      tourId: 7,
      travelDate: '2027-06-01',
      packageTitle: 'Standard',
      couponCode: 'GREECE25',
      paymentType: 'partial',
      paymentMethod: 'paypal',
      tid: 31,
    });
    expect(booking.date.entry['adult-price']).toBe('100');
    expect(booking.travellers).toMatchObject({ mode: 'people', total: 3, seats: 3, adults: 2 });
    // A service without an amount is not chosen.
    expect([...booking.services]).toEqual([['45', '1']]);
  });

  it('reads the rooms of a room-based date', () => {
    const resolved = resolveBooking(
      tour,
      { 'tour-date': '2027-07-01', 'tour-room': '2', 'tour-people': ['2', '1', '9'] },
      { complete: true },
    );
    expect(resolved.ok && resolved.booking.travellers.rooms).toEqual([{ people: 2 }, { people: 1 }]);
    expect(resolved.ok && resolved.booking.tid).toBeUndefined();
  });

  it('refuses a malformed date, a date without an entry, and travellers the date does not price', () => {
    expect(resolveBooking(tour, { 'tour-date': '1 June' }, { complete: true })).toEqual({
      ok: false,
      reason: 'bad-date',
      message: INVALID_BOOKING_MESSAGE,
    });
    expect(resolveBooking(tour, { 'tour-date': '2027-06-02' }, { complete: true })).toEqual({
      ok: false,
      reason: 'no-date',
      message: DATE_CLOSED_MESSAGE,
    });
    const people = resolveBooking(tour, { 'tour-date': '2027-06-01', 'tour-people': '2' }, { complete: true });
    expect(people).toMatchObject({ ok: false, reason: 'not-offered' });
    const empty = resolveBooking(tour, { 'tour-date': '2027-06-01' }, { complete: true });
    expect(empty).toMatchObject({ ok: false, reason: 'no-traveller' });
    // While travellers are still being chosen, nobody yet is no refusal.
    expect(resolveBooking(tour, { 'tour-date': '2027-06-01' }, { complete: false }).ok).toBe(true);
  });

  it("reads the contact and billing details by the tour's contact fields, and the notes", () => {
    const contactFields = contactFieldsFor({ general: {} });
    const resolved = resolveBooking(
      tour,
      {
        'tour-date': '2027-06-01',
        'tour-adult': '1',
        first_name: 'Elena',
        email: 'elena@example.test',
        billing_email: 'billing@example.test',
        additional_notes: 'Late arrival',
        unknown_field: 'ignored',
      },
      { complete: true, contactFields },
    );
    if (!resolved.ok) throw new Error(resolved.message);
    expect(resolved.booking.contact).toEqual({
      contact: new Map([
        ['first_name', 'Elena'],
        ['email', 'elena@example.test'],
      ]),
      billing: new Map([['email', 'billing@example.test']]),
      notes: 'Late arrival',
    });
  });

  it('names its order once written, in the detail the page echoes too', () => {
    const resolved = resolveBooking(tour, { 'tour-date': '2027-06-01', 'tour-adult': '1' }, { complete: true });
    if (!resolved.ok) throw new Error(resolved.message);
    const written = ofOrder(resolved.booking, 52);
    expect(written.tid).toBe(52);
    expect(written.detail.tid).toBe('52');
  });
});
