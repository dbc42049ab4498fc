import type { NextFunction, Request, Response } from 'express';
import type { AppDeps } from '../../http/deps';
import { pageContext } from '../../http/page-context';
import { formatWpDate, MONTHS } from '../../php/date';
import {
  type ArchiveSubject,
  categoryAncestry,
  findArchiveSubject,
  loadArchivePage,
  loadFeedPosts,
  parseArchivePath,
} from '../../services/blog/archives';
import { loadBlogSettings } from '../../services/blog/resolve-request';
import { indexArticle, indexBody } from '../../views/blog/article';
import { rss2Xml } from '../../views/blog/feed';
import { authorPath, categoryPath, datePath, feedPath, pagedPath, tagPath } from '../../wp/permalinks';
import { decodeName } from '../../wp/stored-name';
import { cannotBeSpecialPage, siteNameText } from '../account/site';
import { documentTitle } from '../document-title';
import { sendPage } from '../layout';
import { sendNotFound } from '../not-found';
import { textOf } from '../tour/request';
import { postExcerpt } from './content';
import { feedItem } from './feed-items';
import { articleView, type BlogRequest, blogDocument, queryWithout, redirect, shellParts } from './index';
import { postsPagination } from './pagination';

/**
 * The blog's archives and feeds under pretty permalinks (services/blog/archives.ts reads the
 * paths): `/category/{slug}/`, `/tag/{slug}/`, `/author/{nicename}/`, `/YYYY/`, `/YYYY/MM/`,
 * `/YYYY/MM/DD/`, each with `/page/N/` (served like the posts index: its articles, layout and link
 * pagination) and its RSS 2.0 feed (`…/feed/`); and the site's feed `/feed/`. As
 * `redirect_canonical` does, a path without its trailing slash, `/page/1/`, a child category
 * without its parents and an unpadded date are redirected; an unknown term or author, an impossible
 * or empty date, and a page past the last are the 404 page. Comes before the blog's posts and pages,
 * as WordPress's rewrite rules put these first.
 */
export function blogArchives(deps: AppDeps) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (Object.hasOwn(req.query, 'tour-search') || cannotBeSpecialPage(req)) return next();
    try {
      const settings = await loadBlogSettings(deps);
      const path = parseArchivePath(settings.permalinks, req.path);
      if (!path) return next();
      const ctx = pageContext(req, deps);
      const site = await ctx.site();
      const blog: BlogRequest = { req, res, deps, ctx, site, settings };
      const page = path.page === undefined ? 1 : /^\d{1,9}$/.test(path.page) ? Number(path.page) : undefined;
      // A feed has no pages (`/feed/page/2/` matches no rewrite rule), nor does a page number that is none.
      if (page === undefined || (path.feed && path.page !== undefined)) return await sendNotFound(req, res, deps, ctx);
      const subject = await findArchiveSubject(ctx, path.archive);
      if (!subject) return await sendNotFound(req, res, deps, ctx);
      const base = basePath(blog, subject);
      if (path.feed) {
        if (base !== requestedBase(req.path) || !path.trailingSlash)
          return redirect(blog, subject.kind === 'home' ? '/feed/' : feedPath(settings.permalinks, base));
        return await sendFeed(blog, subject, base);
      }
      const canonical = pagedPath(settings.permalinks, base, page);
      if (req.path.toLowerCase() !== canonical) return redirect(blog, canonical);
      return await sendArchive(blog, subject, base, page);
    } catch (err) {
      next(err);
    }
  };
}

/** The archive's first page as requested (the path without its feed and page segments), lower-case. */
function requestedBase(path: string): string {
  const bare = path.toLowerCase().replace(/(?:\/feed(?:\/rss2)?|\/rss2)?(?:\/page\/[^/]*)?\/?$/, '');
  return `${bare}/`;
}

/** The archive's canonical path (`/category/parent/child/`, `/2026/10/`); `/` for the site's feed. */
function basePath(blog: BlogRequest, subject: ArchiveSubject): string {
  const permalinks = blog.settings.permalinks;
  switch (subject.kind) {
    case 'home':
      return '/';
    case 'category':
      return categoryPath(permalinks, subject.term.termId, categoryAncestry(subject.term, subject.categories));
    case 'tag':
      return tagPath(permalinks, subject.term.slug);
    case 'author':
      return authorPath(permalinks, subject.author.id, subject.author.nicename);
    case 'date':
      return datePath(permalinks, subject.year, subject.month, subject.day);
  }
}

/** The archive's heading (`single_term_title`, the author's name, `Y`, `F Y` or `date_format`), as text. */
function headingOf(blog: BlogRequest, subject: ArchiveSubject): string {
  switch (subject.kind) {
    case 'home':
      return '';
    case 'category':
    case 'tag':
      return decodeName(subject.term.name);
    case 'author':
      return decodeName(subject.author.displayName);
    case 'date': {
      const { year, month, day } = subject;
      if (month === undefined) return String(year);
      if (day === undefined) return `${MONTHS[month - 1]} ${year}`;
      const ymd = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
      return formatWpDate(blog.settings.dateFormat, ymd) ?? ymd;
    }
  }
}

