import type { CouponOption } from '../tourmaster/coupon';
import { getMeta } from './meta';
import type { WpDb } from './tables';

/** A published `tour_coupon` post found by its code. */
export interface StoredCoupon {
  id: number;
  /** The code as the admin stored it (`SUMMER10` for a request that said `summer10`). */
  code: string;
  /** Meta `tourmaster-coupon-option`, unserialised (an empty object when it is missing or not an array). */
  option: CouponOption;
}

/**
 * `get_posts(['post_type' => 'tour_coupon', 'meta_key' => 'tourmaster-coupon-code', 'meta_value' =>
 * $code])`: the newest published coupon whose code equals `code` as the site collation compares
 * (case- and accent-insensitive, trailing spaces ignored), on SQLite through the dialect's folding.
 * The code is a bound value, never SQL.
 */
export async function findCouponByCode(wp: WpDb, code: string): Promise<StoredCoupon | undefined> {
  if (code === '') return undefined;
  const query = wp
    .knex(`${wp.t.posts} as p`)
    .join(`${wp.t.postmeta} as m`, 'm.post_id', 'p.ID')
    .first('p.ID as id', 'm.meta_value as code')
    .where({ 'p.post_type': 'tour_coupon', 'p.post_status': 'publish', 'm.meta_key': 'tourmaster-coupon-code' });
  const row = await wp.dialect.whereFolded(query, 'm.meta_value', code).orderBy([
    { column: 'p.post_date', order: 'desc' },
    { column: 'p.ID', order: 'desc' },
  ]);
  if (!row) return undefined;
  const id = Number(row.id);
  const option = await getMeta(wp, 'post', id, 'tourmaster-coupon-option');
  return {
    id,
    code: String(row.code ?? ''),
    option: (option && typeof option === 'object' && !Array.isArray(option) ? option : {}) as CouponOption,
  };
}

/**
 * How many orders carry the code (`coupon_code`), whatever their status, compared as MySQL compares
 * it (case-insensitively). `excludeOrderId` leaves out the order being re-priced or rewritten.
 */
export async function countCouponUses(
  wp: WpDb,
  code: string,
  options: { excludeOrderId?: number } = {},
): Promise<number> {
  if (code === '') return 0;
  let query = wp.knex(wp.t.orders).count({ n: '*' });
  query = wp.dialect.whereFolded(query, 'coupon_code', code);
  if (options.excludeOrderId !== undefined) query = query.whereNot('id', options.excludeOrderId);
  const row = (await query.first()) as { n?: unknown } | undefined;
  return Number(row?.n ?? 0);
}
