import type { TourOrder } from '../tourmaster/order';
import { CUSTOMER_CANCELLABLE_STATUSES } from '../tourmaster/order-status';
import { getOrder } from './orders';
import { inTransaction, type WpDb } from './tables';

export type CancelResult =
  | { ok: true; order: TourOrder }
  | { ok: false; reason: 'not-found' | 'not-owner' | 'not-cancellable' };

/**
 * Cancels a customer's own order: `order_status = 'cancel'` in one conditional UPDATE (owner and a
 * cancellable status in the WHERE clause), so a status the admin changed a moment ago is never
 * overwritten. The reason tells the page what to say when nothing changed.
 */
export async function cancelOrderOfCustomer(
  wp: WpDb,
  orderId: number,
  userId: number,
  /** Runs in the cancel's transaction once the order is `cancel` (the webhook outbox). */
  onCancelled?: (trx: WpDb, order: TourOrder) => Promise<void>,
): Promise<CancelResult> {
  return inTransaction(wp, async (trx) => {
    const updated = await trx
      .knex(trx.t.orders)
      .where({ id: orderId, user_id: userId })
      .whereIn('order_status', [...CUSTOMER_CANCELLABLE_STATUSES])
      .update({ order_status: 'cancel' });
    const order = await getOrder(trx, orderId);
    if (updated > 0 && order) {
      await onCancelled?.(trx, order);
      return { ok: true, order };
    }
    if (!order) return { ok: false, reason: 'not-found' };
    if (order.userId !== userId) return { ok: false, reason: 'not-owner' };
    return { ok: false, reason: 'not-cancellable' };
  });
}

export type AdminCancelResult =
  | { ok: true; order: TourOrder }
  | { ok: false; reason: 'not-found' | 'already-cancelled' };

/**
 * Cancels an order as the legacy admin's status change does (payment.md §4: any status may become
 * `cancel`), in one conditional UPDATE so two cancels never both count; the caller's transaction
 * (if any) holds it with whatever else it writes.
 */
export async function cancelOrderAsAdmin(wp: WpDb, orderId: number): Promise<AdminCancelResult> {
  return inTransaction(wp, async (trx) => {
    const updated = await trx
      .knex(trx.t.orders)
      .where({ id: orderId })
      .where((w) => w.whereNot('order_status', 'cancel').orWhereNull('order_status'))
      .update({ order_status: 'cancel' });
    const order = await getOrder(trx, orderId);
    if (!order) return { ok: false, reason: 'not-found' };
    return updated > 0 ? { ok: true, order } : { ok: false, reason: 'already-cancelled' };
  });
}
