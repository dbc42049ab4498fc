import {
  type BlogOptionName,
  getBlogPostBySlug,
  getPageByPath,
  getPostById,
  loadBlogOptions,
  stickyIds,
} from '../../data/posts-list';
import { isSet, phpInt, str } from '../../php/coerce';
import { optionRecord } from '../../wp/parse-cache';
import { isPretty, matchPostPath, type PermalinkSettings, pagedPath } from '../../wp/permalinks';
import type { WpPost } from '../../wp/post';
import type { RequestContext } from '../context';

/**
 * Which WordPress view a request is (`WP::parse_request` and the main query, for what the blog
 * pages serve): the posts index and its pages, a static front page, a single post, a page; or a
 * canonical redirect (`redirect_canonical`: trailing slash, `/page/1/`, `?paged=N` and `?p=N` under
 * pretty permalinks), a 404, or not ours at all (another route, or the 404 page, takes it).
 */
export interface BlogSettings {
  permalinks: PermalinkSettings;
  /** `page_on_front` when `show_on_front` is `page` (0: the posts index is the front page). */
  frontPageId: number;
  /** `page_for_posts` when `show_on_front` is `page` (0: no posts page). */
  postsPageId: number;
  /** `posts_per_page` (0: every post on one page, as WordPress's -1). */
  perPage: number;
  sticky: number[];
  /** `default_category`, for `%category%` permalinks of posts without one. */
  defaultCategory: number;
  /** The plugin's own pages (login, register, account, payment, search): their routes serve them. */
  pluginPages: ReadonlySet<number>;
  privacyPageId: number;
  /** Ours (DEVIATIONS.md 64): the posts index as a masonry grid of cards. */
  masonry: boolean;
  /** `date_format`, for the day archives' titles. */
  dateFormat: string;
  /** `posts_per_rss` (at least 1), and `rss_use_excerpt`: the feeds' length and whether they hold the content. */
  perRss: number;
  rssUseExcerpt: boolean;
}

/** The plugin's page settings in `tourmaster_general` whose pages other routes (or none) serve. */
const PLUGIN_PAGE_KEYS = ['login-page', 'register-page', 'user-page', 'payment-page', 'search-page'];

/** The blog's settings, read from the site's options. */
export async function loadBlogSettings(ctx: Pick<RequestContext, 'wp'>): Promise<BlogSettings> {
  return blogSettings(await loadBlogOptions(ctx.wp));
}

export function blogSettings(options: ReadonlyMap<BlogOptionName, string>): BlogSettings {
  const get = (name: BlogOptionName) => options.get(name) ?? '';
  const staticFront = get('show_on_front') === 'page';
  const general = optionRecord(get('tourmaster_general'));
  const pluginPages = new Set<number>();
  for (const key of PLUGIN_PAGE_KEYS)
    if (isSet(general[key]) && phpInt(general[key]) > 0) pluginPages.add(phpInt(general[key]));
  const perPage = phpInt(get('posts_per_page') || '10');
  return {
    permalinks: {
      structure: get('permalink_structure'),
      categoryBase: get('category_base').replace(/^\/+|\/+$/g, ''),
      tagBase: get('tag_base').replace(/^\/+|\/+$/g, ''),
    },
    frontPageId: staticFront ? Math.max(0, phpInt(get('page_on_front'))) : 0,
    postsPageId: staticFront ? Math.max(0, phpInt(get('page_for_posts'))) : 0,
    perPage: perPage > 0 ? perPage : 0,
    sticky: stickyIds(get('sticky_posts')),
    defaultCategory: phpInt(get('default_category')) || 1,
    pluginPages,
    privacyPageId: phpInt(get('wp_page_for_privacy_policy')),
    masonry: str(get('dropin_blog_layout')).trim().toLowerCase() === 'masonry',
    dateFormat: get('date_format') || 'F j, Y',
    perRss: Math.min(Math.max(1, phpInt(get('posts_per_rss') || '10')), 100),
    rssUseExcerpt: phpInt(get('rss_use_excerpt')) !== 0,
  };
}

export type BlogRoute =
  /** The posts index, page `page`; `postsPage` when it is a page's (`page_for_posts`). */
  | { kind: 'index'; page: number; postsPage?: WpPost }
  /** A published post or page; `front` for the static front page. */
  | { kind: 'single'; post: WpPost; front?: boolean }
  /** A redirect to `path` on the home URL, keeping the query but `dropQuery`. */
  | { kind: 'redirect'; path: string; dropQuery?: readonly string[] }
  /** A redirect to the post's permalink (`?p=N` under pretty permalinks). */
  | { kind: 'redirect-to-post'; post: WpPost; dropQuery: readonly string[] }
  | { kind: 'not-found' }
  | { kind: 'pass' };

/**
 * Query variables that make `/` another WordPress view (a search, an archive, a feed…): not served
 * here, so the request goes on (to the 404 page unless a route after this one takes it). Any other
 * query argument (`utm_source`, `tourmaster-payment` when the plugin has a payment page) leaves the
 * index as it is, as in WordPress.
 */
