import type { WpPost } from '../wp/post';
import type { WpDb } from './tables';

type PostRow = Record<string, unknown>;

export function toPost(row: PostRow): WpPost {
  return {
    id: Number(row.ID),
    authorId: Number(row.post_author),
    date: String(row.post_date),
    dateGmt: String(row.post_date_gmt),
    modified: String(row.post_modified),
    modifiedGmt: String(row.post_modified_gmt),
    content: String(row.post_content ?? ''),
    title: String(row.post_title ?? ''),
    excerpt: String(row.post_excerpt ?? ''),
    status: String(row.post_status),
    slug: String(row.post_name ?? ''),
    parentId: Number(row.post_parent),
    menuOrder: Number(row.menu_order),
    type: String(row.post_type),
    password: String(row.post_password ?? ''),
    guid: String(row.guid ?? ''),
    commentCount: Number(row.comment_count),
    commentsOpen: row.comment_status === 'open',
  };
}

export async function getPost(wp: WpDb, id: number): Promise<WpPost | undefined> {
  const row = await wp.knex(wp.t.posts).first().where('ID', id);
  return row ? toPost(row) : undefined;
}

/** A published post of a type by its slug (`post_name`), as WordPress resolves `/tour/<slug>/`. */
export async function getPublishedPostBySlug(wp: WpDb, type: string, slug: string): Promise<WpPost | undefined> {
  const row = await wp.knex(wp.t.posts).first().where({ post_type: type, post_status: 'publish', post_name: slug });
  return row ? toPost(row) : undefined;
}

/** Published posts of a type, newest first (WordPress's default order), paged. */
export async function listPublishedPosts(
  wp: WpDb,
  type: string,
  page: { limit: number; offset: number } = { limit: 100, offset: 0 },
): Promise<WpPost[]> {
  const rows = await wp
    .knex(wp.t.posts)
    .select()
    .where({ post_type: type, post_status: 'publish' })
    .orderBy([
      { column: 'post_date', order: 'desc' },
      { column: 'ID', order: 'desc' },
    ])
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toPost);
}

export async function countPosts(wp: WpDb, type: string, status = 'publish'): Promise<number> {
  const row = await wp.knex(wp.t.posts).count({ n: '*' }).where({ post_type: type, post_status: status }).first();
  return Number(row?.n ?? 0);
}

/**
 * The path of a page's permalink under `/%postname%/` permalinks: its ancestors' slugs, then its
 * own (`/payment/`, `/parent/child/`). Undefined when the page does not exist or is not published.
 */
export async function publishedPagePath(wp: WpDb, pageId: number): Promise<string | undefined> {
  const slugs: string[] = [];
  let id = pageId;
  for (let depth = 0; id > 0 && depth < 20; depth++) {
    const row = await wp
      .knex(wp.t.posts)
      .first('post_name', 'post_parent', 'post_status')
      .where({ ID: id, post_type: 'page' });
    if (!row || (depth === 0 && row.post_status !== 'publish')) return undefined;
    slugs.unshift(String(row.post_name));
    id = Number(row.post_parent);
  }
  return `/${slugs.join('/')}/`;
}

/** The titles of posts named by id (as text; ids that are not numbers or posts are absent), in one query. */
export async function postTitles(wp: WpDb, ids: readonly string[]): Promise<Map<string, string>> {
  const numeric = ids.filter((id) => /^\d{1,19}$/.test(id)).map(Number);
  if (numeric.length === 0) return new Map();
  const rows: { id: number; title: string | null }[] = await wp
    .knex(wp.t.posts)
    .select('ID as id', 'post_title as title')
    .whereIn('ID', numeric);
  return new Map(rows.map((r) => [String(r.id), String(r.title ?? '')]));
}

/** A post's type, slug and status (for its permalink), or undefined. */
export async function getPostRoute(
  wp: WpDb,
  id: number,
): Promise<{ type: string; slug: string; status: string } | undefined> {
  const row = await wp.knex(wp.t.posts).first('post_type', 'post_name', 'post_status').where('ID', id);
  return row
    ? { type: String(row.post_type), slug: String(row.post_name), status: String(row.post_status) }
    : undefined;
}

/** Titles and slugs of posts (any type and status), by id, in one query. */
export async function titlesAndSlugs(
  wp: WpDb,
  ids: readonly number[],
): Promise<Map<number, { title: string; slug: string }>> {
  const unique = [...new Set(ids.filter((id) => id > 0))];
  if (unique.length === 0) return new Map();
  const rows: { ID: unknown; post_title: unknown; post_name: unknown }[] = await wp
    .knex(wp.t.posts)
    .select('ID', 'post_title', 'post_name')
    .whereIn('ID', unique);
  return new Map(
    rows.map((r) => [Number(r.ID), { title: String(r.post_title ?? ''), slug: String(r.post_name ?? '') }]),
  );
}

/** The published tours among `ids`: id, title and slug, in one query. */
export async function publishedTours(
  wp: WpDb,
  ids: readonly number[],
): Promise<Map<number, { title: string; slug: string }>> {
  const rows: Record<string, unknown>[] = ids.length
    ? await wp
        .knex(wp.t.posts)
        .select('ID', 'post_title', 'post_name')
        .whereIn('ID', [...ids])
        .andWhere({ post_type: 'tour', post_status: 'publish' })
    : [];
  return new Map(
    rows.map((r) => [Number(r.ID), { title: String(r.post_title ?? ''), slug: String(r.post_name ?? '') }]),
  );
}

/** The `guid` (the file's URL as WordPress stored it) of attachments, by id. */
export async function attachmentGuids(wp: WpDb, ids: readonly number[]): Promise<Map<number, string>> {
  const rows: Record<string, unknown>[] = ids.length
    ? await wp
        .knex(wp.t.posts)
        .select('ID', 'guid')
        .whereIn('ID', [...ids])
        .andWhere('post_type', 'attachment')
    : [];
  return new Map(rows.map((r) => [Number(r.ID), String(r.guid ?? '')]));
}
