import { isSet, str } from '../../php/coerce';
import type { SpecialPage } from '../../services/accounts/special-pages';
import type { TourPageRows } from '../../services/tour-page/load-tour-page';
import { pagePath } from '../../wp/menus';
import type { TourRequest } from './request';

/** What the URLs need: the settings, the site and the published pages (any page that has read them). */
type PageRowsOf = { rows: Pick<TourPageRows, 'pages'> };

/**
 * The plugin's page URLs from the rows the tour page already read (no query per link), with the
 * rules of services/accounts/special-pages.ts: `{home}/?tourmaster-{page}` when the setting is empty, the
 * published page's permalink for a page id ('' when it is not published), a URL as written.
 */
export function specialPageUrlFrom(tr: Pick<TourRequest, 'general' | 'site'> & PageRowsOf, page: SpecialPage): string {
  const value = tr.general[`${page}-page`];
  if (!isSet(value)) return `${tr.site.homeUrl}/?tourmaster-${page}`;
  const text = str(value).trim();
  if (!/^\d+$/.test(text)) return text;
  const path = pagePath(tr.rows.pages, Number(text));
  return path === undefined ? '' : `${tr.site.homeUrl}${path}`;
}

/** A page option (terms, privacy): a page id's permalink, any other text as the URL, `#` when unset. */
export function pageOptionUrl(tr: Pick<TourRequest, 'site'> & PageRowsOf, value: unknown): string {
  if (!isSet(value)) return '#';
  const text = str(value);
  if (!/^\d+$/.test(text)) return text;
  const path = pagePath(tr.rows.pages, Number(text));
  return path === undefined ? '' : `${tr.site.homeUrl}${path}`;
}
