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

/**
 * The statuses whose orders the customer may cancel from the account page: exactly those for which
 * the "my bookings" table shows the remove link (engagement.md §5, item 4). The legacy site
 * cancelled whatever id the link named, paid orders included (DEFECTS.md 17).
 */
export const CUSTOMER_CANCELLABLE_STATUSES = ['pending', 'receipt-submitted', 'rejected'] as const;

export function isCustomerCancellable(status: string | null): boolean {
  return (CUSTOMER_CANCELLABLE_STATUSES as readonly string[]).includes(status ?? '');
}

/**
 * The statuses whose booking page offers "Submit Payment Receipt" (a bank transfer's receipt), as the
 * plugin's single booking page does: not yet paid, refused, or paid in part.
 */
export const RECEIPT_STATUSES = ['pending', 'rejected', 'deposit-paid'] as const;

export function takesReceipt(status: string | null | undefined): boolean {
  return (RECEIPT_STATUSES as readonly string[]).includes(status ?? '');
}
