import type { AjaxValue } from '../../../lib/ajax';
import type { PaypalCapturedOrder } from '../../PaypalButtons/sdk';
import type { PaymentFlow } from '../flow';

/**
 * The payments of the payment step (payment.md §3.2), fetched with it: an online method chosen,
 * PayPal's approved order, a payment plugin's "complete". Each reply is shown as the page's steps are.
 */

/** An online payment method chosen (a gateway's button, style-2's select, WooCommerce's button). */
export function payOnline(flow: PaymentFlow, type: string) {
  return flow.exclusive(async () => {
    if (!type || !flow.checkTerms()) return;
    const result = await flow.request((detail) => ({
      action: 'tourmaster_payment_selected',
      type,
      booking_detail: detail,
    }));
    await flow.applyReply(result, 4, true);
  });
}

/** PayPal's buttons: the order is paid, the booking is sent with it. */
export async function paypalApproved(flow: PaymentFlow, order: PaypalCapturedOrder) {
  const result = await flow.request((detail) => ({
    action: 'tourmaster_payment_selected',
    type: 'paypal',
    paypal_type: 'js-sdk',
    order_data: order as Record<string, AjaxValue>,
    booking_detail: detail,
  }));
  await flow.applyReply(result, 4, true);
}

/** A payment plugin's "complete" button in its fragment. */
export function pluginComplete(flow: PaymentFlow) {
  return flow.exclusive(async () => {
    const result = await flow.request({ action: 'tourmaster_payment_plugin_complete', step: '4' });
    await flow.applyReply(result, 4, true);
  });
}
