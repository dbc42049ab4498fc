import { maybeUnserialize } from '../php/serialize';
import { parseSearch } from '../tourmaster/listing/search-terms';
import type { PostDecoration, PostDecorations, WpPost, WpTerm } from '../wp/post';
import { loadAttachments } from './attachments';
import { toPost } from './posts';
import { quoteTable, type WpDb } from './tables';
import { getObjectTerms } from './terms';
import { relevanceOrder, searchConditions } from './tour-list';

/**
 * The reads behind the blog pages (server/pages/blog): the reading settings, the main query of the
 * posts index (`WP_Query` for `is_home`: published posts, newest first, sticky posts first on page
 * 1), the single post or page a path names, the adjacent posts, and what the theme prints around a
 * post (categories, tags, format, author, featured image). All SQL of the blog lives here.
 */

/** The options the blog pages read, as option text ('' when the row is missing). */
export const BLOG_OPTIONS = [
  'show_on_front',
  'page_on_front',
  'page_for_posts',
  'posts_per_page',
  'permalink_structure',
  'category_base',
  'tag_base',
  'sticky_posts',
  'default_category',
  'tourmaster_general',
  'wp_page_for_privacy_policy',
  'date_format',
  'posts_per_rss',
  'rss_use_excerpt',
  // Ours (DEVIATIONS.md 64): `masonry` lays the posts index out as a grid of cards.
  'dropin_blog_layout',
] as const;

export type BlogOptionName = (typeof BLOG_OPTIONS)[number];

export async function loadBlogOptions(wp: WpDb): Promise<ReadonlyMap<BlogOptionName, string>> {
  const rows: { option_name: unknown; option_value: unknown }[] = await wp
    .knex(wp.t.options)
    .select('option_name', 'option_value')
    .whereIn('option_name', [...BLOG_OPTIONS]);
  return new Map(rows.map((r) => [String(r.option_name) as BlogOptionName, String(r.option_value ?? '')]));
}

/** `sticky_posts`: the ids in the stored array (ints, as WordPress compares them strictly). */
export function stickyIds(text: string): number[] {
  let value: unknown;
  try {
    value = maybeUnserialize(text);
  } catch {
    return [];
  }
  if (!value || typeof value !== 'object') return [];
  return Object.values(value as Record<string, unknown>)
    .map((v) => (typeof v === 'number' ? v : Number.parseInt(String(v), 10)))
    .filter((id) => Number.isSafeInteger(id) && id > 0);
}

const PUBLISHED_POST = { post_type: 'post', post_status: 'publish' } as const;

const ORDER_NEWEST = [
  { column: 'post_date', order: 'desc' },
  { column: 'ID', order: 'desc' },
] as const;

export async function countPublishedPosts(wp: WpDb): Promise<number> {
  const row = await wp.knex(wp.t.posts).count({ n: '*' }).where(PUBLISHED_POST).first();
  return Number(row?.n ?? 0);
}

/**
 * One page of the posts index. On page 1 the sticky posts come first, in the order WordPress puts
 * them: those already on the page moved to the front, then the others, newest first (so page 1 may
 * hold more than `perPage` posts, as on WordPress).
 */
export async function listIndexPosts(
  wp: WpDb,
  page: { number: number; perPage: number; sticky: readonly number[] },
): Promise<WpPost[]> {
  const query = wp
    .knex(wp.t.posts)
    .select()
    .where(PUBLISHED_POST)
    .orderBy([...ORDER_NEWEST]);
  if (page.perPage > 0) query.limit(page.perPage).offset((page.number - 1) * page.perPage);
  const posts = ((await query) as Record<string, unknown>[]).map(toPost);
  if (page.number > 1 || page.sticky.length === 0) return posts;
  const sticky = new Set(page.sticky);
  const front = posts.filter((p) => sticky.has(p.id));
  const rest = posts.filter((p) => !sticky.has(p.id));
  for (const p of front) sticky.delete(p.id);
  const others = sticky.size
    ? ((await wp
        .knex(wp.t.posts)
        .select()
        .where(PUBLISHED_POST)
        .whereIn('ID', [...sticky])
        .orderBy([...ORDER_NEWEST])) as Record<string, unknown>[])
    : [];
  return [...front, ...others.map(toPost), ...rest];
}

