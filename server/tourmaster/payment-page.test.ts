import { describe, expect, it } from 'vitest';
import { bookingOf } from '../testing/booking';
import type { BookingDetail } from './booking-detail';
import {
  adminApprovalEnabled,
  contactFieldsFor,
  onlinePaymentBlocked,
  PAGE_MESSAGES,
  paymentMethods,
  paymentStep,
  travellerFieldsFor,
  travellerRows,
  validateBooking,
  withCardGateway,
  withMandatoryServices,
} from './payment-page';
import { type DatePriceEntry, parseTourOption, type Tour, type TourOption } from './tour-option';
import { readTravellers } from './travellers';

const entry = (over: Partial<DatePriceEntry>): DatePriceEntry => ({ day: [], month: [], year: [], ...over });

function tourWith(option: Record<string, unknown> = {}, extraBookingInfo = ''): Tour {
  return {
    id: 4,
    title: 'Santorini',
    slug: 'santorini',
    option: parseTourOption({ 'tour-type': 'single', 'require-each-traveller-info': 'enable', ...option }),
    meta: {
      minPeoplePerBooking: '',
      maxPeoplePerBooking: '',
      maxPeople: '',
      extraBookingInfo,
      bookInAdvance: '',
      dateAvail: '',
      contactDetailFields: '',
    },
  };
}

const fixed = entry({ 'pricing-method': 'fixed', 'pricing-room-base': 'disable', 'person-price': '120' });
const general = {};
const contactFields = contactFieldsFor({ general });

const valid: BookingDetail = {
  'tour-id': '4',
  'tour-date': '2027-05-22',
  'tour-people': '2',
  traveller_title: ['mr', 'mrs'],
  traveller_first_name: ['Peter', 'Jana'],
  traveller_last_name: ['Novak', 'Novakova'],
  first_name: 'Peter',
  last_name: 'Novak',
  email: 'peter.novak@example.test',
  phone: '+420 (777) 000-111',
  country: 'Czech Republic',
  step: '3',
};

const validate = (detail: BookingDetail, step: 3 | 4 = 3, tour = tourWith(), at = fixed) =>
  validateBooking(bookingOf({ option: tour.option, entry: at, detail, contactFields }), {
    step,
    tour,
    settings: { general },
    contactFields,
  });

describe('paymentStep', () => {
  it.each([
    [undefined, 2],
    ['', 2],
    ['2', 2],
    ['3', 3],
    [' 3', 3],
    ['4', 4],
    ['1', 'other'],
    ['5', 'other'],
    ['abc', 'other'],
  ] as const)('step %j → %j', (step, expected) => {
    expect(paymentStep(step === undefined ? {} : { step })).toBe(expected);
  });
});

describe('contact and traveller fields', () => {
  it('defaults to the plugin fields, country a list of countries', () => {
    expect(contactFields.map((f) => [f.slug, f.type, f.required])).toEqual([
      ['first_name', 'text', true],
      ['last_name', 'text', true],
      ['email', 'email', true],
      ['phone', 'text', true],
      ['country', 'combobox', true],
      ['contact_address', 'textarea', false],
    ]);
    expect(contactFields[4]?.options.length).toBeGreaterThan(100);
    // Our prompt first, nothing chosen, then the plugin's list (DEVIATIONS.md 98).
    expect(contactFields[4]?.options.slice(0, 2).map((o) => o.value)).toEqual(['', 'Afghanistan']);
    expect(contactFields[4]?.default).toBe('');
  });

  it('takes the tour meta first, then the site option', () => {
    const site = { 'contact-detail-fields': '{slug=site,title=Site}' };
    expect(contactFieldsFor({ tourMeta: '{slug=tour,title=Tour}', general: site }).map((f) => f.slug)).toEqual([
      'tour',
    ]);
    expect(contactFieldsFor({ general: site }).map((f) => f.slug)).toEqual(['site']);
  });

  it('reads additional traveller fields from the tour, else the site', () => {
    const tour = tourWith({ 'additional-traveller-fields': '{slug=nationality,title=Nationality}' });
    expect(travellerFieldsFor(tour.option, {}).map((f) => f.slug)).toEqual(['nationality']);
    expect(
      travellerFieldsFor(tourWith().option, { 'additional-traveller-fields': '{slug=age,title=Age}' })[0]?.slug,
    ).toBe('age');
  });
});

