import { createHash } from 'node:crypto';
import { holdTime } from './seat-holds';
import type { WpDb } from './tables';

/**
 * When each order last changed (`{prefix}dropin_order_changes`, migration 20261128000200). The order
 * table has no such column and WordPress's admin writes orders without us, so each row keeps a
 * fingerprint of the order's columns that matter: our writes stamp it in their transaction
 * ({@link stampOrderChange}), a sweep compares it for the rest (services/booking/order-changes.ts).
 * The row of order 0 is the sweep's: its last run (`modified_at`) and the last order id it compared.
 */
const table = (wp: Pick<WpDb, 'prefix'>) => `${wp.prefix}dropin_order_changes`;

/** The columns whose change a client synchronising bookings must see. */
const WATCHED = [
  'id',
  'user_id',
  'tour_id',
  'travel_date',
  'package_group_slug',
  'traveller_amount',
  'male_amount',
  'female_amount',
  'contact_info',
  'billing_info',
  'traveller_info',
  'coupon_code',
  'order_status',
  'payment_date',
  'total_price',
  'pricing_info',
  'payment_info',
  'booking_detail',
] as const;

function fingerprint(row: Record<string, unknown>): string {
  const hash = createHash('sha256');
  for (const column of WATCHED) hash.update(`${String(row[column] ?? '')}\u0000`);
  return hash.digest('hex');
}

/** Marks an order changed at `now` if its fingerprint differs from the one stored (or none is). */
export async function stampOrderChange(wp: WpDb, orderId: number, now: Date): Promise<void> {
  const row = await wp
    .knex(wp.t.orders)
    .first(...WATCHED)
    .where('id', orderId);
  if (!row) return;
  await stampChanges(wp, [{ id: orderId, fingerprint: fingerprint(row) }], now);
}

/** Upserts the fingerprints that differ from the stored ones, stamped `now`; returns how many changed. */
async function stampChanges(wp: WpDb, rows: readonly { id: number; fingerprint: string }[], now: Date) {
  if (rows.length === 0) return 0;
  const stored = new Map<number, string>();
  for (const r of await wp
    .knex(table(wp))
    .select('order_id', 'fingerprint')
    .whereIn(
      'order_id',
      rows.map((r) => r.id),
    )) {
    stored.set(Number(r.order_id), String(r.fingerprint));
  }
  const changed = rows.filter((r) => stored.get(r.id) !== r.fingerprint);
  for (const r of changed) {
    await wp
      .knex(table(wp))
      .insert({ order_id: r.id, fingerprint: r.fingerprint, modified_at: holdTime(now) })
      .onConflict('order_id')
      .merge(['fingerprint', 'modified_at']);
  }
  return changed.length;
}

/**
 * The sweep's state, locked for the transaction (`FOR UPDATE` on MariaDB; SQLite runs one writer):
 * when it last ran (UTC `Y-m-d H:i:s`, '' never) and the last order id it compared.
 */
export async function lockSweepState(wp: WpDb): Promise<{ lastRun: string; cursor: number }> {
  await wp
    .knex(table(wp))
    .insert({ order_id: 0, fingerprint: '0', modified_at: '1970-01-01 00:00:00' })
    .onConflict('order_id')
    .ignore();
  const row = await wp.dialect.forUpdate(wp.knex(table(wp)).first('fingerprint', 'modified_at').where('order_id', 0));
  const lastRun = String(row?.modified_at ?? '');
  return { lastRun: lastRun.startsWith('1970') ? '' : lastRun, cursor: Number(row?.fingerprint ?? 0) || 0 };
}

export async function saveSweepState(wp: WpDb, state: { cursor: number; now: Date }): Promise<void> {
  await wp
    .knex(table(wp))
    .where('order_id', 0)
    .update({ fingerprint: String(state.cursor), modified_at: holdTime(state.now) });
}

/**
 * Compares the fingerprints of up to `limit` orders after `cursor` (by id) and stamps those that
 * changed (or were never seen); returns the next cursor (0 after the last order: the next sweep
 * starts over) and how many changed.
 */
export async function sweepOrderBatch(
  wp: WpDb,
  at: { cursor: number; limit: number; now: Date },
): Promise<{ cursor: number; changed: number }> {
  const rows = await wp
    .knex(wp.t.orders)
    .select(...WATCHED)
    .where('id', '>', at.cursor)
    .orderBy('id')
    .limit(at.limit);
  const changed = await stampChanges(
    wp,
    rows.map((r: Record<string, unknown>) => ({ id: Number(r.id), fingerprint: fingerprint(r) })),
    at.now,
  );
  return { cursor: rows.length < at.limit ? 0 : Number(rows[rows.length - 1]!.id), changed };
}
