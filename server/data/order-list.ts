import type { Knex } from 'knex';
import type { TourOrder } from '../tourmaster/order';
import { toOrder } from './orders';
import { holdTime } from './seat-holds';
import type { WpDb } from './tables';

/** The filters of the REST API's bookings list (rest/bookings/list.ts). */
export interface OrderListFilter {
  status?: string;
  tourId?: number;
  /** Travel dates, `Y-m-d`, both ends included. */
  dateFrom?: string;
  dateTo?: string;
  /**
   * Only orders changed after this instant (`dropin_order_changes`), ordered by (change, id); with
   * `afterId`, those changed at exactly that instant with a greater id too (a keyset walk).
   */
  modifiedAfter?: Date;
  afterId?: number;
  /** With `modifiedAfter`: only changes stamped at or before this instant (settled; see the service). */
  settledAt?: Date;
}

export interface ListedOrder {
  order: TourOrder;
  /** UTC `Y-m-d H:i:s` of the last change seen, null for an order not yet stamped. */
  modifiedAt: string | null;
}

const changes = (wp: Pick<WpDb, 'prefix'>) => `${wp.prefix}dropin_order_changes`;

function filtered(wp: WpDb, f: OrderListFilter): Knex.QueryBuilder {
  const q = wp
    .knex(`${wp.t.orders} as o`)
    .leftJoin(`${changes(wp)} as c`, 'c.order_id', 'o.id')
    .where('o.id', '>', 0);
  if (f.status !== undefined) q.where('o.order_status', f.status);
  if (f.tourId !== undefined) q.where('o.tour_id', f.tourId);
  if (f.dateFrom !== undefined) q.where('o.travel_date', '>=', f.dateFrom);
  if (f.dateTo !== undefined) q.where('o.travel_date', '<=', f.dateTo);
  if (f.modifiedAfter !== undefined) {
    const at = holdTime(f.modifiedAfter);
    const afterId = f.afterId;
    if (afterId === undefined) q.where('c.modified_at', '>', at);
    else
      q.where((w) =>
        w.where('c.modified_at', '>', at).orWhere((e) => e.where('c.modified_at', at).where('o.id', '>', afterId)),
      );
    if (f.settledAt !== undefined) q.where('c.modified_at', '<=', holdTime(f.settledAt));
  }
  return q;
}

/**
 * A page of orders: newest first, or by (change, id) when asked for changes, with the total the
 * filter matches (one count, one page query).
 */
export async function listOrders(
  wp: WpDb,
  f: OrderListFilter,
  page: { limit: number; offset: number },
): Promise<{ items: ListedOrder[]; total: number }> {
  const counted = await filtered(wp, f).count({ n: '*' }).first();
  const q = filtered(wp, f).select('o.*', 'c.modified_at as dropin_modified_at');
  if (f.modifiedAfter !== undefined) q.orderBy([{ column: 'c.modified_at' }, { column: 'o.id' }]);
  else q.orderBy('o.id', 'desc');
  const rows = (await q.limit(page.limit).offset(page.offset)) as Record<string, unknown>[];
  return {
    total: Number((counted as { n?: unknown } | undefined)?.n ?? 0),
    items: rows.map((row) => ({
      order: toOrder(row),
      modifiedAt: row.dropin_modified_at ? String(row.dropin_modified_at) : null,
    })),
  };
}

/** The last change seen of one order (UTC `Y-m-d H:i:s`), or null. */
export async function orderModifiedAt(wp: WpDb, orderId: number): Promise<string | null> {
  const row = await wp.knex(changes(wp)).first('modified_at').where('order_id', orderId);
  return row ? String(row.modified_at) : null;
}