describe('travellerRows', () => {
  const rows = (option: TourOption, e: DatePriceEntry, detail: BookingDetail) =>
    travellerRows(option, readTravellers(option, e, detail));

  it('is null when the tour does not ask for travellers', () => {
    expect(rows(tourWith({ 'require-each-traveller-info': 'disable' }).option, fixed, valid)).toBeNull();
  });

  it('fixed: one required row per person', () => {
    expect(rows(tourWith().option, fixed, { 'tour-people': '3' })).toEqual({ count: 3, required: 3 });
  });

  it('variable: the categories add up', () => {
    const variable = entry({ 'pricing-method': 'variable', 'pricing-room-base': 'disable' });
    const detail = { 'tour-adult': '2', 'tour-children': '1', 'tour-infant': '' };
    expect(rows(tourWith().option, variable, detail)).toEqual({ count: 3, required: 3 });
  });

  it('rooms: the counts of the first tour-room rooms', () => {
    const room = entry({ 'pricing-method': 'fixed', 'pricing-room-base': 'enable' });
    const tour = tourWith({ 'tour-type': 'multiple' });
    expect(rows(tour.option, room, { 'tour-room': '2', 'tour-people': ['2', '1', '3'] })).toEqual({
      count: 3,
      required: 3,
    });
  });

  it('group: max-group-people rows, only the first required', () => {
    const group = entry({ 'pricing-method': 'group', 'max-group-people': '10' });
    expect(rows(tourWith().option, group, { group: '1' })).toEqual({ count: 10, required: 1 });
  });
});

describe('withMandatoryServices', () => {
  const options = new Map([
    ['20', { price: '15', per: 'person', mandatory: 'enable' }],
    ['21', { price: '5', per: 'unit', mandatory: 'disable' }],
  ]);

  it('appends mandatory services that are missing, with amount 1', () => {
    expect(withMandatoryServices({ service: ['21'], 'service-amount': ['2'] }, ['20', '21'], options)).toMatchObject({
      service: ['21', '20'],
      'service-amount': ['2', '1'],
    });
  });

  it('keeps a mandatory service the detail already has with an amount, and does not touch the input', () => {
    const detail = { service: ['20'], 'service-amount': ['3'] };
    expect(withMandatoryServices(detail, ['20'], options)).toEqual(detail);
    expect(withMandatoryServices({ service: ['20'], 'service-amount': ['0'] }, ['20'], options).service).toEqual([
      '20',
      '20',
    ]);
  });
});

