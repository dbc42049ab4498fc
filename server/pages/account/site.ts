import type { Request } from 'express';
import type { PageContext } from '../../http/page-context';
import { type AccountSite, loadAccountSite, type SpecialPageRef } from '../../services/accounts/account-site';
import { renderTopBar } from '../../services/accounts/top-bar';
import type { SafeHtml } from '../../views/html';
import type { Site } from '../../wp/site';

export type { AccountSite, SpecialPageRef };

const perRequest = new WeakMap<Request, Promise<AccountSite>>();

/**
 * The request's `AccountSite`, loaded once however many of the special-page routes look at it
 * (login, register and account each ask before they know whether the request is theirs).
 */
export function accountSiteFor(req: Request, ctx: Pick<PageContext, 'wp' | 'site'>): Promise<AccountSite> {
  let loaded = perRequest.get(req);
  if (!loaded) {
    loaded = loadAccountSite(ctx);
    perRequest.set(req, loaded);
  }
  return loaded;
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
