import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDump, type SqlValue } from '../data/mysql-dump';
import { unserialize } from '../php/serialize';
import {
  AMOUNT_CHECK_MESSAGES,
  type AmountCheckInput,
  type AmountCheckPost,
  amountCheck,
  amountCheckReply,
  availabilityText,
  bookingCutOff,
  type HeldStatuses,
  holdsSeat,
  oldDataSeatsLeft,
  type SeatCounts,
  type SeatPool,
  seatPool,
  seatStatusFilter,
  seatsLeft,
  timeOffsetSeconds,
} from './availability';
import { parseCustomFields } from './custom-fields';
import { findDateEntry } from './dates';
import { type MergedDatePrice, mergePackage, resolveDatePrice } from './packages';
import { type DatePriceEntry, parseTourOption, TOUR_META_KEYS, type TourMeta, type TourOption } from './tour-option';

// ---------------------------------------------------------------------------------------------
// The fixture site: tours 4–11, their orders and the plugin settings, from the dump.

const FIXTURES = new URL('../../legacy-fixtures/', import.meta.url);
const CAPTURE_NOW = '2026-11-21 12:00';

interface OrderRow {
  id: number;
  tourId: number;
  travelDate: string;
  groupSlug: string;
  travellers: number | null;
  male: number | null;
  female: number | null;
  status: string | null;
}

const postMeta = new Map<number, Map<string, string>>();
const orders: OrderRow[] = [];
let general: Record<string, unknown> = {};
{
  const statements = parseDump(readFileSync(new URL('wp-legacy.sql', FIXTURES), 'utf8'));
  const orderColumns = statements.find((s) => s.kind === 'create-table' && s.table === 'wp_tourmaster_order');
  const columns = orderColumns?.kind === 'create-table' ? orderColumns.def.columns.map((c) => c.name) : [];
  const num = (v: SqlValue | undefined) => (v === null || v === undefined ? null : Number(v));
  for (const s of statements) {
    if (s.kind !== 'insert') continue;
    if (s.table === 'wp_postmeta') {
      for (const [, postId, key, value] of s.rows) {
        const id = Number(postId);
        if (!postMeta.has(id)) postMeta.set(id, new Map());
        postMeta.get(id)!.set(String(key), String(value));
      }
    } else if (s.table === 'wp_options') {
      for (const [, name, value] of s.rows) {
        if (name === 'tourmaster_general') general = unserialize(String(value)) as Record<string, unknown>;
      }
    } else if (s.table === 'wp_tourmaster_order') {
      for (const row of s.rows) {
        const col = (name: string) => row[columns.indexOf(name)];
        orders.push({
          id: Number(col('id')),
          tourId: Number(col('tour_id')),
          travelDate: String(col('travel_date')),
          groupSlug: String(col('package_group_slug') ?? ''),
          travellers: num(col('traveller_amount')),
          male: num(col('male_amount')),
          female: num(col('female_amount')),
          status: col('order_status') === null ? null : String(col('order_status')),
        });
      }
    }
  }
}

function tourOf(id: number): { option: TourOption; meta: TourMeta } | undefined {
  const meta = postMeta.get(id);
  const optionText = meta?.get(TOUR_META_KEYS.option);
  if (!meta || optionText === undefined) return undefined;
  const single = (key: string) => meta.get(key) ?? '';
  return {
    option: parseTourOption(unserialize(optionText)),
    meta: {
      minPeoplePerBooking: single(TOUR_META_KEYS.minPeoplePerBooking),
      maxPeoplePerBooking: single(TOUR_META_KEYS.maxPeoplePerBooking),
      maxPeople: single(TOUR_META_KEYS.maxPeople),
      extraBookingInfo: single(TOUR_META_KEYS.extraBookingInfo),
      bookInAdvance: single(TOUR_META_KEYS.bookInAdvance),
      dateAvail: single(TOUR_META_KEYS.dateAvail),
      contactDetailFields: '',
    },
  };
}

