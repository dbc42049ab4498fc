import type { StripeFormProps } from '../../../client/common/islands/stripe-form';
import { STRIPE_PROCESSING_MESSAGE } from '../../../client/common/islands/stripe-form';
import { gatewayPaymentOrderId } from '../../data/order-writes';
import { getOrder } from '../../data/orders';
import { getSeatHold } from '../../data/seat-holds';
import { loadBookingContext } from '../../data/tours';
import { paymentInfoList } from '../../payments/payment-info';
import { amountDue } from '../../payments/paypal-verification';
import { createStripeGateway, type StripePaymentIntent, StripeRefused, StripeUnavailable } from '../../payments/stripe';
import { fromStripeAmount, toStripeAmount } from '../../payments/stripe-amount';
import {
  resolveStripeKeys,
  type StripeKeys,
  siteMainCurrency,
  stripeCardGateway,
} from '../../payments/stripe-settings';
import { type StripeRefusal, verifyPaymentIntent } from '../../payments/stripe-verification';
import type { TourOrder } from '../../tourmaster/order';
import { awaitsPayment } from '../../tourmaster/order-status';
import type { TourmasterSettings } from '../../tourmaster/settings';
import type { Tour } from '../../tourmaster/tour-option';
import type { SafeHtml } from '../../views/html';
import { stripeForm } from '../../views/payment/stripe-form';
import type { RequestContext } from '../context';
import { enforceWriteLimit } from '../write-limits';
import { paymentRecordedOn, recordUnappliedPayment, recordVerifiedPayment } from './gateway-record';
import { LATE_REFUND, NOTHING_TO_PAY } from './paypal-payment';
import { currentStripeSiteId } from './stripe-site';

export const STRIPE_NOT_CONFIGURED =
  'Card payments are not set up on this site. Nothing was charged; please choose another payment method or contact us.';
export const STRIPE_UNAVAILABLE =
  'We could not reach our card payment provider. Nothing was charged and your booking is saved; please try again in a few minutes.';
export const STRIPE_CURRENCY_MISMATCH =
  'Card payments are not available for this booking because of a currency setting on this site. Nothing was charged; please choose another payment method or contact us.';
export const STRIPE_ALREADY_PAID =
  'Your card payment for this booking has already been received: the booking is paid and its confirmation is on its way by email. Nothing more was charged.';
const STRIPE_START_REFUSED =
  'The card payment could not be started. Nothing was charged and your booking is saved; please try again or contact us.';

export type StripeFormResult = { ok: true; content: SafeHtml; props: StripeFormProps } | { ok: false; message: string };

/**
 * GATEWAY(stripe, tid) (payment.md §6): a PaymentIntent for exactly what the order owes now (the
 * stored fee-inclusive `deposit-price` or `pay-amount`, in the currency's smallest unit), named
 * for the order (`metadata.tid`), and the plugin's card form with its client secret, plus the
 * island's props. The idempotency key names the order, the instalment and the amount: pressing
 * "Pay now" again gets the same PaymentIntent, a changed amount a new one. The legacy site also
 * made a Stripe Customer for each attempt; we do not (nothing reads it back).
 */
export async function stripePaymentForm(
  ctx: RequestContext,
  input: { order: TourOrder; tour: Tour; settings: TourmasterSettings },
): Promise<StripeFormResult> {
  const keys = resolveStripeKeys(ctx.deps.config, input.settings.payment);
  if (!keys || !stripeCardGateway(input.settings.payment)) return { ok: false, message: STRIPE_NOT_CONFIGURED };
  const mainCurrency = siteMainCurrency(input.settings.general);
  if (mainCurrency !== undefined && mainCurrency !== keys.currency) {
    // Prices are stored in the main currency: charging them in another would need a conversion
    // nobody configured. Refused, and the admin told how to fix it.
    ctx.log.warn(
      { orderId: input.order.id, siteCurrency: mainCurrency, stripeCurrency: keys.currency },
      'Stripe card payment refused: stripe-currency-code differs from the site currency; set it to the site currency',
    );
    return { ok: false, message: STRIPE_CURRENCY_MISMATCH };
  }
  const due = amountDue(input.order);
  const amount = due ? toStripeAmount(due.amountDue, keys.currency) : 0;
  if (!due || amount <= 0) return { ok: false, message: NOTHING_TO_PAY };
  const instalment = paymentInfoList(input.order.paymentInfo, input.order.status).length + 1;
  try {
    const siteId = await currentStripeSiteId(ctx);
    const pi = await createStripeGateway(keys).createPaymentIntent({
      amount,
      currency: keys.currency,
      orderId: input.order.id,
      site: siteId,
      description: `Booking ${input.order.id}`,
      idempotencyKey: `tourmaster-${siteId}-${input.order.id}-${instalment}-${due.kind}-${amount}-${keys.currency}`,
    });
    if (pi.status === 'succeeded') return await settledAlready(ctx, input.order.id, pi);
    const site = await ctx.site();
    return {
      ok: true,
      content: stripeForm({
        ajaxUrl: `${site.siteUrl}/wp-admin/admin-ajax.php`,
        tid: input.order.id,
        clientSecret: pi.clientSecret,
      }),
      props: { publishableKey: keys.publishableKey, clientSecret: pi.clientSecret, orderId: input.order.id },
    };
  } catch (err) {
    if (!(err instanceof StripeUnavailable || err instanceof StripeRefused)) throw err;
    ctx.log.error({ stripe: stripeErrorText(err), orderId: input.order.id }, 'Stripe PaymentIntent not created');
    return { ok: false, message: err instanceof StripeUnavailable ? STRIPE_UNAVAILABLE : STRIPE_START_REFUSED };
  }
}

