import { holdTime } from './seat-holds';
import type { WpDb } from './tables';

/**
 * The REST API's idempotency keys (`{prefix}dropin_api_idempotency`, migration 20261128000200): a
 * user's key, the hash of the body it was first sent with, and the order that request wrote.
 */
const table = (wp: Pick<WpDb, 'prefix'>) => `${wp.prefix}dropin_api_idempotency`;

export interface IdempotentRequest {
  bodyHash: string;
  orderId: number;
}

/** The request a user's key recorded at or after `since` (older rows are expired: a new request). */
export async function findIdempotentRequest(
  wp: WpDb,
  at: { userId: number; key: string; since: Date },
): Promise<IdempotentRequest | undefined> {
  const row = await wp
    .knex(table(wp))
    .first('body_hash', 'order_id')
    .where({ user_id: at.userId, idempotency_key: at.key })
    .where('created_at', '>=', holdTime(at.since));
  return row ? { bodyHash: String(row.body_hash), orderId: Number(row.order_id) } : undefined;
}

/**
 * Records a key with the order its request wrote, replacing an expired row of the same key; the
 * user's other expired keys (older than `expiredBefore`) go with it, so the table stays small.
 */
export async function recordIdempotentRequest(
  wp: WpDb,
  r: { userId: number; key: string; bodyHash: string; orderId: number; now: Date; expiredBefore: Date },
): Promise<void> {
  await wp.knex(table(wp)).where({ user_id: r.userId, idempotency_key: r.key }).delete();
  await wp.knex(table(wp)).where('user_id', r.userId).where('created_at', '<', holdTime(r.expiredBefore)).delete();
  await wp.knex(table(wp)).insert({
    user_id: r.userId,
    idempotency_key: r.key,
    body_hash: r.bodyHash,
    order_id: r.orderId,
    created_at: holdTime(r.now),
  });
}