/** What the repository's query returns for a pool: SUMs are null over no rows. */
function countSeats(pool: SeatPool, held: HeldStatuses): SeatCounts {
  const rows = orders.filter(
    (o) =>
      o.tourId === pool.tourId &&
      o.travelDate === pool.travelDate &&
      o.groupSlug === pool.groupSlug &&
      holdsSeat(held, o.status) &&
      (pool.excludeOrderId === undefined || o.id !== pool.excludeOrderId),
  );
  const sum = (pick: (o: OrderRow) => number | null) =>
    rows.length === 0 ? null : rows.reduce((total, o) => total + (pick(o) ?? 0), 0);
  return {
    travellers: sum((o) => o.travellers),
    male: sum((o) => o.male),
    female: sum((o) => o.female),
    orders: rows.length,
  };
}

const HELD = seatStatusFilter(general['block-seat-status']);
const NO_COUNTS: SeatCounts = { travellers: null, male: null, female: null, orders: 0 };

/** Builds the amount check's input the way the ajax action will: resolve, merge, count, check. */
function checkInputFor(post: AmountCheckPost, nowLocal = CAPTURE_NOW): AmountCheckInput {
  const tourId = Number(post.tour_id);
  const tour = tourOf(tourId);
  const date = tour ? resolveDatePrice(tour.option, post.tour_date, post.package) : undefined;
  const counts = date ? countSeats(seatPool(tourId, String(post.tour_date), date.entry, post.tid), HELD) : NO_COUNTS;
  const extraText = tour?.meta.extraBookingInfo || String(general['single-tour-extra-booking-info'] ?? '');
  return {
    post,
    tour,
    date,
    counts,
    settings: { requireAdultToBookTour: general['require-adult-to-book-tour'] },
    extraBookingFields: parseCustomFields(extraText, {
      userDefaultCountry: String(general['user-default-country'] ?? ''),
    }),
    nowLocal,
  };
}

const check = (post: AmountCheckPost, nowLocal = CAPTURE_NOW) => amountCheck(checkInputFor(post, nowLocal));

/** A post like the booking bar's script sends it. */
const post = (over: AmountCheckPost): AmountCheckPost => ({
  tid: '',
  traveller: '2',
  adult_amount: '2',
  male_amount: '0',
  female_amount: '0',
  package: '',
  max_traveller_per_room: '0',
  ...over,
});

// ---------------------------------------------------------------------------------------------

describe('seat counting (§5)', () => {
  it.each([
    [undefined, { except: ['cancel'] }],
    ['', { except: ['cancel'] }],
    ['book', { except: ['cancel'] }],
    ['paid', { only: ['approved', 'online-paid', 'deposit-paid', 'departed'] }],
    ['0', { only: ['approved', 'online-paid', 'deposit-paid', 'departed'] }],
  ])('block-seat-status %j → %j', (value, held) => {
    expect(seatStatusFilter(value)).toEqual(held);
  });

  it.each([
    ['pending', true, false],
    ['wait-for-approval', true, false],
    ['receipt-submitted', true, false],
    ['rejected', true, false],
    ['approved', true, true],
    ['online-paid', true, true],
    ['deposit-paid', true, true],
    ['departed', true, true],
    ['cancel', false, false],
    [null, false, false],
  ])('status %j holds a seat: book %s, paid %s', (status, book, paid) => {
    expect(holdsSeat(seatStatusFilter('book'), status)).toBe(book);
    expect(holdsSeat(seatStatusFilter('paid'), status)).toBe(paid);
  });

  it('the dump uses the default (book)', () => {
    expect(HELD).toEqual({ except: ['cancel'] });
  });

  const pool = (tourId: number, date: string, title = '', tid?: string) =>
    seatPool(tourId, date, resolveDatePrice(tourOf(tourId)!.option, date, title)!.entry, tid);

  it.each([
    ['Santorini 2027-06-05 (orders 1 + 2)', pool(4, '2027-06-05'), { travellers: 6, male: 0, female: 0, orders: 2 }],
    ['… without order 1 (tid=1)', pool(4, '2027-06-05', '', '1'), { travellers: 2, male: 0, female: 0, orders: 1 }],
    ['Santorini 2027-05-15 (no orders)', pool(4, '2027-05-15'), NO_COUNTS],
    [
      'Santorini 2026-09-12 (departed orders 8 + 11)',
      pool(4, '2026-09-12'),
      { travellers: 4, male: 0, female: 0, orders: 2 },
    ],
    ['Athens 2027-05-06 (pending order 3)', pool(5, '2027-05-06'), { travellers: 4, male: 0, female: 0, orders: 1 }],
    ['Crete 2027-05-08 (one group)', pool(6, '2027-05-08'), { travellers: 1, male: 0, female: 0, orders: 1 }],
    [
      'Mykonos 2027-06-10 VIP pool',
      pool(8, '2027-06-10', 'Private Yacht VIP'),
      { travellers: 2, male: 0, female: 0, orders: 1 },
    ],
    ['Mykonos 2027-06-10 morning pool', pool(8, '2027-06-10', 'Morning Standard'), NO_COUNTS],
    ['Rhodes 2027-05-20 (cancelled order 7)', pool(10, '2027-05-20'), NO_COUNTS],
    ['Delphi 2027-04-17 (rejected order 10)', pool(9, '2027-04-17'), { travellers: 1, male: 0, female: 0, orders: 1 }],
  ])('%s', (_name, p, counts) => {
    expect(countSeats(p, HELD)).toEqual(counts);
  });

  it("counts only paid statuses under 'paid'", () => {
    expect(countSeats(pool(5, '2027-05-06'), seatStatusFilter('paid'))).toEqual(NO_COUNTS);
    expect(countSeats(pool(4, '2027-06-05'), seatStatusFilter('paid')).travellers).toBe(6);
  });

  it.each([
    ['', undefined],
    [undefined, undefined],
    ['0', undefined],
    ['1', 1],
    ['12abc', 12],
    ['abc', 0],
  ])('tid %j excludes order %j', (tid, id) => {
    expect(seatPool(4, '2027-06-05', {}, tid).excludeOrderId).toBe(id);
  });
});

