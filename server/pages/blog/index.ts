import type { NextFunction, Request, Response } from 'express';
import type { AppDeps } from '../../http/deps';
import { type PageContext, pageContext } from '../../http/page-context';
import { renderTopBar } from '../../services/accounts/top-bar';
import { categoryAncestry } from '../../services/blog/archives';
import { pageAncestors, postDecorations } from '../../services/blog/permalink-parts';
import { loadPostSearch } from '../../services/blog/post-search';
import { loadPostsIndex } from '../../services/blog/posts-index';
import { type BlogSettings, loadBlogSettings, resolveBlogRequest } from '../../services/blog/resolve-request';
import { loadSinglePost } from '../../services/blog/single-post';
import { attachments } from '../../services/site/attachments';
import { loadShell } from '../../services/site/shell';
import { searchKeywords, searchPaged } from '../../tourmaster/listing/search-page';
import {
  type ArticleView,
  blogTitleWrap,
  indexArticle,
  indexBody,
  pageBody,
  singlePostBody,
  type TermLink,
} from '../../views/blog/article';
import { raw, type SafeHtml } from '../../views/html';
import type { PageProps } from '../../views/page-shell';
import { authorPath, categoryPath, isPretty, pagedPath, pagePath, postPath, tagPath } from '../../wp/permalinks';
import type { PostDecoration, WpPost, WpTerm } from '../../wp/post';
import type { Site } from '../../wp/site';
import { decodeName } from '../../wp/stored-name';
import { cannotBeSpecialPage, siteNameText } from '../account/site';
import { documentTitle } from '../document-title';
import { renderPage, sendPage } from '../layout';
import { sendNotFound } from '../not-found';
import { renderPluginShortcodes } from '../search/shortcodes';
import { excerptOf } from '../tour';
import { withGalleries } from '../tour/content';
import { galleryHtml, galleryShortcodes } from '../tour/gallery';
import { textOf } from '../tour/request';
import { pluginShortcodes, postContent, postExcerpt, withRenderedShortcodes } from './content';
import { postsPagination } from './pagination';

/**
 * The blog: the posts index at `/` (`show_on_front` = `posts`; with `page`, `/` is the front page and
 * `page_for_posts` the index) with its link pagination (`/page/N/`, `?paged=N` under plain links),
 * single posts at their permalinks (`permalink_structure`), and WordPress pages at their paths
 * (`/parent/child/`), the privacy and terms pages among them. Published only: a draft, a private or a
 * future post, an unknown slug and a page number past the last are the 404 page. Rendered in our shell
 * with the theme's content markup (views/blog/article.ts), which the replay compares with the
 * captured pages (replay.ts). On the index the BlogInfiniteScroll island appends the next pages.
 *
 * The plugin's own pages (login, register, account, payment, search) are left to their routes, and
 * any URL with `tour-search` in its query is the tour search page: both go on untouched. This route
 * comes last in the list, so everything it does not own is the 404 page.
 */
export function blogPages(deps: AppDeps) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (Object.hasOwn(req.query, 'tour-search') || cannotBeSpecialPage(req)) return next();
    try {
      const settings = await loadBlogSettings(deps);
      const search = postSearchOf(req, settings);
      const ctx = pageContext(req, deps);
      if (search) {
        const site = await ctx.site();
        return await sendSearch({ req, res, deps, ctx, site, settings }, search);
      }
      const route = await resolveBlogRequest(ctx, req, settings);
      if (route.kind === 'pass') return next();
      if (route.kind === 'not-found') return await sendNotFound(req, res, deps, ctx);
      const site = await ctx.site();
      const blog: BlogRequest = { req, res, deps, ctx, site, settings };
      switch (route.kind) {
        case 'redirect':
          return redirect(blog, route.path, route.dropQuery);
        case 'redirect-to-post':
          return redirect(blog, await permalinkOf(blog, route.post), route.dropQuery);
        case 'index':
          return await sendIndex(blog, route.page, route.postsPage);
        case 'single':
          return route.post.type === 'post'
            ? await sendPost(blog, route.post)
            : await sendWpPage(blog, route.post, route.front === true);
      }
    } catch (err) {
      next(err);
    }
  };
}