/**
 * The order's PaymentIntent (same idempotency key) has already succeeded: the visitor paid, but
 * neither the charge call nor the webhook recorded it yet. A new form could not confirm it again,
 * so it is settled now, on Stripe's word, like the charge call would.
 */
async function settledAlready(
  ctx: RequestContext,
  orderId: number,
  pi: StripePaymentIntent,
): Promise<StripeFormResult> {
  const settled = await settleStripePaymentIntent(ctx, { orderId, paymentIntentId: pi.id, intent: pi });
  return { ok: false, message: settled.ok ? STRIPE_ALREADY_PAID : settled.message };
}

export type StripeSettlement =
  | { ok: true; order: TourOrder; alreadyRecorded: boolean }
  | { ok: false; reason: SettleRefusal; message: string };

type SettleRefusal =
  | StripeRefusal
  | 'NOT_FOUND'
  | 'NOT_CONFIGURED'
  | 'NOTHING_TO_PAY'
  | 'ALREADY_USED'
  | 'UNKNOWN_PAYMENT'
  | 'UNAVAILABLE'
  | 'LATE_REFUND'
  | 'UNAPPLIED';

/**
 * Settles our order `orderId` with Stripe's PaymentIntent `paymentIntentId`, for the browser's
 * `stripe_payment_charge` and for the `payment_intent.succeeded` webhook alike (`intent`: the
 * signed event's copy, else it is retrieved from Stripe). The order becomes paid only on Stripe's
 * word: succeeded, for this order (`metadata.tid`), in the site's currency, for exactly the amount
 * due, and never recorded before. Whichever of the two calls comes first records it; the other
 * finds it recorded on this order (`alreadyRecorded`) and changes nothing. Anything else leaves
 * the order as it was, with a sentence the visitor can act on.
 */
