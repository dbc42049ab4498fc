import type { Request } from 'express';
import { getOptions } from '../../data/options';
import { publishedPagePath } from '../../data/posts';
import type { PageContext } from '../../http/page-context';
import { isSet, phpInt, str } from '../../php/coerce';
import { renderTopBar } from '../../services/accounts/top-bar';
import type { SafeHtml } from '../../views/html';
import type { Site } from '../../wp/site';

/** The plugin's special pages (engagement.md §4): each is a page id in `tourmaster_general`. */
export type SpecialPage = 'login' | 'register' | 'user' | 'payment';

export interface SpecialPageRef {
  /**
   * The path this page is served on: its permalink's path (`/login/`), or `/` with the
   * `?tourmaster-{page}` query key when the setting is empty. Undefined when the setting names a page
   * that is not published: WordPress then serves it nowhere.
   */
  path: string | undefined;
  /** The query key that selects the page on `/` when the setting is empty (`tourmaster-login`). */
  queryKey: string | undefined;
  /** The page's URL as the plugin prints it (`http://host/login/`, `http://host/?tourmaster-login`, or ''). */
  url: string;
}

/** What every account, login and register page needs about the site. */
export interface AccountSite {
  site: Site;
  /** `tourmaster_general`. */
  general: Readonly<Record<string, unknown>>;
  pages: Readonly<Record<SpecialPage, SpecialPageRef>>;
  /** WordPress `date_format` / `time_format`. */
  dateFormat: string;
  timeFormat: string;
  /** `enable-membership` is not `disable`. */
  membership: boolean;
  /** `enable-room` is not `disable` (adds the room section to the account navigation). */
  roomModule: boolean;
}

const PAGES: readonly SpecialPage[] = ['login', 'register', 'user', 'payment'];

const perRequest = new WeakMap<Request, Promise<AccountSite>>();

/**
 * The request's `AccountSite`, loaded once however many of the special-page routes look at it
 * (login, register and account each ask before they know whether the request is theirs).
 */
export function accountSiteFor(req: Request, ctx: Pick<PageContext, 'deps' | 'site'>): Promise<AccountSite> {
  let loaded = perRequest.get(req);
  if (!loaded) {
    loaded = loadAccountSite(ctx);
    perRequest.set(req, loaded);
  }
  return loaded;
}

/** Loads the settings, formats and special-page URLs (a few small queries, never cached across requests). */
export async function loadAccountSite(ctx: Pick<PageContext, 'deps' | 'site'>): Promise<AccountSite> {
  const wp = ctx.deps.wp;
  const [site, options] = await Promise.all([
    ctx.site(),
    getOptions(wp, ['tourmaster_general', 'date_format', 'time_format']),
  ]);
  const generalValue = options.get('tourmaster_general');
  const general = (
    generalValue && typeof generalValue === 'object' && !Array.isArray(generalValue) ? generalValue : {}
  ) as Record<string, unknown>;
  const refs = await Promise.all(PAGES.map((page) => resolvePage(ctx, site, general, page)));
  const pages = Object.fromEntries(PAGES.map((page, i) => [page, refs[i]!])) as Record<SpecialPage, SpecialPageRef>;
  const setting = (key: string, fallback: string) => (isSet(general[key]) ? str(general[key]) : fallback);
  return {
    site,
    general,
    pages,
    dateFormat: str(options.get('date_format')) || 'F j, Y',
    timeFormat: str(options.get('time_format')) || 'g:i a',
    membership: setting('enable-membership', 'enable') !== 'disable',
    roomModule: setting('enable-room', 'enable') !== 'disable',
  };
}

async function resolvePage(
  ctx: Pick<PageContext, 'deps'>,
  site: Site,
  general: Readonly<Record<string, unknown>>,
  page: SpecialPage,
): Promise<SpecialPageRef> {
  const id = phpInt(general[`${page}-page`]);
  if (!isSet(general[`${page}-page`]) || id <= 0) {
    return { path: '/', queryKey: `tourmaster-${page}`, url: `${site.homeUrl}/?tourmaster-${page}` };
  }
  const path = await publishedPagePath(ctx.deps.wp, id);
  return { path, queryKey: undefined, url: path ? `${site.homeUrl}${path}` : '' };
}

/** Whether a request is for this special page. */
export function isSpecialPageRequest(req: Request, ref: SpecialPageRef): boolean {
  if (ref.path === undefined || req.path !== ref.path) return false;
  return ref.queryKey === undefined || Object.hasOwn(req.query, ref.queryKey);
}

/**
 * Requests that can never be a WordPress page (assets, admin, health checks): the special-page
 * routes let them through without touching the database.
 */
export function cannotBeSpecialPage(req: Request): boolean {
  if (req.method !== 'GET' && req.method !== 'POST' && req.method !== 'HEAD') return true;
  return /^\/(?:wp-admin|wp-content|wp-includes|dropin-assets|healthz|readyz)(?:\/|$)|\.[A-Za-z0-9]{1,8}$/.test(
    req.path,
  );
}

/** The special page's URL with query arguments (`tourmaster_get_template_url` + add_query_arg). */
export function specialPageUrl(ref: SpecialPageRef, args: Readonly<Record<string, string | number>> = {}): string {
  const query = Object.entries(args)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
  if (!query) return ref.url;
  return ref.url.includes('?') ? `${ref.url}&${query}` : `${ref.url}?${query}`;
}

/** `blogname` as text: WordPress stores it HTML-escaped. */
export function siteNameText(site: Site): string {
  return site.name
    .replace(/&#0*39;|&#x0*27;/gi, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#0*38;|&amp;/g, '&');
}

/**
 * The top bar of a special page (views/top-bar.ts): the bar sends visitors back to `redirect` when
 * the page was opened with one, else to the page itself. Undefined when membership is disabled.
 */
export async function specialPageTopBar(
  ctx: PageContext,
  req: Request,
  pageUrl: string,
): Promise<SafeHtml | undefined> {
  const redirect = typeof req.query.redirect === 'string' && req.query.redirect !== '' ? req.query.redirect : pageUrl;
  return (await renderTopBar(ctx, { redirect, requestUri: req.originalUrl })) ?? undefined;
}