/** A post by id, whatever its type and status (the caller decides what may be shown). */
export async function getPostById(wp: WpDb, id: number): Promise<WpPost | undefined> {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const row = await wp.knex(wp.t.posts).first().where('ID', id);
  return row ? toPost(row) : undefined;
}

/** A post of type `post` by its slug, whatever its status (a draft is found, then refused). */
export async function getBlogPostBySlug(wp: WpDb, slug: string): Promise<WpPost | undefined> {
  const rows = (await wp
    .knex(wp.t.posts)
    .select()
    .where({ post_type: 'post', post_name: slug })
    .orderBy('ID')) as Record<string, unknown>[];
  // A published post wins over a draft that took the same slug.
  const posts = rows.map(toPost);
  return posts.find((p) => p.status === 'publish') ?? posts[0];
}

/**
 * `get_page_by_path`: the page whose slug is the last segment and whose ancestors' slugs are the
 * segments before it (`/parent/child/`). Any status: the caller refuses what is not published.
 */
export async function getPageByPath(wp: WpDb, segments: readonly string[]): Promise<WpPost | undefined> {
  if (segments.length === 0 || segments.length > 20) return undefined;
  const rows = (await wp
    .knex(wp.t.posts)
    .select()
    .where('post_type', 'page')
    .whereIn('post_name', [...new Set(segments)])) as Record<string, unknown>[];
  const pages = rows.map(toPost);
  const byId = new Map(pages.map((p) => [p.id, p]));
  const matches = pages.filter((page) => {
    let current: WpPost | undefined = page;
    for (let i = segments.length - 1; i >= 0; i--) {
      if (!current || current.slug !== segments[i]) return false;
      if (i === 0) return current.parentId === 0;
      current = byId.get(current.parentId);
    }
    return false;
  });
  return matches.find((p) => p.status === 'publish') ?? matches[0];
}

/** The slugs from a page up to its root, for its permalink (`/parent/child/`). */
export async function pageAncestry(wp: WpDb, page: WpPost): Promise<string[]> {
  const slugs = [page.slug];
  let parent = page.parentId;
  for (let depth = 0; parent > 0 && depth < 20; depth++) {
    const row = await wp.knex(wp.t.posts).first('post_name', 'post_parent').where('ID', parent);
    if (!row) break;
    slugs.unshift(String(row.post_name));
    parent = Number(row.post_parent);
  }
  return slugs;
}

/**
 * `get_previous_post` / `get_next_post`: the published post just older and just newer than this one
 * (by `post_date`, strictly, as WordPress 6.3 compares).
 */
export async function adjacentPosts(
  wp: WpDb,
  post: WpPost,
): Promise<{ previous: WpPost | undefined; next: WpPost | undefined }> {
  const [previous, next] = await Promise.all([
    wp.knex(wp.t.posts).first().where(PUBLISHED_POST).where('post_date', '<', post.date).orderBy('post_date', 'desc'),
    wp.knex(wp.t.posts).first().where(PUBLISHED_POST).where('post_date', '>', post.date).orderBy('post_date', 'asc'),
  ]);
  return { previous: previous ? toPost(previous) : undefined, next: next ? toPost(next) : undefined };
}

/**
 * Terms (category, post_tag, post_format), authors and featured images of several posts, in four
 * queries whatever their number. Category parents are read too, for their archive links.
 */
