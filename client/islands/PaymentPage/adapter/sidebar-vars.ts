import type { SidebarVars } from '../../../common/islands/payment-sidebar';

/**
 * The sidebar's inline scripts (payment.md §2.2) set `window.tourmaster_*` values: the order id,
 * the total, and for the PayPal JS SDK the currency, the fee-inclusive amounts and the payment type;
 * another script tag loads PayPal's SDK. Sidebars that arrive by ajax are inserted as HTML, where
 * scripts do not run, so instead of running them the island reads them: only plain
 * `window.tourmaster_x = "…";` assignments and the SDK's URL, nothing is evaluated. The values
 * are the sidebar's props' `vars` (client/common/islands/payment-sidebar.ts), which the legacy
 * adapter (adapter/sidebar.ts) reads with this reader.
 */
export type { SidebarVars };

const ASSIGNMENT = /window\.(tourmaster_[a-z_]+)\s*=\s*"([^"\\]*)"/g;

/** Reads the values from the sidebar's script texts and script URLs. */
export function readSidebarVars(scripts: readonly { text: string; src: string }[]): SidebarVars {
  const values = new Map<string, string>();
  let sdkUrl: string | undefined;
  for (const script of scripts) {
    if (script.src) {
      if (isPaypalSdkUrl(script.src)) sdkUrl = script.src;
      continue;
    }
    for (const match of script.text.matchAll(ASSIGNMENT)) values.set(match[1]!, match[2]!);
  }
  const vars: SidebarVars = {};
  const transactionId = values.get('tourmaster_transaction_id');
  if (transactionId !== undefined) vars.transactionId = transactionId;
  const totalPrice = values.get('tourmaster_total_price');
  if (totalPrice !== undefined) vars.totalPrice = totalPrice;
  if (sdkUrl || values.has('tourmaster_paypal_currency_code')) {
    const url = sdkUrl ? new URL(sdkUrl) : undefined;
    const paypal: NonNullable<SidebarVars['paypal']> = {};
    if (sdkUrl) paypal.sdkUrl = sdkUrl;
    const clientId = url?.searchParams.get('client-id');
    if (clientId) paypal.clientId = clientId;
    const currency = values.get('tourmaster_paypal_currency_code') ?? url?.searchParams.get('currency') ?? undefined;
    if (currency) paypal.currency = currency;
    const full = values.get('tourmaster_paypal_full_amount');
    if (full !== undefined) paypal.fullAmount = full;
    const deposit = values.get('tourmaster_paypal_deposit_amount');
    if (deposit !== undefined) paypal.depositAmount = deposit;
    const type = values.get('tourmaster_payment_type');
    if (type !== undefined) paypal.paymentType = type;
    vars.paypal = paypal;
  }
  return vars;
}

/** PayPal's own SDK host only: the island never loads a script from anywhere else. */
export function isPaypalSdkUrl(src: string): boolean {
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && url.host === 'www.paypal.com' && url.pathname === '/sdk/js';
  } catch {
    return false;
  }
}

/** The scripts of a fragment, for reading the values they set. */
export function scriptsOf(root: ParentNode): { text: string; src: string }[] {
  return [...root.querySelectorAll('script')].map((s) => ({ text: s.text, src: s.getAttribute('src') ?? '' }));
}
