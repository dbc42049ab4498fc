import { isEmpty, isSet, phpFloat, phpInt, str } from '../php/coerce';
import type { CustomField } from './custom-fields';
import { isEmail } from './custom-fields';
import { dateSeconds, filterBookable, formatLocal, isOfferedDate, type LocalDateTime, localSeconds } from './dates';
import type { MergedDatePrice } from './packages';
import { packageGroupSlug } from './packages';
import type { DatePriceEntry, TourMeta, TourOption, TourPackage } from './tour-option';
import { INVALID_COUNT_MESSAGE, MAX_TRAVELLERS } from './traveller-counts';

/**
 * Seat availability and the booking bar's last check before the payment page
 * (`tourmaster_tour_booking_amount_check`, booking.md §4.3, §5, §6). Pure: the repository counts
 * the orders (with {@link seatStatusFilter} and {@link seatPool}) and passes the sums in.
 */

// ---------------------------------------------------------------------------------------------
// Seat counting (§5)

/** Order statuses that hold seats under `block-seat-status = paid`. */
export const PAID_SEAT_STATUSES = ['approved', 'online-paid', 'deposit-paid', 'departed'] as const;

/**
 * Which order statuses hold seats: every status except the listed ones, or only the listed ones.
 * In SQL, `order_status != 'cancel'` (the `except` form) does not match NULL statuses either.
 */
export type HeldStatuses = { except: readonly string[] } | { only: readonly string[] };

/**
 * `block-seat-status` → the statuses that hold seats. `book` (the default, also when unset or '')
 * → every status except `cancel`; any other value (the admin offers `paid`) → approved,
 * online-paid, deposit-paid and departed only (the plugin tests `== 'book'`, else the paid list).
 */
export function seatStatusFilter(blockSeatStatus: unknown): HeldStatuses {
  return (isSet(blockSeatStatus) ? str(blockSeatStatus) : 'book') === 'book'
    ? { except: ['cancel'] }
    : { only: [...PAID_SEAT_STATUSES] };
}

/** Whether an order with this status holds seats (SQL semantics: a NULL status never does). */
export function holdsSeat(held: HeldStatuses, status: string | null | undefined): boolean {
  if (status === null || status === undefined) return false;
  return 'except' in held ? !held.except.includes(status) : held.only.includes(status);
}

/** What the seat-holding orders of one pool add up to; the sums are null when there are no rows (SQL SUM). */
export interface SeatCounts {
  travellers: number | null;
  male: number | null;
  female: number | null;
  orders: number;
}

/** The orders that share seats with a request: same tour, travel date and package pool. */
export interface SeatPool {
  tourId: number;
  travelDate: string;
  /** `package_group_slug`: the merged entry's `group-slug`, '' for packages without one and for old data. */
  groupSlug: string;
  /**
   * The posted `tid` (amount check only): that order is left out of the count. MySQL compares
   * `id != 'tid'` numerically, so the value is the string's leading number; none when `tid` is empty.
   */
  excludeOrderId: number | undefined;
}

export function seatPool(tourId: number, travelDate: string, merged: TourPackage, tid?: unknown): SeatPool {
  return {
    tourId,
    travelDate,
    groupSlug: packageGroupSlug(merged),
    excludeOrderId: isEmpty(tid) ? undefined : phpFloat(str(tid)),
  };
}

export interface SeatsLeft {
  unit: 'seats' | 'groups';
  left: number;
}

/**
 * What the booking bar prints when `show-remaining-available-number` is on (§3 step 3): for a
 * package of a group-priced entry, `max-group − COUNT(orders)` groups; otherwise
 * `max-people − SUM(traveller_amount)` seats; undefined when that maximum is empty. The count must
 * be of the package's own pool (its `group-slug`). `%d` truncates toward zero.
 */
export function seatsLeft(pkg: TourPackage, pricingMethod: unknown, counts: SeatCounts): SeatsLeft | undefined {
  if (pricingMethod === 'group') {
    if (isEmpty(pkg['max-group'])) return undefined;
    return { unit: 'groups', left: Math.trunc(phpFloat(pkg['max-group']) - counts.orders) || 0 };
  }
  if (isEmpty(pkg['max-people'])) return undefined;
  return { unit: 'seats', left: Math.trunc(phpFloat(pkg['max-people']) - (counts.travellers ?? 0)) || 0 };
}