export async function settleStripePaymentIntent(
  ctx: RequestContext,
  input: { orderId: number; paymentIntentId: string; intent?: StripePaymentIntent },
): Promise<StripeSettlement> {
  const order = input.orderId > 0 ? await getOrder(ctx.wp, input.orderId) : undefined;
  const { tour, settings } = order ? await loadBookingContext(ctx.wp, order.tourId) : {};
  if (!order || !tour || !settings) return refuse('NOT_FOUND');
  if (recordedOn(order, input.paymentIntentId)) return { ok: true, order, alreadyRecorded: true };
  const claimedBy = await gatewayPaymentOrderId(ctx.wp, 'stripe', input.paymentIntentId);
  if (claimedBy === order.id) {
    // Paid by the other call since the order was read above (the claim and the entry commit together).
    const fresh = await getOrder(ctx.wp, order.id);
    if (fresh && recordedOn(fresh, input.paymentIntentId)) return { ok: true, order: fresh, alreadyRecorded: true };
    // Claimed for this order without paying it: its refund is due already (unapplied), said again.
    return refuse('UNAPPLIED');
  }
  if (claimedBy !== undefined) return refuse('ALREADY_USED');
  const site = await currentStripeSiteId(ctx);
  const keys = resolveStripeKeys(ctx.deps.config, settings.payment);
  if (!keys || !stripeCardGateway(settings.payment))
    return input.intent && takenFor(input.intent, order, site)
      ? unapplied(ctx, { order, tour, settings, intent: input.intent }, 'NOT_CONFIGURED')
      : refuse('NOT_CONFIGURED');

  const intent = input.intent ?? (await retrieve(ctx, keys, input));
  if ('reason' in intent) return intent;
  if (intent.id !== input.paymentIntentId) return refuse('UNKNOWN_PAYMENT');
  const taken = { order, tour, settings, intent };
  const due = amountDue(order);
  if (!due || !(awaitsPayment(order.status) || (await cancelledByItsHold(ctx, order))))
    return takenFor(intent, order, site) ? unapplied(ctx, taken, 'NOTHING_TO_PAY') : refuse('NOTHING_TO_PAY');
  const verdict = verifyPaymentIntent(intent, {
    orderId: order.id,
    kind: due.kind,
    amountDue: due.amountDue,
    currency: keys.currency,
    // This installation's (metadata.site): a PaymentIntent of another site on the same Stripe
    // account, for an order of the same number, is another booking.
    site,
  });
  if (!verdict.ok) {
    ctx.log.warn({ orderId: order.id, reason: verdict.reason, detail: verdict.detail }, 'Stripe payment refused');
    return takenFor(intent, order, site)
      ? unapplied(ctx, taken, verdict.reason)
      : refuse(verdict.reason, intent.lastError);
  }
  const settled = await recordVerifiedPayment(ctx, {
    order,
    tour,
    settings,
    payment: { gateway: 'stripe', transactionId: intent.id, amount: verdict.amount, status: verdict.status },
  });
  if (settled.ok) return { ok: true, order: settled.order, alreadyRecorded: false };
  if (settled.reason === 'LATE_REFUND' || settled.reason === 'UNAPPLIED') return refuse(settled.reason);
  // The other path (charge or webhook) recorded it meanwhile: on this order, that is success.
  const now = await getOrder(ctx.wp, order.id);
  if (now && recordedOn(now, intent.id)) return { ok: true, order: now, alreadyRecorded: true };
  return (await gatewayPaymentOrderId(ctx.wp, 'stripe', intent.id)) === order.id
    ? refuse('UNAPPLIED')
    : refuse('ALREADY_USED');
}

/** Stripe took this PaymentIntent's money for this order (it names it): refused, it must be refunded. */
/** Money Stripe took for this order of this installation (a refund is ours to see to). */
function takenFor(intent: StripePaymentIntent, order: TourOrder, site: string): boolean {
  return intent.status === 'succeeded' && intent.metadata.tid === String(order.id) && intent.metadata.site === site;
}

const UNAPPLIED_REASONS: Partial<Record<SettleRefusal, string>> = {
  NOT_CONFIGURED: 'Card payments are not set up on the site any more.',
  NOTHING_TO_PAY: 'The booking no longer awaits this payment (paid otherwise, or cancelled).',
  AMOUNT_MISMATCH: 'The amount paid is not the amount the booking owes now.',
  CURRENCY_MISMATCH: "The payment is not in the site's card currency.",
};

/**
 * A succeeded PaymentIntent for this order that cannot pay it (issue 19 audit): the money is taken,
 * so the PaymentIntent is claimed for the order (it can never pay anything else, and a replay is
 * told the same) and the admin is mailed once to refund it: whichever of the charge call and the
 * webhook claims it first mails; the order itself is left as it is.
 */
async function unapplied(
  ctx: RequestContext,
  taken: { order: TourOrder; tour: Tour; settings: TourmasterSettings; intent: StripePaymentIntent },
  reason: SettleRefusal,
): Promise<{ ok: false; reason: SettleRefusal; message: string }> {
  const { intent } = taken;
  const payment = {
    gateway: 'stripe' as const,
    transactionId: intent.id,
    amount: fromStripeAmount(intent.amountReceived, intent.currency),
  };
  await recordUnappliedPayment(ctx, { ...taken, payment }, UNAPPLIED_REASONS[reason] ?? reason);
  return refuse('UNAPPLIED');
}

/** The PaymentIntent from Stripe, or the refusal to answer when Stripe cannot say. */
async function retrieve(
  ctx: RequestContext,
  keys: StripeKeys,
  input: { orderId: number; paymentIntentId: string },
): Promise<StripePaymentIntent | { ok: false; reason: SettleRefusal; message: string }> {
  try {
    return await createStripeGateway(keys).retrievePaymentIntent(input.paymentIntentId);
  } catch (err) {
    if (!(err instanceof StripeUnavailable || err instanceof StripeRefused)) throw err;
    ctx.log.error({ stripe: stripeErrorText(err), orderId: input.orderId }, 'Stripe PaymentIntent not retrieved');
    return refuse(err instanceof StripeRefused && err.status === 404 ? 'UNKNOWN_PAYMENT' : 'UNAVAILABLE');
  }
}