/** `body_class()` of the archive. */
function bodyClassOf(subject: ArchiveSubject, page: number): string[] {
  const safe = (slug: string) => slug.replace(/%[a-fA-F0-9][a-fA-F0-9]/g, '').replace(/[^A-Za-z0-9_-]/g, '');
  const named = (prefix: string, slug: string, id: number) => {
    const cls = safe(slug);
    return [cls && !/^\d+$/.test(cls) ? `${prefix}-${cls}` : '', `${prefix}-${id}`];
  };
  const kind = subject.kind === 'tag' ? 'tag' : subject.kind;
  const classes = ['archive'];
  if (subject.kind === 'category')
    classes.push('category', ...named('category', subject.term.slug, subject.term.termId));
  if (subject.kind === 'tag') classes.push('tag', ...named('tag', subject.term.slug, subject.term.termId));
  if (subject.kind === 'author') classes.push('author', ...named('author', subject.author.nicename, subject.author.id));
  if (subject.kind === 'date') classes.push('date');
  if (page > 1) classes.push('paged', `paged-${page}`, `${kind}-paged-${page}`);
  return classes.filter(Boolean);
}

/** `feed_links_extra`: the archive's own feed in the head (none for a date archive). */
function extraFeedLink(blog: BlogRequest, subject: ArchiveSubject, base: string, heading: string) {
  const label =
    subject.kind === 'category'
      ? `${heading} Category Feed`
      : subject.kind === 'tag'
        ? `${heading} Tag Feed`
        : subject.kind === 'author'
          ? `Posts by ${heading} Feed`
          : undefined;
  if (!label) return [];
  return [
    {
      title: `${siteNameText(blog.site)} \u00bb ${label}`,
      href: `${blog.site.homeUrl}${feedPath(blog.settings.permalinks, base)}`,
    },
  ];
}

async function sendArchive(blog: BlogRequest, subject: ArchiveSubject, base: string, page: number): Promise<void> {
  const { settings, site, deps } = blog;
  const archive = await loadArchivePage(blog.ctx, settings, subject, page, site.siteUrl);
  if (!archive.found) return sendNotFound(blog.req, blog.res, deps, blog.ctx);
  const { byPost, categories } = archive.decorations;
  const articles = archive.posts.map((post) =>
    indexArticle(articleView(blog, post, byPost.get(post.id), categories, postExcerpt(post), { stickyClass: false })),
  );
  const extraQuery = queryWithout(blog.req, ['paged']);
  const url = (n: number) =>
    `${site.homeUrl}${pagedPath(settings.permalinks, base, n)}${extraQuery ? `?${extraQuery}` : ''}`;
  const pagination = postsPagination({ current: page, total: archive.pages, url });
  const parts = await shellParts(blog, url(page));
  const heading = headingOf(blog, subject);
  const document = blogDocument(blog, parts, {
    // The theme's title bar holds the archive's heading.
    title: heading,
    content: indexBody(articles, pagination, settings.masonry),
    // `dropin-blog-archive`: ours, for the posts index's styles (client/styles/blog.css).
    bodyClass: [
      ...bodyClassOf(subject, page),
      'dropin-blog-archive',
      parts.loggedIn ? 'logged-in' : '',
      settings.masonry ? 'dropin-blog-masonry-layout' : '',
    ]
      .filter(Boolean)
      .join(' '),
    robots: 'max-image-preview:large',
    feeds: extraFeedLink(blog, subject, base, heading),
    documentTitle: documentTitle(site, heading, { paged: page }),
  });
  sendPage(blog.res, document, { cache: parts.loggedIn ? 'private' : 'public' });
}

/**
 * The feed (`feed-rss2.php`): the newest `posts_per_rss` posts of the archive, each with its
 * excerpt and (unless `rss_use_excerpt`) its content, as `application/rss+xml`.
 */
async function sendFeed(blog: BlogRequest, subject: ArchiveSubject, base: string): Promise<void> {
  const { settings, site } = blog;
  const { posts, decorations } = await loadFeedPosts(blog.ctx, settings, subject, site.siteUrl);
  const items = posts.map((post) => feedItem(blog, post, decorations));
  const heading = headingOf(blog, subject);
  const self =
    subject.kind === 'home' ? `${site.homeUrl}/feed/` : `${site.homeUrl}${feedPath(settings.permalinks, base)}`;
  const xml = rss2Xml({
    // `get_wp_title_rss` is the view's document title: the site's name alone for the site's feed.
    title: subject.kind === 'home' ? siteNameText(site) : documentTitle(site, heading),
    selfLink: self,
    homeLink: site.homeUrl,
    description: textOf(site.description).text,
    // `get_feed_build_date`: the newest change among the items (now, when there are none).
    lastBuild: posts.length
      ? posts.reduce((latest, p) => (p.modifiedGmt > latest ? p.modifiedGmt : latest), '')
      : new Date().toISOString().slice(0, 19).replace('T', ' '),
    language: 'en-US',
    items,
  });
  const body = Buffer.from(xml, 'utf8');
  blog.res.status(200).set({ 'Content-Type': 'application/rss+xml; charset=UTF-8', 'Content-Length': body.length });
  blog.res.end(blog.req.method === 'HEAD' ? undefined : body);
}
