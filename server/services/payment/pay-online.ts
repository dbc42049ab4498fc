import type { PaymentPageProps } from '../../../client/common/islands/PaymentPage';
import { updateOrderPricing } from '../../data/order-writes';
import { getOrder } from '../../data/orders';
import { getSeatHold } from '../../data/seat-holds';
import { loadBookingContext } from '../../data/tours';
import { readPaypalSettings } from '../../payments/paypal-settings';
import { amountDue } from '../../payments/paypal-verification';
import { stripeConfigured } from '../../payments/stripe-settings';
import { isEmpty, phpInt, str } from '../../php/coerce';
import type { FormRecord } from '../../php/form-input';
import type { PhpValue } from '../../php/values';
import { ofOrder } from '../../tourmaster/booking';
import { type BookingDetail, bookingDetailFrom } from '../../tourmaster/booking-detail';
import type { TourOrder } from '../../tourmaster/order';
import { awaitsPayment } from '../../tourmaster/order-status';
import { toPricingInfo } from '../../tourmaster/pricing-info';
import type { TourmasterSettings } from '../../tourmaster/settings';
import type { Tour } from '../../tourmaster/tour-option';
import type { SafeHtml } from '../../views/html';
import { completion } from '../../views/payment/complete';
import { bookingRefused } from '../../views/payment/error';
import { type Sidebar, summary, withSidebar } from '../../views/payment/page';
import { paypalStandardForm } from '../../views/payment/paypal-standard-form';
import type { ReplyCookie } from '../../wp/set-cookie';
import { CONSENT_COOKIE, marketingAccepted, splitAttribution } from '../booking/attribution';
import { ORDER_NOT_FOUND, orderOfVisitor, ownsOrder } from '../booking/ownership';
import { placeBooking } from '../booking/place-order';
import { renewHoldForAttempt } from '../booking/seat-holds';
import type { RequestContext } from '../context';
import { enforceWriteLimit } from '../write-limits';
import { paymentRecordedOn } from './gateway-record';
import { completeInput, loadPaymentPage, pageUrl } from './page-data';
import { completePaypalPayment, NOTHING_TO_PAY } from './paypal-payment';
import { STRIPE_NOT_CONFIGURED, stripePaymentForm } from './stripe-payment';

export interface SelectedResult {
  content?: SafeHtml | string;
  /** The PaymentPage island's typed props (a top-level `props` key, which the legacy script ignores). */
  props?: PaymentPageProps;
  cookie?: PhpValue;
  sidebar?: SafeHtml;
  empty?: true;
  setCookies?: ReplyCookie[];
}

/** What `tourmaster_payment_selected` posts: the gateway, the detail, a PayPal SDK completion. */
export interface SelectedInput {
  type?: string | undefined;
  booking_detail?: BookingDetail | undefined;
  paypal_type?: string | undefined;
  order_data?: FormRecord | undefined;
}

/**
 * "Pay now" on the payment page (payment.md §3.3): writes the order for an online payment (or
 * re-prices the visitor's own existing order) and answers the gateway's form; for the PayPal JS SDK,
 * confirms the captured payment with PayPal before the order counts as paid. Gateways this server
 * does not implement answer as the legacy site does for a gateway that is not set up: no form.
 */
export async function payOnline(ctx: RequestContext, input: SelectedInput): Promise<SelectedResult> {
  await enforceWriteLimit(ctx.wp, 'payment', { ip: ctx.ip, userId: (await ctx.user())?.user.id ?? 0 }, ctx.now);
  const posted = input.booking_detail ?? {};
  // Our attribution fields are read and taken out: what is echoed and stored is the plugin's detail.
  const { detail, attribution } = splitAttribution(posted, {
    marketing: marketingAccepted(ctx.cookie(CONSENT_COOKIE)),
  });
  const type = str(input.type);
  const paypalOrderId = paypalSdkOrderId(input);
  if (!isEmpty(detail.tid)) return payExistingOrder(ctx, phpInt(detail.tid), detail, type, paypalOrderId);
  if (isEmpty(detail['tour-id']) || isEmpty(detail['tour-date'])) return { empty: true };
  // A card payment this site cannot take writes no order (it would hold seats for nothing).
  if (type === 'stripe' && !(await stripeAvailable(ctx, phpInt(detail['tour-id'])))) {
    return { content: bookingRefused(STRIPE_NOT_CONFIGURED) };
  }

  const placed = await placeBooking(
    ctx,
    { ...detail, payment_method: type },
    { via: 'gateway', paymentMethod: type, ...(attribution ? { attribution } : {}) },
  );
  if (!placed.ok) return { content: bookingRefused(placed.message) };
  const sidebar = await stepFourSummary(ctx, { ...detail, payment_method: type }, placed.orderId, placed.price);
  const settings = (await loadBookingContext(ctx.wp, placed.tour.id)).settings;
  if (placed.order.status === 'approved') {
    return {
      ...completion(await completeInput(ctx, settings.general, false, placed.orderId)),
      cookie: '',
      setCookies: placed.cookies,
    };
  }
  if (paypalOrderId !== undefined) {
    const paid = await completePaypalPayment(ctx, {
      order: placed.order,
      tour: placed.tour,
      settings,
      paypalOrderId,
    });
    return paid.ok
      ? {
          cookie: '',
          ...withSummary(completion(await completeInput(ctx, settings.general, false, placed.orderId)), sidebar),
          setCookies: placed.cookies,
        }
      : { ...withSummary({ content: bookingRefused(paid.message) }, sidebar), setCookies: placed.cookies };
  }
  const form = await gatewayForm(ctx, type, placed.order, placed.tour, settings);
  return withSummary(
    {
      content: form.content,
      ...(form.props && { props: form.props }),
      // The legacy key order and types: the request's detail, then payment_method, then tid as a number.
      cookie: { ...detail, payment_method: type, tid: placed.orderId } as PhpValue,
      setCookies: placed.cookies,
    },
    sidebar,
  );
}

