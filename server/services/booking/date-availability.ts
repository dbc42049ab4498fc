import { seatGroupsByDate } from '../../data/seats';
import { loadBookingContext } from '../../data/tours';
import { readPaypalSettings } from '../../payments/paypal-settings';
import { seatStatusFilter } from '../../tourmaster/availability';
import { type DateAvailability, datesAvailability } from '../../tourmaster/date-availability';
import { readPricingSettings } from '../../tourmaster/pricing-settings';
import { siteLocalTime } from '../../wp/site-time';
import type { RequestContext } from '../context';

export type TourAvailability =
  | { ok: true; currency: string; dates: DateAvailability[] }
  /** No published tour with booking settings has this id. */
  | { ok: false };

/**
 * What each of a tour's dates from `from` to `to` offers now (the availability API): two
 * statements, the tour with the settings and the range's seat-holding orders, counted live on
 * every call. The range is the caller's to bound.
 */
export async function tourAvailability(
  ctx: RequestContext,
  input: { tourId: number; from: string; to: string },
): Promise<TourAvailability> {
  const { tour, settings } = await loadBookingContext(ctx.wp, input.tourId);
  if (!tour) return { ok: false };
  const held = seatStatusFilter(settings.general['block-seat-status']);
  const seatGroups = await seatGroupsByDate(ctx.wp, {
    tourId: tour.id,
    from: input.from,
    to: input.to,
    held,
    now: ctx.now,
  });
  const dates = datesAvailability({
    tour,
    from: input.from,
    to: input.to,
    nowLocal: siteLocalTime(ctx.now, settings),
    held,
    seatGroups,
    requireAdultToBookTour: settings.general['require-adult-to-book-tour'],
    pricing: readPricingSettings(settings.general, settings.payment),
  });
  // The site charges in PayPal's configured currency (the only currency setting Tour Master has).
  return { ok: true, currency: readPaypalSettings(settings.payment).currencyCode, dates };
}
