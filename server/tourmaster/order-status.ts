/**
 * Order states as the plugin names them (payment.md §4), and what they allow. Pure.
 */

/**
 * Statuses that still take a payment: the account page's pay links, and the only orders a payment
 * step may re-price (the plugin rewrites `pricing_info` for the instalment chosen).
 */
export const PAYABLE_STATUSES = ['pending', 'receipt-submitted', 'rejected', 'deposit-paid'] as const;

export function awaitsPayment(status: string | null | undefined): boolean {
  return (PAYABLE_STATUSES as readonly string[]).includes(status ?? '');
}