export async function decoratePosts(wp: WpDb, posts: readonly WpPost[], siteUrl: string): Promise<PostDecorations> {
  const ids = posts.map((p) => p.id);
  const authorIds = [...new Set(posts.map((p) => p.authorId))].filter((id) => id > 0);
  const [terms, authors, thumbnails, categories] = await Promise.all([
    getObjectTerms(wp, ids, ['category', 'post_tag', 'post_format']),
    authorIds.length
      ? (wp.knex(wp.t.users).select('ID', 'user_nicename', 'display_name').whereIn('ID', authorIds) as Promise<
          Record<string, unknown>[]
        >)
      : Promise.resolve([]),
    ids.length
      ? (wp
          .knex(wp.t.postmeta)
          .select('post_id', 'meta_value')
          .whereIn('post_id', ids)
          .where('meta_key', '_thumbnail_id')
          .orderBy('meta_id') as Promise<Record<string, unknown>[]>)
      : Promise.resolve([]),
    wp
      .knex(`${wp.t.terms} as t`)
      .join(`${wp.t.termTaxonomy} as tt`, 'tt.term_id', 't.term_id')
      .select('t.term_id', 't.name', 't.slug', 'tt.term_taxonomy_id', 'tt.taxonomy', 'tt.parent')
      .where('tt.taxonomy', 'category') as Promise<Record<string, unknown>[]>,
  ]);
  const authorById = new Map(
    authors.map((a) => [
      Number(a.ID),
      { nicename: String(a.user_nicename ?? ''), displayName: String(a.display_name ?? '') },
    ]),
  );
  const thumbnailOf = new Map<number, number>();
  for (const row of thumbnails) {
    const id = Number(row.post_id);
    if (!thumbnailOf.has(id)) thumbnailOf.set(id, Number.parseInt(String(row.meta_value ?? ''), 10));
  }
  const images = await loadAttachments(wp, [...thumbnailOf.values()], siteUrl);
  const imageById = new Map(images.map((i) => [i.id, i]));
  const byPost = new Map<number, PostDecoration>();
  for (const post of posts) {
    const list = terms.get(post.id) ?? [];
    const format = list.find((t) => t.taxonomy === 'post_format')?.slug.replace(/^post-format-/, '');
    const thumbnailId = thumbnailOf.get(post.id);
    byPost.set(post.id, {
      categories: list.filter((t) => t.taxonomy === 'category'),
      tags: list.filter((t) => t.taxonomy === 'post_tag'),
      format: format || 'standard',
      author: authorById.get(post.authorId),
      thumbnail: thumbnailId === undefined ? undefined : imageById.get(thumbnailId),
    });
  }
  const categoryById = new Map<number, WpTerm>(
    categories.map((row) => [
      Number(row.term_id),
      {
        termId: Number(row.term_id),
        termTaxonomyId: Number(row.term_taxonomy_id),
        name: String(row.name ?? ''),
        slug: String(row.slug ?? ''),
        taxonomy: 'category',
        description: '',
        parentId: Number(row.parent) || 0,
        count: 0,
      },
    ]),
  );
  return { byPost, categories: categoryById };
}

/**
 * One page of WordPress's post search (`/?s=…`, the theme's search results): published posts
 * matching every term (searchConditions), in WordPress's search order (relevanceOrder, then
 * newest first), and how many match in all. No terms (a search of stopwords only is its text)
 * finds nothing to order by relevance, so newest first.
 */
export async function searchPublishedPosts(
  wp: WpDb,
  keywords: string,
  page: { number: number; perPage: number },
): Promise<{ posts: WpPost[]; found: number }> {
  const search = parseSearch(keywords);
  const conditions = searchConditions(wp, search);
  const where = `p.post_type = 'post' AND p.post_status = 'publish' AND ${conditions.where.join(' AND ')}`;
  const posts = quoteTable(wp, wp.t.posts);
  const rows = (await rawRows(wp, `SELECT COUNT(*) AS n FROM ${posts} p WHERE ${where}`, conditions.bindings)) as {
    n: unknown;
  }[];
  const found = Number(rows[0]?.n ?? 0);
  if (found === 0) return { posts: [], found };
  const order = search.terms.length ? relevanceOrder(wp, search) : { sql: '1', bindings: [] };
  const limit =
    page.perPage > 0 ? ` LIMIT ${Math.trunc(page.perPage)} OFFSET ${Math.trunc((page.number - 1) * page.perPage)}` : '';
  const list = await rawRows(
    wp,
    `SELECT p.* FROM ${posts} p WHERE ${where} ORDER BY ${order.sql}, p.post_date DESC, p.ID DESC${limit}`,
    [...conditions.bindings, ...order.bindings],
  );
  return { posts: (list as Parameters<typeof toPost>[0][]).map(toPost), found };
}

async function rawRows(wp: WpDb, sql: string, bindings: readonly string[]): Promise<Record<string, unknown>[]> {
  const result = await wp.knex.raw(sql, [...bindings]);
  return (wp.engine === 'mysql' ? (result as [Record<string, unknown>[]])[0] : result) as Record<string, unknown>[];
}
