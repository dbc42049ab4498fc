import { isEmpty, phpFloat } from '../php/coerce';
import {
  type AmountCheckPost,
  amountCheck,
  type HeldStatuses,
  oldDataSeatsLeft,
  perBookingLimits,
  type SeatCounts,
  type SeatGroup,
  type SeatsLeft,
  seatCountsFrom,
  seatPool,
  seatsLeft,
} from './availability';
import { readBooking } from './booking';
import type { BookingDetail } from './booking-detail';
import { allTourDates, dateEntryFinder, type LocalDateTime } from './dates';
import type { Money } from './money';
import { isRoomMode, type MergedDatePrice, mergePackage, packageGroupSlug } from './packages';
import { getTourPrice } from './pricing';
import type { PricingSettings } from './pricing-settings';
import type { DatePriceEntry, Tour } from './tour-option';
import { countFieldsOf } from './travellers';

/**
 * What each date of a range offers (the availability API, the booking calendar): seats left,
 * sold out, bookable, the price of one traveller, per package. Pure: the orders of the range are
 * counted by the caller (data/seats.ts `seatGroupsByDate`, held statuses already applied) and the
 * local time is an argument.
 *
 * Every rule is the booking's own: a package is what the amount check (availability.ts
 * {@link amountCheck}) answers for the smallest booking of the date (one group for a group-priced
 * entry, else the minimum people per booking or 1), so the calendar never offers a date the
 * booking bar then refuses, and never hides one it would take.
 */

export interface PackageAvailability {
  /** The title the booking form posts as `package` ('' for a date without packages). */
  title: string;
  /** The seat pool (`group-slug`; '' is the pool every package without one shares). */
  groupSlug: string;
  /** Seats (or groups) left in the package's pool; undefined when it sets no maximum. */
  left: SeatsLeft | undefined;
  /** The smallest booking would no longer fit in the pool. */
  soldOut: boolean;
  /** Open for booking now (not past its cut-off, inside the book-in-advance window, a valid package), seats aside. */
  bookable: boolean;
  /** What one adult (the first traveller category offered) or one group pays, tax included; undefined when free. */
  priceFrom: Money | undefined;
}

export interface DateAvailability {
  /** `Y-m-d`. */
  date: string;
  /** The most seats (groups) one booking can still get that date; undefined when a package has no maximum. */
  left: SeatsLeft | undefined;
  /** No package that is open can take the smallest booking (when none is open: every pool is full). */
  soldOut: boolean;
  /** Some package is open for booking. `bookable && !soldOut` is exactly "the amount check takes the smallest booking". */
  bookable: boolean;
  /** The cheapest {@link PackageAvailability.priceFrom} of the date's packages. */
  priceFrom: Money | undefined;
  packages: PackageAvailability[];
}

export interface DateRangeInput {
  tour: Pick<Tour, 'id' | 'option' | 'meta'>;
  /** `Y-m-d`, inclusive. */
  from: string;
  /** `Y-m-d`, inclusive. */
  to: string;
  nowLocal: LocalDateTime;
  held: HeldStatuses;
  /** The range's seat-holding orders by travel date. */
  seatGroups: ReadonlyMap<string, readonly SeatGroup[]>;
  /** `tourmaster_general` → `require-adult-to-book-tour`. */
  requireAdultToBookTour: unknown;
  pricing: PricingSettings;
}

const NO_SEATS_TAKEN: SeatCounts = { travellers: null, male: null, female: null, orders: 0 };

/** Padded `Y-m-d` only: an unpadded extra date (`2027-5-1`) is no calendar day. */
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The tour's dates from `from` to `to` (both `Y-m-d`, inclusive), each with what it offers. */
export function datesAvailability(input: DateRangeInput): DateAvailability[] {
  const prices = new PriceMemo();
  const entryOf = dateEntryFinder(input.tour.option);
  return allTourDates(input.tour.option)
    .filter((date) => CALENDAR_DATE.test(date) && date >= input.from && date <= input.to)
    .flatMap((date) => {
      const entry = entryOf(date);
      return entry ? [dateAvailability(input, date, entry, prices)] : [];
    });
}

function dateAvailability(input: DateRangeInput, date: string, entry: DatePriceEntry, prices: PriceMemo) {
  const titles = (entry.package ?? []).map((p) => p.title ?? '');
  const packages = (titles.length ? titles : ['']).map((title) =>
    packageAvailability(input, date, entry, title, prices),
  );
  const bookable = packages.some((p) => p.bookable);
  const soldOut = bookable ? !packages.some((p) => p.bookable && !p.soldOut) : packages.every((p) => p.soldOut);
  const lefts = packages.map((p) => p.left);
  const left = lefts.every((l) => l !== undefined)
    ? lefts.reduce((most, l) => (most && most.left >= l.left ? most : l))
    : undefined;
  const priced = packages.flatMap((p) => (p.priceFrom ? [p.priceFrom] : []));
  const priceFrom = priced.length ? priced.reduce((low, p) => (p.compare(low) < 0 ? p : low)) : undefined;
  return { date, left, soldOut, bookable, priceFrom, packages };
}

