import { mapDriverError } from '../../data/dialect';
import { recordGatewayPayment } from '../../data/order-writes';
import { getOrder } from '../../data/orders';
import { paymentInfoList } from '../../payments/payment-info';
import { type PaidStatus, paymentInfoEntry } from '../../payments/paypal-verification';
import type { PhpValue } from '../../php/values';
import type { Money } from '../../tourmaster/money';
import type { TourOrder } from '../../tourmaster/order';
import type { TourmasterSettings } from '../../tourmaster/settings';
import type { Tour } from '../../tourmaster/tour-option';
import { siteLocalTime } from '../../wp/site-time';
import { notifyOrder } from '../booking/notify';
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

/**
 * A verified payment recorded and announced: against the order's seat hold
 * (services/booking/seat-holds.ts: after the hold it is kept only while the seats are still free,
 * else recorded on the cancelled order for a refund), its id claimed once (a second claim is
 * `CONFLICT`, nothing changed), then the customer's and admin's mails as the plugin sends them.
 */
export async function recordVerifiedPayment(
  ctx: RequestContext,
  input: { order: TourOrder; tour: Tour; settings: TourmasterSettings; payment: VerifiedPayment },
): Promise<{ ok: true; order: TourOrder } | { ok: false; reason: 'CONFLICT' | 'LATE_REFUND' }> {
  const { payment } = input;
  const now = siteLocalTime(ctx.now, input.settings);
  let outcome: HoldOutcome;
  try {
    outcome = await recordAgainstHold(ctx, input.order, (trx, as) =>
      recordGatewayPayment(
        trx,
        gatewayPaymentRecord(input.order, payment, now, as === 'refund' ? 'cancel' : payment.status),
      ),
    );
  } catch (err) {
    if (mapDriverError(err)?.code === 'CONFLICT') return { ok: false, reason: 'CONFLICT' };
    throw err;
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
  };
}