describe('seats left (§3 step 3)', () => {
  const merged = (id: number, date: string, title = '') => resolveDatePrice(tourOf(id)!.option, date, title)!;
  const left = (id: number, date: string, title = '') => {
    const m = merged(id, date, title);
    return seatsLeft(m.entry, m.entry['pricing-method'], countSeats(seatPool(id, date, m.entry), HELD));
  };

  it.each([
    ['Santorini full date', 4, '2027-06-05', '', { unit: 'seats', left: 0 }, 'Available: 0 seats'],
    ['Santorini open date', 4, '2027-05-15', '', { unit: 'seats', left: 20 }, 'Available: 20 seats'],
    ['Mykonos VIP', 8, '2027-06-10', 'Private Yacht VIP', { unit: 'seats', left: 6 }, 'Available: 6 seats'],
    ['Mykonos morning', 8, '2027-06-10', 'Morning Standard', { unit: 'seats', left: 30 }, 'Available: 30 seats'],
    ['Crete, one group booked', 6, '2027-05-08', '', { unit: 'groups', left: 1 }, 'Available: 1 groups'],
    ['Athens with order 3', 5, '2027-05-06', '', { unit: 'seats', left: 21 }, 'Available: 21 seats'],
  ] as const)('%s', (_name, id, date, title, expected, text) => {
    const s = left(id, date, title);
    expect(s).toEqual(expected);
    expect(availabilityText(s!)).toBe(text);
  });

  it('reads each package of a picker with its own pool', () => {
    const entry = findDateEntry(tourOf(8)!.option, '2027-06-10')!;
    const texts = entry.package!.map((pkg) => {
      const counts = countSeats(seatPool(8, '2027-06-10', pkg), HELD);
      return availabilityText(seatsLeft(pkg, entry['pricing-method'], counts)!);
    });
    expect(texts).toEqual(['Available: 30 seats', 'Available: 12 seats', 'Available: 6 seats']);
  });

  it('has nothing to say without a maximum, and truncates like %d', () => {
    expect(seatsLeft({}, 'fixed', NO_COUNTS)).toBeUndefined();
    expect(seatsLeft({ 'max-people': '20' }, 'group', NO_COUNTS)).toBeUndefined();
    expect(seatsLeft({ 'max-people': '10.5' }, 'fixed', { ...NO_COUNTS, travellers: 6 })).toEqual({
      unit: 'seats',
      left: 4,
    });
    expect(seatsLeft({ 'max-people': '5' }, 'fixed', { ...NO_COUNTS, travellers: 7 })).toEqual({
      unit: 'seats',
      left: -2,
    });
    expect(oldDataSeatsLeft({ maxPeople: '25' }, { ...NO_COUNTS, travellers: 4 })).toEqual({ unit: 'seats', left: 21 });
    expect(oldDataSeatsLeft({ maxPeople: '' }, NO_COUNTS)).toBeUndefined();
  });
});

