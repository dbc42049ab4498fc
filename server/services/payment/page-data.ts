import { countCouponUses, findCouponByCode } from '../../data/coupons';
import { getAllMeta } from '../../data/meta';
import { getOptions } from '../../data/options';
import { postTitles, publishedPagePath } from '../../data/posts';
import { loadServiceOptions } from '../../data/services';
import { loadBookingContext } from '../../data/tours';
import { isEmpty, list, phpInt, str } from '../../php/coerce';
import type { BookingDetail } from '../../tourmaster/booking-detail';
import { checkCoupon } from '../../tourmaster/coupon';
import { normalizePaymentInfos } from '../../tourmaster/deposit';
import type { TourOrder } from '../../tourmaster/order';
import { resolveDatePrice } from '../../tourmaster/packages';
import {
  contactFieldsFor,
  type PaymentStep,
  travellerFieldsFor,
  withMandatoryServices,
} from '../../tourmaster/payment-page';

import { getTourPrice, type TourPrice } from '../../tourmaster/pricing';
import { readMoneyFormat, readPricingSettings } from '../../tourmaster/pricing-settings';
import type { ServiceOption } from '../../tourmaster/services';
import { setting, type TourmasterSettings } from '../../tourmaster/settings';
import type { DatePriceEntry, Tour } from '../../tourmaster/tour-option';
import { checkTravellers, type Travellers } from '../../tourmaster/travellers';
import type { SafeHtml } from '../../views/html';
import type { CompleteInput } from '../../views/payment/complete';
import { PAGE_ERROR_MESSAGE, paymentPageError } from '../../views/payment/error';
import type { PaymentPageData } from '../../views/payment/page-data';
import type { PaypalSdk } from '../../views/payment/total';
import { DEFAULT_DATE_FORMAT } from '../../views/payment/travel-date';
import type { Site } from '../../wp/site';
import { utcDate } from '../../wp/site-time';
import type { CurrentUser } from '../../wp/user';
import { orderOfVisitor } from '../booking/ownership';
import type { RequestContext } from '../context';

export type PaymentPageLoad = { ok: true; data: PaymentPageData } | { ok: false; content: SafeHtml };

/** The detail's tour and date entry, or the error content the page shows instead (payment.md §2.1). */
export type PaymentTour =
  | {
      ok: true;
      site: Site;
      tour: Tour;
      settings: TourmasterSettings;
      entry: DatePriceEntry;
      travellers: Travellers;
      tourUrl: string;
    }
  | { ok: false; content: SafeHtml };

/**
 * Whether the detail names a bookable tour date: no `tour-id` → back to the home page; no such
 * tour (or no entry for the date) → back to the tour page (an empty link for an id that is no
 * tour); travellers the booking cannot take (counts that are not whole numbers, a category the
 * date has no price for, nobody in a room) cannot be priced (DEVIATIONS.md).
 */
export async function resolvePaymentTour(ctx: RequestContext, input: BookingDetail): Promise<PaymentTour> {
  const site = await ctx.site();
  if (isEmpty(input['tour-id'])) {
    return { ok: false, content: paymentPageError(PAGE_ERROR_MESSAGE, { homeUrl: `${site.homeUrl}/` }) };
  }
  const { tour, settings } = await loadBookingContext(ctx.wp, phpInt(input['tour-id']));
  if (!tour) return { ok: false, content: paymentPageError(PAGE_ERROR_MESSAGE, { tourUrl: '' }) };
  const tourUrl = tourPermalink(site, tour);
  const resolved = isEmpty(input['tour-date'])
    ? undefined
    : resolveDatePrice(tour.option, input['tour-date'], input.package);
  if (!resolved) return { ok: false, content: paymentPageError(PAGE_ERROR_MESSAGE, { tourUrl }) };
  const checked = checkTravellers(tour.option, resolved.entry, input, { complete: true });
  if (!checked.ok) return { ok: false, content: paymentPageError(checked.message, { tourUrl }) };
  return { ok: true, site, tour, settings, entry: resolved.entry, travellers: checked.travellers, tourUrl };
}

/**
 * PAGE(detail) before rendering (payment.md §2.1): the tour, the date entry, the fields and the
 * price of the detail as the step uses it, or the error content.
 */
export async function loadPaymentPage(
  ctx: RequestContext,
  input: BookingDetail,
  step: PaymentStep,
): Promise<PaymentPageLoad> {
  const resolved = await resolvePaymentTour(ctx, input);
  if (!resolved.ok) return resolved;
  const { site, tour, settings, entry, travellers, tourUrl } = resolved;
  const siteOptions = await getOptions(ctx.wp, ['date_format']);
  const serviceIds = [...new Set([...tour.option['tour-service'], ...list(input.service).map(str)])];
  const [serviceOptions, serviceTitles, user] = await Promise.all([
    loadServiceOptions(ctx.wp, serviceIds),
    postTitles(ctx.wp, serviceIds),
    ctx.user(),
  ]);
  const withServices = step === 3 ? withMandatoryServices(input, tour.option['tour-service'], serviceOptions) : input;
  // The method is only chosen at step 4; an earlier step's detail is priced without its fee.
  const { payment_method, ...withoutMethod } = withServices;
  const detail: BookingDetail = step === 4 ? withServices : withoutMethod;

  const { order, tid } = await ownedOrder(ctx, detail);
  const price = await priceDetail(ctx, { tour, settings, entry, detail, order, services: serviceOptions });
  const general = settings.general;
  return {
    ok: true,
    data: {
      site,
      user,
      tour,
      settings,
      entry,
      travellers,
      detail,
      price,
      order,
      tid,
      contactFields: contactFieldsFor({ tourMeta: tour.meta.contactDetailFields, option: tour.option, general }),
      travellerFields: travellerFieldsFor(tour.option, general),
      services: tour.option['tour-service'].flatMap((id) => {
        const option = serviceOptions.get(id);
        return option ? [{ id, title: serviceTitles.get(id) ?? '', option }] : [];
      }),
      serviceTitles,
      format: readMoneyFormat(general),
      dateFormat: str(siteOptions.get('date_format')) || DEFAULT_DATE_FORMAT,
      style: setting(general, 'payment-page-style', 'style-1') === 'style-2' ? 'style-2' : 'style-1',
      tourUrl,
      ajaxUrl: `${site.siteUrl}/wp-admin/admin-ajax.php`,
      paypalSdk: paypalSdk(settings.payment),
    },
  };
}

