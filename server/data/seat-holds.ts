import type { Knex } from 'knex';
import { quoteTable, type WpDb } from './tables';

/**
 * Seat holds (`{prefix}dropin_seat_holds`, migration 20261127000100): an order started for an
 * online payment keeps its seats until `expires_at` (UTC); unpaid by then it holds none.
 */
export type SeatHoldState = 'held' | 'paid' | 'expired' | 'released' | 'late-paid' | 'refund';

export interface SeatHold {
  orderId: number;
  gateway: string;
  state: SeatHoldState;
  /** UTC `Y-m-d H:i:s`. */
  expiresAt: string;
}

const holdsTable = (wp: Pick<WpDb, 'prefix'>) => `${wp.prefix}dropin_seat_holds`;

/** A UTC instant as the hold table stores it (`Y-m-d H:i:s`; compared as text on SQLite). */
export function holdTime(at: Date): string {
  return at.toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * SQL that is true for an order row that may hold seats, as far as holds go: false only for an
 * order still `pending` whose hold is `held` and due (`expires_at <= ?`, bind `holdTime(now)`).
 * `orders` is how the query names the order table (quoted name or alias). An order paid or changed
 * in the WordPress admin is no longer `pending`, so it counts whatever its hold row says.
 */
export function seatHoldCondition(
  wp: Pick<WpDb, 'engine' | 'prefix' | 't'>,
  orders = quoteTable(wp, wp.t.orders),
): string {
  return (
    `NOT EXISTS (SELECT 1 FROM ${quoteTable(wp, holdsTable(wp))} seat_hold WHERE seat_hold.order_id = ${orders}.id ` +
    `AND seat_hold.state = 'held' AND seat_hold.expires_at <= ? AND ${orders}.order_status = 'pending')`
  );
}

/**
 * THE filter every seat count applies: leaves out the orders whose hold ran out unpaid, whether the
 * expiry timer has cancelled them yet or not (a stopped timer never keeps seats).
 */
export function withoutExpiredHolds<Q extends Knex.QueryBuilder>(wp: WpDb, query: Q, now: Date, orders?: string): Q {
  return query.whereRaw(seatHoldCondition(wp, orders), [holdTime(now)]) as Q;
}

export async function insertSeatHold(
  wp: WpDb,
  hold: { orderId: number; gateway: string; now: Date; holdMs: number },
): Promise<void> {
  await wp.knex(holdsTable(wp)).insert({
    order_id: hold.orderId,
    gateway: hold.gateway,
    state: 'held',
    created_at: holdTime(hold.now),
    expires_at: holdTime(new Date(hold.now.getTime() + hold.holdMs)),
  });
}

/**
 * A new payment attempt on an order whose hold still runs: the hold runs `holdMs` from now (never
 * shorter than it was). A hold that already ran out is not revived: its seats may be taken.
 * Returns the hold as it is after the call, or undefined when the order has none.
 */
export async function renewSeatHold(
  wp: WpDb,
  orderId: number,
  at: { now: Date; holdMs: number },
): Promise<SeatHold | undefined> {
  const now = holdTime(at.now);
  const until = holdTime(new Date(at.now.getTime() + at.holdMs));
  await wp
    .knex(holdsTable(wp))
    .where({ order_id: orderId, state: 'held' })
    .where('expires_at', '>', now)
    .where('expires_at', '<', until)
    .update({ expires_at: until });
  return getSeatHold(wp, orderId);
}

export async function getSeatHold(wp: WpDb, orderId: number, options: { forUpdate?: boolean } = {}) {
  let query = wp.knex(holdsTable(wp)).first().where('order_id', orderId);
  if (options.forUpdate) query = wp.dialect.forUpdate(query);
  const row = (await query) as Record<string, unknown> | undefined;
  return row ? holdOf(row) : undefined;
}

/** A hold's outcome (paid, expired, released, late-paid, refund), with when it was settled. */
export async function settleSeatHold(wp: WpDb, orderId: number, state: SeatHoldState, now: Date): Promise<void> {
  await wp
    .knex(holdsTable(wp))
    .where('order_id', orderId)
    .update({ state, settled_at: holdTime(now) });
}

/**
 * Inside a transaction: up to `limit` holds due at `now`, locked; the rows another process has
 * locked are passed over (SKIP LOCKED), so each due hold is claimed by exactly one process.
 */
export async function claimDueHolds(wp: WpDb, now: Date, limit: number): Promise<SeatHold[]> {
  const rows = (await wp.dialect.claimForUpdate(
    wp
      .knex(holdsTable(wp))
      .select()
      .where('state', 'held')
      .where('expires_at', '<=', holdTime(now))
      .orderBy('expires_at')
      .limit(limit),
  )) as Record<string, unknown>[];
  return rows.map(holdOf);
}

/**
 * Cancels an order whose hold ran out, as the plugin's daily job cancels an unpaid one: status
 * `cancel`, only while it is still `pending` (a status the admin set is never overwritten).
 */
export async function cancelUnpaidOrder(wp: WpDb, orderId: number): Promise<boolean> {
  const updated = await wp
    .knex(wp.t.orders)
    .where({ id: orderId, order_status: 'pending' })
    .update({ order_status: 'cancel' });
  return updated > 0;
}

function holdOf(row: Record<string, unknown>): SeatHold {
  return {
    orderId: Number(row.order_id),
    gateway: String(row.gateway),
    state: String(row.state) as SeatHoldState,
    expiresAt: String(row.expires_at),
  };
}
