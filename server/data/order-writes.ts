import type { OrderColumns } from '../tourmaster/order-row';
import type { WpDb } from './tables';

/**
 * Writing orders. Every function takes the transaction it runs in (`WpDb` bound to it): callers
 * lock, count and write in one transaction (services/booking/place-order.ts).
 */

const locksTable = (wp: WpDb) => `${wp.prefix}dropin_locks`;
const keysTable = (wp: WpDb) => `${wp.prefix}dropin_order_keys`;

/**
 * Takes the named locks for the rest of the transaction, in a fixed order so two bookings can never
 * wait on each other. MariaDB: a row lock per key (SELECT … FOR UPDATE), held until commit, across
 * every server process. SQLite: the database has one writer at a time already.
 */
export async function lockKeys(wp: WpDb, keys: readonly string[]): Promise<void> {
  if (wp.engine !== 'mysql') return;
  for (const key of [...new Set(keys)].sort()) {
    // INSERT … ON DUPLICATE KEY UPDATE takes the row's exclusive lock at once, new row or not. (INSERT
    // IGNORE then SELECT … FOR UPDATE would take a shared lock first, and two waiters upgrading their
    // shared locks deadlock each other.)
    await wp.knex(locksTable(wp)).insert({ lock_key: key }).onConflict('lock_key').merge();
  }
}

export async function insertOrder(
  wp: WpDb,
  row: OrderColumns & { user_id: number; booking_date: string; order_status: string },
): Promise<number> {
  const [id] = await wp.knex(wp.t.orders).insert(row);
  return Number(id);
}

/** Rewrites a booking's columns (a pay-later step 4 with `tid`); owner, date and status stay. */
export async function updateOrderBooking(wp: WpDb, orderId: number, columns: OrderColumns): Promise<void> {
  await wp.knex(wp.t.orders).where('id', orderId).update(columns);
}

export async function setOrderStatus(wp: WpDb, orderId: number, status: string): Promise<void> {
  await wp.knex(wp.t.orders).where('id', orderId).update({ order_status: status });
}

/**
 * The order a recent identical submit wrote (newer than `since`, site-local time), while it still
 * stands: an order deleted in the admin, cancelled or rejected since is no booking to return.
 */
export async function findOrderByFingerprint(
  wp: WpDb,
  fingerprint: string,
  since: string,
): Promise<number | undefined> {
  const row = await wp
    .knex(`${keysTable(wp)} as k`)
    .join(`${wp.t.orders} as o`, 'o.id', 'k.order_id')
    .first('k.order_id')
    .where('k.fingerprint', fingerprint)
    .andWhere('k.created_at', '>=', since)
    .whereNotIn('o.order_status', ['cancel', 'rejected']);
  return row ? Number(row.order_id) : undefined;
}

/** Records an order's key nonce and fingerprint; an older identical fingerprint is released first. */
export async function storeOrderKey(
  wp: WpDb,
  entry: { orderId: number; nonce: string; fingerprint: string | null; createdAt: string },
): Promise<void> {
  if (entry.fingerprint)
    await wp.knex(keysTable(wp)).where('fingerprint', entry.fingerprint).update({ fingerprint: null });
  await wp
    .knex(keysTable(wp))
    .insert({
      order_id: entry.orderId,
      nonce: entry.nonce,
      fingerprint: entry.fingerprint,
      created_at: entry.createdAt,
    })
    .onConflict('order_id')
    .merge(['nonce', 'fingerprint', 'created_at']);
}

/** The nonce behind an order's guest key, when we wrote the order. */
export async function orderKeyNonce(wp: WpDb, orderId: number): Promise<string | undefined> {
  const row = await wp.knex(keysTable(wp)).first('nonce').where('order_id', orderId);
  return row ? String(row.nonce) : undefined;
}
