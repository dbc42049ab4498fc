import { loadServiceOptions } from '../../data/services';
import { loadBookingContext } from '../../data/tours';
import { isEmpty, list, phpInt, str } from '../../php/coerce';
import { bookingCutOff } from '../../tourmaster/availability';
import type { BookingDetail } from '../../tourmaster/booking-detail';
import { findDateEntry, isOfferedDate, isWellFormedDate } from '../../tourmaster/dates';
import { mergePackage } from '../../tourmaster/packages';

import { getTourPrice, headPrice } from '../../tourmaster/pricing';
import { readMoneyFormat, readPricingSettings } from '../../tourmaster/pricing-settings';
import { checkTravellers } from '../../tourmaster/travellers';
import { siteLocalTime, utcDate } from '../../wp/site-time';
import type { RequestContext } from '../context';
import { DATE_CLOSED_MESSAGE, DATE_NOT_OFFERED_MESSAGE, UNKNOWN_TOUR_MESSAGE } from './messages';

export type HeadPrice = { price: string } | { failed: string } | null;

/**
 * The price in the booking bar's header while the visitor chooses (booking.md §4.2), computed from
 * the tour's settings; null while there is nothing to price.
 */
export async function quoteHeadPrice(
  ctx: RequestContext,
  input: { data?: BookingDetail | undefined },
): Promise<HeadPrice> {
  const data = input.data;
  if (!data || isEmpty(data['tour-id'])) return null;
  const { tour, settings } = await loadBookingContext(ctx.wp, phpInt(data['tour-id']));
  // FIX (DEVIATIONS.md): the legacy site answered an unknown tour with an HTTP 500 page.
  if (!tour) return { failed: UNKNOWN_TOUR_MESSAGE };
  const date = data['tour-date'];
  const entry = isWellFormedDate(date) ? findDateEntry(tour.option, date) : undefined;
  if (!entry || typeof date !== 'string') return { failed: DATE_NOT_OFFERED_MESSAGE };
  const merged = mergePackage(entry, str(data.package));
  const nowLocal = siteLocalTime(ctx.now, settings);
  const cutOff = bookingCutOff({ entry: merged.entry, option: tour.option, travelDate: date, nowLocal });
  if (!isOfferedDate(tour.option, tour.meta, date, nowLocal) || !cutOff.open) return { failed: DATE_CLOSED_MESSAGE };
  // FIX (DEVIATIONS.md): negative, fractional or absurd counts gave negative or infinite prices,
  // and counts the date has no price for were shown free. Travellers still being chosen are priced.
  const counts = checkTravellers(tour.option, merged.entry, data, { complete: false });
  if (!counts.ok) return { failed: counts.message };

  const services = await loadServiceOptions(ctx.wp, list(data.service).map(str));
  const price = getTourPrice({
    option: tour.option,
    entry: merged.entry,
    detail: data as BookingDetail,
    services,
    coupon: null,
    settings: readPricingSettings(settings.general, settings.payment),
    today: utcDate(ctx.now),
    travelDate: date,
  });
  const shown = headPrice(price, readMoneyFormat(settings.general));
  return shown === null ? null : { price: shown };
}
