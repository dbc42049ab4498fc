import { countCouponUses, findCouponByCode } from '../../data/coupons';
import { getOrder } from '../../data/orders';
import { loadServiceOptions } from '../../data/services';
import { loadBookingContext } from '../../data/tours';
import { isEmpty, list, phpInt, str } from '../../php/coerce';
import { DATE_CLOSED_MESSAGE } from '../../tourmaster/availability';
import type { BookingDetail } from '../../tourmaster/booking-detail';
import { COUPON_MESSAGES, type CouponOption, checkCoupon } from '../../tourmaster/coupon';
import { isWellFormedDate } from '../../tourmaster/dates';
import { normalizePaymentInfos } from '../../tourmaster/deposit';
import { type MergedDatePrice, resolveDatePrice } from '../../tourmaster/packages';
import { contactFieldsFor, validateBookingDetail, withMandatoryServices } from '../../tourmaster/payment-page';

import { getTourPrice, type TourPrice } from '../../tourmaster/pricing';
import { readPricingSettings } from '../../tourmaster/pricing-settings';
import type { TourmasterSettings } from '../../tourmaster/settings';
import type { Tour } from '../../tourmaster/tour-option';
import { checkTravellers, type Travellers } from '../../tourmaster/travellers';
import { siteLocalTime, utcDate } from '../../wp/site-time';
import type { RequestContext } from '../context';
import { type OrderRefused, refusal } from './types';

/**
 * A booking detail resolved against its tour, checked and priced, ready to be written: the tour
 * and its settings, the date's package, the one reading of the travellers (seats, price, order row
 * and mails all use it), the coupon, the detail with the tour's mandatory services, the price.
 */
export interface PreparedBooking {
  tour: Tour;
  settings: TourmasterSettings;
  travelDate: string;
  resolved: MergedDatePrice;
  travellers: Travellers;
  /** The order being rewritten (`tid`), if any. */
  tid: number | undefined;
  coupon: { code: string; option: unknown } | undefined;
  /** The detail as stored, the tour's mandatory services added. */
  detail: BookingDetail;
  price: TourPrice;
  /** UTC `Y-m-d` and the site's local `Y-m-d H:i:s` of the request. */
  today: string;
  nowLocal: string;
}

const GENERIC_ERROR = 'An error occurred while processing your request.';
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
): Promise<{ ok: true; booking: PreparedBooking } | OrderRefused> {
  const tourId = phpInt(detail['tour-id']);
  const travelDate = detail['tour-date'];
  if (tourId <= 0 || !isWellFormedDate(travelDate)) return refusal('INVALID', GENERIC_ERROR);
  const { tour, settings } = await loadBookingContext(ctx.wp, tourId);
  if (!tour) return refusal('INVALID', GENERIC_ERROR);
  const resolved = resolveDatePrice(tour.option, travelDate, detail.package);
  if (!resolved) return refusal('CLOSED', DATE_CLOSED_MESSAGE);
  const checked = checkTravellers(tour.option, resolved.entry, detail, { complete: true });
  if (!checked.ok) return refusal(checked.reason === 'room-limit' ? 'LIMIT' : 'INVALID', checked.message);
  const valid = validateBookingDetail(detail, {
    step: 4,
    tour,
    entry: resolved.entry,
    settings,
    contactFields: contactFieldsFor({
      tourMeta: tour.meta.contactDetailFields,
      option: tour.option,
      general: settings.general,
    }),
  });
  if (!valid.ok) return refusal('INVALID', valid.message);
  // traveller_amount is a tinyint column (0–255): a larger booking cannot be stored faithfully.
  if (checked.travellers.seats > 255) return refusal('LIMIT', TOO_LARGE_MESSAGE);

  const tid = isEmpty(detail.tid) || detail.tid === 'false' ? undefined : phpInt(detail.tid);
  const today = utcDate(ctx.now);
  const coupon = await validCoupon(ctx, str(detail['coupon-code']), { tourId, today, tid });
  if (coupon && 'ok' in coupon) return coupon;
  // Mandatory services are the tour's to decide, whatever the request left out.
  const booked = withMandatoryServices(
    detail,
    tour.option['tour-service'],
    await loadServiceOptions(ctx.wp, tour.option['tour-service']),
  );
  const price = await priceBooking(ctx, { tour, settings, resolved, detail: booked, coupon, tid, today, travelDate });
  return {
    ok: true,
    booking: {
      tour,
      settings,
      travelDate,
      resolved,
      travellers: checked.travellers,
      tid,
      coupon,
      detail: booked,
      price,
      today,
      nowLocal: siteLocalTime(ctx.now, settings),
    },
  };
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

/** The price, from the tour's settings and this detail, with the coupon the caller checked. */
async function priceBooking(
  ctx: RequestContext,
  b: {
    tour: Tour;
    settings: TourmasterSettings;
    resolved: MergedDatePrice;
    detail: BookingDetail;
    coupon: { code: string; option: unknown } | undefined;
    tid: number | undefined;
    today: string;
    travelDate: string;
  },
): Promise<TourPrice> {
  // An existing order's payments so far decide what is still due (pricing.md §8.1).
  const existing = b.tid === undefined ? undefined : await getOrder(ctx.wp, b.tid);
  return getTourPrice({
    option: b.tour.option,
    entry: b.resolved.entry,
    detail: b.detail as BookingDetail,
    services: await loadServiceOptions(ctx.wp, list(b.detail.service).map(str)),
    coupon: b.coupon ? (b.coupon.option as CouponOption) : null,
    settings: readPricingSettings(b.settings.general, b.settings.payment),
    paymentInfos: existing ? normalizePaymentInfos(existing.paymentInfo, existing.status ?? '') : [],
    today: b.today,
    travelDate: b.travelDate,
  });
}
