import { countCouponUses, findCouponByCode } from '../../data/coupons';
import { getAllMeta } from '../../data/meta';
import { getOptions } from '../../data/options';
import { getOrder } from '../../data/orders';
import { postTitles } from '../../data/posts';
import { loadServiceOptions } from '../../data/services';
import { loadBookingContext } from '../../data/tours';
import { stripeConfigured } from '../../payments/stripe-settings';
import { isEmpty, list, str } from '../../php/coerce';
import { type Booking, requestedTourId, resolveBooking } from '../../tourmaster/booking';
import type { BookingDetail } from '../../tourmaster/booking-detail';
import { checkCoupon } from '../../tourmaster/coupon';
import type { CustomField } from '../../tourmaster/custom-fields';
import { normalizePaymentInfos } from '../../tourmaster/deposit';
import type { TourOrder } from '../../tourmaster/order';
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
import type { Tour } from '../../tourmaster/tour-option';
import type { SafeHtml } from '../../views/html';
import type { CompleteInput } from '../../views/payment/complete';
import type { ConfirmationProps } from '../../views/payment/confirmation';
import { PAGE_ERROR_MESSAGE, paymentPageError } from '../../views/payment/error';
import type { PaymentPageData } from '../../views/payment/page-data';
import type { PaypalSdk } from '../../views/payment/sidebar-vars';
import { DEFAULT_DATE_FORMAT } from '../../views/payment/travel-date';
import type { Site } from '../../wp/site';
import { utcDate } from '../../wp/site-time';
import type { CurrentUser } from '../../wp/user';
import { orderConfirmation } from '../booking/confirmation';
import { orderOfVisitor } from '../booking/ownership';
import type { RequestContext } from '../context';
import { pageUrl } from './page-url';

export type PaymentPageLoad = { ok: true; data: PaymentPageData } | { ok: false; content: SafeHtml };

/** The detail's tour, or the error content the page shows instead (payment.md §2.1). */
type PaymentTourLoad =
  | { ok: true; site: Site; tour: Tour; settings: TourmasterSettings; tourUrl: string }
  | { ok: false; content: SafeHtml };

/** The detail resolved against its tour (tourmaster/booking.ts), or the error content the page shows instead. */
export type PaymentTour =
  | { ok: true; site: Site; tour: Tour; settings: TourmasterSettings; booking: Booking; tourUrl: string }
  | { ok: false; content: SafeHtml };

/**
 * Whether the detail names a bookable tour date: no `tour-id` → back to the home page; no such
 * tour (or no entry for the date) → back to the tour page (an empty link for an id that is no
 * tour); travellers the booking cannot take (counts that are not whole numbers, a category the
 * date has no price for, nobody in a room) cannot be priced (DEVIATIONS.md).
 */
export async function resolvePaymentTour(ctx: RequestContext, input: BookingDetail): Promise<PaymentTour> {
  const loaded = await loadPaymentTour(ctx, input);
  return loaded.ok ? resolveOnPage(loaded, input, []) : loaded;
}

async function loadPaymentTour(ctx: RequestContext, input: BookingDetail): Promise<PaymentTourLoad> {
  const site = await ctx.site();
  if (isEmpty(input['tour-id'])) {
    return { ok: false, content: paymentPageError(PAGE_ERROR_MESSAGE, { homeUrl: `${site.homeUrl}/` }) };
  }
  const { tour, settings } = await loadBookingContext(ctx.wp, requestedTourId(input) ?? 0);
  if (!tour) return { ok: false, content: paymentPageError(PAGE_ERROR_MESSAGE, { tourUrl: '' }) };
  return { ok: true, site, tour, settings, tourUrl: tourPermalink(site, tour) };
}

/** The detail resolved on the page; `contactFields` are the page's (none where only the date and travellers are checked). */
function resolveOnPage(
  loaded: Extract<PaymentTourLoad, { ok: true }>,
  detail: BookingDetail,
  contactFields: readonly CustomField[],
): PaymentTour {
  const resolved = resolveBooking(loaded.tour, detail, { complete: true, contactFields });
  if (resolved.ok) return { ...loaded, booking: resolved.booking };
  const noDate = resolved.reason === 'bad-date' || resolved.reason === 'no-date';
  const message = noDate ? PAGE_ERROR_MESSAGE : resolved.message;
  return { ok: false, content: paymentPageError(message, { tourUrl: loaded.tourUrl }) };
}

/**
 * PAGE(detail) before rendering (payment.md §2.1): the tour, the booking as the step uses it
 * (mandatory services added at step 3, no payment method before step 4), the fields and the price,
 * or the error content.
 */
export async function loadPaymentPage(
  ctx: RequestContext,
  input: BookingDetail,
  step: PaymentStep,
): Promise<PaymentPageLoad> {
  const loaded = await loadPaymentTour(ctx, input);
  if (!loaded.ok) return loaded;
  const { site, tour, settings, tourUrl } = loaded;
  const siteOptions = await getOptions(ctx.wp, ['date_format']);
  const serviceIds = [...new Set([...tour.option['tour-service'], ...list(input.service).map(str)])];
  const [serviceOptions, serviceTitles, user] = await Promise.all([
    loadServiceOptions(ctx.wp, serviceIds),
    postTitles(ctx.wp, serviceIds),
    ctx.user(),
  ]);
  const general = settings.general;
  const contactFields = contactFieldsFor({ tourMeta: tour.meta.contactDetailFields, option: tour.option, general });
  const resolved = resolveOnPage(loaded, pageDetail(input, step, tour, serviceOptions), contactFields);
  if (!resolved.ok) return resolved;
  const { booking } = resolved;
  const { order, tid } = await ownedOrder(ctx, booking);
  const price = await priceOnPage(ctx, { tour, settings, booking, order, services: serviceOptions });
  return {
    ok: true,
    data: {
      site,
      user,
      tour,
      settings,
      booking,
      price,
      order,
      tid,
      contactFields,
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
      cardGateway: stripeConfigured(ctx.deps.config, settings),
    },
  };
}