/** What is logged of a Stripe failure: its message only (the SDK's error carries the request it made). */
function stripeErrorText(err: StripeUnavailable | StripeRefused): string {
  return err instanceof StripeRefused ? `${err.status ?? '?'} ${err.code ?? ''} ${err.message}` : err.message;
}

/** This order's `payment_info` already holds this PaymentIntent. */
function recordedOn(order: TourOrder, paymentIntentId: string): boolean {
  return paymentRecordedOn(order, 'stripe', paymentIntentId);
}

/** An order the end of its seat hold cancelled: a payment for it may still arrive (seat-holds.ts). */
async function cancelledByItsHold(ctx: RequestContext, order: TourOrder): Promise<boolean> {
  return order.status === 'cancel' && (await getSeatHold(ctx.wp, order.id))?.state === 'expired';
}

function refuse(reason: SettleRefusal, declineText?: string): { ok: false; reason: SettleRefusal; message: string } {
  return { ok: false, reason, message: settleMessage(reason, declineText) };
}

const KEPT = 'Your booking is saved but not paid';

function settleMessage(reason: SettleRefusal, declineText: string | undefined): string {
  switch (reason) {
    case 'NOT_FOUND':
      return 'We could not find this booking. Nothing was recorded; please contact us.';
    case 'NOT_CONFIGURED':
      return STRIPE_NOT_CONFIGURED;
    case 'NOTHING_TO_PAY':
      return NOTHING_TO_PAY;
    case 'ALREADY_USED':
      return `This card payment has already been used for a booking. ${KEPT}; please contact us.`;
    case 'UNAVAILABLE':
      return 'We could not reach our card payment provider to confirm your payment. Your booking is saved; please try again in a few minutes.';
    case 'LATE_REFUND':
      return LATE_REFUND;
    case 'UNAPPLIED':
      return 'Your card payment was received but could not be applied to this booking. We will refund it or contact you shortly.';
    case 'DECLINED':
      return `Your card was declined${declineText ? ` (${declineText.replace(/\.$/, '')})` : ''}. ${KEPT}; please try another card.`;
    case 'REQUIRES_ACTION':
      return `Your bank asks you to confirm this payment. ${KEPT}; please complete the confirmation and try again.`;
    case 'PROCESSING':
      return STRIPE_PROCESSING_MESSAGE;
    case 'NOT_SUCCEEDED':
      return `This card payment has not gone through. ${KEPT}; please try again.`;
    case 'WRONG_BOOKING':
      return `This card payment was made for another booking. ${KEPT}; please contact us.`;
    case 'CURRENCY_MISMATCH':
      return `This card payment was made in another currency. ${KEPT}; please contact us.`;
    case 'AMOUNT_MISMATCH':
      return `The amount paid by card does not match the amount due. ${KEPT}; please contact us.`;
    case 'UNKNOWN_PAYMENT':
      return `Our card payment provider does not know this payment. ${KEPT}.`;
  }
}

/** A PaymentIntent id as Stripe writes them (`pi_` and letters, digits, underscores). */
const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9_]{1,200}$/;

/**
 * `stripe_payment_charge` (payment.md §6): the browser says Stripe.js confirmed PaymentIntent
 * `paymentIntent[id]` for our order `tid`; Stripe is asked (settleStripePaymentIntent). Counted
 * as a payment attempt (write-limits.ts): each call costs a request to Stripe.
 */
export async function chargeStripePayment(
  ctx: RequestContext,
  input: { tid: string; paymentIntentId: string },
): Promise<{ ok: true } | { ok: false; message: string }> {
  await enforceWriteLimit(ctx.wp, 'payment', { ip: ctx.ip, userId: (await ctx.user())?.user.id ?? 0 }, ctx.now);
  const orderId = /^[1-9]\d{0,9}$/.test(input.tid) ? Number(input.tid) : 0;
  if (!orderId) return refuse('NOT_FOUND');
  if (!PAYMENT_INTENT_ID.test(input.paymentIntentId)) return refuse('UNKNOWN_PAYMENT');
  const settled = await settleStripePaymentIntent(ctx, { orderId, paymentIntentId: input.paymentIntentId });
  return settled.ok ? { ok: true } : settled;
}
