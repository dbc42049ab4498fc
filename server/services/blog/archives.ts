import { type ArchiveFilter, countArchivePosts, getAuthorByNicename, listArchivePosts } from '../../data/post-archives';
import { decoratePosts } from '../../data/posts-list';
import { getTermBySlug, listTerms } from '../../data/terms';
import { archiveFront, dateFront, isPretty, type PermalinkSettings } from '../../wp/permalinks';
import type { PostDecorations, WpPost, WpTerm } from '../../wp/post';
import type { RequestContext } from '../context';
import type { BlogSettings } from './resolve-request';

/**
 * The blog's archives under pretty permalinks, as WordPress's rewrite rules read them: a category
 * (`/category/parent/child/`), a tag, an author (`/author/{nicename}/`), a year, month or day
 * (`/2026/10/`), each with `/page/N/` and its RSS 2.0 feed (`/feed/`, `/feed/rss2/`, `/rss2/`);
 * and the site's feed `/feed/`. Which posts each lists: published `post` posts, newest first, a
 * category's with its descendants'.
 */
export type ArchiveKind =
  | { kind: 'category'; slugs: string[] }
  | { kind: 'tag'; slug: string }
  | { kind: 'author'; nicename: string }
  | { kind: 'date'; year: number; month?: number; day?: number }
  /** The site's own feed (`/feed/`). */
  | { kind: 'home' };

export interface ArchivePath {
  archive: ArchiveKind;
  /** The `/page/N/` segment as written (undefined: none). */
  page: string | undefined;
  feed: boolean;
  trailingSlash: boolean;
}

/** A feed's segment: `feed`, `feed/rss2`, `rss2` (the default RSS 2.0 feed; Atom and RDF are not served). */
const FEED = '(?:/feed(?:/rss2)?|/rss2)';
const TAIL = `(${FEED})?(?:/page/([^/]*))?(/?)$`;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** What an archive path names; undefined when the path is no archive (or links are plain). */
export function parseArchivePath(permalinks: PermalinkSettings, rawPath: string): ArchivePath | undefined {
  if (!isPretty(permalinks) || rawPath.length > 1000) return undefined;
  const path = rawPath.toLowerCase();
  const tail = (m: RegExpExecArray, at: number) => ({
    feed: m[at] !== undefined,
    page: m[at + 1],
    trailingSlash: m[at + 2] === '/',
  });
  if (/^\/(?:feed(?:\/rss2)?|rss2)\/?$/.test(path)) {
    return { archive: { kind: 'home' }, page: undefined, feed: true, trailingSlash: path.endsWith('/') };
  }
  const front = escapeRegExp(archiveFront(permalinks));
  const category = escapeRegExp(permalinks.categoryBase || 'category');
  const tag = escapeRegExp(permalinks.tagBase || 'tag');
  let m = new RegExp(`^${front}${category}/(.+?)${TAIL}`).exec(path);
  if (m) {
    const slugs = m[1]!.split('/');
    if (slugs.length > 20 || slugs.some((s) => s === '')) return undefined;
    return { archive: { kind: 'category', slugs }, ...tail(m, 2) };
  }
  m = new RegExp(`^${front}${tag}/([^/]+)${TAIL}`).exec(path);
  if (m) return { archive: { kind: 'tag', slug: m[1]! }, ...tail(m, 2) };
  m = new RegExp(`^${front}author/([^/]+)${TAIL}`).exec(path);
  if (m) return { archive: { kind: 'author', nicename: m[1]! }, ...tail(m, 2) };
  m = new RegExp(`^${escapeRegExp(dateFront(permalinks))}(\\d{4})(?:/(\\d{1,2}))?(?:/(\\d{1,2}))?${TAIL}`).exec(path);
  if (m) {
    const date = { kind: 'date' as const, year: Number(m[1]) };
    const month = m[2] === undefined ? undefined : Number(m[2]);
    const day = m[3] === undefined ? undefined : Number(m[3]);
    return {
      archive: { ...date, ...(month !== undefined ? { month } : {}), ...(day !== undefined ? { day } : {}) },
      ...tail(m, 4),
    };
  }
  return undefined;
}

/** The archive's object: the term, the author, or the date range. */
export type ArchiveSubject =
  | { kind: 'category'; term: WpTerm; categories: ReadonlyMap<number, WpTerm> }
  | { kind: 'tag'; term: WpTerm }
  | { kind: 'author'; author: { id: number; nicename: string; displayName: string } }
  | { kind: 'date'; year: number; month?: number; day?: number }
  | { kind: 'home' };

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The percent-encoded spelling WordPress stores a non-ASCII slug in, lower-case (`caf%c3%a9`). */
function storedSlug(slug: string): string {
  return encodeURIComponent(safeDecode(slug)).toLowerCase();
}