/** Old data (an entry without packages): meta `tourmaster-max-people` − SUM over the '' pool; undefined when unset. */
export function oldDataSeatsLeft(meta: Pick<TourMeta, 'maxPeople'>, counts: SeatCounts): SeatsLeft | undefined {
  if (isEmpty(meta.maxPeople)) return undefined;
  return { unit: 'seats', left: Math.trunc(phpFloat(meta.maxPeople) - (counts.travellers ?? 0)) || 0 };
}

/** "Available: %d seats" / "Available: %d groups". */
export function availabilityText(s: SeatsLeft): string {
  return `Available: ${s.left} ${s.unit}`;
}

// ---------------------------------------------------------------------------------------------
// Cut-off (§6)

/** `tourmaster_time_offset(HH:MM, hours)`: seconds after midnight the booking closes. */
export function timeOffsetSeconds(startTime: string, lastMinuteHours: unknown): number {
  let offset = 0;
  if (!isEmpty(startTime)) {
    const [hours, minutes] = startTime.split(':');
    if (!isEmpty(hours)) offset += phpInt(hours) * 3600;
    if (!isEmpty(minutes)) offset += phpInt(minutes) * 60;
  }
  if (!isEmpty(lastMinuteHours)) offset -= phpInt(str(lastMinuteHours)) * 3600;
  return offset;
}

export interface CutOffInput {
  /** The merged date entry (its package's `start-time`), when the date has one. */
  entry: TourPackage | undefined;
  option: TourOption;
  travelDate: string;
  nowLocal: LocalDateTime;
}

export interface CutOff {
  open: boolean;
  /** The start time used: the package's, else the tour's `start-time`, else '24:00'. */
  startTime: string;
  /** Local wall-clock time after which booking is closed (undefined for an unparsable travel date). */
  closesAt: LocalDateTime | undefined;
}

/**
 * Booking closes once the local time is past the travel date's midnight + start time −
 * `last-minute-booking` hours (compared in minutes: at 16:30 exactly a 16:30 tour is still open).
 * With no start time and no last-minute value the whole travel day is bookable.
 */
export function bookingCutOff(input: CutOffInput): CutOff {
  const { entry, option, travelDate, nowLocal } = input;
  let startTime = '24:00';
  if (entry && !isEmpty(entry['start-time'])) startTime = str(entry['start-time']);
  else if (!isEmpty(option['start-time'])) startTime = str(option['start-time']);
  const now = localSeconds(nowLocal);
  if (now === undefined) throw new RangeError(`nowLocal is not a Y-m-d H:i time: ${JSON.stringify(nowLocal)}`);
  const day = dateSeconds(travelDate);
  // PHP: strtotime() of a non-date is false, i.e. 0: long closed.
  const closes = (day ?? 0) + timeOffsetSeconds(startTime, option['last-minute-booking']);
  return { open: !(now > closes), startTime, closesAt: day === undefined ? undefined : formatLocal(closes) };
}

/**
 * Whether a resolved booking's date may be booked now: the page offers it (the tour's dates within
 * its book-in-advance window) and its booking has not closed (the start time less the last-minute
 * hours). The head price and the API's quote refuse a date that is not.
 */
export function isDateOpen(
  tour: { option: TourOption; meta: Pick<TourMeta, 'bookInAdvance'> },
  booking: { travelDate: string; date: { entry: TourPackage | undefined } },
  nowLocal: LocalDateTime,
): boolean {
  if (!isOfferedDate(tour.option, tour.meta, booking.travelDate, nowLocal)) return false;
  return bookingCutOff({ entry: booking.date.entry, option: tour.option, travelDate: booking.travelDate, nowLocal })
    .open;
}

// ---------------------------------------------------------------------------------------------
// The amount check (§4.3)

/** Largest traveller count one booking may carry (one limit for every action). */
export const MAX_TRAVELLERS_PER_REQUEST = MAX_TRAVELLERS;

