import { maybeUnserialize, serialize } from '../php/serialize';
import { PhpOrderedMap } from '../php/values';
import type { ListedReview, ReviewerProfile } from '../tourmaster/reviews';
import { REVIEW_PAGE_SIZE } from '../tourmaster/reviews';
import { TOUR_META_KEYS, VIEW_COUNT_META } from '../tourmaster/tour-option';
import type { PageRow } from '../wp/menus';
import type { WpTerm } from '../wp/post';
import { largeOptionColumns, resolveLargeOptions } from './large-options';
import { type ArchiveMonthRow, archiveMonths } from './post-archives';
import { SITE_OPTIONS } from './site';
import { inTransaction, placeholders, preparedRows, quoteTable, type WpDb } from './tables';

/**
 * The single tour page's reads and its one write (the view counter). Everything the page prints
 * about the tour and the site comes back from one prepared statement: the tour's post row (by
 * slug), its metas, the site options, the theme's settings and the published pages (the header's
 * pages menu and the special pages' permalinks). Nothing is cached across requests.
 */

export const IP_LIST_META = 'tourmaster-tour-ip-list';

/** The tour metas the page reads, besides the booking ones. */
export const TOUR_PAGE_META_KEYS = [
  ...Object.values(TOUR_META_KEYS),
  'tourmaster-tour-price',
  'tourmaster-tour-discount',
  'tourmaster-tour-rating',
  VIEW_COUNT_META,
  'tourmaster-enquiry-form-fields',
  '_thumbnail_id',
] as const;

/** The options the page and its shell read. */
export const TOUR_PAGE_OPTIONS = [
  ...SITE_OPTIONS,
  'date_format',
  'tourmaster_general',
  'tourmaster_payment',
  'show_avatars',
  'avatar_default',
  'avatar_rating',
  'wp_page_for_privacy_policy',
  'stylesheet',
  // The footer's widget areas (services/site/footer-widgets.ts).
  'sidebars_widgets',
  'widget_block',
  'permalink_structure',
  'category_base',
] as const;

const REVIEWER_META = ['first_name', 'last_name', 'tourmaster-user-avatar'] as const;

type Row = {
  src: string;
  id: unknown;
  k: unknown;
  v: unknown;
  a: unknown;
  b: unknown;
  c: unknown;
  d: unknown;
  e: unknown;
};

const sqlCache = new Map<string, string>();

