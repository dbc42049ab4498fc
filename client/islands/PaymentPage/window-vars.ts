import type { SidebarVars } from '../../common/islands/payment-sidebar';

/**
 * The sidebar's `vars` (what the legacy sidebar's scripts set on `window`) as the page uses them:
 * the amount PayPal charges, and the `window.tourmaster_*` values other scripts on the page read.
 */

/** The amount PayPal charges for the chosen payment type: the server's full or deposit amount. */
export function paypalAmount(paypal: SidebarVars['paypal'], paymentType: string): string | undefined {
  if (!paypal) return undefined;
  const amount = paymentType === 'partial' ? paypal.depositAmount : paypal.fullAmount;
  return amount && /^\d+(\.\d{1,2})?$/.test(amount) && Number(amount) > 0 ? amount : undefined;
}

/** The `window.tourmaster_*` values the legacy scripts set, for other scripts on the page that read them. */
export function windowAssignments(vars: SidebarVars, paymentType: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (vars.transactionId !== undefined) out.tourmaster_transaction_id = vars.transactionId;
  if (vars.totalPrice !== undefined) out.tourmaster_total_price = vars.totalPrice;
  const p = vars.paypal;
  if (p) {
    if (p.currency) out.tourmaster_paypal_currency_code = p.currency;
    if (p.fullAmount !== undefined) out.tourmaster_paypal_full_amount = p.fullAmount;
    if (p.depositAmount !== undefined) out.tourmaster_paypal_deposit_amount = p.depositAmount;
    out.tourmaster_payment_type = paymentType;
    const pay = paypalAmount(p, paymentType);
    if (pay !== undefined) out.tourmaster_paypal_pay_amount = pay;
  }
  return out;
}
