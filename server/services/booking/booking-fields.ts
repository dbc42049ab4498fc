import type { BookingBlock } from '../../../client/common/islands/BookingForm';
import { getRawMetas } from '../../data/meta';
import { countSeats } from '../../data/seats';
import type { WpDb } from '../../data/tables';
import { loadBookingContext } from '../../data/tours';
import { phpInt, str } from '../../php/coerce';
import {
  bookingCutOff,
  oldDataSeatsLeft,
  type SeatCounts,
  seatPool,
  seatStatusFilter,
  seatsLeft,
} from '../../tourmaster/availability';
import type { BookingDetail } from '../../tourmaster/booking-detail';
import { bookingFormModel, bookingFormSettings } from '../../tourmaster/booking-form';
import { parseCustomFields } from '../../tourmaster/custom-fields';
import { findDateEntry, isOfferedDate, isWellFormedDate } from '../../tourmaster/dates';
import { mergePackage } from '../../tourmaster/packages';
import { setting } from '../../tourmaster/settings';
import type { DatePriceEntry, Tour } from '../../tourmaster/tour-option';
import { readTravellerCounts } from '../../tourmaster/traveller-counts';
import { bookingBlocks } from '../../views/booking-fields';
import { siteLocalTime } from '../../wp/site-time';
import type { CurrentUser } from '../../wp/user';
import type { RequestContext } from '../context';
import { DATE_CLOSED_MESSAGE, DATE_NOT_OFFERED_MESSAGE } from './messages';

export interface BookingFieldsRequest {
  tour: Tour;
  /** `tourmaster_general`. */
  general: Readonly<Record<string, unknown>>;
  /** The date's entry as stored (its package is merged here). */
  entry: DatePriceEntry;
  date: string;
  /** The visitor's choices so far (`package`, `tour-room`, `tour-people`…). */
  values: BookingDetail;
  step: string;
  /** Site-local `Y-m-d H:i:s`. */
  nowLocal: string;
  /** The request's clock (the remaining seats leave out orders whose seat hold ran out). */
  now: Date;
  user: CurrentUser | null;
}

/** A notice in place of the fields. */
export const noticeBlocks = (message: string): BookingBlock[] => [{ kind: 'notice', message }];

/**
 * The booking bar's fields for a date (booking.md §3), as the booking island's typed blocks
 * (views/booking-fields.ts prints them): the step-1 fragment the tour page prints and
 * `tourmaster_tour_booking` answers for every later choice. A date whose booking has closed, or
 * counts that are no numbers, get a notice instead; the extra booking fields are pre-filled from a customer's user metas (one
 * query), and the remaining seats are counted live per pool when the site shows them.
 */
export async function bookingFieldsBlocks(wp: WpDb, request: BookingFieldsRequest): Promise<BookingBlock[]> {
  const { tour, general, entry, date, values, user } = request;
  const cutOff = bookingCutOff({
    entry: mergePackage(entry, values.package).entry,
    option: tour.option,
    travelDate: date,
    nowLocal: request.nowLocal,
  });
  if (!cutOff.open) return noticeBlocks(DATE_CLOSED_MESSAGE);
  // FIX (DEVIATIONS.md 3): counts that are not whole numbers get a notice, not a form.
  const counts = readTravellerCounts(values);
  if (!counts.ok) return noticeBlocks(counts.message);

  const formSettings = bookingFormSettings(general);
  const extraFields = parseCustomFields(
    tour.meta.extraBookingInfo || setting(general, 'single-tour-extra-booking-info'),
    { userDefaultCountry: setting(general, 'user-default-country') },
  );
  const userValues =
    user && extraFields.length
      ? await getRawMetas(
          wp,
          'user',
          user.user.id,
          extraFields.map((f) => f.slug),
        )
      : new Map<string, string>();
  const pools = formSettings.showRemaining ? await seatPools(wp, tour, entry, date, general, request.now) : new Map();
  const model = bookingFormModel({
    tour,
    entry,
    values,
    step: request.step,
    settings: formSettings,
    extraFields,
    userValue: (slug) => userValues.get(slug) || undefined,
    loggedIn: user !== null,
    seatsLeftFor: (pkg) => {
      const counts = pools.get(seatPool(tour.id, date, pkg ?? {}).groupSlug);
      if (!counts) return undefined;
      return pkg ? seatsLeft(pkg, entry['pricing-method'], counts) : oldDataSeatsLeft(tour.meta, counts);
    },
  });
  return bookingBlocks(model);
}

/** The seats each of the date's pools holds, one counted query per pool (never cached). */
async function seatPools(
  wp: WpDb,
  tour: Tour,
  entry: DatePriceEntry,
  date: string,
  general: Readonly<Record<string, unknown>>,
  now: Date,
): Promise<Map<string, SeatCounts>> {
  const pools = new Map<string, SeatCounts>();
  for (const pkg of entry.package ?? [undefined]) {
    const pool = seatPool(tour.id, date, pkg ?? {});
    if (!pools.has(pool.groupSlug)) {
      pools.set(
        pool.groupSlug,
        await countSeats(wp, { ...pool, held: seatStatusFilter(general['block-seat-status']), now }),
      );
    }
  }
  return pools;
}

/**
 * `tourmaster_tour_booking` (booking.md §3, §4.1): the fields for the date, package and room count
 * posted, or a notice for a date the tour does not run or no longer takes; false for no request or
 * an unknown tour, as the legacy site answered.
 */
export async function bookingFieldsFragment(
  ctx: RequestContext,
  input: { data?: BookingDetail | undefined },
): Promise<BookingBlock[] | false> {
  // A `data` that is not a bracket-encoded object (missing, '' or a plain string) is no request.
  const data = input.data;
  if (!data || Object.keys(data).length === 0) return false;
  const { tour, settings } = await loadBookingContext(ctx.wp, phpInt(data['tour-id']));
  if (!tour) return false;
  const date = data['tour-date'];
  const entry = isWellFormedDate(date) ? findDateEntry(tour.option, date) : undefined;
  // FIX (DEVIATIONS.md): the legacy site rendered past dates as open and said nothing for dates
  // the tour does not run on; both now get a notice at the first step.
  if (!entry || typeof date !== 'string') return noticeBlocks(DATE_NOT_OFFERED_MESSAGE);
  const nowLocal = siteLocalTime(ctx.now, settings);
  if (!isOfferedDate(tour.option, tour.meta, date, nowLocal)) return noticeBlocks(DATE_CLOSED_MESSAGE);
  return bookingFieldsBlocks(ctx.wp, {
    tour,
    general: settings.general,
    entry,
    date,
    values: data,
    step: str(data.step) || '1',
    nowLocal,
    now: ctx.now,
    user: await ctx.user(),
  });
}