/** The plugin's words for a date that is closed for booking (past its cut-off, or not offered). */
export const DATE_CLOSED_MESSAGE =
  'Sorry, the tour is now off for booking on the date/time you selected. Please select another date.';

export const AMOUNT_CHECK_MESSAGES = {
  'missing-field': 'An error occurs, please refresh the page to try again.',
  'no-traveller': 'Please select the number of travellers.',
  'invalid-traveller': INVALID_COUNT_MESSAGE,
  'invalid-email': 'Invalid Email Address',
  closed: DATE_CLOSED_MESSAGE,
  'group-full': 'Sorry, this tour is now full. Please select another date',
  'room-limit': '* You can select maximum %d persons per each room.',
  full: 'Sorry, this tour is now full. Please try to select another date',
  'traveller-limit': 'Sorry, a booking can hold at most %d travellers.',
  'min-people': 'At least %d people is required to book this tour',
  'max-people': 'You can book at most %d people per booking',
  'adult-required': 'At least 1 adult is required to book the tour',
  'male-only': 'This package is only available for male',
  'female-only': 'This package is only available for female',
} as const;

export type AmountCheckReason = keyof typeof AMOUNT_CHECK_MESSAGES;

export type AmountCheckResult =
  | { ok: true }
  | {
      ok: false;
      reason: AmountCheckReason;
      /** The English message, placeholders filled (the legacy reply's `message`). */
      message: string;
      /** The `%d` values, by name (`max`, `min`), for translation. */
      values: Readonly<Record<string, number>>;
    };

/** The posted fields (top level of the request body; every value a string, or absent). */
export interface AmountCheckPost {
  tour_id?: unknown;
  tour_date?: unknown;
  tid?: unknown;
  /** `'group'`, or the total of the people selects. */
  traveller?: unknown;
  adult_amount?: unknown;
  male_amount?: unknown;
  female_amount?: unknown;
  max_traveller_per_room?: unknown;
  package?: unknown;
  /** `extra_booking_info[slug]` fields, as a map. */
  extra_booking_info?: unknown;
}

export interface AmountCheckInput {
  post: AmountCheckPost;
  /** The tour, or undefined when `tour_id` names no bookable tour. */
  tour: { option: TourOption; meta: TourMeta } | undefined;
  /** `resolveDatePrice(option, post.tour_date, post.package)`, or undefined when the date has no entry. */
  date: MergedDatePrice | undefined;
  /** The pool's counts (see {@link seatPool}; with the posted `tid` already left out). */
  counts: SeatCounts;
  settings: {
    /** `tourmaster_general` → `require-adult-to-book-tour` (default `disable`). */
    requireAdultToBookTour?: unknown;
  };
  /** The tour's extra booking fields (meta `tourmaster-extra-booking-info`, else the site default), parsed. */
  extraBookingFields: readonly CustomField[];
  nowLocal: LocalDateTime;
}

function fail(reason: AmountCheckReason, values: Record<string, number> = {}): AmountCheckResult {
  let message: string = AMOUNT_CHECK_MESSAGES[reason];
  for (const v of Object.values(values)) message = message.replace('%d', String(v));
  return { ok: false, reason, message, values };
}

const OK: AmountCheckResult = { ok: true };

type Travellers =
  | { kind: 'group' }
  | { kind: 'people'; count: number }
  | { kind: 'invalid'; reason: AmountCheckReason };

function readTravellers(raw: unknown): Travellers {
  if (raw === 'group') return { kind: 'group' };
  if (typeof raw !== 'string') return { kind: 'invalid', reason: 'invalid-traveller' };
  const text = raw.trim();
  if (text === '') return { kind: 'invalid', reason: 'no-traveller' };
  if (!/^\d+$/.test(text)) return { kind: 'invalid', reason: 'invalid-traveller' };
  const count = Number(text);
  return count === 0 ? { kind: 'invalid', reason: 'no-traveller' } : { kind: 'people', count };
}