/** `{home}/tour/{slug}/`. */
export function tourPermalink(site: Site, tour: Pick<Tour, 'slug'>): string {
  return `${site.homeUrl}/tour/${tour.slug}/`;
}

/** The price of the detail (pricing.md) with its coupon only while the coupon is valid. */
async function priceDetail(
  ctx: RequestContext,
  p: {
    tour: Tour;
    settings: TourmasterSettings;
    entry: DatePriceEntry;
    detail: BookingDetail;
    order: TourOrder | undefined;
    /** Options of every service the detail may name (published `tour_service` posts only). */
    services: ReadonlyMap<string, ServiceOption>;
  },
): Promise<TourPrice> {
  const today = utcDate(ctx.now);
  const code = str(p.detail['coupon-code']);
  const coupon = code ? await findCouponByCode(ctx.wp, code) : undefined;
  let valid = false;
  if (coupon) {
    const timesUsed = await countCouponUses(ctx.wp, coupon.code, { excludeOrderId: p.order?.id });
    valid = checkCoupon(coupon.option, { tourId: p.tour.id, today, timesUsed }).ok;
  }
  return getTourPrice({
    option: p.tour.option,
    entry: p.entry,
    detail: p.detail as BookingDetail,
    services: p.services,
    coupon: valid && coupon ? coupon.option : null,
    settings: readPricingSettings(p.settings.general, p.settings.payment),
    paymentInfos: p.order ? normalizePaymentInfos(p.order.paymentInfo, p.order.status ?? '') : [],
    today,
    travelDate: str(p.detail['tour-date']),
  });
}

/** The detail's `tid` when it names an order this visitor owns (else it is ignored). */
async function ownedOrder(ctx: RequestContext, detail: BookingDetail): Promise<{ order?: TourOrder; tid?: number }> {
  const tid = phpInt(detail.tid);
  if (tid <= 0) return {};
  const own = await orderOfVisitor(ctx, tid);
  return own.ok ? { order: own.order, tid } : {};
}

function paypalSdk(payment: Readonly<Record<string, unknown>>): PaypalSdk | undefined {
  if (setting(payment, 'paypal-method') !== 'js-sdk' || isEmpty(payment['paypal-client-id'])) return undefined;
  return {
    clientId: str(payment['paypal-client-id']),
    currency: setting(payment, 'paypal-currency-code', 'USD'),
    serviceFee: setting(payment, 'paypal-service-fee'),
  };
}

/** A page option (`term-of-service-page`, `user-page` …): a page id's permalink, or the URL written there. */
export async function pageUrl(ctx: RequestContext, site: Site, value: unknown, fallback: string): Promise<string> {
  const text = str(value);
  if (text === '') return fallback;
  if (!/^\d+$/.test(text)) return text;
  const path = await publishedPagePath(ctx.wp, Number(text));
  return path === undefined ? '' : `${site.homeUrl}${path}`;
}

/** What COMPLETE shows for this visitor and site. */
export async function completeInput(
  ctx: RequestContext,
  general: Readonly<Record<string, unknown>>,
  delayed = false,
): Promise<CompleteInput> {
  const [site, user] = await Promise.all([ctx.site(), ctx.user()]);
  const membership = setting(general, 'enable-membership', 'enable') === 'enable';
  const payment = setting(general, 'enable-payment', 'enable') === 'enable';
  return {
    loggedIn: user !== null,
    membership: membership && (!delayed || payment),
    dashboardUrl: user ? await pageUrl(ctx, site, general['user-page'], `${site.homeUrl}/`) : '',
    homeUrl: `${site.homeUrl}/`,
    bottomText: setting(general, 'payment-complete-bottom-text'),
    delayed,
  };
}

/** The site's `tourmaster_general` option (for replies that need no tour). */
export async function loadGeneralSettings(ctx: RequestContext): Promise<Readonly<Record<string, unknown>>> {
  const options = await getOptions(ctx.wp, ['tourmaster_general']);
  const general = options.get('tourmaster_general');
  return general && typeof general === 'object' && !Array.isArray(general)
    ? (general as Readonly<Record<string, unknown>>)
    : {};
}

/** The logged-in visitor's user meta, for pre-filling the contact form (first value per key). */
export async function userMetaValues(ctx: RequestContext, user: CurrentUser | null): Promise<Map<string, string>> {
  if (!user) return new Map();
  const all = await getAllMeta(ctx.wp, 'user', user.user.id);
  return new Map([...all].map(([key, values]) => [key, str(values[0])]));
}