/** Whether the site takes card payments through Stripe (payments/stripe-settings.ts). */
async function stripeAvailable(ctx: RequestContext, tourId: number): Promise<boolean> {
  return stripeConfigured(ctx.deps.config, (await loadBookingContext(ctx.wp, tourId)).settings);
}

/** `order_data[id]` of the PayPal JS SDK's completion, when this is one. */
function paypalSdkOrderId(input: SelectedInput): string | undefined {
  if (input.type !== 'paypal' || input.paypal_type !== 'js-sdk') return undefined;
  return str(input.order_data?.id);
}

/**
 * Paying an order that exists (`tid`): only its owner may (the legacy site let anyone rewrite any
 * order's price). Its price is computed again for the chosen payment, and stored, as the plugin does.
 */
async function payExistingOrder(
  ctx: RequestContext,
  tid: number,
  detail: BookingDetail,
  type: string,
  paypalOrderId: string | undefined,
  /** Read again after a payment changed the order while this request re-priced it (at most once). */
  reread = false,
): Promise<SelectedResult> {
  const own = await orderOfVisitor(ctx, tid);
  if (!own.ok) {
    const late = paypalOrderId === undefined ? undefined : await orderCancelledByItsHold(ctx, tid);
    return late ? payCancelledByHold(ctx, late, paypalOrderId!) : { content: bookingRefused(own.message) };
  }
  const order = own.order;
  // FIX (DEVIATIONS.md): a paid order's stored pricing is the record of what was paid; only an order
  // still awaiting payment is re-priced for the instalment chosen.
  if (!awaitsPayment(order.status) || !amountDue(order)) {
    // The same PayPal completion sent again after it paid this order: answered paid, as the first was.
    if (paypalOrderId !== undefined && paymentRecordedOn(order, 'paypal', paypalOrderId)) return paidReply(ctx, order);
    return { content: bookingRefused(NOTHING_TO_PAY) };
  }
  // A new attempt gets the whole seat hold again; one whose hold ran out is refused (its seats may be
  // taken). A payment already captured (the SDK's completion) is taken either way: seat-holds.ts.
  if (paypalOrderId === undefined && !(await renewHoldForAttempt(ctx, tid))) {
    return { content: bookingRefused(HOLD_ENDED) };
  }
  const stored = bookingDetailFrom(order.bookingDetail);
  const paymentType = str(detail['payment-type']) || str(stored['payment-type']) || 'full';
  const chosen: BookingDetail = { ...stored, payment_method: type, 'payment-type': paymentType };
  const load = await loadPaymentPage(ctx, { ...chosen, tid: String(tid) }, 4);
  if (!load.ok) return { content: load.content };
  const info = toPricingInfo(load.data.price);
  // The plugin drops the deposit keys when the full amount is chosen: the charge is then pay-amount.
  if (paymentType !== 'partial') {
    delete info['deposit-rate'];
    delete info['deposit-price'];
  }
  if (
    !(await updateOrderPricing(ctx.wp, tid, order.status ?? '', {
      pricingInfo: info,
      bookingDetail: chosen as PhpValue,
    }))
  ) {
    // A payment was recorded on the order after it was read: answered from the order as it is now
    // (paid by this same completion, something left to pay, or nothing).
    if (!reread) return payExistingOrder(ctx, tid, detail, type, paypalOrderId, true);
    return { content: bookingRefused(ORDER_CHANGED) };
  }
  const repriced = (await getOrder(ctx.wp, tid)) as TourOrder;
  const sidebar = summary({ ...load.data, tid }, { editable: false });
  if (paypalOrderId !== undefined) {
    const paid = await completePaypalPayment(ctx, {
      order: repriced,
      tour: load.data.tour,
      settings: load.data.settings,
      paypalOrderId,
    });
    return paid.ok
      ? {
          cookie: '',
          ...withSummary(completion(await completeInput(ctx, load.data.settings.general, false, tid)), sidebar),
        }
      : withSummary({ content: bookingRefused(paid.message) }, sidebar);
  }
  return withSummary(await gatewayForm(ctx, type, repriced, load.data.tour, load.data.settings), sidebar);
}

