import { loadBookingContext } from '../../data/tours';
import { phpInt } from '../../php/coerce';
import {
  type AmountCheckResult,
  amountCheck,
  seatCountsFrom,
  seatPool,
  seatStatusFilter,
} from '../../tourmaster/availability';
import { parseCustomFields } from '../../tourmaster/custom-fields';
import { isWellFormedDate } from '../../tourmaster/dates';
import { resolveDatePrice } from '../../tourmaster/packages';
import { setting } from '../../tourmaster/settings';
import { siteLocalTime } from '../../wp/site-time';
import type { RequestContext } from '../context';

/**
 * The booking bar's last check (booking.md §4.3): the tour, its settings and the date's seat pools,
 * read in one query, against the plugin's rules.
 */
export async function checkBookingAmount(
  ctx: RequestContext,
  post: Readonly<Record<string, unknown>>,
): Promise<AmountCheckResult> {
  const tourId = phpInt(post.tour_id);
  const travelDate = isWellFormedDate(post.tour_date) ? post.tour_date : undefined;
  const excludeOrderId = seatPool(tourId, '', {}, post.tid).excludeOrderId;
  // One round trip: the tour, the settings and the date's orders by pool.
  const { tour, settings, seatGroups } = await loadBookingContext(
    ctx.wp,
    tourId,
    travelDate ? { travelDate, excludeOrderId, now: ctx.now } : undefined,
  );
  const date = tour && travelDate ? resolveDatePrice(tour.option, travelDate, post.package) : undefined;
  const counts = date
    ? seatCountsFrom(
        seatGroups,
        seatPool(tourId, travelDate!, date.entry),
        seatStatusFilter(settings.general['block-seat-status']),
      )
    : { travellers: null, male: null, female: null, orders: 0 };
  const extraInfo = tour?.meta.extraBookingInfo || setting(settings.general, 'single-tour-extra-booking-info');
  return amountCheck({
    post,
    tour,
    date,
    counts,
    settings: { requireAdultToBookTour: settings.general['require-adult-to-book-tour'] },
    extraBookingFields: parseCustomFields(extraInfo, {
      userDefaultCountry: setting(settings.general, 'user-default-country'),
    }),
    nowLocal: siteLocalTime(ctx.now, settings),
  });
}
