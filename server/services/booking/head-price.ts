import type { HeadPriceProps } from '../../../client/common/islands/BookingForm';
import { postTitles } from '../../data/posts';
import { loadServiceOptions } from '../../data/services';
import { loadBookingContext } from '../../data/tours';
import { isEmpty } from '../../php/coerce';
import { isDateOpen } from '../../tourmaster/availability';
import { requestedTourId, resolveBooking } from '../../tourmaster/booking';
import type { BookingDetail } from '../../tourmaster/booking-detail';

import { getTourPrice, headPrice } from '../../tourmaster/pricing';
import { readMoneyFormat, readPricingSettings } from '../../tourmaster/pricing-settings';
import { headPriceProps } from '../../views/tour/head-price-props';
import { siteLocalTime, utcDate } from '../../wp/site-time';
import type { RequestContext } from '../context';
import { DATE_CLOSED_MESSAGE, DATE_NOT_OFFERED_MESSAGE, UNKNOWN_TOUR_MESSAGE } from './messages';

/** `price` for the legacy header; `props` the price box's breakdown (issue 18). */
export type HeadPrice = { price: string; props: HeadPriceProps } | { failed: string } | null;

/**
 * The price in the booking bar's header while the visitor chooses (booking.md §4.2), computed from
 * the tour's settings by the payment page's pricing, with the breakdown the payment page would
 * show for it; null while there is nothing to price. Catalogue reads only (a replica may answer):
 * no seat is counted here, and the booking's own steps price it again on the primary.
 */
export async function quoteHeadPrice(
  ctx: RequestContext,
  input: { data?: BookingDetail | undefined },
): Promise<HeadPrice> {
  const data = input.data;
  if (!data || isEmpty(data['tour-id'])) return null;
  const { tour, settings } = await loadBookingContext(ctx.catalogue, requestedTourId(data) ?? 0);
  // FIX (DEVIATIONS.md): the legacy site answered an unknown tour with an HTTP 500 page.
  if (!tour) return { failed: UNKNOWN_TOUR_MESSAGE };
  // FIX (DEVIATIONS.md): negative, fractional or absurd counts gave negative or infinite prices,
  // and counts the date has no price for were shown free. Travellers still being chosen are priced.
  const resolved = resolveBooking(tour, data, { complete: false });
  if (!resolved.ok) {
    const noDate = resolved.reason === 'bad-date' || resolved.reason === 'no-date';
    return { failed: noDate ? DATE_NOT_OFFERED_MESSAGE : resolved.message };
  }
  const { booking } = resolved;
  const nowLocal = siteLocalTime(ctx.now, settings);
  if (!isDateOpen(tour, booking, nowLocal)) {
    return { failed: DATE_CLOSED_MESSAGE };
  }
  const serviceIds = [...booking.services.keys()];
  const [services, serviceTitles] = await Promise.all([
    loadServiceOptions(ctx.catalogue, serviceIds),
    postTitles(ctx.catalogue, serviceIds),
  ]);
  const pricing = readPricingSettings(settings.general, settings.payment);
  const price = getTourPrice({ booking, services, coupon: null, settings: pricing, today: utcDate(ctx.now) });
  const format = readMoneyFormat(settings.general);
  const shown = headPrice(price, format);
  if (shown === null) return null;
  const props = headPriceProps({ price, format, couponAfterTax: pricing.applyCouponAfterTax, serviceTitles });
  return { price: shown, props };
}
