import { getOptions } from '../../data/options';
import { publishedPagePath } from '../../data/posts';
import { isSet, phpInt, str } from '../../php/coerce';
import type { Site } from '../../wp/site';
import type { RequestContext } from '../context';

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

/** Loads the settings, formats and special-page URLs (a few small queries, never cached across requests). */
export async function loadAccountSite(ctx: Pick<RequestContext, 'wp' | 'site'>): Promise<AccountSite> {
  const wp = ctx.wp;
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
  ctx: Pick<RequestContext, 'wp'>,
  site: Site,
  general: Readonly<Record<string, unknown>>,
  page: SpecialPage,
): Promise<SpecialPageRef> {
  const id = phpInt(general[`${page}-page`]);
  if (!isSet(general[`${page}-page`]) || id <= 0) {
    return { path: '/', queryKey: `tourmaster-${page}`, url: `${site.homeUrl}/?tourmaster-${page}` };
  }
  const path = await publishedPagePath(ctx.wp, id);
  return { path, queryKey: undefined, url: path ? `${site.homeUrl}${path}` : '' };
}