function tourPageSql(wp: WpDb): string {
  const key = `${wp.engine}:${wp.prefix}`;
  let sql = sqlCache.get(key);
  if (sql) return sql;
  const q = (name: string) => quoteTable(wp, name);
  const { posts, postmeta, options, reviews, orders } = wp.t;
  const like = wp.engine === 'mysql' ? "'theme\\\\_mods\\\\_%' ESCAPE '\\\\'" : "'theme\\_mods\\_%' ESCAPE '\\'";
  const none = (n: number) => Array.from({ length: n }, () => 'NULL').join(', ');
  const { value: optionValue, digest: optionDigest } = largeOptionColumns(wp);
  // The published tour's id (the lowest, should two share the slug): an index lookup, no sort.
  const tourId = `(SELECT MIN(ID) FROM ${q(posts)} WHERE post_type = 'tour' AND post_name = ? AND post_status = 'publish')`;
  // The review query of reviews.md §2 (admin reviews kept, cancelled orders' reviews hidden).
  const listed = `FROM ${q(reviews)} r LEFT JOIN ${q(orders)} o ON o.id = r.order_id WHERE r.review_tour_id = ${tourId} AND r.review_score IS NOT NULL AND (o.order_status IS NULL OR o.order_status != 'cancel')`;
  const order = `ORDER BY r.review_date DESC, r.review_id ASC LIMIT ${REVIEW_PAGE_SIZE}`;
  const firstPage = `SELECT 'r', r.review_id, r.review_date, r.review_description, r.review_score, r.review_type, r.reviewer_name, r.reviewer_email, o.user_id ${listed} ${order}`;
  // MariaDB takes a parenthesised member with its own ORDER BY and LIMIT (no derived table, whose
  // text columns would go to an on-disk temporary table); SQLite wants a subquery.
  const reviewBranch = wp.engine === 'mysql' ? `(${firstPage})` : `SELECT * FROM (${firstPage})`;
  // The first page's customers (a derived table: MariaDB takes no LIMIT in an IN subquery), whose
  // accounts the list shows; a customer with two reviews on the page comes twice, read once.
  const customers = `(SELECT o.user_id AS uid ${listed} ${order}) x`;
  const { users, usermeta } = wp.t;
  sql =
    `SELECT 'p' AS src, ID AS id, post_status AS k, post_title AS v, post_content AS a, post_excerpt AS b, post_date AS c, NULL AS d, NULL AS e FROM ${q(posts)} ` +
    `WHERE post_type = 'tour' AND post_name = ? ` +
    `UNION ALL SELECT 'm', meta_id, meta_key, meta_value, ${none(5)} FROM ${q(postmeta)} ` +
    `WHERE post_id = ${tourId} AND meta_key IN (${placeholders(TOUR_PAGE_META_KEYS.length)}) ` +
    `UNION ALL SELECT 'o', option_id, option_name, ${optionValue}, ${optionDigest}, ${none(4)} FROM ${q(options)} ` +
    `WHERE option_name IN (${placeholders(TOUR_PAGE_OPTIONS.length)}) OR option_name LIKE ${like} ` +
    `UNION ALL SELECT 'g', ID, post_name, post_title, post_parent, menu_order, ${none(3)} FROM ${q(posts)} ` +
    `WHERE post_type = 'page' AND post_status = 'publish' ` +
    `UNION ALL ${reviewBranch} ` +
    // The list's count (a window function over the page's rows costs MariaDB more than this).
    `UNION ALL SELECT 'n', COUNT(*), ${none(7)} ${listed} ` +
    // The footer's archives block (published posts by month) and categories block, as the listing
    // pages read them (tour-list.ts): the shell then reads nothing of its own.
    `UNION ALL SELECT 'y', NULL, substr(post_date, 1, 7), COUNT(*), ${none(5)} FROM ${q(posts)} ` +
    `WHERE post_type = 'post' AND post_status = 'publish' GROUP BY substr(post_date, 1, 7) ` +
    `UNION ALL SELECT 'c', t.term_id, t.slug, t.name, tt.term_taxonomy_id, tt.parent, tt.count, NULL, NULL ` +
    `FROM ${q(wp.t.terms)} t JOIN ${q(wp.t.termTaxonomy)} tt ON tt.term_id = t.term_id WHERE tt.taxonomy = 'category' ` +
    // The reviewers' accounts (loadReviewers' rows), in the same round trip.
    `UNION ALL SELECT 'u', u.ID, u.user_email, u.display_name, ${none(5)} FROM ${q(users)} u JOIN ${customers} ON u.ID = x.uid ` +
    `UNION ALL SELECT 'w', um.umeta_id, um.meta_key, um.meta_value, um.user_id, ${none(4)} FROM ${q(usermeta)} um ` +
    `JOIN ${customers} ON um.user_id = x.uid WHERE um.meta_key IN (${placeholders(REVIEWER_META.length)})`;
  sqlCache.set(key, sql);
  return sql;
}

/** The statement and its parameters (exported for EXPLAIN in tests and benchmarks). */
export function tourPageQuery(wp: WpDb, slug: string): { sql: string; params: string[] } {
  // In the order the branches name them: post, metas, options, reviews, count.
  const params = [slug, slug, ...TOUR_PAGE_META_KEYS, ...TOUR_PAGE_OPTIONS, slug, slug, slug, slug, ...REVIEWER_META];
  return { sql: tourPageSql(wp), params };
}

/**
 * The tour with this slug, its metas, the site's options, the published pages, the first page of
 * the tour's reviews and their reviewers' accounts, and the footer's rows, in one round trip.
 */
