import type { recordGatewayPayment } from '../../data/order-writes';
import { paymentInfoList } from '../../payments/payment-info';
import { type PaidStatus, paymentInfoEntry } from '../../payments/paypal-verification';
import type { PhpValue } from '../../php/values';
import type { Money } from '../../tourmaster/money';
import type { TourOrder } from '../../tourmaster/order';

/**
 * A verified gateway payment (PayPal, Stripe) as recorded on the order: the gateway's id claimed
 * once (data/order-writes.ts), the plugin's `payment_info` entry appended, the order's new status.
 */
export function gatewayPaymentRecord(
  order: TourOrder,
  payment: { gateway: 'paypal' | 'stripe'; transactionId: string; amount: Money; status: PaidStatus },
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