/** The detail as the step uses it: the tour's mandatory services added at step 3; the method is only chosen at step 4. */
function pageDetail(
  input: BookingDetail,
  step: PaymentStep,
  tour: Tour,
  serviceOptions: ReadonlyMap<string, ServiceOption>,
): BookingDetail {
  const withServices = step === 3 ? withMandatoryServices(input, tour.option['tour-service'], serviceOptions) : input;
  const { payment_method, ...withoutMethod } = withServices;
  return step === 4 ? withServices : withoutMethod;
}

/** `{home}/tour/{slug}/`. */
export function tourPermalink(site: Site, tour: Pick<Tour, 'slug'>): string {
  return `${site.homeUrl}/tour/${tour.slug}/`;
}

/** The price of the booking (pricing.md) with its coupon only while the coupon is valid. */
async function priceOnPage(
  ctx: RequestContext,
  p: {
    tour: Tour;
    settings: TourmasterSettings;
    booking: Booking;
    order: TourOrder | undefined;
    /** Options of every service the booking may name (published `tour_service` posts only). */
    services: ReadonlyMap<string, ServiceOption>;
  },
): Promise<TourPrice> {
  const today = utcDate(ctx.now);
  const code = p.booking.couponCode;
  const coupon = code ? await findCouponByCode(ctx.wp, code) : undefined;
  let valid = false;
  if (coupon) {
    const timesUsed = await countCouponUses(ctx.wp, coupon.code, { excludeOrderId: p.order?.id });
    valid = checkCoupon(coupon.option, { tourId: p.tour.id, today, timesUsed }).ok;
  }
  return getTourPrice({
    booking: p.booking,
    services: p.services,
    coupon: valid && coupon ? coupon.option : null,
    settings: readPricingSettings(p.settings.general, p.settings.payment),
    paymentInfos: p.order ? normalizePaymentInfos(p.order.paymentInfo, p.order.status ?? '') : [],
    today,
  });
}

/** The detail's `tid` when it names an order this visitor owns (else it is ignored). */
async function ownedOrder(ctx: RequestContext, booking: Booking): Promise<{ order?: TourOrder; tid?: number }> {
  const tid = booking.tid ?? 0;
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

export { pageUrl };

/** What COMPLETE shows for this visitor and site. */
export async function completeInput(
  ctx: RequestContext,
  general: Readonly<Record<string, unknown>>,
  delayed = false,
  orderId?: number,
): Promise<CompleteInput> {
  const [site, user, confirmation] = await Promise.all([
    ctx.site(),
    ctx.user(),
    orderId === undefined ? undefined : confirmationOf(ctx, orderId),
  ]);
  const membership = setting(general, 'enable-membership', 'enable') === 'enable';
  const payment = setting(general, 'enable-payment', 'enable') === 'enable';
  return {
    loggedIn: user !== null,
    membership: membership && (!delayed || payment),
    dashboardUrl: user ? await pageUrl(ctx, site, general['user-page'], `${site.homeUrl}/`) : '',
    homeUrl: `${site.homeUrl}/`,
    bottomText: setting(general, 'payment-complete-bottom-text'),
    delayed,
    ...(confirmation ? { confirmation } : {}),
  };
}

/** "Your booking" for the order just booked or paid, read again (a payment may have just changed it). */
async function confirmationOf(ctx: RequestContext, orderId: number): Promise<ConfirmationProps | undefined> {
  const order = await getOrder(ctx.wp, orderId);
  if (!order) return undefined;
  const { tour, settings } = await loadBookingContext(ctx.wp, order.tourId);
  return tour ? orderConfirmation(ctx, order, tour, settings) : undefined;
}

/** The site's `tourmaster_general` option (for replies that need no tour). */
export function loadGeneralSettings(ctx: RequestContext): Promise<Readonly<Record<string, unknown>>> {
  return loadOptionRecord(ctx, 'tourmaster_general');
}

/**
 * Stripe takes the card payments of this site (payments/stripe-settings.ts): its payment page then
 * offers the card method and mounts Stripe's form, so its content-security policy allows Stripe.js.
 */
export async function stripeOnPaymentPage(ctx: RequestContext): Promise<boolean> {
  return stripeConfigured(ctx.deps.config, { payment: await loadOptionRecord(ctx, 'tourmaster_payment') });
}

async function loadOptionRecord(ctx: RequestContext, name: string): Promise<Readonly<Record<string, unknown>>> {
  const value = (await getOptions(ctx.wp, [name])).get(name);
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Readonly<Record<string, unknown>>)
    : {};
}

/** The logged-in visitor's user meta, for pre-filling the contact form (first value per key). */
export async function userMetaValues(ctx: RequestContext, user: CurrentUser | null): Promise<Map<string, string>> {
  if (!user) return new Map();
  const all = await getAllMeta(ctx.wp, 'user', user.user.id);
  return new Map([...all].map(([key, values]) => [key, str(values[0])]));
}