export async function loadTourPageRows(wp: WpDb, slug: string): Promise<TourPageRows> {
  const query = tourPageQuery(wp, slug);
  const rows = await preparedRows<Row>(wp, query.sql, query.params);
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const nullable = (v: unknown) => (v === null || v === undefined ? null : String(v));
  let post: TourPost | undefined;
  const meta = new Map<string, string>();
  const metaIds = new Map<string, number>();
  const options = new Map<string, string>();
  const digests = new Map<string, string>();
  const pages: PageRow[] = [];
  const reviews: ListedReview[] = [];
  let reviewCount = 0;
  for (const row of rows) {
    switch (row.src) {
      case 'p': {
        const id = Number(row.id);
        const status = text(row.k);
        // The first tour with the slug, preferring a published one (WordPress queries published posts).
        const better =
          !post || (post.status !== 'publish' && status === 'publish') || (status === post.status && id < post.id);
        if (better) {
          post = { id, status, title: text(row.v), content: text(row.a), excerpt: text(row.b), date: text(row.c) };
        }
        break;
      }
      case 'm': {
        // get_post_meta(…, true) reads the lowest meta id of a key.
        const key = text(row.k);
        const id = Number(row.id);
        const seen = metaIds.get(key);
        if (seen === undefined || id < seen) {
          metaIds.set(key, id);
          meta.set(key, text(row.v));
        }
        break;
      }
      case 'o':
        if (row.a === null || row.a === undefined) options.set(text(row.k), text(row.v));
        else digests.set(text(row.k), text(row.a));
        break;
      case 'g':
        pages.push({
          id: Number(row.id),
          slug: text(row.k),
          title: text(row.v),
          parentId: Number(row.a) || 0,
          menuOrder: Number(row.b) || 0,
        });
        break;
      case 'r':
        reviews.push({
          id: Number(row.id),
          tourId: post?.id ?? 0,
          orderId: null,
          score: row.a === null || row.a === undefined ? null : Number(row.a),
          type: nullable(row.b),
          description: text(row.v),
          date: text(row.k),
          reviewerName: nullable(row.c),
          reviewerEmail: nullable(row.d),
          userId: Number(row.e ?? 0) || 0,
        });
        break;
      case 'n':
        reviewCount = Number(row.id) || 0;
        break;
    }
  }
  if (digests.size) await resolveLargeOptions(wp, digests, options);
  pages.sort((x, y) => x.menuOrder - y.menuOrder || x.title.localeCompare(y.title) || x.id - y.id);
  // The union returns the first page unordered: newest first, ties by id (the list's order).
  reviews.sort((x, y) => (x.date < y.date ? 1 : x.date > y.date ? -1 : x.id - y.id));
  for (const review of reviews) review.tourId = post?.id ?? 0;
  const reviewers = reviewersFrom(rows.filter((row) => row.src === 'u' || row.src === 'w'));
  const footer = { options, ...footerRows(rows) };
  return { post, meta, options, pages, reviews, reviewCount, reviewers, footer, asRead: JSON.stringify(rows) };
}

/** The footer's archives (`y`) and categories (`c`) rows, as the listing pages read them (tour-list.ts). */
function footerRows(rows: readonly Row[]): { months: ArchiveMonthRow[]; categories: WpTerm[] } {
  const months = archiveMonths(rows.filter((row) => row.src === 'y').map((row) => ({ ym: row.k, n: row.v })));
  const categories: WpTerm[] = rows
    .filter((row) => row.src === 'c')
    .map((row) => ({
      termId: Number(row.id),
      termTaxonomyId: Number(row.a),
      name: String(row.v ?? ''),
      slug: String(row.k ?? ''),
      taxonomy: 'category',
      description: '',
      parentId: Number(row.b) || 0,
      count: Number(row.c) || 0,
    }));
  categories.sort((a, b) => a.name.localeCompare(b.name) || a.termId - b.termId);
  return { months, categories };
}

type ReviewerRow = { src: string; id: unknown; k: unknown; v: unknown; a: unknown };

/**
 * The accounts behind a page of reviews (data/reviews.ts `reviewerProfiles`) in one prepared
 * statement: their e-mail and display name, first and last names and uploaded avatar.
 */
