import { isGatewayPaymentUsed } from '../../data/order-writes';
import { getOrder } from '../../data/orders';
import { createPaypalClient, PaypalRefused, PaypalUnavailable } from '../../payments/paypal';
import { readPaypalSettings, resolvePaypalCredentials } from '../../payments/paypal-settings';
import { amountDue, verifyPaypalOrder } from '../../payments/paypal-verification';
import type { TourOrder } from '../../tourmaster/order';
import type { TourmasterSettings } from '../../tourmaster/settings';
import type { Tour } from '../../tourmaster/tour-option';
import type { RequestContext } from '../context';
import { paymentRecordedOn, recordVerifiedPayment } from './gateway-record';

export type PaypalPaymentResult = { ok: true; order: TourOrder } | { ok: false; message: string };

const UNAVAILABLE =
  'We could not reach PayPal to confirm your payment. Your booking is saved and nothing was charged twice; please try again in a few minutes.';
export const NOTHING_TO_PAY = 'There is nothing left to pay on this booking.';
export const LATE_REFUND =
  'The time to pay for this booking had run out and its seats have been booked meanwhile. Your payment was received and will be refunded; we are sorry.';
/** A payment taken for this booking that could not pay it: the admin was mailed to refund it. */
export const UNAPPLIED =
  'Your payment was received but could not be applied to this booking. We will refund it or contact you shortly.';
const NOT_CONFIGURED = 'PayPal payments are not set up on this site. Your booking is saved; please contact us to pay.';

/**
 * The PayPal JS SDK's completion (payment.md §6): the browser says it captured PayPal order X for
 * our order N. The legacy site believed it: any id, any amount, twice. Here PayPal itself is asked,
 * and only a completed capture of exactly the amount due, in the site's currency, never seen before,
 * marks the order paid (online-paid for the full amount, deposit-paid for the deposit). Anything
 * else leaves the order as it was, with a sentence for the visitor.
 */
export async function completePaypalPayment(
  ctx: RequestContext,
  input: { order: TourOrder; tour: Tour; settings: TourmasterSettings; paypalOrderId: string },
): Promise<PaypalPaymentResult> {
  const credentials = resolvePaypalCredentials(ctx.deps.config, input.settings.payment);
  if (!credentials) return { ok: false, message: NOT_CONFIGURED };
  const due = amountDue(input.order);
  // Nothing due: a completion of the same payment racing the one that just paid this order (it read
  // the order before the payment was recorded) is answered paid, as that one was.
  if (!due) return (await paidBy(ctx, input.order.id, input.paypalOrderId)) ?? { ok: false, message: NOTHING_TO_PAY };

  let paypalOrder: unknown;
  try {
    paypalOrder = await createPaypalClient(credentials).getOrder(input.paypalOrderId);
  } catch (err) {
    if (err instanceof PaypalUnavailable || err instanceof PaypalRefused) {
      ctx.log.error({ err, orderId: input.order.id }, 'PayPal verification failed');
      return { ok: false, message: err instanceof PaypalRefused ? NOT_CONFIGURED : UNAVAILABLE };
    }
    throw err;
  }
  const used = await usedPaypalOrderIds(ctx, input.paypalOrderId);
  const verdict = verifyPaypalOrder(paypalOrder, {
    orderId: input.order.id,
    paypalOrderId: input.paypalOrderId,
    kind: due.kind,
    amountDue: due.amountDue,
    currency: readPaypalSettings(input.settings.payment).currencyCode,
    paypalOrderIdsAlreadyUsed: used,
  });
  if (!verdict.ok) {
    if (verdict.reason === 'ALREADY_USED') {
      const paid = await paidBy(ctx, input.order.id, input.paypalOrderId);
      if (paid) return paid;
    }
    ctx.log.warn({ orderId: input.order.id, reason: verdict.reason }, 'PayPal payment refused');
    return { ok: false, message: refusalMessage(verdict.reason) };
  }

  const settled = await recordVerifiedPayment(ctx, {
    order: input.order,
    tour: input.tour,
    settings: input.settings,
    payment: {
      gateway: 'paypal',
      transactionId: verdict.paypalOrderId,
      amount: verdict.amount,
      status: verdict.status,
    },
  });
  if (settled.ok) return settled;
  if (settled.reason === 'CONFLICT')
    return (
      (await paidBy(ctx, input.order.id, verdict.paypalOrderId)) ?? {
        ok: false,
        message: refusalMessage('ALREADY_USED'),
      }
    );
  return { ok: false, message: settled.reason === 'UNAPPLIED' ? UNAPPLIED : LATE_REFUND };
}

/**
 * The order as this PayPal payment left it, when the payment is recorded on it: a second completion
 * of the same payment (a double click, the browser racing itself) lost to the first, which paid this
 * very order, so the visitor is answered paid, not "already used for a booking".
 */
async function paidBy(
  ctx: RequestContext,
  orderId: number,
  paypalOrderId: string,
): Promise<{ ok: true; order: TourOrder } | undefined> {
  const fresh = await getOrder(ctx.wp, orderId);
  return fresh && paymentRecordedOn(fresh, 'paypal', paypalOrderId) ? { ok: true, order: fresh } : undefined;
}

function refusalMessage(reason: string): string {
  switch (reason) {
    case 'ALREADY_USED':
      return 'This PayPal payment has already been used for a booking.';
    case 'AMOUNT_MISMATCH':
      return 'The amount paid with PayPal does not match the amount due. Your booking is saved but not paid; please contact us.';
    case 'CURRENCY_MISMATCH':
      return 'The PayPal payment was made in another currency. Your booking is saved but not paid; please contact us.';
    case 'WRONG_BOOKING':
      return 'This PayPal payment was made for another booking. Your booking is saved but not paid; please contact us.';
    case 'NOT_COMPLETED':
      return 'PayPal has not completed this payment yet. Your booking is saved; please try again.';
    default:
      return 'PayPal does not know this payment. Your booking is saved but not paid.';
  }
}

async function usedPaypalOrderIds(ctx: RequestContext, paypalOrderId: string): Promise<Set<string>> {
  return new Set((await isGatewayPaymentUsed(ctx.wp, 'paypal', paypalOrderId)) ? [paypalOrderId] : []);
}