describe('payment methods and approval', () => {
  it('uses the payment-method option, the plugin default when unset', () => {
    expect(paymentMethods(tourWith().option, {}).methods).toEqual(['booking', 'paypal', 'credit-card']);
    expect(paymentMethods(tourWith().option, { 'payment-method': ['paypal'] })).toMatchObject({
      paypal: true,
      booking: false,
    });
  });

  it('WooCommerce replaces the online methods; a tour may disable payment', () => {
    const woo = paymentMethods(tourWith().option, { 'enable-woocommerce-payment': 'enable' });
    expect(woo.methods).toEqual(['woocommerce', 'booking']);
    expect(paymentMethods(tourWith({ 'enable-payment': 'disable' }).option, {}).methods).toEqual([]);
  });

  it('offers the card method only where a card gateway can take the payment', () => {
    const all = paymentMethods(tourWith().option, {});
    expect(withCardGateway(all, true)).toEqual(all);
    expect(withCardGateway(all, false)).toEqual({ ...all, methods: ['booking', 'paypal'], creditCard: false });
    const cardOnly = paymentMethods(tourWith().option, { 'payment-method': ['credit-card'] });
    expect(withCardGateway(cardOnly, false)).toMatchObject({ methods: [], creditCard: false });
    const woo = paymentMethods(tourWith().option, { 'enable-woocommerce-payment': 'enable' });
    expect(withCardGateway(woo, false)).toEqual(woo);
  });

  it('approval blocks online payment for a new booking or an order waiting for approval', () => {
    const approval = adminApprovalEnabled(tourWith().option, { 'payment-admin-approval': 'enable' });
    expect(approval).toBe(true);
    expect(
      adminApprovalEnabled(tourWith({ 'payment-admin-approval': 'disable' }).option, {
        'payment-admin-approval': 'enable',
      }),
    ).toBe(false);
    expect(onlinePaymentBlocked(true, undefined)).toBe(true);
    expect(onlinePaymentBlocked(true, { status: 'wait-for-approval' })).toBe(true);
    expect(onlinePaymentBlocked(true, { status: 'pending' })).toBe(false);
    expect(onlinePaymentBlocked(false, undefined)).toBe(false);
  });
});

