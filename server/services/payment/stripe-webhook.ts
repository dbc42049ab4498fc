import { gatewayPaymentOrderId, updatePaymentEntries } from '../../data/order-writes';
import { getOrder } from '../../data/orders';
import { loadBookingContext } from '../../data/tours';
import { paymentInfoList } from '../../payments/payment-info';
import { paymentIntentOf, type StripeEvent, verifiedWebhookEvent } from '../../payments/stripe';
import { fromStripeAmount } from '../../payments/stripe-amount';
import type { PhpValue } from '../../php/values';
import type { TourOrder } from '../../tourmaster/order';
import { siteLocalTime } from '../../wp/site-time';
import { notifyOrder } from '../booking/notify';
import type { RequestContext } from '../context';
import { settleStripePaymentIntent } from './stripe-payment';

/**
 * `POST /wp-json/tourmaster/v1/stripe/webhook` (README "Connecting Stripe"; the plugin had none):
 * Stripe's events, trusted only with a valid `Stripe-Signature` over the raw body
 * (`STRIPE_WEBHOOK_SECRET`, 5 minutes' tolerance). `payment_intent.succeeded` settles the order as
 * `stripe_payment_charge` does (the same function: whichever comes first pays, the other changes
 * nothing); `charge.refunded` is recorded on the order and the admin mailed. Other events: 200,
 * ignored. A refused payment is answered 200 too (Stripe retrying would not change the verdict);
 * a failure of ours is a 500, which Stripe retries.
 */
export type WebhookAnswer = { status: 200 | 400; body: Record<string, PhpValue> };

export async function handleStripeWebhook(
  ctx: RequestContext,
  payload: Buffer,
  signature: string | undefined,
): Promise<WebhookAnswer> {
  const secret = ctx.deps.config.stripe.webhookSecret;
  if (!secret) return { status: 400, body: { error: 'Stripe webhooks are not set up on this site.' } };
  let event: StripeEvent;
  try {
    event = verifiedWebhookEvent(payload, signature ?? '', secret);
  } catch (err) {
    ctx.log.warn({ err: (err as Error).message }, 'Stripe webhook refused: bad signature');
    return { status: 400, body: { error: 'Invalid signature.' } };
  }
  switch (event.type) {
    case 'payment_intent.succeeded':
      return paymentSucceeded(ctx, event);
    case 'charge.refunded':
      return chargeRefunded(ctx, event);
    default:
      return { status: 200, body: { received: true, ignored: event.type } };
  }
}

async function paymentSucceeded(
  ctx: RequestContext,
  event: Extract<StripeEvent, { type: 'payment_intent.succeeded' }>,
): Promise<WebhookAnswer> {
  const intent = paymentIntentOf(event.data.object);
  const tid = intent.metadata.tid ?? '';
  // Not one of our booking payments (another integration on the same Stripe account).
  if (!/^[1-9]\d{0,9}$/.test(tid)) return { status: 200, body: { received: true, ignored: 'no booking' } };
  const settled = await settleStripePaymentIntent(ctx, { orderId: Number(tid), paymentIntentId: intent.id, intent });
  if (!settled.ok) {
    ctx.log.warn(
      { orderId: Number(tid), paymentIntentId: intent.id, reason: settled.reason },
      'Stripe webhook: not paid',
    );
    return { status: 200, body: { received: true, settled: false, reason: settled.reason } };
  }
  return { status: 200, body: { received: true, settled: true, already: settled.alreadyRecorded } };
}

/**
 * A refund made in Stripe (dashboard or API): the order that PaymentIntent paid gets a
 * `payment_info` entry `{payment_method: stripe, submission_date, transaction_id: pi, charge_id,
 * refunded_amount, payment_status: refunded}` (no `amount`: what was paid stays as it was; the admin
 * decides what the order becomes) and the admin is mailed. Stripe sends the refunded total so far:
 * a repeated event for the same total changes nothing.
 */
async function chargeRefunded(
  ctx: RequestContext,
  event: Extract<StripeEvent, { type: 'charge.refunded' }>,
): Promise<WebhookAnswer> {
  const charge = event.data.object;
  const piId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  const orderId = piId ? await gatewayPaymentOrderId(ctx.wp, 'stripe', piId) : undefined;
  const order = orderId ? await getOrder(ctx.wp, orderId) : undefined;
  const { tour, settings } = order ? await loadBookingContext(ctx.wp, order.tourId) : {};
  if (!piId || !order || !tour || !settings) return { status: 200, body: { received: true, ignored: 'no booking' } };
  const at = siteLocalTime(ctx.now, settings);
  const refunded = fromStripeAmount(charge.amount_refunded, charge.currency);
  const entry = {
    payment_method: 'stripe',
    submission_date: at,
    transaction_id: piId,
    charge_id: charge.id,
    refunded_amount: refunded.toNumber(),
    payment_status: 'refunded',
  };
  const written = await updatePaymentEntries(ctx.wp, order.id, (stored) => {
    const entries = paymentInfoList(stored.paymentInfo, stored.status);
    if (entries.some((e) => sameRefund(e, entry))) return undefined;
    return [...entries, entry] as PhpValue;
  });
  if (written) {
    const now = (await getOrder(ctx.wp, order.id)) as TourOrder;
    await notifyOrder(
      ctx,
      {
        type: 'payment-refunded',
        payment: { method: 'stripe', submissionDate: at, transactionId: piId, amount: refunded },
      },
      now,
      tour,
    );
  }
  return { status: 200, body: { received: true, recorded: written } };
}

function sameRefund(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return (
    a.payment_status === 'refunded' &&
    a.transaction_id === b.transaction_id &&
    a.charge_id === b.charge_id &&
    Number(a.refunded_amount) === Number(b.refunded_amount)
  );
}
