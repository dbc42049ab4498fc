import { getRawOptions } from '../data/options';
import { loadSite, loadSiteWith } from '../data/site';
import { siteFromOptions } from '../wp/site';
import type { RequestContext, ServiceDeps } from './context';
import { readListingSite } from './listing/listing-site';

/**
 * The context of work the server does on its own (the seat-hold timer): no visitor, no cookies, the
 * site's stored URLs, the given clock. Use cases that mail (notify.ts) run in it unchanged.
 */
export function backgroundContext(deps: ServiceDeps, now: Date): RequestContext {
  let site: ReturnType<typeof loadSite> | undefined;
  const loadTheSite = () => {
    site ??= loadSite(deps.wp);
    return site;
  };
  return {
    log: deps.log,
    now,
    wp: deps.wp,
    // The server's own work decides writes from what it reads: the primary only.
    catalogue: deps.wp,
    site: loadTheSite,
    siteWith: async (names) =>
      site
        ? { site: await site, options: await getRawOptions(deps.wp, names) }
        : loadSiteWith(deps.wp, undefined, names),
    listing: async () => {
      const listing = await readListingSite(deps);
      return { site: siteFromOptions(listing.rows.options, undefined), listing };
    },
    user: async () => null,
    cookie: () => undefined,
    ip: '',
    userAgent: '',
    https: false,
    deps,
  };
}