describe('validateBooking', () => {
  it('accepts a complete detail; billing fields are optional', () => {
    expect(validate(valid)).toEqual({ ok: true });
  });

  it('requires the required contact fields (spaces do not count)', () => {
    expect(validate({ ...valid, first_name: '' })).toEqual({
      ok: false,
      message: PAGE_MESSAGES.required,
      field: 'first_name',
    });
    expect(validate({ ...valid, country: '  ' })).toMatchObject({ ok: false, field: 'country' });
    expect(validate({ ...valid, email: undefined })).toMatchObject({ ok: false, field: 'email' });
    expect(validate({ ...valid, contact_address: '' })).toEqual({ ok: true });
  });

  it('bounds every free text: names 100, e-mail 254, phone 40, notes 2,000, anything else too (the audit)', () => {
    expect(validate({ ...valid, first_name: 'N'.repeat(360) })).toEqual({
      ok: false,
      message: 'First Name is too long: at most 100 characters.',
      field: 'first_name',
    });
    expect(validate({ ...valid, last_name: 'S'.repeat(100) })).toEqual({ ok: true });
    expect(validate({ ...valid, billing_last_name: 'S'.repeat(480) })).toMatchObject({
      ok: false,
      message: 'Billing Last Name is too long: at most 100 characters.',
    });
    expect(validate({ ...valid, email: `${'e'.repeat(250)}@x.gr` })).toMatchObject({ field: 'email' });
    expect(validate({ ...valid, phone: '1'.repeat(41) })).toMatchObject({ field: 'phone' });
    expect(validate({ ...valid, additional_notes: 'n'.repeat(2001) })).toMatchObject({
      message: 'Additional notes is too long: at most 2000 characters.',
    });
    expect(
      validate({ ...valid, traveller_first_name: ['Ana', 'B'.repeat(101)], traveller_last_name: ['X', 'Y'] }),
    ).toMatchObject({
      field: 'traveller_first_name',
      message: "A traveller's first name is too long: at most 100 characters.",
    });
    expect(validate({ ...valid, 'made-up-field': 'z'.repeat(5000) })).toMatchObject({ field: 'made-up-field' });
  });

  it('checks e-mail addresses, contact and billing', () => {
    expect(validate({ ...valid, email: 'not-an-email' })).toEqual({
      ok: false,
      message: PAGE_MESSAGES.email,
      field: 'email',
    });
    expect(validate({ ...valid, billing_email: 'x@' })).toMatchObject({ ok: false, field: 'billing_email' });
    expect(validate({ ...valid, billing_email: '' })).toEqual({ ok: true });
  });

  it('checks phone characters of phone and billing_phone', () => {
    expect(validate({ ...valid, phone: 'call me maybe' })).toEqual({
      ok: false,
      message: PAGE_MESSAGES.phone,
      field: 'phone',
    });
    expect(validate({ ...valid, billing_phone: 'abc' })).toMatchObject({ ok: false, field: 'billing_phone' });
    expect(validate({ ...valid, billing_phone: ['1'] })).toMatchObject({ ok: false, field: 'billing_phone' });
    expect(validate({ ...valid, billing_phone: '+30 (690) 000.00-00' })).toEqual({ ok: true });
  });

  it('requires a first and last name for every traveller', () => {
    const { traveller_first_name: _f, traveller_last_name: _l, ...none } = valid;
    expect(validate(none)).toMatchObject({ ok: false, message: PAGE_MESSAGES.required, field: 'traveller_first_name' });
    expect(validate({ ...valid, traveller_last_name: ['Novak', ''] })).toMatchObject({
      ok: false,
      field: 'traveller_last_name',
    });
    expect(validate({ ...valid, 'tour-people': '3' })).toMatchObject({ ok: false, field: 'traveller_first_name' });
  });

  it('group pricing requires the first traveller only', () => {
    const group = entry({ 'pricing-method': 'group', 'max-group-people': '10' });
    const detail = { ...valid, traveller_first_name: ['Peter', ''], traveller_last_name: ['Novak', ''] };
    expect(validate(detail, 3, tourWith(), group)).toEqual({ ok: true });
    expect(validate({ ...detail, traveller_first_name: ['', 'Jana'] }, 3, tourWith(), group)).toMatchObject({
      ok: false,
    });
  });

  it('requires passports and required additional traveller fields when the tour asks for them', () => {
    const passport = tourWith({ 'require-traveller-passport': 'enable' });
    expect(validate(valid, 3, passport)).toMatchObject({ ok: false, field: 'traveller_passport' });
    expect(validate({ ...valid, traveller_passport: ['A1', 'B2'] }, 3, passport)).toEqual({ ok: true });
    const nationality = tourWith({
      'additional-traveller-fields': '{slug=nationality,title=Nationality,required=true}',
    });
    expect(validate(valid, 3, nationality)).toMatchObject({ ok: false, field: 'traveller_nationality' });
  });

  it('no traveller rows when the tour does not ask for travellers', () => {
    const { traveller_first_name: _f, traveller_last_name: _l, ...none } = valid;
    expect(validate(none, 3, tourWith({ 'require-each-traveller-info': 'disable' }))).toEqual({ ok: true });
  });

  it('requires the required extra booking fields and checks their e-mails', () => {
    const tour = tourWith(
      {},
      '{slug=pickup-hotel,type=text,title=Pickup hotel,required=true}{slug=notify-email,type=email,title=Mail}',
    );
    expect(validate(valid, 3, tour)).toMatchObject({ ok: false, field: 'pickup-hotel' });
    expect(validate({ ...valid, 'pickup-hotel': 'Hotel' }, 3, tour)).toEqual({ ok: true });
    expect(validate({ ...valid, 'pickup-hotel': 'Hotel', 'notify-email': 'nope' }, 3, tour)).toMatchObject({
      ok: false,
      message: PAGE_MESSAGES.email,
    });
  });

  it('reports required fields before formats', () => {
    expect(validate({ ...valid, first_name: '', phone: 'x' })).toMatchObject({ field: 'first_name' });
  });

  it('step 4 requires the terms box', () => {
    expect(validate(valid, 4)).toEqual({ ok: false, message: PAGE_MESSAGES.terms, field: 'term-and-service' });
    expect(validate({ ...valid, 'term-and-service': '0' }, 4)).toMatchObject({ ok: false });
    expect(validate({ ...valid, 'term-and-service': 'on' }, 4)).toEqual({ ok: true });
    expect(validate(valid, 3)).toEqual({ ok: true });
  });
});