describe('booking cut-off (§6)', () => {
  const santorini = tourOf(4)!.option;
  const entryOn = (date: string) => mergePackage(findDateEntry(santorini, date)!, '').entry;

  it.each([
    ['the day before', '2027-05-14 23:59', true],
    ['at 16:30 on the travel day', '2027-05-15 16:30', true],
    ['seconds do not count', '2027-05-15 16:30:59', true],
    ['a minute after the start', '2027-05-15 16:31', false],
    ['the next day', '2027-05-16 09:00', false],
  ])('Santorini 2027-05-15 (start 16:30): %s → open %s', (_name, now, open) => {
    const cut = bookingCutOff({
      entry: entryOn('2027-05-15'),
      option: santorini,
      travelDate: '2027-05-15',
      nowLocal: now,
    });
    expect(cut).toEqual({ open, startTime: '16:30', closesAt: '2027-05-15 16:30' });
  });

  it.each([
    ['last-minute 2 h before 16:30', { 'last-minute-booking': '2' }, { 'start-time': '16:30' }, '2027-05-15 14:30'],
    ['last-minute 24 h before 10:00', { 'last-minute-booking': '24' }, { 'start-time': '10:00' }, '2027-05-14 10:00'],
    ['tour-level start time when the package has none', { 'start-time': '09:15' }, {}, '2027-05-15 09:15'],
    [
      'the package start time wins over the tour one',
      { 'start-time': '09:15' },
      { 'start-time': '16:30' },
      '2027-05-15 16:30',
    ],
    ['no start time: the whole day', {}, {}, '2027-05-16 00:00'],
    ['no start time, last-minute 3 h', { 'last-minute-booking': '3' }, {}, '2027-05-15 21:00'],
    ['start hour only', {}, { 'start-time': '7' }, '2027-05-15 07:00'],
    ["'00:45' (empty hour part is '00', PHP empty)", {}, { 'start-time': '00:45' }, '2027-05-15 00:45'],
  ] as const)('%s → closes at %s', (_name, tourKeys, entryKeys, closesAt) => {
    const option: TourOption = { ...santorini, ...tourKeys };
    const entry: DatePriceEntry = { day: [], month: [], year: [], ...entryKeys };
    const cut = bookingCutOff({ entry, option, travelDate: '2027-05-15', nowLocal: '2027-05-01 00:00' });
    expect(cut.closesAt).toBe(closesAt);
    expect(bookingCutOff({ entry, option, travelDate: '2027-05-15', nowLocal: closesAt }).open).toBe(true);
  });

  it('closes a travel date that is not a date', () => {
    const cut = bookingCutOff({ entry: undefined, option: santorini, travelDate: 'soon', nowLocal: CAPTURE_NOW });
    expect(cut).toEqual({ open: false, startTime: '24:00', closesAt: undefined });
  });

  it('computes the offset like tourmaster_time_offset', () => {
    expect(timeOffsetSeconds('16:30', '')).toBe(59_400);
    expect(timeOffsetSeconds('24:00', '2')).toBe(79_200);
    expect(timeOffsetSeconds('', '0')).toBe(0);
    expect(timeOffsetSeconds('8:5', 'abc')).toBe(8 * 3600 + 5 * 60);
  });
});

// ---------------------------------------------------------------------------------------------

describe('amountCheck replays every captured amount check', () => {
  const files = readdirSync(new URL('exchanges/', FIXTURES)).filter((f) => f.startsWith('amount_check-'));

  /** The posted form as the server decodes it: strings, `extra_booking_info[slug]` as a map. */
  function decode(form: [string, string][]): AmountCheckPost {
    const out: Record<string, unknown> = {};
    for (const [key, value] of form) {
      const m = /^extra_booking_info\[(.*)\]$/.exec(key);
      if (m) out.extra_booking_info = { ...(out.extra_booking_info as object), [m[1]!]: value };
      else out[key] = value;
    }
    return out as AmountCheckPost;
  }

  it('has the 16 captures', () => {
    expect(files).toHaveLength(16);
  });

  it.each(files)('%s', (file) => {
    const ex = JSON.parse(readFileSync(new URL(`exchanges/${file}`, FIXTURES), 'utf8'));
    const result = check(decode(ex.request.form));
    if (file === 'amount_check-unknown-tour.json') {
      // FIX: the legacy site crashed (HTTP 500); an unknown tour is now off for booking.
      expect(ex.response.status).toBe(500);
      expect(amountCheckReply(result)).toEqual({ status: 'failed', message: AMOUNT_CHECK_MESSAGES.closed });
      return;
    }
    expect(ex.response.status).toBe(200);
    expect(amountCheckReply(result)).toEqual(ex.response.json);
  });
});

