import type { Request } from 'express';
import { getRawOptions } from '../data/options';
import { loadSite, loadSiteWith } from '../data/site';
import { resolveCurrentUser } from '../services/accounts/current-user';
import { type ListingSite, readListingSite } from '../services/listing/listing-site';
import { originFromHost, type Site, siteFromOptions } from '../wp/site';
import type { CurrentUser } from '../wp/user';
import { phpCookie, wireCookie } from './cookies';
import type { AppDeps } from './deps';

/**
 * Who is asking, and about which site. Both are resolved on first use and then kept for the rest
 * of the request (never across requests, so an admin's edit shows on the next one; the tour lists'
 * `listing` alone may use the site's options read up to `SITE_CACHE_MS` before). A request
 * without a WordPress login cookie is a guest without any query.
 */
export interface Visitor {
  now: Date;
  https: boolean;
  ip: string;
  userAgent: string;
  site(): Promise<Site>;
  /** The site and the raw text of other options: one query when the site was not read yet. */
  siteWith(names: readonly string[]): Promise<{ site: Site; options: Map<string, string> }>;
  /**
   * For the tour lists only: the listing site (the site's options, pages and tour terms, kept for
   * `SITE_CACHE_MS`, services/listing/listing-site.ts) and the site built from its options.
   */
  listing(): Promise<{ site: Site; listing: ListingSite }>;
  user(): Promise<CurrentUser | null>;
  /** A request cookie as PHP reads `$_COOKIE` (percent-decoded, `+` kept), or undefined. */
  cookie(name: string): string | undefined;
}

const LOGIN_COOKIE = /(?:^|;\s*)wordpress_(?:logged_in_|sec_)?[0-9a-f]{32}=/;

export function visitorFor(req: Request, deps: AppDeps, options: { adminAjax: boolean }): Visitor {
  const now = deps.clock();
  const https = req.secure;
  let site: Promise<Site> | undefined;
  let user: Promise<CurrentUser | null> | undefined;
  const origin = () => (deps.config.siteUrlFollowsRequest ? originFromHost(req.get('host'), https) : undefined);
  const loadTheSite = (): Promise<Site> => {
    site ??= loadSite(deps.wp, origin());
    return site;
  };
  const siteWith = async (names: readonly string[]) => {
    if (site) return { site: await site, options: await getRawOptions(deps.wp, names) };
    const both = loadSiteWith(deps.wp, origin(), names);
    site = both.then((b) => b.site);
    // The caller awaits `both`; a failure must not also surface as an unhandled rejection.
    site.catch(() => {});
    return both;
  };
  const listing = async () => {
    const kept = await readListingSite(deps);
    site ??= Promise.resolve(siteFromOptions(kept.rows.options, origin()));
    return { site: await site, listing: kept };
  };
  return {
    now,
    https,
    // Read when asked (the rate limits, the urgency count): resolving it walks X-Forwarded-For.
    get ip() {
      return req.ip ?? '';
    },
    userAgent: req.get('user-agent') ?? '',
    site: loadTheSite,
    siteWith,
    listing,
    user: () => {
      user ??= LOGIN_COOKIE.test(req.headers.cookie ?? '')
        ? (async () =>
            resolveCurrentUser(
              deps.wp,
              { cookie: (name) => wireCookie(req, name), https, method: req.method, adminAjax: options.adminAjax },
              await loadTheSite(),
              await deps.salts(),
              now,
            ))()
        : Promise.resolve(null);
      return user;
    },
    cookie: (name) => phpCookie(req, name),
  };
}