export async function loadReviewers(wp: WpDb, userIds: readonly number[]): Promise<Map<number, ReviewerProfile>> {
  const ids = [...new Set(userIds.filter((id) => id > 0))];
  const out = new Map<number, ReviewerProfile>();
  if (ids.length === 0) return out;
  const key = `${wp.engine}:${wp.prefix}:reviewers:${ids.length}`;
  let sql = sqlCache.get(key);
  if (!sql) {
    const marks = placeholders(ids.length);
    sql =
      `SELECT 'u' AS src, ID AS id, user_email AS k, display_name AS v, NULL AS a FROM ${quoteTable(wp, wp.t.users)} WHERE ID IN (${marks}) ` +
      `UNION ALL SELECT 'w', umeta_id, meta_key, meta_value, user_id FROM ${quoteTable(wp, wp.t.usermeta)} ` +
      `WHERE user_id IN (${marks}) AND meta_key IN (${placeholders(REVIEWER_META.length)})`;
    sqlCache.set(key, sql);
  }
  return reviewersFrom(await preparedRows<ReviewerRow>(wp, sql, [...ids, ...ids, ...REVIEWER_META]));
}

/** The profiles of `loadReviewers`' rows: `u` (id, e-mail, display name) and `w` (a user meta, its user in `a`). */
function reviewersFrom(rows: readonly ReviewerRow[]): Map<number, ReviewerProfile> {
  const out = new Map<number, ReviewerProfile>();
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const users = new Map<number, { email: string; displayName: string }>();
  const userMeta = new Map<string, { id: number; value: string }>();
  for (const row of rows) {
    if (row.src === 'u') users.set(Number(row.id), { email: text(row.k), displayName: text(row.v) });
    else {
      const metaKey = `${Number(row.a)}|${text(row.k)}`;
      const id = Number(row.id);
      const seen = userMeta.get(metaKey);
      if (!seen || id < seen.id) userMeta.set(metaKey, { id, value: text(row.v) });
    }
  }
  for (const [id, user] of users) {
    const get = (name: string) => userMeta.get(`${id}|${name}`)?.value;
    out.set(id, {
      email: user.email,
      displayName: user.displayName,
      firstName: get('first_name') ?? '',
      lastName: get('last_name') ?? '',
      avatar: avatarOf(get('tourmaster-user-avatar')),
    });
  }
  return out;
}

