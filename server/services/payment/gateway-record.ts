import { mapDriverError } from '../../data/dialect';
import { claimGatewayPayment, PaymentNoLongerDue, recordGatewayPayment } from '../../data/order-writes';
import { getOrder } from '../../data/orders';
import { getSeatHold } from '../../data/seat-holds';
import { paymentInfoList } from '../../payments/payment-info';
import { amountDue, type PaidStatus, paymentInfoEntry } from '../../payments/paypal-verification';
import type { PhpValue } from '../../php/values';
import type { Money } from '../../tourmaster/money';
import type { TourOrder } from '../../tourmaster/order';
import { awaitsPayment } from '../../tourmaster/order-status';
import type { TourmasterSettings } from '../../tourmaster/settings';
import type { Tour } from '../../tourmaster/tour-option';
import { siteLocalTime } from '../../wp/site-time';
import { notifyOrder } from '../booking/notify';
import { orderPaymentRecorded } from '../booking/order-changed';
import { type HoldOutcome, recordAgainstHold } from '../booking/seat-holds';
import type { RequestContext } from '../context';

/** A gateway payment verified with the gateway itself. */
export interface VerifiedPayment {
  gateway: 'paypal' | 'stripe';
  transactionId: string;
  /** In the site's main currency, as `payment_info.amount` records it. */
  amount: Money;
  status: PaidStatus;
}

/** Whether the order's `payment_info` already holds this gateway payment (recorded by another call). */
export function paymentRecordedOn(
  order: TourOrder,
  gateway: VerifiedPayment['gateway'],
  transactionId: string,
): boolean {
  return paymentInfoList(order.paymentInfo, order.status).some(
    (entry) => entry.payment_method === gateway && entry.transaction_id === transactionId,
  );
}

/**
 * A verified payment recorded and announced: against the order's seat hold
 * (services/booking/seat-holds.ts: after the hold it is kept only while the seats are still free,
 * else recorded on the cancelled order for a refund), its id claimed once (a second claim is
 * `CONFLICT`, nothing changed), then the customer's and admin's mails as the plugin sends them.
 */
export async function recordVerifiedPayment(
  ctx: RequestContext,
  input: { order: TourOrder; tour: Tour; settings: TourmasterSettings; payment: VerifiedPayment },
): Promise<{ ok: true; order: TourOrder } | { ok: false; reason: 'CONFLICT' | 'LATE_REFUND' | 'UNAPPLIED' }> {
  const { payment } = input;
  const now = siteLocalTime(ctx.now, input.settings);
  let outcome: HoldOutcome;
  try {
    outcome = await recordAgainstHold(ctx, input.order, async (trx, as) => {
      await recordGatewayPayment(
        trx,
        gatewayPaymentRecord(input.order, payment, now, as === 'refund' ? 'cancel' : payment.status),
      );
      // In the payment's transaction (a refund due on a cancelled order is no payment).
      await orderPaymentRecorded(trx, ctx.now, input.order, as === 'paid');
    });
  } catch (err) {
    if (mapDriverError(err)?.code === 'CONFLICT') return { ok: false, reason: 'CONFLICT' };
    if (!(err instanceof PaymentNoLongerDue)) throw err;
    // The other call for the same payment (the browser's, the gateway's notice) paid the order while
    // this one waited for its lock: the payment is recorded, nothing is due back.
    const fresh = await getOrder(ctx.wp, input.order.id);
    if (fresh && paymentRecordedOn(fresh, payment.gateway, payment.transactionId))
      return { ok: false, reason: 'CONFLICT' };
    // Cancelled, paid otherwise or re-priced while the payment was being verified: money taken, refund due.
    await recordUnappliedPayment(
      ctx,
      input,
      'The booking changed (cancelled, paid or re-priced) while the payment was confirmed.',
    );
    return { ok: false, reason: 'UNAPPLIED' };
  }
  const order = (await getOrder(ctx.wp, input.order.id)) as TourOrder;
  const mail = {
    amount: payment.amount,
    method: payment.gateway,
    transactionId: payment.transactionId,
    submissionDate: now,
  };
  if (outcome === 'refund') {
    ctx.log.warn({ orderId: order.id, transactionId: payment.transactionId }, 'late payment, seats gone: refund due');
    await notifyOrder(ctx, { type: 'late-payment-refund', payment: mail }, order, input.tour);
    return { ok: false, reason: 'LATE_REFUND' };
  }
  await notifyOrder(
    ctx,
    payment.status === 'online-paid'
      ? { type: 'online-payment', payment: mail }
      : { type: 'deposit-payment', payment: mail },
    order,
    input.tour,
  );
  return { ok: true, order };
}

/**
 * A verified gateway payment (PayPal, Stripe) as recorded on the order: the gateway's id claimed
 * once (data/order-writes.ts), the plugin's `payment_info` entry appended, the order's new status.
 */
export function gatewayPaymentRecord(
  order: TourOrder,
  payment: VerifiedPayment,
  at: string,
  orderStatus: string,
): Parameters<typeof recordGatewayPayment>[1] {
  return {
    gateway: payment.gateway,
    paymentId: payment.transactionId,
    orderId: order.id,
    at,
    status: orderStatus,
    entries: (stored) => {
      const entries = paymentInfoList(stored.paymentInfo, stored.status);
      entries.push(
        paymentInfoEntry({
          method: payment.gateway,
          transactionId: payment.transactionId,
          amount: payment.amount,
          submissionDate: at,
          status: payment.status,
          pricingInfo: order.pricingInfo,
        }),
      );
      return entries as PhpValue;
    },
    stillDue: async (stored, trx) => {
      const was = amountDue(order);
      const now = amountDue(stored);
      if (!was || !now || was.kind !== now.kind || was.amountDue.compare(now.amountDue) !== 0) return false;
      if (stored.status === order.status || awaitsPayment(stored.status)) return true;
      return stored.status === 'cancel' && (await getSeatHold(trx, stored.id))?.state === 'expired';
    },
  };
}

/**
 * A payment the gateway took for this order that cannot pay it (the order no longer awaits it, or
 * not this amount): its id is claimed for the order, so it can pay nothing else and a replay is
 * told the same; the order is left as it is and the admin is mailed once to refund it (whichever
 * of two simultaneous calls claims it mails). Returns whether this call claimed it.
 */
export async function recordUnappliedPayment(
  ctx: RequestContext,
  input: { order: TourOrder; tour: Tour; settings: TourmasterSettings; payment: Omit<VerifiedPayment, 'status'> },
  reason: string,
): Promise<boolean> {
  const { order, payment } = input;
  const at = siteLocalTime(ctx.now, input.settings);
  const claim = { gateway: payment.gateway, paymentId: payment.transactionId, orderId: order.id, at };
  if (!(await claimGatewayPayment(ctx.wp, claim))) return false;
  ctx.log.error(
    { orderId: order.id, transactionId: payment.transactionId, reason },
    'payment taken, not applied: refund due',
  );
  const mail = {
    method: payment.gateway,
    submissionDate: at,
    transactionId: payment.transactionId,
    amount: payment.amount,
    reason,
  };
  await notifyOrder(ctx, { type: 'unapplied-payment', payment: mail }, order, input.tour);
  return true;
}