export interface BlogRequest {
  req: Request;
  res: Response;
  deps: AppDeps;
  ctx: PageContext;
  site: Site;
  settings: BlogSettings;
}

/** `redirect_canonical`: a 301 to the canonical URL, the query kept (but the arguments it replaced). */
export function redirect(blog: BlogRequest, path: string, dropQuery: readonly string[] = []): void {
  const url = blog.req.originalUrl;
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  const kept = query
    .split('&')
    .filter((pair) => pair !== '' && !dropQuery.includes(queryKey(pair)))
    .join('&');
  const location = `${blog.site.homeUrl}${path}${kept ? `${path.includes('?') ? '&' : '?'}${kept}` : ''}`;
  blog.res.status(301).set({ 'X-Redirect-By': 'WordPress', Location: location }).end();
}

/** The decoded name of a `name=value` query pair (a malformed escape is kept as written). */
function queryKey(pair: string): string {
  const name = pair.split('=')[0]!.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** A post's or page's path on the site (its permalink without the home URL). */
async function permalinkOf(blog: BlogRequest, post: WpPost): Promise<string> {
  const { settings } = blog;
  if (post.id === settings.frontPageId) return '/';
  if (post.type === 'page') return pagePath(settings.permalinks, post.id, await pageAncestors(blog.ctx, post));
  const { byPost, categories } = await postDecorations(blog.ctx, post, blog.site.siteUrl);
  return postPathOf(settings, post, byPost.get(post.id), categories);
}

/** `get_permalink` of a post: `%category%` is its first category by id (or the default one). */
export function postPathOf(
  settings: BlogSettings,
  post: WpPost,
  decoration: PostDecoration | undefined,
  categories: ReadonlyMap<number, WpTerm>,
): string {
  const first = [...(decoration?.categories ?? [])].sort((a, b) => a.termId - b.termId)[0];
  const category = first ?? categories.get(settings.defaultCategory);
  return postPath(settings.permalinks, {
    id: post.id,
    slug: post.slug,
    date: post.date,
    categoryPath: category ? categoryAncestry(category, categories).join('/') : 'uncategorized',
    authorNicename: decoration?.author?.nicename ?? '',
  });
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `sanitize_html_class` of a term slug in `post_class` (a numeric or empty slug uses the term id). */
function termClass(prefix: string, term: WpTerm): string {
  const slug = term.slug.replace(/%[a-fA-F0-9][a-fA-F0-9]/g, '').replace(/[^A-Za-z0-9_-]/g, '');
  return `${prefix}-${slug === '' || /^\d+$/.test(slug) ? term.termId : slug}`;
}

/** The article's view: `post_class`, links, date badge, info line, title. */
export function articleView(
  blog: BlogRequest,
  post: WpPost,
  decoration: PostDecoration | undefined,
  categories: ReadonlyMap<number, WpTerm>,
  body: SafeHtml,
  options: { stickyClass: boolean },
): ArticleView {
  const { settings, site } = blog;
  const home = site.homeUrl;
  const sticky = settings.sticky.includes(post.id);
  const cats = decoration?.categories ?? [];
  const tags = decoration?.tags ?? [];
  const format = decoration?.format ?? 'standard';
  const classes = [
    `post-${post.id}`,
    post.type,
    `type-${post.type}`,
    `status-${post.status}`,
    ...(post.type === 'post' ? [`format-${format}`] : []),
    ...(decoration?.thumbnail ? ['has-post-thumbnail'] : []),
    ...(sticky && options.stickyClass ? ['sticky'] : []),
    'hentry',
    ...cats.map((t) => termClass('category', t)),
    ...tags.map((t) => termClass('tag', t)),
  ];
  const link = (term: WpTerm, path: string): TermLink => ({ name: decodeName(term.name), url: `${home}${path}` });
  const author = decoration?.author;
  return {
    id: post.id,
    classes: classes.join(' '),
    permalink: `${home}${postPathOf(settings, post, decoration, categories)}`,
    titleHtml: textOf(post.title).html,
    day: post.date.slice(8, 10),
    month: MONTHS[Number(post.date.slice(5, 7)) - 1] ?? '',
    ...(author
      ? {
          author: {
            name: decodeName(author.displayName),
            url: `${home}${authorPath(settings.permalinks, post.authorId, author.nicename)}`,
          },
        }
      : {}),
    categories: cats.map((t) => link(t, categoryPath(settings.permalinks, t.termId, categoryAncestry(t, categories)))),
    tags: tags.map((t) => link(t, tagPath(settings.permalinks, t.slug))),
    commentCount: post.commentCount,
    ...(decoration?.thumbnail ? { thumbnail: { url: decoration.thumbnail.url, alt: decoration.thumbnail.alt } } : {}),
    sticky,
    body,
  };
}

export async function shellParts(blog: BlogRequest, redirectTo: string) {
  const [shell, topBar, user] = await Promise.all([
    loadShell(blog.deps, blog.site.homeUrl),
    renderTopBar(blog.ctx, { redirect: redirectTo, requestUri: blog.req.originalUrl }),
    blog.ctx.user(),
  ]);
  return { shell, ...(topBar ? { topBar } : {}), loggedIn: user !== null };
}

/** A blog page in our shell: the site's names and URLs, the top bar and the menus from `shellParts`. */
export function blogDocument(
  blog: BlogRequest,
  parts: Awaited<ReturnType<typeof shellParts>>,
  page: Omit<PageProps, 'siteName' | 'homeUrl' | 'siteUrl' | 'topBar' | 'shell'>,
): string {
  const { site } = blog;
  return renderPage({
    ...page,
    siteName: siteNameText(site),
    homeUrl: site.homeUrl,
    siteUrl: site.siteUrl,
    ...(parts.topBar ? { topBar: parts.topBar } : {}),
    shell: parts.shell,
  });
}

async function sendIndex(blog: BlogRequest, page: number, postsPage?: WpPost): Promise<void> {
  const { settings, site, deps } = blog;
  const index = await loadPostsIndex(blog.ctx, settings, page, site.siteUrl);
  if (!index.found) return sendNotFound(blog.req, blog.res, deps, blog.ctx);
  const { pages, posts } = index;
  const { byPost, categories } = index.decorations;
  const articles = posts.map((post) =>
    indexArticle(
      articleView(blog, post, byPost.get(post.id), categories, postExcerpt(post), { stickyClass: page === 1 }),
    ),
  );
  const basePath = postsPage
    ? pagePath(settings.permalinks, postsPage.id, await pageAncestors(blog.ctx, postsPage))
    : '/';
  const extraQuery = queryWithout(blog.req, ['paged']);
  const url = (n: number) => {
    const path = pagedPath(settings.permalinks, basePath, n);
    return `${site.homeUrl}${path}${extraQuery ? `${path.includes('?') ? '&' : '?'}${extraQuery}` : ''}`;
  };
  const pagination = postsPagination({ current: page, total: pages, url });
  const current = url(page);
  const parts = await shellParts(blog, current);
  const front = !postsPage;
  const pageTitle = postsPage ? textOf(postsPage.title).text : 'Home Page';
  const document = blogDocument(blog, parts, {
    // The theme's title bar on the posts index says "Home Page" (header/header-title.php).
    title: pageTitle,
    content: indexBody(articles, pagination, settings.masonry),
    bodyClass: [
      front ? 'home' : '',
      'blog',
      page > 1 ? `paged paged-${page}` : '',
      parts.loggedIn ? 'logged-in' : '',
      settings.masonry ? 'dropin-blog-masonry-layout' : '',
    ]
      .filter(Boolean)
      .join(' '),
    robots: 'max-image-preview:large',
    ...(site.description && page === 1 ? { description: textOf(site.description).text } : {}),
    documentTitle: documentTitle(site, front ? siteNameText(site) : pageTitle, { home: true, front, paged: page }),
  });
  sendPage(blog.res, document, { cache: parts.loggedIn ? 'private' : 'public' });
}

/**
 * WordPress's post search: `s` with text on the home URL (`/`, and `/page/N/` under pretty
 * permalinks); the keywords bounded as the tour search bounds them (searchKeywords: 200 characters,
 * no control characters). An empty `s` is not a search (WordPress shows the index then).
 */
function postSearchOf(req: Request, settings: BlogSettings): { keywords: string; page: number } | undefined {
  if (typeof req.query.s !== 'string' || req.query.s === '') return undefined;
  const paged = /^\/page\/([1-9]\d{0,8})\/?$/.exec(req.path);
  if (req.path !== '/' && !(paged && isPretty(settings.permalinks))) return undefined;
  const keywords = searchKeywords(req.query.s);
  if (keywords.trim() === '') return undefined;
  return { keywords, page: searchPaged(req.query, paged ? Number(paged[1]) : undefined) };
}

/**
 * The search results in the blog's layout (the posts index's articles and pagination): the theme's
 * "Search Results" title bar with the keywords under it, and WordPress's document title
 * `Search Results for “{keywords}” – {blogname}`. A search that finds nothing says so (status 200);
 * a page past the last is the 404 page, as WordPress answers a paged query without posts.
 */
async function sendSearch(blog: BlogRequest, search: { keywords: string; page: number }): Promise<void> {
  const { settings, site, deps } = blog;
  const { keywords, page } = search;
  const result = await loadPostSearch(blog.ctx, settings, keywords, page, site.siteUrl);
  if (!result.found) return sendNotFound(blog.req, blog.res, deps, blog.ctx);
  const { byPost, categories } = result.decorations;
  const articles = result.posts.map((post) =>
    indexArticle(articleView(blog, post, byPost.get(post.id), categories, postExcerpt(post), { stickyClass: false })),
  );
  const extraQuery = queryWithout(blog.req, ['paged']);
  const url = (n: number) => {
    const path = pagedPath(settings.permalinks, '/', n);
    return `${site.homeUrl}${path}${extraQuery ? `${path.includes('?') ? '&' : '?'}${extraQuery}` : ''}`;
  };
  const pagination = postsPagination({ current: page, total: result.pages, url });
  const parts = await shellParts(blog, url(page));
  const document = blogDocument(blog, parts, {
    title: 'Search Results',
    titleSubtitle: keywords,
    content: indexBody(articles, pagination, settings.masonry, NOTHING_FOUND),
    bodyClass: [
      'search',
      result.total ? 'search-results' : 'search-no-results',
      page > 1 ? `paged paged-${page}` : '',
      parts.loggedIn ? 'logged-in' : '',
    ]
      .filter(Boolean)
      .join(' '),
    robots: 'noindex, follow, max-image-preview:large',
    documentTitle: documentTitle(site, `Search Results for \u201c${keywords}\u201d`, { paged: page }),
  });
  sendPage(blog.res, document, { cache: parts.loggedIn ? 'private' : 'public' });
}

/** The theme's words for a search without results (content/archive-not-found.php). */
const NOTHING_FOUND = raw(
  '<div class="traveltour-not-found-search"><h3 class="traveltour-not-found-search-title">Nothing Found</h3><p>Sorry, but nothing matched your search terms. Please try again with some different keywords.</p></div>',
);

/** The request's query string without the named arguments (kept on pagination links, as WordPress keeps them). */
export function queryWithout(req: Request, names: readonly string[]): string {
  const at = req.originalUrl.indexOf('?');
  if (at === -1) return '';
  const params = new URLSearchParams(req.originalUrl.slice(at + 1));
  for (const name of names) params.delete(name);
  return params.toString();
}

/**
 * The content with its `[gallery]` shortcodes printed (one attachments query, only then), and the
 * plugin's list and search shortcodes (pages/search/shortcodes.ts, only when there are some).
 */
async function contentOf(blog: BlogRequest, post: WpPost): Promise<SafeHtml> {
  if (post.password !== '') return passwordNotice();
  const calls = pluginShortcodes(post.content);
  let content = postContent(post.content, post.id, { shortcodes: calls.length > 0 });
  if (calls.length) content = withRenderedShortcodes(content, await renderPluginShortcodes(blog, calls));
  const shortcodes = galleryShortcodes(post.content);
  if (shortcodes.length === 0) return content;
  const images = await attachments(
    { wp: blog.ctx.catalogue },
    shortcodes.flatMap((g) => g.ids),
    blog.site.siteUrl,
  );
  const byId = new Map(images.map((a) => [a.id, a]));
  return withGalleries(
    content,
    shortcodes.map((g, i) => galleryHtml(i, post.id, g, byId)),
  );
}

/**
 * A password-protected post or page: WordPress shows a form posting to `wp-login.php?action=postpass`,
 * which is not served here (DEVIATIONS.md 64), so only the notice is shown.
 */
function passwordNotice(): SafeHtml {
  return raw('<p class="post-password-form">This content is password protected.</p>');
}

/** The canonical path of a single post or page; a request for another spelling is redirected to it. */
function isCanonical(req: Request, path: string): boolean {
  if (path.startsWith('/?')) return true;
  return req.path === path;
}

async function sendPost(blog: BlogRequest, post: WpPost): Promise<void> {
  const { settings, site } = blog;
  const [single, body] = await Promise.all([loadSinglePost(blog.ctx, post, site.siteUrl), contentOf(blog, post)]);
  const { byPost, categories } = single.decorations;
  const { around } = single;
  const adjacent = { previous: single.previous, next: single.next };
  const decoration = byPost.get(post.id);
  const path = postPathOf(settings, post, decoration, categories);
  if (!isCanonical(blog.req, path)) return redirect(blog, path);
  const urlOf = (p: WpPost | undefined) =>
    p && around ? { url: `${site.homeUrl}${postPathOf(settings, p, around.byPost.get(p.id), categories)}` } : undefined;
  const article = articleView(blog, post, decoration, categories, body, { stickyClass: false });
  const previous = urlOf(adjacent.previous);
  const next = urlOf(adjacent.next);
  const content = raw(
    blogTitleWrap(article).value +
      singlePostBody({ article, ...(previous ? { previous } : {}), ...(next ? { next } : {}) }).value,
  );
  const permalink = `${site.homeUrl}${path}`;
  const parts = await shellParts(blog, permalink);
  const title = textOf(post.title).text;
  const document = blogDocument(blog, parts, {
    title,
    content,
    bodyClass: `post-template-default single single-post postid-${post.id} single-format-${decoration?.format ?? 'standard'}${
      parts.loggedIn ? ' logged-in' : ''
    }`,
    robots: 'max-image-preview:large',
    ...descriptionOf(post),
    canonical: permalink,
    showTitle: false,
    documentTitle: documentTitle(site, title),
  });
  sendPage(blog.res, document, { cache: parts.loggedIn ? 'private' : 'public' });
}

/** `<meta name="description">`: the excerpt, else the start of the text (none for a protected post). */
function descriptionOf(post: WpPost): { description?: string } {
  if (post.password !== '') return {};
  const text = textOf(excerptOf(post.excerpt, post.content)).text;
  return text ? { description: text } : {};
}

async function sendWpPage(blog: BlogRequest, page: WpPost, front: boolean): Promise<void> {
  const { settings, site } = blog;
  const path = front ? '/' : pagePath(settings.permalinks, page.id, await pageAncestors(blog.ctx, page));
  if (!front && !isCanonical(blog.req, path)) return redirect(blog, path);
  const body = await contentOf(blog, page);
  const permalink = `${site.homeUrl}${path}`;
  const parts = await shellParts(blog, permalink);
  const title = textOf(page.title).text;
  // A page holding a list (the tour-list shortcodes) is paged by `?paged=N` (or `page`): WordPress
  // titles it "Page N".
  const paged = searchPaged(blog.req.query, undefined);
  const document = blogDocument(blog, parts, {
    title,
    content: pageBody(body),
    bodyClass: [
      front ? 'home' : '',
      'page-template-default page',
      `page-id-${page.id}`,
      page.id === settings.privacyPageId ? 'privacy-policy' : '',
      parts.loggedIn ? 'logged-in' : '',
    ]
      .filter(Boolean)
      .join(' '),
    robots: 'max-image-preview:large',
    ...descriptionOf(page),
    canonical: permalink,
    documentTitle: front
      ? documentTitle(site, siteNameText(site), { home: true, front: true, paged })
      : documentTitle(site, title, { paged }),
  });
  sendPage(blog.res, document, { cache: parts.loggedIn ? 'private' : 'public' });
}
