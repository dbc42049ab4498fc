import { countCouponUses, findCouponByCode } from '../../data/coupons';
import { getOrder } from '../../data/orders';
import { loadServiceOptions } from '../../data/services';
import { loadBookingContext } from '../../data/tours';
import { str } from '../../php/coerce';
import {
  type Booking,
  type BookingRefusal,
  INVALID_BOOKING_MESSAGE,
  requestedTourId,
  resolveBooking,
} from '../../tourmaster/booking';
import type { BookingDetail } from '../../tourmaster/booking-detail';
import { COUPON_MESSAGES, type CouponOption, checkCoupon } from '../../tourmaster/coupon';
import { normalizePaymentInfos } from '../../tourmaster/deposit';

import { packageTitleNamed } from '../../tourmaster/packages';
import { contactFieldsFor, validateBooking, withMandatoryServices } from '../../tourmaster/payment-page';
import { getTourPrice, type TourPrice } from '../../tourmaster/pricing';
import { readPricingSettings } from '../../tourmaster/pricing-settings';
import type { TourmasterSettings } from '../../tourmaster/settings';
import type { Tour } from '../../tourmaster/tour-option';
import { siteLocalTime, utcDate } from '../../wp/site-time';
import type { RequestContext } from '../context';
import { type OrderRefusal, type OrderRefused, refusal } from './types';

/**
 * A booking ready to be written: the tour and its settings, the one typed reading of the detail
 * (tourmaster/booking.ts: date and package, travellers, services with the tour's mandatory ones,
 * coupon code, payment), the coupon found valid, the price computed from the tour's settings.
 */
export interface PreparedBooking {
  tour: Tour;
  settings: TourmasterSettings;
  booking: Booking;
  coupon: { code: string; option: unknown } | undefined;
  price: TourPrice;
  /** UTC `Y-m-d` and the site's local `Y-m-d H:i:s` of the request. */
  today: string;
  nowLocal: string;
}

const UNKNOWN_PACKAGE_MESSAGE = 'This tour has no package of this name on this date.';

const TOO_LARGE_MESSAGE = 'Sorry, a single booking can hold at most 255 travellers.';

/**
 * The checks a booking passes before its transaction: a tour that can be booked on a date it
 * offers, travellers its pricing method defines, the payment page's own checks (DEFECTS.md 11,
 * repeated here for whatever path writes the order), and a coupon valid now. The price is computed
 * here from the tour's settings, never taken from the request.
 */
export async function prepareBooking(
  ctx: RequestContext,
  detail: BookingDetail,
  /**
   * `quote`: the REST API's price quote, which carries no contact or traveller details to check;
   * `api`: the REST API names a package that must be one of the date's (the site's pages show a
   * stale title as sent).
   */
  options: { quote?: boolean; api?: boolean } = {},
): Promise<{ ok: true; booking: PreparedBooking } | OrderRefused> {
  const tourId = requestedTourId(detail);
  if (tourId === undefined) return refusal('INVALID', INVALID_BOOKING_MESSAGE);
  const { tour, settings } = await loadBookingContext(ctx.wp, tourId);
  if (!tour) return refusal('INVALID', INVALID_BOOKING_MESSAGE);
  // Mandatory services are the tour's to decide, whatever the request left out.
  // The API names a package by its title or its group slug; the detail carries its title.
  const named = options.api
    ? { ...detail, package: packageTitleNamed(tour.option, detail['tour-date'], str(detail.package)) }
    : detail;
  const withServices = withMandatoryServices(
    named,
    tour.option['tour-service'],
    await loadServiceOptions(ctx.wp, tour.option['tour-service']),
  );
  const contactFields = contactFieldsFor({
    tourMeta: tour.meta.contactDetailFields,
    option: tour.option,
    general: settings.general,
  });
  const resolved = resolveBooking(tour, withServices, { complete: true, contactFields });
  if (!resolved.ok) return refusal(refusalOf(resolved.reason), resolved.message);
  const { booking } = resolved;
  if (options.api && booking.packageTitle !== '' && booking.date.package?.title !== booking.packageTitle) {
    return refusal('INVALID', UNKNOWN_PACKAGE_MESSAGE);
  }
  const valid = options.quote
    ? { ok: true as const }
    : validateBooking(booking, { step: 4, tour, settings, contactFields });
  if (!valid.ok) return refusal('INVALID', valid.message);
  // traveller_amount is a tinyint column (0–255): a larger booking cannot be stored faithfully.
  if (booking.travellers.seats > 255) return refusal('LIMIT', TOO_LARGE_MESSAGE);

  const today = utcDate(ctx.now);
  const coupon = await validCoupon(ctx, booking.couponCode, { tourId, today, tid: booking.tid });
  if (coupon && 'ok' in coupon) return coupon;
  const price = await priceBooking(ctx, { tour, settings, booking, coupon, today });
  return {
    ok: true,
    booking: { tour, settings, booking, coupon, price, today, nowLocal: siteLocalTime(ctx.now, settings) },
  };
}

function refusalOf(reason: BookingRefusal): OrderRefusal {
  if (reason === 'no-date') return 'CLOSED';
  return reason === 'room-limit' ? 'LIMIT' : 'INVALID';
}

/**
 * The coupon a booking names, when it is valid now; a coupon named but not valid (used up since
 * the payment page showed it, expired, unknown) refuses the booking with its reason: the visitor
 * decides whether to book at the full price.
 */
async function validCoupon(
  ctx: RequestContext,
  code: string,
  at: { tourId: number; today: string; tid: number | undefined },
): Promise<{ code: string; option: unknown } | OrderRefused | undefined> {
  if (!code) return undefined;
  const coupon = await findCouponByCode(ctx.wp, code);
  if (!coupon) return refusal('COUPON', COUPON_MESSAGES.invalid);
  const uses = await countCouponUses(ctx.wp, coupon.code, { excludeOrderId: at.tid });
  const check = checkCoupon(coupon.option as CouponOption, { tourId: at.tourId, today: at.today, timesUsed: uses });
  return check.ok ? coupon : refusal('COUPON', check.message);
}

/** The price, from the tour's settings and this booking, with the coupon the caller checked. */
async function priceBooking(
  ctx: RequestContext,
  b: {
    tour: Tour;
    settings: TourmasterSettings;
    booking: Booking;
    coupon: { code: string; option: unknown } | undefined;
    today: string;
  },
): Promise<TourPrice> {
  // An existing order's payments so far decide what is still due (pricing.md §8.1).
  const existing = b.booking.tid === undefined ? undefined : await getOrder(ctx.wp, b.booking.tid);
  return getTourPrice({
    booking: b.booking,
    services: await loadServiceOptions(ctx.wp, [...b.booking.services.keys()]),
    coupon: b.coupon ? (b.coupon.option as CouponOption) : null,
    settings: readPricingSettings(b.settings.general, b.settings.payment),
    paymentInfos: existing ? normalizePaymentInfos(existing.paymentInfo, existing.status ?? '') : [],
    today: b.today,
  });
}
