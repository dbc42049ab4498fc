import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookingOf, priceOfDetail } from '../testing/booking';
import type { BookingDetail, FormValue } from './booking-detail';
import { Money } from './money';
import { orderColumns } from './order-row';
import { travellerRows } from './payment-page';
import { getTourPrice } from './pricing';
import { DEFAULT_PRICING_SETTINGS } from './pricing-settings';
import { type DatePriceEntry, parseTourOption, type TourOption } from './tour-option';
import { COUNT_FIELDS, type CountField } from './traveller-counts';
import { checkTravellers, countFieldsOf, readTravellers } from './travellers';

/**
 * One reading of the travellers: whatever a request sends, a booking the checks accept takes as
 * many seats as it lists travellers and as it pays for, and costs something when anybody in it has
 * a price; one they refuse writes nothing. Over every pricing method the plugin has.
 */

interface PricingCase {
  name: string;
  tourType: 'single' | 'multiple';
  entry: Partial<DatePriceEntry>;
}

const CASES: PricingCase[] = [
  { name: 'per person', tourType: 'single', entry: { 'pricing-method': 'fixed', 'person-price': '120' } },
  {
    name: 'per adult, child, student, infant (infants free)',
    tourType: 'single',
    entry: {
      'pricing-method': 'variable',
      'adult-price': '65',
      'children-price': '35',
      'student-price': '50',
      'infant-price': '0',
    },
  },
  {
    name: 'male / female',
    tourType: 'single',
    entry: { 'pricing-method': 'variable', 'male-price': '80', 'female-price': '90', 'same-gender': 'enable' },
  },
  {
    name: 'group',
    tourType: 'single',
    entry: { 'pricing-method': 'group', 'group-price': '900', 'max-group': '2', 'max-group-people': '10' },
  },
  {
    name: 'rooms, fixed: room for two, additional person, single discount',
    tourType: 'multiple',
    entry: {
      'pricing-method': 'fixed',
      'pricing-room-base': 'enable',
      'initial-price': '780',
      'person-price': '40',
      'additional-person': '150',
      'single-discount': '100',
    },
  },
  {
    name: 'rooms, fixed with supplements',
    tourType: 'multiple',
    entry: {
      'pricing-method': 'fixed',
      'pricing-room-base': 'enable',
      'enable-supplement-pricing': 'enable',
      'person-price': '300',
      'single-supplement-price': '80',
      'triple-supplement-price': '60',
    },
  },
  {
    name: 'rooms, variable',
    tourType: 'multiple',
    entry: {
      'pricing-method': 'variable',
      'pricing-room-base': 'enable',
      'initial-price': '500',
      'adult-price': '100',
      'children-price': '50',
      'additional-adult': '80',
      'additional-children': '40',
    },
  },
];

const tourOf = (c: PricingCase): { option: TourOption; entry: DatePriceEntry } => {
  const entry: DatePriceEntry = { day: [], month: [], year: [], ...c.entry };
  return {
    option: parseTourOption({ 'tour-type': c.tourType, 'require-each-traveller-info': 'enable' }),
    entry,
  };
};

/** Whether a traveller of this field has a price above 0 on this date. */
const priced = (entry: DatePriceEntry, field: CountField) => {
  if (field === 'tour-people') return Number(entry['person-price'] ?? 0) > 0;
  return Number(entry[`${field.slice('tour-'.length)}-price` as keyof DatePriceEntry] ?? 0) > 0;
};

/** A count as a request may carry it: mostly sensible, sometimes not. */
const count = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 12 }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom('', '0', '40', '300', '-1', '1.5', 'abc', ' 2') },
);
const fieldValue = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: count },
  { weight: 3, arbitrary: fc.array(count, { minLength: 0, maxLength: 6 }) },
);

/** A booking detail: random count fields and room count, and named travellers (more than enough, or none). */
const detailArb = fc
  .record({
    counts: fc.record(
      Object.fromEntries(COUNT_FIELDS.map((f) => [f, fieldValue])) as Record<CountField, typeof fieldValue>,
    ),
    rooms: fc.option(fc.oneof(fc.integer({ min: 0, max: 6 }).map(String), fc.constantFrom('', 'x', '-1')), {
      nil: undefined,
    }),
    names: fc.integer({ min: 0, max: 60 }),
  })
  .map(({ counts, rooms, names }) => {
    const detail: Record<string, FormValue> = {};
    for (const [field, value] of Object.entries(counts)) if (value !== undefined) detail[field] = value;
    if (rooms !== undefined) detail['tour-room'] = rooms;
    if (names > 0) {
      detail.traveller_first_name = Array.from({ length: names }, (_, i) => `First${i}`);
      detail.traveller_last_name = Array.from({ length: names }, (_, i) => `Last${i}`);
    }
    return detail;
  });

function priceOf(option: TourOption, entry: DatePriceEntry, detail: Record<string, unknown>) {
  return priceOfDetail({
    option,
    entry,
    detail: detail as never,
    coupon: null,
    settings: DEFAULT_PRICING_SETTINGS,
    today: '2026-11-21',
    travelDate: '2027-06-01',
  });
}