/** The archive's object, or undefined when there is none (an unknown term or author, an impossible date: a 404). */
export async function findArchiveSubject(
  ctx: Pick<RequestContext, 'catalogue'>,
  archive: ArchiveKind,
): Promise<ArchiveSubject | undefined> {
  switch (archive.kind) {
    case 'home':
      return archive;
    case 'date':
      return validDate(archive) ? archive : undefined;
    case 'author': {
      const author = await getAuthorByNicename(ctx.catalogue, safeDecode(archive.nicename));
      return author ? { kind: 'author', author } : undefined;
    }
    case 'tag': {
      const term = await getTermBySlug(ctx.catalogue, 'post_tag', storedSlug(archive.slug));
      return term ? { kind: 'tag', term } : undefined;
    }
    case 'category': {
      const all = await listTerms(ctx.catalogue, 'category');
      const categories = new Map(all.map((t) => [t.termId, t]));
      const last = storedSlug(archive.slugs[archive.slugs.length - 1]!);
      const term = all.find((t) => t.slug.toLowerCase() === last);
      if (!term) return undefined;
      // `parent/child` must be the term's own ancestry; a bare child slug is redirected to it by the caller.
      if (
        archive.slugs.length > 1 &&
        categoryAncestry(term, categories).join('/') !== archive.slugs.map(storedSlug).join('/')
      )
        return undefined;
      return { kind: 'category', term, categories };
    }
  }
}

/** A category's slugs from its root ancestor down (`parent/child`). */
export function categoryAncestry(term: WpTerm, categories: ReadonlyMap<number, WpTerm>): string[] {
  const slugs = [term.slug];
  let parent = categories.get(term.parentId);
  for (let depth = 0; parent && depth < 20; depth++) {
    slugs.unshift(parent.slug);
    parent = categories.get(parent.parentId);
  }
  return slugs;
}

/** `wp_checkdate`: month 1–12, the day within the month. */
function validDate(date: { year: number; month?: number; day?: number }): boolean {
  if (date.month !== undefined && (date.month < 1 || date.month > 12)) return false;
  if (date.day !== undefined) {
    const last = new Date(Date.UTC(date.year, date.month ?? 1, 0)).getUTCDate();
    if (date.day < 1 || date.day > last) return false;
  }
  return true;
}

/** The term and its descendants' `term_taxonomy_id`s (a category archive lists its children's posts too). */
function withDescendants(term: WpTerm, categories: ReadonlyMap<number, WpTerm>): number[] {
  const ids = [term.termTaxonomyId];
  const queue = [term.termId];
  const seen = new Set(queue);
  while (queue.length) {
    const parentId = queue.shift()!;
    for (const child of categories.values()) {
      if (child.parentId !== parentId || seen.has(child.termId)) continue;
      seen.add(child.termId);
      ids.push(child.termTaxonomyId);
      queue.push(child.termId);
    }
  }
  return ids;
}

const pad = (n: number) => String(n).padStart(2, '0');

function filterOf(subject: ArchiveSubject): ArchiveFilter {
  switch (subject.kind) {
    case 'home':
      return {};
    case 'category':
      return { termTaxonomyIds: withDescendants(subject.term, subject.categories) };
    case 'tag':
      return { termTaxonomyIds: [subject.term.termTaxonomyId] };
    case 'author':
      return { authorId: subject.author.id };
    case 'date': {
      const { year, month, day } = subject;
      const from = `${String(year).padStart(4, '0')}-${pad(month ?? 1)}-${pad(day ?? 1)} 00:00:00`;
      const end =
        day !== undefined
          ? new Date(Date.UTC(year, month! - 1, day + 1))
          : month !== undefined
            ? new Date(Date.UTC(year, month, 1))
            : new Date(Date.UTC(year + 1, 0, 1));
      const to = `${String(end.getUTCFullYear()).padStart(4, '0')}-${pad(end.getUTCMonth() + 1)}-${pad(end.getUTCDate())} 00:00:00`;
      return { dateFrom: from, dateTo: to };
    }
  }
}

export type ArchivePage =
  | { found: true; pages: number; total: number; posts: WpPost[]; decorations: PostDecorations }
  /** A page past the last, or a date archive without posts: the 404 page. */
  | { found: false };

/** One page of the archive, with what the theme prints around each post. */
export async function loadArchivePage(
  ctx: Pick<RequestContext, 'catalogue'>,
  settings: BlogSettings,
  subject: ArchiveSubject,
  page: number,
  siteUrl: string,
): Promise<ArchivePage> {
  const filter = filterOf(subject);
  const total = await countArchivePosts(ctx.catalogue, filter);
  const pages = settings.perPage > 0 ? Math.ceil(total / settings.perPage) : total > 0 ? 1 : 0;
  // WP::handle_404: an empty term or author archive is a page (saying so); an empty date archive is not.
  if (page > Math.max(1, pages) || (total === 0 && subject.kind === 'date')) return { found: false };
  const posts = await listArchivePosts(ctx.catalogue, filter, { number: page, perPage: settings.perPage });
  return { found: true, pages, total, posts, decorations: await decoratePosts(ctx.catalogue, posts, siteUrl) };
}

/** The newest `settings.perRss` posts of the feed's archive. */
export async function loadFeedPosts(
  ctx: Pick<RequestContext, 'catalogue'>,
  settings: BlogSettings,
  subject: ArchiveSubject,
  siteUrl: string,
): Promise<{ posts: WpPost[]; decorations: PostDecorations }> {
  const posts = await listArchivePosts(ctx.catalogue, filterOf(subject), { number: 1, perPage: settings.perRss });
  return { posts, decorations: await decoratePosts(ctx.catalogue, posts, siteUrl) };
}
