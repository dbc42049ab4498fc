import type { Knex } from 'knex';
import { maybeUnserialize } from '../php/serialize';
import type { TourOrder } from '../tourmaster/order';
import {
  aggregateRating,
  type ListedReview,
  type ReviewerProfile,
  type ReviewSortColumn,
  readTourRating,
  type TourRating,
  type TourReview,
} from '../tourmaster/reviews';
import { foldKey } from '../wp/fold-key';
import { SQLITE_FOLD_FUNCTION } from './dialect';
import { deleteMeta, getMeta, updateMeta } from './meta';
import { toOrder } from './orders';
import { inTransaction, placeholders, preparedRows, quoteTable, type WpDb } from './tables';

function toReview(row: Record<string, unknown>): TourReview {
  const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return {
    id: Number(row.review_id),
    tourId: Number(row.review_tour_id),
    orderId: row.order_id === null || row.order_id === undefined ? null : Number(row.order_id),
    score: row.review_score === null || row.review_score === undefined ? null : Number(row.review_score),
    type: str(row.review_type),
    description: String(row.review_description ?? ''),
    date: String(row.review_date),
    reviewerName: str(row.reviewer_name),
    reviewerEmail: str(row.reviewer_email),
  };
}

/** The reviews of one tour, newest first. */
export async function listReviewsOfTour(wp: WpDb, tourId: number): Promise<TourReview[]> {
  const rows = await wp.knex(wp.t.reviews).select().where('review_tour_id', tourId).orderBy('review_date', 'desc');
  return rows.map(toReview);
}