describe.each(CASES)('travellers, $name', (c) => {
  const { option, entry } = tourOf(c);

  it('seats taken == travellers listed == travellers priced, and a price above 0', () => {
    fc.assert(
      fc.property(detailArb, (detail) => {
        const checked = checkTravellers(option, entry, detail, { complete: true });
        if (!checked.ok) return;
        const t = checked.travellers;
        // One booking: the price and the order row read the same travellers.
        const booking = { ...bookingOf({ option, entry, detail }), travellers: t };
        const price = getTourPrice({
          booking,
          coupon: null,
          settings: DEFAULT_PRICING_SETTINGS,
          today: '2026-11-21',
        });
        const row = orderColumns({
          booking,
          groupSlug: '',
          price,
          travellerFields: [],
        });
        const info = JSON.parse(row.traveller_info) as { first_name?: string[] };
        const listed = travellerRows(option, t)?.count;
        if (t.mode === 'group') {
          // One group holds one seat of max-group, whatever the counts; its named travellers are priced.
          expect(row.traveller_amount).toBe(1);
          expect(info.first_name?.length ?? 0).toBe(price.travellerAmount);
          expect(price.total.compare(Money.ZERO)).toBe(1);
          return;
        }
        expect(row.traveller_amount).toBeGreaterThan(0);
        expect(price.travellerAmount).toBe(row.traveller_amount);
        expect(listed).toBe(row.traveller_amount);
        expect(info.first_name?.length ?? 0).toBeLessThanOrEqual(row.traveller_amount);
        expect(row.male_amount + row.female_amount).toBeLessThanOrEqual(row.traveller_amount);
        // The seats come only from the fields this date prices.
        const offered = countFieldsOf(entry);
        let fromOffered = 0;
        let pricedTravellers = 0;
        for (const party of t.rooms) {
          for (const [key, n] of Object.entries(party)) {
            const field = (key === 'people' ? 'tour-people' : `tour-${key}`) as CountField;
            expect(offered).toContain(field);
            fromOffered += n ?? 0;
            if (priced(entry, field)) pricedTravellers += n ?? 0;
          }
        }
        expect(fromOffered).toBe(row.traveller_amount);
        // Every date here charges somebody: an accepted booking has someone priced and costs something.
        if (t.mode === 'people') expect(pricedTravellers).toBeGreaterThan(0);
        expect(price.total.compare(Money.ZERO)).toBe(1);
      }),
      { numRuns: 400 },
    );
  });

  it('refuses a count in a field the date has no price for', () => {
    const offered = countFieldsOf(entry);
    const others = COUNT_FIELDS.filter((f) => !offered.includes(f));
    if (c.entry['pricing-method'] === 'group' || others.length === 0) return;
    fc.assert(
      fc.property(detailArb, fc.constantFrom(...others), fc.integer({ min: 1, max: 20 }), (detail, field, n) => {
        const room = readTravellers(option, entry, {}).mode === 'room';
        const check = checkTravellers(
          option,
          entry,
          { ...detail, [field]: room ? [String(n)] : String(n) },
          {
            complete: true,
          },
        );
        expect(check.ok).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});

describe('the audit', () => {
  const fixed = tourOf(CASES[0]!);
  const variable = tourOf(CASES[1]!);
  const supplement = tourOf(CASES[5]!);

  it('refuses tour-adult on a per-person tour, ten infants beside one person, and 18 people on a per-adult tour', () => {
    const refusal = (t: typeof fixed, detail: BookingDetail) => {
      const check = checkTravellers(t.option, t.entry, detail, { complete: true });
      return check.ok ? 'ok' : check.message;
    };
    expect(refusal(fixed, { 'tour-adult': '2' })).toBe(
      'Sorry, this tour has no price for adult travellers. Please refresh the page and choose again.',
    );
    expect(refusal(fixed, { 'tour-people': '1', 'tour-infant': '10' })).toMatch(/no price for infant travellers/);
    expect(refusal(variable, { 'tour-people': '18' })).toMatch(/no price for individual travellers/);
    expect(refusal(variable, { 'tour-adult': '2', 'tour-people': '0', 'tour-male': '' })).toBe('ok');
    // Infants go free beside a paying traveller, never on their own (an unpaid, approved order).
    expect(refusal(variable, { 'tour-adult': '1', 'tour-infant': '3' })).toBe('ok');
    expect(refusal(variable, { 'tour-infant': '3' })).toMatch(/cannot book this tour on their own/);
  });

  it('refuses supplement rooms that would be priced at nothing, and rooms with nobody in them', () => {
    const check = (detail: BookingDetail) =>
      checkTravellers(supplement.option, supplement.entry, detail, {
        complete: true,
      });
    expect(check({ 'tour-room': '1', 'tour-people': ['4'] })).toMatchObject({ ok: false, reason: 'room-limit' });
    expect(check({ 'tour-room': '2', 'tour-people': ['2'] })).toMatchObject({ ok: false, reason: 'empty-room' });
    expect(check({ 'tour-room': '1', 'tour-people': '2' })).toMatchObject({ ok: false, reason: 'invalid' });
    // The booking bar's room template adds one entry past tour-room: ignored by price and seats alike.
    expect(check({ 'tour-room': '2', 'tour-people': ['2', '3', '9'] })).toMatchObject({
      ok: true,
      travellers: { total: 5, seats: 5 },
    });
  });

  it('prices a date without a pricing method as the per-person form it shows (the legacy priced it at 0)', () => {
    const entry: DatePriceEntry = { day: [], month: [], year: [], 'person-price': '50' };
    const check = checkTravellers(fixed.option, entry, { 'tour-people': '2' }, { complete: true });
    expect(check).toMatchObject({ ok: true, travellers: { total: 2 } });
    expect(priceOf(fixed.option, entry, { 'tour-people': '2' }).total.toString()).toBe('100');
  });

  it('ignores stale counts on a group date (the legacy page posts them), never counting them', () => {
    const group = tourOf(CASES[3]!);
    const check = checkTravellers(group.option, group.entry, { group: '1', 'tour-people': '6' }, { complete: true });
    expect(check).toMatchObject({ ok: true, travellers: { seats: 1, total: 0 } });
  });
});