/** The email-typed extra booking fields whose posted value is not an address (`is_email`). */
function badEmail(fields: readonly CustomField[], posted: unknown): boolean {
  if (!posted || typeof posted !== 'object' || Array.isArray(posted)) return false;
  const data = posted as Record<string, unknown>;
  return fields.some((field) => {
    if (field.type !== 'email') return false;
    const value = Object.hasOwn(data, field.slug) ? data[field.slug] : undefined;
    if (isEmpty(value)) return false;
    // FIX: a non-string value (an array posted as `extra_booking_info[x][]`) made PHP's is_email throw.
    return typeof value !== 'string' || !isEmail(value);
  });
}

/**
 * `tourmaster_tour_booking_amount_check`: the first failing rule, in the plugin's order, or ok.
 *
 * 1. `tour_id`, `tour_date` empty or `traveller` absent → missing-field;
 *    then (FIX) `traveller` '' or 0 → no-traveller, not a non-negative integer (and not 'group') →
 *    invalid-traveller (PHP 8 threw on arithmetic with a non-numeric count: HTTP 500).
 * 2. an email-typed extra booking field with a non-empty invalid value → invalid-email.
 * 3. (FIX) no tour, or no date entry for the date (past, not offered, malformed), or a date beyond
 *    the `book-in-advance` window → closed. The legacy site answered HTTP 500 for an unknown tour
 *    and let any other date through with no price.
 * 4. the cut-off (§6) → closed.
 * 5. `traveller = group`: (FIX) only for a group-priced entry, and a count only for others
 *    (either way round the legacy skipped the capacity rule) → invalid-traveller; then
 *    `max-group` set and not above the pool's order count → group-full.
 * 6. room-based multi-day tours: `max_traveller_per_room` above `max-people-per-room` → room-limit;
 *    package `max-people` exactly '0', or the pool's travellers + this booking above the maximum
 *    (meta `tourmaster-max-people` for old data, else the package's) → full;
 *    (FIX) more than {@link MAX_TRAVELLERS_PER_REQUEST} → traveller-limit (after `full`, so a huge
 *    count on a tour with a capacity still reads "full", as the legacy answered);
 *    minimum (package, else meta) above the count → min-people (FIX: without the legacy's leaked
 *    `date` entry); maximum per booking (package, else meta) below it → max-people;
 *    `require-adult-to-book-tour = enable` and no adult → adult-required;
 *    same-gender packages: male-only / female-only.
 *
 * The legacy rule that a posted `tid` leaves that order out of the count is the caller's: the
 * counts passed in already exclude it (see {@link seatPool}).
 */
