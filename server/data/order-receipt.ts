import { phpJsonEncode } from '../php/json';
import type { PhpValue } from '../php/values';
import type { TourOrder } from '../tourmaster/order';
import { RECEIPT_STATUSES } from '../tourmaster/order-status';
import { getOrder } from './orders';
import { inTransaction, type WpDb } from './tables';

export type ReceiptResult =
  | { ok: true; order: TourOrder }
  | { ok: false; reason: 'not-found' | 'not-owner' | 'not-taken' | 'nothing-due' };

/**
 * Records a customer's bank-transfer receipt on their own order (the plugin's user-update.php):
 * `payment_info` with `entries(order)` appended, `payment_date` and `order_status =
 * 'receipt-submitted'`. The row is locked and owner and status checked inside the transaction, so a
 * second post of the same form (the status has moved on) or an admin's change a moment ago is
 * refused rather than overwritten. `entries` returns undefined when nothing is left to pay.
 */
export async function recordReceiptOfCustomer(
  wp: WpDb,
  input: {
    orderId: number;
    userId: number;
    /** Site-local `Y-m-d H:i:s`. */
    at: string;
    entries: (order: TourOrder) => PhpValue | undefined;
  },
): Promise<ReceiptResult> {
  return inTransaction(wp, async (trx) => {
    await trx.dialect.forUpdate(trx.knex(trx.t.orders).first('id').where('id', input.orderId));
    const order = await getOrder(trx, input.orderId);
    if (!order) return { ok: false, reason: 'not-found' };
    if (order.userId !== input.userId) return { ok: false, reason: 'not-owner' };
    if (!(RECEIPT_STATUSES as readonly string[]).includes(order.status ?? ''))
      return { ok: false, reason: 'not-taken' };
    const entries = input.entries(order);
    if (entries === undefined) return { ok: false, reason: 'nothing-due' };
    await trx
      .knex(trx.t.orders)
      .where({ id: input.orderId, user_id: input.userId })
      .update({ payment_info: phpJsonEncode(entries), payment_date: input.at, order_status: 'receipt-submitted' });
    const updated = await getOrder(trx, input.orderId);
    return { ok: true, order: updated as TourOrder };
  });
}