/** The completion for an order already paid by the payment being completed again. */
async function paidReply(ctx: RequestContext, order: TourOrder): Promise<SelectedResult> {
  const { settings } = await loadBookingContext(ctx.wp, order.tourId);
  return { cookie: '', ...completion(await completeInput(ctx, settings.general, false, order.id)) };
}

const ORDER_CHANGED = 'This booking was changed while it was being paid. Please reload the page and try again.';

const HOLD_ENDED = 'The time to pay for this booking has run out and its seats were released. Please book again.';

/** The visitor's own order that the end of its seat hold cancelled (a payment for it may still arrive). */
async function orderCancelledByItsHold(ctx: RequestContext, tid: number): Promise<TourOrder | undefined> {
  const order = tid > 0 ? await getOrder(ctx.wp, tid) : undefined;
  if (order?.status !== 'cancel' || (await getSeatHold(ctx.wp, tid))?.state !== 'expired') return undefined;
  return (await ownsOrder(ctx, order)) ? order : undefined;
}

/** PayPal's completion for an order its hold cancelled: taken at the price it was offered, if the seats are free. */
async function payCancelledByHold(
  ctx: RequestContext,
  order: TourOrder,
  paypalOrderId: string,
): Promise<SelectedResult> {
  const { tour, settings } = await loadBookingContext(ctx.wp, order.tourId);
  if (!tour) return { content: bookingRefused(ORDER_NOT_FOUND) };
  const paid = await completePaypalPayment(ctx, { order, tour, settings, paypalOrderId });
  return paid.ok
    ? { cookie: '', ...completion(await completeInput(ctx, settings.general)) }
    : { content: bookingRefused(paid.message) };
}

/**
 * The reply's parts with the order's summary, its markup and its props. A completion is step 4;
 * a refusal or a gateway's form leaves the page at the payment step, 3.
 */
function withSummary<T extends object>(
  parts: T & { props?: PaymentPageProps },
  sidebar: Sidebar | undefined,
): T & { sidebar?: SafeHtml; props?: PaymentPageProps } {
  return sidebar ? withSidebar(parts, sidebar, 3) : parts;
}

/** The step-4 summary of a booking just written (the guest's key is not in this request yet). */
async function stepFourSummary(
  ctx: RequestContext,
  detail: BookingDetail,
  orderId: number,
  price: Parameters<typeof summary>[0]['price'],
) {
  const load = await loadPaymentPage(ctx, detail, 4);
  if (!load.ok) return undefined;
  return summary(
    { ...load.data, price, tid: orderId, booking: ofOrder(load.data.booking, orderId) },
    { editable: false },
  );
}

/** A gateway's form: its markup, and for Stripe the island's props (`props.stripe`). */
interface GatewayForm {
  content: SafeHtml | string;
  props?: PaymentPageProps;
}

/**
 * GATEWAY(type, tid): the PayPal standard redirect form for the amount due, Stripe's card form
 * with a PaymentIntent for it (stripe-payment.ts); '' for the gateways this server leaves to
 * WordPress (Authorize.Net, Hipay, WooCommerce), as for a gateway not set up.
 */
async function gatewayForm(
  ctx: RequestContext,
  type: string,
  order: TourOrder,
  tour: Tour,
  settings: TourmasterSettings,
): Promise<GatewayForm> {
  if (type === 'stripe') {
    const form = await stripePaymentForm(ctx, { order, tour, settings });
    return form.ok
      ? { content: form.content, props: { step: 3, stripe: form.props } }
      : { content: bookingRefused(form.message) };
  }
  if (type !== 'paypal') return { content: '' };
  const paypal = readPaypalSettings(settings.payment);
  if (paypal.method !== 'standard') return { content: '' };
  const due = amountDue(order);
  if (!due) return { content: '' };
  const site = await ctx.site();
  return {
    content: paypalStandardForm({
      liveMode: paypal.liveMode,
      business: paypal.businessEmail,
      currencyCode: paypal.currencyCode,
      itemName: tour.title,
      tid: order.id,
      amount: due.amountDue,
      homeUrl: site.homeUrl,
      paymentUrl: await pageUrl(ctx, site, settings.general['payment-page'], `${site.homeUrl}/?tourmaster-payment`),
      now: ctx.now,
    }),
  };
}
