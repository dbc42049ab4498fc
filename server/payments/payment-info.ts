/**
 * The order's `payment_info` column as the plugin reads it (`tourmaster_payment_info_format`,
 * pricing.md §8.1): a JSON list of entries, or, on orders written by old versions, a single object
 * (read as a list of one, its `payment_status` derived from the order status and its
 * `deposit-rate` / `deposit-price` keys renamed to `deposit_rate` / `deposit_price`).
 */
export type PaymentInfoEntry = Record<string, unknown>;

const PAID_STATUSES = new Set(['approved', 'online-paid', 'deposit-paid']);

export function paymentInfoList(paymentInfo: unknown, orderStatus: string | null): PaymentInfoEntry[] {
  if (Array.isArray(paymentInfo)) return paymentInfo.filter(isEntry).map((entry) => ({ ...entry }));
  if (!isEntry(paymentInfo) || Object.keys(paymentInfo).length === 0) return [];
  const single: PaymentInfoEntry = {};
  for (const [key, value] of Object.entries(paymentInfo)) {
    if (key === 'deposit-rate') single.deposit_rate = value;
    else if (key === 'deposit-price') single.deposit_price = value;
    else single[key] = value;
  }
  single.payment_status = PAID_STATUSES.has(orderStatus ?? '') ? 'paid' : 'pending';
  return [single];
}

/** The PayPal transaction ids (PayPal order ids for JS-SDK payments, `txn_id` for IPN) an order already holds. */
export function paypalTransactionIds(paymentInfo: unknown): Set<string> {
  const ids = new Set<string>();
  const entries = Array.isArray(paymentInfo) ? paymentInfo : [paymentInfo];
  for (const entry of entries) {
    if (!isEntry(entry) || entry.payment_method !== 'paypal') continue;
    const id = entry.transaction_id;
    if (typeof id === 'string' && id !== '') ids.add(id);
  }
  return ids;
}

function isEntry(value: unknown): value is PaymentInfoEntry {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