export function amountCheck(input: AmountCheckInput): AmountCheckResult {
  const { post, tour, date, counts, settings, extraBookingFields, nowLocal } = input;

  // 1. Required fields.
  if (isEmpty(str(post.tour_id)) || isEmpty(str(post.tour_date)) || post.traveller === undefined) {
    return fail('missing-field');
  }
  const travellers = readTravellers(post.traveller);
  if (travellers.kind === 'invalid') return fail(travellers.reason);

  // 2. Extra booking info: e-mail fields.
  if (badEmail(extraBookingFields, post.extra_booking_info)) return fail('invalid-email');

  // 3. FIX: unknown tour / no entry for the date / beyond the book-in-advance window.
  const travelDate = str(post.tour_date);
  if (!tour || !date) return fail('closed');
  if (filterBookable([travelDate], tour.meta.bookInAdvance, nowLocal).length === 0) return fail('closed');
  const { option, meta } = tour;
  const entry: DatePriceEntry = date.entry;

  // 4. Cut-off.
  if (!bookingCutOff({ entry, option, travelDate, nowLocal }).open) return fail('closed');

  // 5. Group bookings.
  const groupPriced = entry['pricing-method'] === 'group';
  if (travellers.kind === 'group') {
    // FIX: 'group' on a per-person entry skipped every capacity rule.
    if (!groupPriced) return fail('invalid-traveller');
    const maxGroup = entry['max-group'];
    return isEmpty(maxGroup) || phpFloat(maxGroup) > counts.orders ? OK : fail('group-full');
  }
  // FIX: a head count on a group-priced entry skipped the group limit.
  if (groupPriced) return fail('invalid-traveller');
  const count = travellers.count;

  // 6.1 People per room.
  if (
    option['tour-type'] === 'multiple' &&
    entry['pricing-room-base'] === 'enable' &&
    !isEmpty(entry['max-people-per-room'])
  ) {
    if (phpFloat(str(post.max_traveller_per_room)) > phpFloat(entry['max-people-per-room'])) {
      return fail('room-limit', { max: phpInt(entry['max-people-per-room']) });
    }
  }

  // 6.2 Capacity of the pool.
  const maxPeople = date.isOld ? meta.maxPeople : isEmpty(entry['max-people']) ? '' : str(entry['max-people']);
  if (entry['max-people'] === '0' || (!isEmpty(maxPeople) && (counts.travellers ?? 0) + count > phpFloat(maxPeople))) {
    return fail('full');
  }
  // FIX: a bounded head count (the legacy accepted any number on a tour without a maximum).
  if (count > MAX_TRAVELLERS_PER_REQUEST) return fail('traveller-limit', { max: MAX_TRAVELLERS_PER_REQUEST });

  // 6.3 Per-booking limits.
  const { min: minPeople, max: maxPerBooking } = perBookingLimits(entry, meta);
  // FIX: the legacy reply also carried the whole merged date entry under `date`.
  if (!isEmpty(minPeople) && phpFloat(minPeople) > count) return fail('min-people', { min: phpInt(minPeople) });
  if (!isEmpty(maxPerBooking) && phpFloat(maxPerBooking) < count) {
    return fail('max-people', { max: phpInt(maxPerBooking) });
  }
  if (settings.requireAdultToBookTour === 'enable' && isEmpty(post.adult_amount)) return fail('adult-required');

  // 6.4 Same-gender packages.
  if (entry['same-gender'] === 'enable') {
    if (!isEmpty(counts.male) && isEmpty(counts.female)) {
      if (!isEmpty(post.female_amount)) return fail('male-only');
    } else if (isEmpty(counts.male) && !isEmpty(counts.female)) {
      if (!isEmpty(post.male_amount)) return fail('female-only');
    }
  }
  return OK;
}

/**
 * The people one booking must and may hold on a (merged) date entry, as typed ('' for no limit):
 * the package's `minimum-/maximum-people-per-booking`, else the tour's metas.
 */
export function perBookingLimits(
  entry: TourPackage,
  meta: Pick<TourMeta, 'minPeoplePerBooking' | 'maxPeoplePerBooking'>,
): { min: string; max: string } {
  return {
    min: isEmpty(entry['minimum-people-per-booking'])
      ? meta.minPeoplePerBooking
      : str(entry['minimum-people-per-booking']),
    max: isEmpty(entry['maximum-people-per-booking'])
      ? meta.maxPeoplePerBooking
      : str(entry['maximum-people-per-booking']),
  };
}

/** The JSON body the legacy front end reads: `{"status":"success"}` or `{"status":"failed","message":…}`. */
export function amountCheckReply(
  result: AmountCheckResult,
): { status: 'success' } | { status: 'failed'; message: string } {
  return result.ok ? { status: 'success' } : { status: 'failed', message: result.message };
}

/** One group of a date's orders: a pool, a status, and whether it is the order a request leaves out. */
export interface SeatGroup {
  groupSlug: string;
  status: string | null;
  travellers: number | null;
  male: number | null;
  female: number | null;
  orders: number;
  excluded: boolean;
}

/**
 * A pool's counts from a date's grouped orders: what `countSeats` would count for the pool, the
 * statuses that hold seats and the left-out order, added up the way SQL SUM does (null when no row).
 */
export function seatCountsFrom(
  groups: readonly SeatGroup[],
  pool: Pick<SeatPool, 'groupSlug'>,
  held: HeldStatuses,
): SeatCounts {
  const counts: SeatCounts = { travellers: null, male: null, female: null, orders: 0 };
  const add = (a: number | null, b: number | null) => (b === null ? a : (a ?? 0) + b);
  for (const g of groups) {
    if (g.excluded || g.groupSlug !== pool.groupSlug || !holdsSeat(held, g.status)) continue;
    counts.travellers = add(counts.travellers, g.travellers);
    counts.male = add(counts.male, g.male);
    counts.female = add(counts.female, g.female);
    counts.orders += g.orders;
  }
  return counts;
}
