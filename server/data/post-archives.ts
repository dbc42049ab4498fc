import type { WpPost } from '../wp/post';
import { toPost } from './posts';
import type { WpDb } from './tables';

/**
 * The reads behind the blog's archives and feeds (server/pages/blog/archives.ts, feeds.ts): the
 * main query of a category, tag, author or date archive (published `post` posts only, newest
 * first), the author an archive names, and what the footer's archives and categories blocks list.
 */

/** Which posts an archive lists; every part given narrows it. */
export interface ArchiveFilter {
  /** Posts in any of these `term_taxonomy_id`s (a category and its descendants, or a tag). */
  termTaxonomyIds?: readonly number[];
  authorId?: number;
  /** `post_date` from (inclusive) and to (exclusive), site time `Y-m-d H:i:s`. */
  dateFrom?: string;
  dateTo?: string;
}

function archiveQuery(wp: WpDb, filter: ArchiveFilter) {
  const query = wp.knex(`${wp.t.posts} as p`).where({ 'p.post_type': 'post', 'p.post_status': 'publish' });
  if (filter.termTaxonomyIds) {
    const ids = [...filter.termTaxonomyIds];
    query.whereIn(
      'p.ID',
      wp
        .knex(wp.t.termRelationships)
        .select('object_id')
        .whereIn('term_taxonomy_id', ids.length ? ids : [0]),
    );
  }
  if (filter.authorId !== undefined) query.where('p.post_author', filter.authorId);
  if (filter.dateFrom !== undefined) query.where('p.post_date', '>=', filter.dateFrom);
  if (filter.dateTo !== undefined) query.where('p.post_date', '<', filter.dateTo);
  return query;
}

export async function countArchivePosts(wp: WpDb, filter: ArchiveFilter): Promise<number> {
  const row = await archiveQuery(wp, filter).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

/** One page of an archive, newest first (`perPage` 0: every post). */
export async function listArchivePosts(
  wp: WpDb,
  filter: ArchiveFilter,
  page: { number: number; perPage: number },
): Promise<WpPost[]> {
  const query = archiveQuery(wp, filter)
    .select('p.*')
    .orderBy([
      { column: 'p.post_date', order: 'desc' },
      { column: 'p.ID', order: 'desc' },
    ]);
  if (page.perPage > 0) query.limit(page.perPage).offset((page.number - 1) * page.perPage);
  return ((await query) as Record<string, unknown>[]).map(toPost);
}

/** A user by `user_nicename` (the author archive's slug): id and display name. */
export async function getAuthorByNicename(
  wp: WpDb,
  nicename: string,
): Promise<{ id: number; nicename: string; displayName: string } | undefined> {
  const row = await wp
    .knex(wp.t.users)
    .first('ID', 'user_nicename', 'display_name')
    .where('user_nicename', nicename.slice(0, 50));
  return row
    ? { id: Number(row.ID), nicename: String(row.user_nicename), displayName: String(row.display_name ?? '') }
    : undefined;
}

/** A month holding published posts, and how many. */
export interface ArchiveMonthRow {
  year: number;
  month: number;
  count: number;
}

/** `wp_get_archives( type=monthly )`: the months holding published posts, newest first, with their counts. */
export async function monthlyArchives(wp: WpDb): Promise<ArchiveMonthRow[]> {
  // `substr` reads a DATETIME as its text in MariaDB and SQLite alike.
  const rows = (await wp
    .knex(wp.t.posts)
    .select(wp.knex.raw('substr(post_date, 1, 7) as ym'))
    .count({ n: '*' })
    .where({ post_type: 'post', post_status: 'publish' })
    .groupByRaw('substr(post_date, 1, 7)')) as { ym: unknown; n: unknown }[];
  return archiveMonths(rows);
}

/** Rows of `substr(post_date, 1, 7)` and a count as months, newest first (a zero date left out). */
export function archiveMonths(rows: readonly { ym: unknown; n: unknown }[]): ArchiveMonthRow[] {
  return rows
    .map((r) => ({ ym: /^(\d{4})-(\d{2})$/.exec(String(r.ym)), count: Number(r.n) }))
    .filter((r): r is { ym: RegExpExecArray; count: number } => r.ym !== null && r.ym[1] !== '0000')
    .map((r) => ({ year: Number(r.ym[1]), month: Number(r.ym[2]), count: r.count }))
    .sort((a, b) => b.year - a.year || b.month - a.month);
}
