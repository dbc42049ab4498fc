import type { TourOrder } from '../tourmaster/order';
import { getOrder } from './orders';
import { inTransaction, type WpDb } from './tables';

/**
 * The statuses whose orders the customer may cancel from the account page: exactly those for which
 * the "my bookings" table shows the remove link (engagement.md §5, item 4). The legacy site
 * cancelled whatever id the link named, paid orders included (DEFECTS.md 17).
 */
export const CUSTOMER_CANCELLABLE_STATUSES = ['pending', 'receipt-submitted', 'rejected'] as const;

export function isCustomerCancellable(status: string | null): boolean {
  return (CUSTOMER_CANCELLABLE_STATUSES as readonly string[]).includes(status ?? '');
}

export type CancelResult =
  | { ok: true; order: TourOrder }
  | { ok: false; reason: 'not-found' | 'not-owner' | 'not-cancellable' };

/**
 * Cancels a customer's own order: `order_status = 'cancel'` in one conditional UPDATE (owner and a
 * cancellable status in the WHERE clause), so a status the admin changed a moment ago is never
 * overwritten. The reason tells the page what to say when nothing changed.
 */
export async function cancelOrderOfCustomer(wp: WpDb, orderId: number, userId: number): Promise<CancelResult> {
  return inTransaction(wp, async (trx) => {
    const updated = await trx
      .knex(trx.t.orders)
      .where({ id: orderId, user_id: userId })
      .whereIn('order_status', [...CUSTOMER_CANCELLABLE_STATUSES])
      .update({ order_status: 'cancel' });
    const order = await getOrder(trx, orderId);
    if (updated > 0 && order) return { ok: true, order };
    if (!order) return { ok: false, reason: 'not-found' };
    if (order.userId !== userId) return { ok: false, reason: 'not-owner' };
    return { ok: false, reason: 'not-cancellable' };
  });
}