const OTHER_VIEWS = [
  's',
  'cat',
  'tag',
  'tag_id',
  'category_name',
  'author',
  'author_name',
  'm',
  'year',
  'monthnum',
  'day',
  'hour',
  'minute',
  'second',
  'w',
  'name',
  'pagename',
  'post_type',
  'feed',
  'preview',
  'attachment',
  'attachment_id',
  'taxonomy',
  'term',
  'tour',
  'tour_category',
  'tour_tag',
  'embed',
  'rest_route',
  'sitemap',
];

const INDEX_PAGE = /^(.*?\/)page\/([^/]*)(\/?)$/;

/** A page number as it must be written: a positive integer without sign or leading zero. */
function pageNumber(text: string): number | undefined {
  return /^[1-9]\d{0,8}$/.test(text) ? Number(text) : undefined;
}

/** What a request asks of the blog: its path and its query as Express parsed it. */
export interface BlogRequestUrl {
  path: string;
  query: Readonly<Record<string, unknown>>;
}

export async function resolveBlogRequest(
  ctx: Pick<RequestContext, 'catalogue'>,
  request: BlogRequestUrl,
  settings: BlogSettings,
): Promise<BlogRoute> {
  const wp = ctx.catalogue;
  const pretty = isPretty(settings.permalinks);
  const path = request.path.toLowerCase();
  const query = request.query;
  const has = (key: string) => Object.hasOwn(query, key);
  const text = (key: string) => (typeof query[key] === 'string' ? (query[key] as string) : '');

  if (path === '/') {
    if (OTHER_VIEWS.some(has)) return { kind: 'pass' };
    if (has('p') || has('page_id')) {
      const id = Number(text(has('p') ? 'p' : 'page_id'));
      const post = await getPostById(wp, id);
      const type = has('p') ? ['post', 'page'] : ['page'];
      if (!post || !type.includes(post.type) || post.status !== 'publish' || settings.pluginPages.has(post.id))
        return { kind: 'not-found' };
      if (post.id === settings.frontPageId) return { kind: 'redirect', path: '/', dropQuery: ['p', 'page_id'] };
      if (pretty) return { kind: 'redirect-to-post', post, dropQuery: ['p', 'page_id'] };
      if (post.id === settings.postsPageId) return indexPage(text('paged'), '/', settings, post);
      return { kind: 'single', post };
    }
    if (settings.frontPageId > 0) {
      const front = await getPostById(wp, settings.frontPageId);
      if (front?.type === 'page' && front.status === 'publish') {
        if (has('paged') && text('paged') !== '') return { kind: 'not-found' };
        return { kind: 'single', post: front, front: true };
      }
    }
    return indexPage(text('paged'), '/', settings);
  }

  if (pretty) {
    // `/page/N/` and `{posts page}/page/N/`.
    const paged = INDEX_PAGE.exec(path);
    if (paged) {
      const base = paged[1]!;
      const n = pageNumber(paged[2]!);
      const postsPage = base === '/' ? undefined : await getPageByPath(wp, segmentsOf(base));
      const isIndex =
        base === '/'
          ? settings.frontPageId === 0
          : postsPage?.id === settings.postsPageId && postsPage.status === 'publish';
      if (isIndex) {
        if (paged[2] !== '' && n === undefined)
          return /^\d+$/.test(paged[2]!) ? { kind: 'not-found' } : { kind: 'pass' };
        if (n === 1) return { kind: 'redirect', path: base };
        if (n !== undefined && pagedPath(settings.permalinks, base, n) !== path)
          return { kind: 'redirect', path: pagedPath(settings.permalinks, base, n) };
        if (n !== undefined) return { kind: 'index', page: n, ...(postsPage ? { postsPage } : {}) };
      }
    }

    const segments = segmentsOf(path);
    const page = await getPageByPath(wp, segments);
    if (page) {
      if (settings.pluginPages.has(page.id)) return { kind: 'pass' };
      if (page.status !== 'publish') return { kind: 'not-found' };
      if (page.id === settings.frontPageId) return { kind: 'redirect', path: '/' };
      if (page.id === settings.postsPageId) return indexPage(text('paged'), path, settings, page);
      return { kind: 'single', post: page };
    }
    const named = matchPostPath(settings.permalinks, path);
    if (named) {
      const post =
        named.slug !== undefined ? await getBlogPostBySlug(wp, named.slug) : await getPostById(wp, named.id ?? 0);
      if (post && post.type === 'post') {
        if (post.status !== 'publish') return { kind: 'not-found' };
        return { kind: 'single', post };
      }
    }
  }
  return { kind: 'pass' };
}

/** The path's segments (`/a/b/` → `a`, `b`). */
function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** The index at `base`, with `?paged=N` (served under plain links, redirected under pretty ones). */
function indexPage(pagedText: string, base: string, settings: BlogSettings, postsPage?: WpPost): BlogRoute {
  const withPage = postsPage ? { postsPage } : {};
  if (pagedText === '') return { kind: 'index', page: 1, ...withPage };
  const n = pageNumber(pagedText);
  if (n === undefined) return { kind: 'not-found' };
  if (isPretty(settings.permalinks) || n === 1)
    return { kind: 'redirect', path: pagedPath(settings.permalinks, base, n), dropQuery: ['paged'] };
  return { kind: 'index', page: n, ...withPage };
}
