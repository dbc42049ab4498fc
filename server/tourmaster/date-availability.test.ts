import { describe, expect, it } from 'vitest';
import type { SeatGroup } from './availability';
import { type DateRangeInput, datesAvailability, smallestBooking } from './date-availability';
import { mergePackage } from './packages';
import { DEFAULT_PRICING_SETTINGS } from './pricing-settings';
import { type DatePriceEntry, parseTourOption, type TourMeta } from './tour-option';

/** The per-date rules on small tours of their own: old data, cut-off against seats, prices. */
const META: TourMeta = {
  minPeoplePerBooking: '',
  maxPeoplePerBooking: '',
  maxPeople: '',
  extraBookingInfo: '',
  bookInAdvance: '',
  dateAvail: '',
  contactDetailFields: '',
};

const entry = (fields: Partial<DatePriceEntry>): Record<string, unknown> => ({
  day: [],
  month: [],
  year: [],
  'pricing-method': 'fixed',
  'pricing-room-base': 'disable',
  ...fields,
});

function input(option: Record<string, unknown>, over: Partial<DateRangeInput> = {}): DateRangeInput {
  return {
    tour: { id: 9, option: parseTourOption({ 'tour-type': 'single', ...option }), meta: META },
    from: '2027-01-01',
    to: '2027-12-31',
    nowLocal: '2027-05-10 12:00',
    held: { except: ['cancel'] },
    seatGroups: new Map(),
    requireAdultToBookTour: 'disable',
    pricing: { ...DEFAULT_PRICING_SETTINGS, taxRate: '10' },
    ...over,
  };
}

const taken = (travellers: number, status = 'approved', orders = 1): SeatGroup => ({
  groupSlug: '',
  status,
  travellers,
  male: 0,
  female: 0,
  orders,
  excluded: false,
});

describe('datesAvailability', () => {
  it('counts old data (no packages) against the tour’s max people, held statuses only', () => {
    const option = { 'date-price': [entry({ 'extra-date': '2027-06-01,2027-06-02', 'person-price': '100' })] };
    const dates = datesAvailability({
      ...input(option),
      tour: { id: 9, option: parseTourOption(option), meta: { ...META, maxPeople: '10' } },
      seatGroups: new Map([
        ['2027-06-01', [taken(10)]],
        ['2027-06-02', [taken(6), taken(4, 'cancel')]],
      ]),
    });
    expect(dates.map((d) => [d.date, d.left?.left, d.soldOut, d.bookable])).toEqual([
      ['2027-06-01', 0, true, true],
      ['2027-06-02', 4, false, true],
    ]);
    // One person, 10 % tax added as the booking bar adds it.
    expect(dates[1]!.priceFrom?.toString()).toBe('110');
    expect(dates[1]!.packages).toHaveLength(1);
  });

  it('says a closed date is sold out only when its pool is full', () => {
    const option = {
      'start-time': '09:00',
      'date-price': [
        entry({ 'extra-date': '2027-05-10', package: [{ title: 'A', 'max-people': '4', 'person-price': '50' }] }),
      ],
    };
    const open = datesAvailability(input(option))[0]!;
    expect(open).toMatchObject({ date: '2027-05-10', bookable: false, soldOut: false });
    const full = datesAvailability(input(option, { seatGroups: new Map([['2027-05-10', [taken(4)]]]) }))[0]!;
    expect(full).toMatchObject({ bookable: false, soldOut: true });
  });

  it('leaves out unpadded extra dates and dates outside the range', () => {
    const option = { 'date-price': [entry({ 'extra-date': '2027-5-1,2027-05-02,2028-01-01', 'person-price': '1' })] };
    expect(datesAvailability(input(option)).map((d) => d.date)).toEqual(['2027-05-02']);
  });

  it('is null-limited when one package has no maximum, and prices the cheapest package', () => {
    const option = {
      'date-price': [
        entry({
          'extra-date': '2027-07-01',
          package: [
            { title: 'Small', 'group-slug': 's', 'max-people': '2', 'person-price': '80' },
            { title: 'Open', 'person-price': '60' },
          ],
        }),
      ],
    };
    const [d] = datesAvailability(input(option));
    expect(d!.left).toBeUndefined();
    expect(d!.packages.map((p) => [p.title, p.groupSlug, p.left?.left])).toEqual([
      ['Small', 's', 2],
      ['Open', '', undefined],
    ]);
    expect(d!.priceFrom?.toString()).toBe('66');
  });

  it('takes the minimum people per booking as the smallest booking, rounded up', () => {
    const raw = entry({ 'extra-date': '2027-07-01', 'minimum-people-per-booking': '2.5' });
    const merged = mergePackage(parseTourOption({ 'date-price': [raw] })['date-price'][0]!, '');
    expect(smallestBooking({ id: 9, meta: META }, '2027-07-01', merged, '')).toMatchObject({ traveller: '3' });
  });
});
