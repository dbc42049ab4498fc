import { gatewayPaymentOrderId, recordStripeRefund } from '../../data/order-writes';
import { getOrder } from '../../data/orders';
import { loadBookingContext } from '../../data/tours';
import { paymentIntentOf, type StripeEvent, verifiedWebhookEvent } from '../../payments/stripe';
import { fromStripeAmount } from '../../payments/stripe-amount';
import type { PhpValue } from '../../php/values';
import { siteLocalTime } from '../../wp/site-time';
import { notifyOrder } from '../booking/notify';
import type { RequestContext } from '../context';
import { settleStripePaymentIntent } from './stripe-payment';

/**
 * `POST /wp-json/tourmaster/v1/stripe/webhook` (README "Connecting Stripe"; the plugin had none):
 * Stripe's events, trusted only with a valid `Stripe-Signature` over the raw body
 * (`STRIPE_WEBHOOK_SECRET`, 5 minutes' tolerance). `payment_intent.succeeded` settles the order as
 * `stripe_payment_charge` does (the same function: whichever comes first pays, the other changes
 * nothing); `charge.refunded` is recorded for the order (not in its `payment_info`) and the admin mailed. Other events: 200,
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
    event = await verifiedWebhookEvent(payload, signature ?? '', secret);
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
 * A refund made in Stripe (dashboard or API): the refunded total of the charge is recorded apart
 * from the order (`dropin_stripe_refunds`, data/order-writes.ts): `payment_info` counts the
 * instalments paid and names the idempotency key, so a refund there would shift both. What was
 * paid and the order's status stay; the admin is mailed to decide. Stripe sends the refunded total
 * so far: an event at or below the largest total recorded (a repeat, or an older one arriving late)
 * changes nothing and mails nobody.
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
  const written = await recordStripeRefund(ctx.wp, {
    chargeId: charge.id,
    orderId: order.id,
    paymentIntentId: piId,
    amountRefunded: charge.amount_refunded,
    currency: charge.currency,
    at,
  });
  if (written) {
    const amount = fromStripeAmount(charge.amount_refunded, charge.currency);
    const payment = { method: 'stripe', submissionDate: at, transactionId: piId, amount };
    await notifyOrder(ctx, { type: 'payment-refunded', payment }, order, tour);
  }
  return { status: 200, body: { received: true, recorded: written } };
}