export async function countReviews(wp: WpDb): Promise<number> {
  const row = await wp.knex(wp.t.reviews).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

/** What the public list selects (reviews.md §2): one tour, optionally one traveller type. */
export interface ReviewQuery {
  tourId: number;
  /** Exact `review_type` (compared as the site's collation compares it). */
  type?: string | undefined;
}

/**
 * The "review query": the tour's reviews with a score, joined to their order, without the ones
 * whose order was cancelled (admin reviews have no order and are kept).
 */
function reviewQuery(wp: WpDb, query: ReviewQuery): Knex.QueryBuilder {
  let qb = wp
    .knex({ r: wp.t.reviews })
    .leftJoin({ o: wp.t.orders }, 'o.id', 'r.order_id')
    .where('r.review_tour_id', query.tourId)
    .whereNotNull('r.review_score')
    .where((w) => w.whereNull('o.order_status').orWhere('o.order_status', '!=', 'cancel'));
  if (query.type !== undefined) qb = wp.dialect.whereFolded(qb, 'r.review_type', query.type);
  return qb;
}

/**
 * One page of the list, newest or best first. Ties keep the table's order (`review_id`), as the
 * legacy MySQL query returned them.
 */
export async function listTourReviews(
  wp: WpDb,
  query: ReviewQuery & { sort: ReviewSortColumn; offset: number; limit: number },
): Promise<ListedReview[]> {
  const rows: Record<string, unknown>[] = await reviewQuery(wp, query)
    .select('r.*', { user_id: 'o.user_id' })
    .orderBy([
      { column: `r.${query.sort}`, order: 'desc' },
      { column: 'r.review_id', order: 'asc' },
    ])
    .limit(query.limit)
    .offset(query.offset);
  return rows.map((row) => ({ ...toReview(row), userId: Number(row.user_id ?? 0) || 0 }));
}

const listSql = new Map<string, string>();

/** `loadReviewListRows`' statement, built once per engine, prefix, sort and filter (a prepared statement's key). */
function reviewListSql(wp: WpDb, sort: ReviewSortColumn, typed: boolean, options: number): string {
  const key = `${wp.engine}:${wp.prefix}:${sort}:${typed}:${options}`;
  let sql = listSql.get(key);
  if (sql) return sql;
  const q = (name: string) => quoteTable(wp, name);
  const type = !typed
    ? ''
    : wp.engine === 'mysql'
      ? ' AND r.review_type = ?'
      : ` AND ${SQLITE_FOLD_FUNCTION}(r.review_type) = ?`;
  // The review query of reviewQuery(), in SQL text.
  const listed = `FROM ${q(wp.t.reviews)} r LEFT JOIN ${q(wp.t.orders)} o ON o.id = r.order_id WHERE r.review_tour_id = ? AND r.review_score IS NOT NULL AND (o.order_status IS NULL OR o.order_status != 'cancel')${type}`;
  const page = `SELECT 'r', r.review_id, r.review_date, r.review_description, r.review_score, r.review_type, r.reviewer_name, r.reviewer_email, o.user_id, r.review_tour_id, r.order_id ${listed} ORDER BY r.${sort} DESC, r.review_id ASC LIMIT ? OFFSET ?`;
  sql =
    `SELECT 'o' AS src, NULL AS id, option_name AS k, option_value AS v, NULL AS a, NULL AS b, NULL AS c, NULL AS d, NULL AS e, NULL AS f, NULL AS g FROM ${q(wp.t.options)} ` +
    `WHERE option_name IN (${placeholders(options)}) ` +
    // MariaDB takes a parenthesised member with its own ORDER BY and LIMIT; SQLite wants a subquery.
    `UNION ALL ${wp.engine === 'mysql' ? `(${page})` : `SELECT * FROM (${page})`} ` +
    `UNION ALL SELECT 'n', COUNT(*), NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL ${listed}`;
  listSql.set(key, sql);
  return sql;
}

type ListRow = {
  src: string;
  id: unknown;
  k: unknown;
  v: unknown;
  a: unknown;
  b: unknown;
  c: unknown;
  d: unknown;
  e: unknown;
  f: unknown;
  g: unknown;
};

/**
 * One page of the public list (`listTourReviews`), its count (`countTourReviews`) and the options
 * it is printed with (raw text), in one prepared statement.
 */
export async function loadReviewListRows(
  wp: WpDb,
  query: ReviewQuery & { sort: ReviewSortColumn; offset: number; limit: number },
  optionNames: readonly string[],
): Promise<{ reviews: ListedReview[]; count: number; options: Map<string, string> }> {
  const typed = query.type !== undefined;
  const filter = !typed ? [] : [wp.engine === 'mysql' ? query.type! : foldKey(query.type!)];
  const where = [query.tourId, ...filter];
  const rows = await preparedRows<ListRow>(wp, reviewListSql(wp, query.sort, typed, optionNames.length), [
    ...optionNames,
    ...where,
    query.limit,
    query.offset,
    ...where,
  ]);
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  const options = new Map<string, string>();
  const reviews: ListedReview[] = [];
  let count = 0;
  for (const row of rows) {
    if (row.src === 'o') options.set(String(row.k), String(row.v ?? ''));
    else if (row.src === 'n') count = Number(row.id) || 0;
    else
      reviews.push({
        id: Number(row.id),
        tourId: Number(row.f),
        orderId: row.g === null || row.g === undefined ? null : Number(row.g),
        score: row.a === null || row.a === undefined ? null : Number(row.a),
        type: text(row.b),
        description: String(row.v ?? ''),
        date: String(row.k),
        reviewerName: text(row.c),
        reviewerEmail: text(row.d),
        userId: Number(row.e ?? 0) || 0,
      });
  }
  // The union returns the page unordered: the list's order again (the sort column descending, ties by id).
  const by = (r: ListedReview) => (query.sort === 'review_score' ? (r.score ?? 0) : r.date);
  reviews.sort((x, y) => (by(x) < by(y) ? 1 : by(x) > by(y) ? -1 : x.id - y.id));
  return { reviews, count, options };
}

/** How many reviews the list has (the pagination's count: same conditions, filter included). */
export async function countTourReviews(wp: WpDb, query: ReviewQuery): Promise<number> {
  const row = await reviewQuery(wp, query).count({ n: '*' }).first();
  return Number((row as { n?: unknown } | undefined)?.n ?? 0);
}

/** Post meta `tourmaster-tour-rating`, when the tour has one. */
export async function getTourRating(wp: WpDb, tourId: number): Promise<TourRating | undefined> {
  return readTourRating(await getMeta(wp, 'post', tourId, 'tourmaster-tour-rating'));
}

/**
 * `tourmaster_update_review_score`: recomputes the tour's aggregate from its listed reviews and
 * writes `tourmaster-tour-rating` (always, even `{0,0}`) and `tourmaster-tour-rating-score`
 * (the average in PHP's float text, `73/9` → `8.1111111111111`; deleted without reviews).
 */
export async function updateTourRating(wp: WpDb, tourId: number): Promise<TourRating & { average?: number }> {
  const rows: { review_score: unknown }[] = await reviewQuery(wp, { tourId }).select('r.review_score');
  const agg = aggregateRating(rows.map((r) => (r.review_score === null ? null : Number(r.review_score))));
  await updateMeta(wp, 'post', tourId, 'tourmaster-tour-rating', { score: agg.score, reviewer: agg.reviewer });
  if (agg.average === undefined) await deleteMeta(wp, 'post', tourId, 'tourmaster-tour-rating-score');
  else await updateMeta(wp, 'post', tourId, 'tourmaster-tour-rating-score', agg.average);
  return agg.average === undefined
    ? { score: agg.score, reviewer: agg.reviewer }
    : { score: agg.score, reviewer: agg.reviewer, average: agg.average };
}

/** A customer's review, as the plugin's user page inserts it. */
export interface NewReview {
  tourId: number;
  orderId: number;
  score: number;
  type: string;
  description: string;
  /** Site-local `Y-m-d H:i:s`. */
  date: string;
}

export async function insertReview(wp: WpDb, review: NewReview): Promise<number> {
  const [id] = await wp.knex(wp.t.reviews).insert({
    review_tour_id: review.tourId,
    review_score: review.score,
    review_type: review.type,
    review_description: review.description,
    review_date: review.date,
    order_id: review.orderId,
  });
  return Number(id);
}

/** How many reviews an order already has. */
export async function countReviewsOfOrder(wp: WpDb, orderId: number): Promise<number> {
  const row = await wp.knex(wp.t.reviews).count({ n: '*' }).where('order_id', orderId).first();
  return Number((row as { n?: unknown } | undefined)?.n ?? 0);
}

/** A departed order of a customer with its review, if any (the account pages' review table). */
export interface ReviewableOrder {
  orderId: number;
  tourId: number;
  review: TourReview | null;
}

/**
 * The user's `departed` orders LEFT JOINed with their reviews, newest order first (reviews.md §7):
 * the dashboard block takes `limit: 5`; the reviews page takes all. An order with several reviews
 * (the legacy site allowed it) appears once per review.
 */
export async function listReviewableOrders(
  wp: WpDb,
  userId: number,
  options: { limit?: number } = {},
): Promise<ReviewableOrder[]> {
  let qb = wp
    .knex({ o: wp.t.orders })
    .leftJoin({ r: wp.t.reviews }, 'r.order_id', 'o.id')
    .select('r.*', { o_id: 'o.id', o_tour_id: 'o.tour_id' })
    .where('o.user_id', userId)
    .andWhere('o.order_status', 'departed')
    .orderBy([
      { column: 'o.id', order: 'desc' },
      { column: 'r.review_id', order: 'asc' },
    ]);
  if (options.limit !== undefined) qb = qb.limit(options.limit);
  const rows: Record<string, unknown>[] = await qb;
  return rows.map((row) => ({
    orderId: Number(row.o_id),
    tourId: Number(row.o_tour_id ?? 0),
    review: row.review_id === null || row.review_id === undefined ? null : toReview(row),
  }));
}

/** The accounts behind a page of reviews, in two queries. Unknown ids are absent. */
export async function reviewerProfiles(wp: WpDb, userIds: readonly number[]): Promise<Map<number, ReviewerProfile>> {
  const ids = [...new Set(userIds.filter((id) => id > 0))];
  const out = new Map<number, ReviewerProfile>();
  if (ids.length === 0) return out;
  const [users, metas] = await Promise.all([
    wp.knex(wp.t.users).select('ID', 'user_email', 'display_name').whereIn('ID', ids) as Promise<
      Record<string, unknown>[]
    >,
    wp
      .knex(wp.t.usermeta)
      .select('user_id', 'meta_key', 'meta_value')
      .whereIn('user_id', ids)
      .whereIn('meta_key', ['first_name', 'last_name', 'tourmaster-user-avatar'])
      .orderBy('umeta_id') as Promise<Record<string, unknown>[]>,
  ]);
  const meta = new Map<string, string>();
  for (const m of metas) {
    const key = `${m.user_id}|${m.meta_key}`;
    if (!meta.has(key)) meta.set(key, String(m.meta_value ?? ''));
  }
  for (const u of users) {
    const id = Number(u.ID);
    const avatarText = meta.get(`${id}|tourmaster-user-avatar`);
    let avatar: ReviewerProfile['avatar'];
    if (avatarText !== undefined) {
      try {
        const value = maybeUnserialize(avatarText);
        if (value && typeof value === 'object' && !Array.isArray(value)) {
          const v = value as Record<string, unknown>;
          avatar = {
            ...(typeof v.thumbnail === 'string' && v.thumbnail !== '' ? { thumbnail: v.thumbnail } : {}),
            ...(typeof v.file_url === 'string' && v.file_url !== '' ? { fileUrl: v.file_url } : {}),
          };
        }
      } catch {
        avatar = undefined;
      }
    }
    out.set(id, {
      email: String(u.user_email ?? ''),
      displayName: String(u.display_name ?? ''),
      firstName: meta.get(`${id}|first_name`) ?? '',
      lastName: meta.get(`${id}|last_name`) ?? '',
      avatar,
    });
  }
  return out;
}

/**
 * One review for an order, in one transaction: the order row is locked first, then its tour's, so
 * an order gets one review and a tour's aggregate is computed one submission at a time. `refusal`
 * (the domain's rule) sees the locked order and may stop the insert.
 */
export async function insertOrderReview<R extends string>(
  wp: WpDb,
  orderId: number,
  refusal: (order: TourOrder | undefined) => R | undefined,
  review: Omit<NewReview, 'tourId' | 'orderId'>,
): Promise<{ inserted: number; tourId: number } | { refused: R | 'no-order' | 'already-reviewed' }> {
  return inTransaction(
    wp,
    async (trx) => {
      const row = await trx.dialect.forUpdate(trx.knex(trx.t.orders).first().where('id', orderId));
      const order = row ? toOrder(row as Record<string, unknown>) : undefined;
      const refused = refusal(order);
      if (refused || !order) return { refused: refused ?? 'no-order' };
      await trx.dialect.forUpdate(trx.knex(trx.t.posts).first('ID').where('ID', order.tourId));
      if ((await countReviewsOfOrder(trx, order.id)) > 0) return { refused: 'already-reviewed' as const };
      const id = await insertReview(trx, { ...review, tourId: order.tourId, orderId: order.id });
      await updateTourRating(trx, order.tourId);
      return { inserted: id, tourId: order.tourId };
    },
    { readCommitted: true },
  );
}