/** User meta `tourmaster-user-avatar` (`thumbnail`, `file_url`), as data/reviews.ts reads it. */
function avatarOf(text: string | undefined): ReviewerProfile['avatar'] {
  if (text === undefined) return undefined;
  try {
    const value = maybeUnserialize(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    const v = value as Record<string, unknown>;
    return {
      ...(typeof v.thumbnail === 'string' && v.thumbnail !== '' ? { thumbnail: v.thumbnail } : {}),
      ...(typeof v.file_url === 'string' && v.file_url !== '' ? { fileUrl: v.file_url } : {}),
    };
  } catch {
    return undefined;
  }
}

/**
 * Counts one view of a tour (engagement.md §7): `tourmaster-view-count` + 1 in one atomic UPDATE,
 * so concurrent views are never lost (the plugin read, added and wrote back: DEFECTS.md 21). The
 * first view of a tour without the meta inserts it under a lock on the tour's post row, so two
 * first views cannot insert two rows.
 */
export async function countTourView(wp: WpDb, tourId: number): Promise<void> {
  const increment = (db: WpDb) =>
    db
      .knex(db.t.postmeta)
      .where({ post_id: tourId, meta_key: VIEW_COUNT_META })
      // PHP's intval of the stored text, plus one; the column is text on both engines.
      .update({
        meta_value: db.knex.raw(
          db.engine === 'mysql' ? 'CAST(meta_value AS SIGNED) + 1' : 'CAST(CAST(meta_value AS INTEGER) + 1 AS TEXT)',
        ),
      });
  if ((await increment(wp)) > 0) return;
  await inTransaction(
    wp,
    async (db) => {
      await db.dialect.forUpdate(db.knex(db.t.posts).first('ID').where('ID', tourId));
      if ((await increment(db)) > 0) return;
      await db.knex(db.t.postmeta).insert({ post_id: tourId, meta_key: VIEW_COUNT_META, meta_value: '1' });
    },
    { readCommitted: true },
  );
}

/** The stored view count (PHP's intval of the first value; 0 without one). */
export async function readTourViewCount(wp: WpDb, tourId: number): Promise<number> {
  const row = await wp
    .knex(wp.t.postmeta)
    .first('meta_value')
    .where({ post_id: tourId, meta_key: VIEW_COUNT_META })
    .orderBy('meta_id');
  return Math.max(0, Number.parseInt(String(row?.meta_value ?? '0'), 10) || 0);
}

/**
 * The urgency message's visitor count (engagement.md §6): post meta `tourmaster-tour-ip-list`, a
 * PHP array of address → last visit (Unix seconds). Entries older than an hour are dropped, this
 * visitor is recorded, and the list is written back under a lock on the tour's post row, so
 * concurrent views never overwrite each other. Returns the number of visitors in the last hour.
 */
export async function recordTourVisitor(wp: WpDb, tourId: number, ip: string, now: number): Promise<number> {
  return inTransaction(
    wp,
    async (trx) => {
      await trx.dialect.forUpdate(trx.knex(trx.t.posts).first('ID').where('ID', tourId));
      const row = await trx
        .knex(trx.t.postmeta)
        .first('meta_id', 'meta_value')
        .where({ post_id: tourId, meta_key: IP_LIST_META })
        .orderBy('meta_id');
      let stored: unknown;
      try {
        stored = row ? maybeUnserialize(String(row.meta_value ?? '')) : undefined;
      } catch {
        stored = undefined;
      }
      const list = new Map<string, number>();
      const entries =
        stored instanceof Map
          ? [...stored.entries()]
          : stored && typeof stored === 'object'
            ? Object.entries(stored as Record<string, unknown>)
            : [];
      for (const [key, value] of entries) {
        const at = Number(value);
        if (Number.isFinite(at) && now - at <= 3600) list.set(String(key), at);
      }
      list.set(ip || 'unknown', now);
      const map = new PhpOrderedMap();
      for (const [key, at] of list) map.set(key, at);
      const text = serialize(map);
      if (row) await trx.knex(trx.t.postmeta).where('meta_id', row.meta_id).update({ meta_value: text });
      else await trx.knex(trx.t.postmeta).insert({ post_id: tourId, meta_key: IP_LIST_META, meta_value: text });
      return list.size;
    },
    { readCommitted: true },
  );
}

/** The tour's post row, as the page prints it. */
export interface TourPost {
  id: number;
  status: string;
  title: string;
  content: string;
  excerpt: string;
  /** `post_date` (site-local wall clock). */
  date: string;
}

export interface TourPageRows {
  /** The first tour with this slug (any status: the caller decides what is shown). */
  post: TourPost | undefined;
  /** The published tour's metas (first value of each key, raw text). */
  meta: Map<string, string>;
  /** Options by name (raw text). */
  options: Map<string, string>;
  /** Published pages, by `menu_order` then title (`wp_list_pages`' order). */
  pages: PageRow[];
  /** The first page of the tour's listed reviews, newest first (reviews.md §2). */
  reviews: ListedReview[];
  /** How many listed reviews the tour has (the pagination's count). */
  reviewCount: number;
  /** The accounts behind the first page of reviews. */
  reviewers: Map<number, ReviewerProfile>;
  /** The footer's rows (services/site/footer-widgets.ts `FooterRows`): its options, months and categories. */
  footer: { options: Map<string, string>; months: ArchiveMonthRow[]; categories: WpTerm[] };
  /**
   * The statement's rows as text (large options as their digests): two equal texts are the same
   * read, so what is made of the rows alone can be kept by it (pages/tour/kept-page.ts).
   */
  asRead: string;
}