function packageAvailability(
  input: DateRangeInput,
  date: string,
  entry: DatePriceEntry,
  title: string,
  prices: PriceMemo,
): PackageAvailability {
  const { tour, nowLocal } = input;
  const merged = mergePackage(entry, title);
  const counts = seatCountsFrom(input.seatGroups.get(date) ?? [], seatPool(tour.id, date, merged.entry), input.held);
  const post = smallestBooking(tour, date, merged, title);
  const check = (seats: SeatCounts) =>
    amountCheck({
      post,
      tour,
      date: merged,
      counts: seats,
      settings: { requireAdultToBookTour: input.requireAdultToBookTour },
      extraBookingFields: [],
      nowLocal,
    }).ok;
  // With no seats taken only the date's other rules can refuse it; with the real count, only its seats.
  const bookable = check(NO_SEATS_TAKEN);
  const fits = bookable ? check(counts) : undefined;
  const left = merged.isOld
    ? oldDataSeatsLeft(tour.meta, counts)
    : seatsLeft(merged.entry, merged.entry['pricing-method'], counts);
  const need = post.traveller === 'group' ? 1 : Number(post.traveller);
  return {
    title,
    groupSlug: packageGroupSlug(merged.entry),
    left: left && { unit: left.unit, left: Math.max(0, left.left) },
    soldOut: fits === undefined ? left !== undefined && left.left < need : !fits,
    bookable,
    priceFrom: prices.of(entry, title, () => oneTravellerPrice(tour, date, merged, title, input.pricing, nowLocal)),
  };
}

/**
 * The amount check's fields for the smallest booking of a date's package: one group for a
 * group-priced entry, else the minimum people per booking (rounded up), at least 1, all adults.
 */
export function smallestBooking(
  tour: Pick<Tour, 'id' | 'meta'>,
  date: string,
  merged: MergedDatePrice,
  title: string,
): AmountCheckPost & { traveller: string } {
  const base = { tour_id: String(tour.id), tour_date: date, tid: '', package: title };
  if (merged.entry['pricing-method'] === 'group') return { ...base, traveller: 'group' };
  const { min } = perBookingLimits(merged.entry, tour.meta);
  const count = String(Math.max(1, isEmpty(min) ? 1 : Math.ceil(phpFloat(min))));
  return { ...base, traveller: count, adult_amount: count };
}

/** One traveller's price per date entry and package: the same for every date the entry covers, so priced once. */
class PriceMemo {
  private readonly byEntry = new Map<DatePriceEntry, Map<string, Money | undefined>>();

  /** `entry` is the option's own entry (the finder's), not a merged copy. */
  of(entry: DatePriceEntry, title: string, price: () => Money | undefined): Money | undefined {
    const byTitle = this.byEntry.get(entry) ?? new Map<string, Money | undefined>();
    this.byEntry.set(entry, byTitle);
    if (!byTitle.has(title)) byTitle.set(title, price());
    return byTitle.get(title);
  }
}

/**
 * What the booking bar's price says for one adult (the first category the date prices: adult,
 * male, female, children, student, infant), or one group, in one room in room mode: the total
 * with tax as the head price shows it. Undefined when that is nothing.
 */
function oneTravellerPrice(
  tour: Pick<Tour, 'id' | 'option'>,
  date: string,
  merged: MergedDatePrice,
  title: string,
  pricing: PricingSettings,
  nowLocal: LocalDateTime,
): Money | undefined {
  const detail: Record<string, string | string[]> = { 'tour-id': String(tour.id), 'tour-date': date, package: title };
  const field = countFieldsOf(merged.entry)[0];
  if (field && isRoomMode(tour.option, merged.entry)) {
    detail['tour-room'] = '1';
    detail[field] = ['1'];
  } else if (field) detail[field] = '1';
  const booking = readBooking({
    tourId: tour.id,
    option: tour.option,
    travelDate: date,
    date: merged,
    detail: detail as BookingDetail,
  });
  // `today` only decides deposits, which the total does not include.
  const today = nowLocal.slice(0, 10);
  const total = getTourPrice({ booking, services: {}, coupon: null, settings: pricing, today }).total;
  return total.isZero() ? undefined : total;
}