describe('amountCheck rules and fixes', () => {
  type Expect = { reason: keyof typeof AMOUNT_CHECK_MESSAGES; message: string } | 'ok';
  const outcome = (post: AmountCheckPost, now?: string): Expect => {
    const r = check(post, now);
    return r.ok ? 'ok' : { reason: r.reason, message: r.message };
  };
  const failed = (reason: keyof typeof AMOUNT_CHECK_MESSAGES, message?: string): Expect => ({
    reason,
    message: message ?? AMOUNT_CHECK_MESSAGES[reason],
  });

  it.each<[string, AmountCheckPost, Expect]>([
    // 1. Required fields and the traveller count.
    ['no tour id', post({ tour_date: '2027-05-15' }), failed('missing-field')],
    ["tour id '0'", post({ tour_id: '0', tour_date: '2027-05-15' }), failed('missing-field')],
    ['no date', post({ tour_id: '4', tour_date: '' }), failed('missing-field')],
    ['traveller absent', { tour_id: '4', tour_date: '2027-05-15' }, failed('missing-field')],
    ["traveller '' (fix)", post({ tour_id: '4', tour_date: '2027-05-15', traveller: '' }), failed('no-traveller')],
    ["traveller '0' (fix)", post({ tour_id: '4', tour_date: '2027-05-15', traveller: '0' }), failed('no-traveller')],
    [
      "traveller '000' (fix)",
      post({ tour_id: '4', tour_date: '2027-05-15', traveller: '000' }),
      failed('no-traveller'),
    ],
    [
      "traveller 'abc' (fix)",
      post({ tour_id: '4', tour_date: '2027-05-15', traveller: 'abc' }),
      failed('invalid-traveller'),
    ],
    [
      "traveller '-1' (fix)",
      post({ tour_id: '4', tour_date: '2027-05-15', traveller: '-1' }),
      failed('invalid-traveller'),
    ],
    [
      "traveller '2.5' (fix)",
      post({ tour_id: '4', tour_date: '2027-05-15', traveller: '2.5' }),
      failed('invalid-traveller'),
    ],
    [
      "traveller '1e3' (fix)",
      post({ tour_id: '4', tour_date: '2027-05-15', traveller: '1e3' }),
      failed('invalid-traveller'),
    ],
    [
      'traveller as an array (fix)',
      post({ tour_id: '4', tour_date: '2027-05-15', traveller: ['2'] }),
      failed('invalid-traveller'),
    ],
    ["traveller ' 2 ' is 2", post({ tour_id: '4', tour_date: '2027-05-15', traveller: ' 2 ' }), 'ok'],
    // 3. Unknown tour / no entry (fixes).
    ['unknown tour', post({ tour_id: '999999', tour_date: '2027-05-15' }), failed('closed')],
    ['a post that is not a tour', post({ tour_id: '2', tour_date: '2027-05-15' }), failed('closed')],
    ['Athens on a Tuesday (no entry)', post({ tour_id: '5', tour_date: '2027-05-11' }), failed('closed')],
    ['Athens on the excluded 2027-04-05', post({ tour_id: '5', tour_date: '2027-04-05' }), failed('closed')],
    ['a malformed date', post({ tour_id: '4', tour_date: 'not-a-date' }), failed('closed')],
    ['the date written unpadded', post({ tour_id: '4', tour_date: '2027-5-15' }), failed('closed')],
    // 5. Group or head count must fit the pricing (fixes).
    [
      "'group' on a per-person tour",
      post({ tour_id: '4', tour_date: '2027-05-15', traveller: 'group' }),
      failed('invalid-traveller'),
    ],
    [
      'a head count on a group tour',
      post({ tour_id: '6', tour_date: '2027-05-29', traveller: '3' }),
      failed('invalid-traveller'),
    ],
    ['a group on a free group date', post({ tour_id: '6', tour_date: '2027-05-29', traveller: 'group' }), 'ok'],
    // 6. Capacity and limits.
    ['Santorini 2027-06-12: 20 seats fit', post({ tour_id: '4', tour_date: '2027-06-12', traveller: '20' }), 'ok'],
    [
      'Santorini 2027-06-12: 21 do not',
      post({ tour_id: '4', tour_date: '2027-06-12', traveller: '21' }),
      failed('full'),
    ],
    [
      'Mykonos morning pool is not the VIP pool',
      post({ tour_id: '8', tour_date: '2027-06-10', traveller: '8', package: 'Morning Standard' }),
      'ok',
    ],
    [
      'Mykonos unknown package: nothing merged, no maximum',
      post({ tour_id: '8', tour_date: '2027-06-10', traveller: '40', package: 'Nope' }),
      'ok',
    ],
    [
      'Meteora 3 in a room',
      post({ tour_id: '7', tour_date: '2027-06-11', traveller: '6', max_traveller_per_room: '3' }),
      'ok',
    ],
    [
      'Meteora 16 people (max 15)',
      post({ tour_id: '7', tour_date: '2027-06-11', traveller: '16', max_traveller_per_room: '3' }),
      failed('full'),
    ],
    [
      'Meteora 2027-05-14: 3 booked + 12 = 15',
      post({ tour_id: '7', tour_date: '2027-05-14', traveller: '12', max_traveller_per_room: '3' }),
      'ok',
    ],
    [
      'Meteora 2027-05-14: 3 booked + 13',
      post({ tour_id: '7', tour_date: '2027-05-14', traveller: '13', max_traveller_per_room: '3' }),
      failed('full'),
    ],
    [
      'Corfu: 1 person (min 2, fix: no date leak)',
      post({ tour_id: '11', tour_date: '2027-05-09', traveller: '1' }),
      failed('min-people', 'At least 2 people is required to book this tour'),
    ],
    ['Corfu: 2 people', post({ tour_id: '11', tour_date: '2027-05-09', traveller: '2' }), 'ok'],
    ['Corfu: 6 people', post({ tour_id: '11', tour_date: '2027-05-09', traveller: '6' }), 'ok'],
    [
      'Corfu 2027-05-16: 3 booked + 6 fit in 16',
      post({ tour_id: '11', tour_date: '2027-05-16', traveller: '6' }),
      'ok',
    ],
    [
      'Athens: huge count with capacity → full (as the legacy)',
      post({ tour_id: '5', tour_date: '2027-06-28', traveller: '5000' }),
      failed('full'),
    ],
    ['Crete: the second group fits', post({ tour_id: '6', tour_date: '2027-05-08', traveller: 'group' }), 'ok'],
  ])('%s', (_name, p, expected) => {
    expect(outcome(p)).toEqual(expected);
  });

  it('never leaks the date entry in the reply', () => {
    const r = check(post({ tour_id: '11', tour_date: '2027-05-09', traveller: '1' }));
    expect(r).toEqual({
      ok: false,
      reason: 'min-people',
      message: 'At least 2 people is required to book this tour',
      values: { min: 2 },
    });
    expect(amountCheckReply(r)).toEqual({
      status: 'failed',
      message: 'At least 2 people is required to book this tour',
    });
  });

  it('fills the %d values', () => {
    const room = check(post({ tour_id: '7', tour_date: '2027-06-11', traveller: '4', max_traveller_per_room: '4' }));
    expect(room).toMatchObject({
      reason: 'room-limit',
      message: '* You can select maximum 3 persons per each room.',
      values: { max: 3 },
    });
    const corfu = check(post({ tour_id: '11', tour_date: '2027-05-09', traveller: '7' }));
    expect(corfu).toMatchObject({ reason: 'max-people', values: { max: 6 } });
  });

  it('checks the cut-off on the travel day (Santorini starts 16:30)', () => {
    const p = post({ tour_id: '4', tour_date: '2027-05-15' });
    expect(outcome(p, '2027-05-15 16:30')).toBe('ok');
    expect(outcome(p, '2027-05-15 16:31')).toEqual(failed('closed'));
  });

  it('checks the e-mail fields before the date (legacy order)', () => {
    const p = post({
      tour_id: '9',
      tour_date: '2026-01-01',
      extra_booking_info: { 'pickup-hotel': 'x', 'notify-email': 'nope' },
    });
    expect(outcome(p)).toEqual(failed('invalid-email'));
    expect(outcome({ ...p, extra_booking_info: { 'notify-email': '' } })).toEqual(failed('closed'));
    expect(outcome({ ...p, tour_date: '2027-04-10', extra_booking_info: { 'notify-email': ['a@b.co'] } })).toEqual(
      failed('invalid-email'),
    );
    expect(outcome({ ...p, tour_date: '2027-04-10', extra_booking_info: 'notify-email' })).toBe('ok');
    expect(outcome({ ...p, tour_date: '2027-04-10', extra_booking_info: { diet: 'nope' } })).toBe('ok');
  });

  // Rules the fixture tours do not exercise: built on a copy of Santorini.
  const santorini = tourOf(4)!;
  const custom = (
    pkg: Record<string, string>,
    counts: Partial<SeatCounts> = {},
    over: Partial<AmountCheckInput> & { meta?: Partial<TourMeta>; entryKeys?: Partial<DatePriceEntry> } = {},
  ) => {
    const entry: DatePriceEntry = {
      day: [],
      month: [],
      year: [],
      'extra-date': '2027-05-15',
      'pricing-method': 'fixed',
      package: [pkg],
      ...over.entryKeys,
    };
    const option: TourOption = { ...santorini.option, 'date-price': [entry] };
    const meta: TourMeta = { ...santorini.meta, ...over.meta };
    const merged: MergedDatePrice | undefined = resolveDatePrice(option, '2027-05-15', '');
    return (p: AmountCheckPost) =>
      amountCheck({
        post: p,
        tour: { option, meta },
        date: merged,
        counts: { ...NO_COUNTS, ...counts },
        settings: over.settings ?? {},
        extraBookingFields: [],
        nowLocal: CAPTURE_NOW,
      });
  };
  const p = (over: AmountCheckPost = {}) => post({ tour_id: '4', tour_date: '2027-05-15', ...over });
  const reasonOf = (r: ReturnType<ReturnType<typeof custom>>) => (r.ok ? 'ok' : r.reason);

  it.each([
    ['no maximum: 2000 travellers pass', {}, '2000', 'ok'],
    ['no maximum: 2001 are refused (fix)', {}, '2001', 'traveller-limit'],
    ['no maximum: a huge count is refused (fix)', {}, '99999999999', 'traveller-limit'],
    ["max-people '0' is always full", { 'max-people': '0' }, '1', 'full'],
    ['a package minimum', { 'minimum-people-per-booking': '3' }, '2', 'min-people'],
    ['a package maximum per booking', { 'maximum-people-per-booking': '3' }, '4', 'max-people'],
  ] as const)('%s', (_name, pkg, traveller, reason) => {
    expect(reasonOf(custom(pkg)(p({ traveller })))).toBe(reason);
  });

  it('reports the traveller limit clearly', () => {
    expect(custom({})(p({ traveller: '2001' }))).toEqual({
      ok: false,
      reason: 'traveller-limit',
      message: 'Sorry, a booking can hold at most 2000 travellers.',
      values: { max: 2000 },
    });
  });

  it('package limits win over the tour metas; the metas apply otherwise', () => {
    const meta = { minPeoplePerBooking: '5', maxPeoplePerBooking: '6' };
    expect(reasonOf(custom({ 'minimum-people-per-booking': '1' }, {}, { meta })(p({ traveller: '2' })))).toBe('ok');
    expect(reasonOf(custom({}, {}, { meta })(p({ traveller: '2' })))).toBe('min-people');
    expect(reasonOf(custom({ 'maximum-people-per-booking': '9' }, {}, { meta })(p({ traveller: '8' })))).toBe('ok');
    expect(reasonOf(custom({}, {}, { meta })(p({ traveller: '7' })))).toBe('max-people');
    expect(reasonOf(custom({}, {}, { meta })(p({ traveller: '6' })))).toBe('ok');
  });

  it('old data counts against meta tourmaster-max-people, not the entry', () => {
    const old = (maxPeople: string, counts: Partial<SeatCounts>) => {
      const entry: DatePriceEntry = { day: [], month: [], year: [], 'extra-date': '2027-05-15', 'max-people': '99' };
      const option: TourOption = { ...santorini.option, 'date-price': [entry] };
      return amountCheck({
        post: p({ traveller: '3' }),
        tour: { option, meta: { ...santorini.meta, maxPeople } },
        date: resolveDatePrice(option, '2027-05-15', ''),
        counts: { ...NO_COUNTS, ...counts },
        settings: {},
        extraBookingFields: [],
        nowLocal: CAPTURE_NOW,
      });
    };
    expect(reasonOf(old('10', { travellers: 7 }))).toBe('ok');
    expect(reasonOf(old('10', { travellers: 8 }))).toBe('full');
    expect(reasonOf(old('', { travellers: 500 }))).toBe('ok');
  });

  it('group capacity counts orders', () => {
    const group = (maxGroup: string, orders: number) =>
      reasonOf(
        custom(
          { 'group-price': '900', 'max-group': maxGroup },
          { orders },
          { entryKeys: { 'pricing-method': 'group' } },
        )(p({ traveller: 'group', adult_amount: 'group' })),
      );
    expect(group('2', 1)).toBe('ok');
    expect(group('2', 2)).toBe('group-full');
    expect(group('', 50)).toBe('ok');
    expect(
      custom(
        { 'max-group': '1' },
        { orders: 1 },
        { entryKeys: { 'pricing-method': 'group' } },
      )(p({ traveller: 'group' })),
    ).toMatchObject({
      message: 'Sorry, this tour is now full. Please select another date',
    });
  });

  it('requires an adult when the site says so', () => {
    const settings = { requireAdultToBookTour: 'enable' };
    expect(reasonOf(custom({}, {}, { settings })(p({ adult_amount: '0' })))).toBe('adult-required');
    expect(reasonOf(custom({}, {}, { settings })(p({ adult_amount: '' })))).toBe('adult-required');
    expect(reasonOf(custom({}, {}, { settings })(p({ adult_amount: '2' })))).toBe('ok');
    expect(
      reasonOf(custom({}, {}, { settings: { requireAdultToBookTour: 'disable' } })(p({ adult_amount: '0' }))),
    ).toBe('ok');
  });

  it.each([
    ['men booked, a woman asks', { male: 2, female: 0 }, { female_amount: '1' }, 'male-only'],
    ['men booked, men ask', { male: 2, female: 0 }, { male_amount: '2' }, 'ok'],
    ['women booked, a man asks', { male: null, female: 3 }, { male_amount: '1' }, 'female-only'],
    ['women booked, women ask', { male: 0, female: 3 }, { female_amount: '1' }, 'ok'],
    ['nobody booked', { male: null, female: null }, { male_amount: '1', female_amount: '1' }, 'ok'],
    ['both booked', { male: 1, female: 1 }, { male_amount: '1' }, 'ok'],
  ] as const)('same-gender package: %s → %s', (_name, counts, amounts, reason) => {
    expect(reasonOf(custom({ 'same-gender': 'enable' }, counts)(p(amounts)))).toBe(reason);
    expect(reasonOf(custom({ 'same-gender': 'disable' }, counts)(p(amounts)))).toBe('ok');
  });

  it('room limit applies only to explicit room-based multiple-day tours', () => {
    const roomPost = p({ traveller: '4', max_traveller_per_room: '4' });
    const limited = { 'max-people-per-room': '3' };
    const multiple = (roomBase: string | undefined) =>
      reasonOf(
        amountCheck({
          ...checkInputFor(roomPost),
          tour: { ...santorini, option: { ...santorini.option, 'tour-type': 'multiple' } },
          date: {
            ...mergePackage({ day: [], month: [], year: [], 'pricing-room-base': roomBase, package: [limited] }, ''),
            isOld: false,
          },
        }),
      );
    expect(multiple('enable')).toBe('room-limit');
    expect(multiple(undefined)).toBe('ok');
    expect(multiple('disable')).toBe('ok');
  });

  it('refuses a date beyond the book-in-advance window (fix)', () => {
    expect(reasonOf(custom({}, {}, { meta: { bookInAdvance: '2' } })(p()))).toBe('closed');
    expect(reasonOf(custom({}, {}, { meta: { bookInAdvance: '6' } })(p()))).toBe('ok');
  });

  it('refuses the past Santorini date that still has an entry', () => {
    expect(outcome(post({ tour_id: '4', tour_date: '2026-09-12' }))).toEqual(failed('closed'));
  });
});
