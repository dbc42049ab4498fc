import { loadMenu, loadShellRows } from '../../data/menus';
import { isSet, phpInt, str } from '../../php/coerce';
import type { ShellData } from '../../views/page-shell';
import type { PageRow } from '../../wp/menus';
import { mainMenuId, pagePath, pagesMenu } from '../../wp/menus';
import { optionRecord } from '../../wp/parse-cache';
import type { RequestContext } from '../context';
import { type FooterRows, loadFooterWidgets } from './footer-widgets';

/**
 * The header's main menu and the footer's links (`ShellData` of layout.tsx), from rows a page has
 * already read (the tour page's single query) or read here (`loadShell`, two small queries), and the
 * footer's widget areas (read on every page: footer-widgets.ts).
 */
export interface ShellSource {
  /** Raw option text by name: `stylesheet`, `theme_mods_*`, `wp_page_for_privacy_policy`, `tourmaster_general`. */
  options: ReadonlyMap<string, string>;
  pages: readonly PageRow[];
  homeUrl: string;
  /** The footer's rows when the page read them with its own (else read here). */
  footer?: FooterRows;
}

/** The plugin's own pages, which the pages menu leaves out (they are reached from the top bar and the booking). */
const SPECIAL_PAGE_OPTIONS = ['login-page', 'register-page', 'user-page', 'payment-page'];

export async function buildShell(ctx: Pick<RequestContext, 'wp'>, source: ShellSource): Promise<ShellData> {
  const stylesheet = source.options.get('stylesheet') || 'traveltour';
  const menuId = mainMenuId(source.options.get(`theme_mods_${stylesheet}`));
  const privacyId = phpInt(str(source.options.get('wp_page_for_privacy_policy')));
  const privacyPath = privacyId > 0 ? pagePath(source.pages, privacyId) : undefined;
  const [menu, footer] = await Promise.all([
    menuId ? loadMenu(ctx.wp, menuId, source.homeUrl) : Promise.resolve([]),
    loadFooterWidgets(ctx, source.homeUrl, source.footer),
  ]);
  let nav = menu;
  if (nav.length === 0) {
    // wp_page_menu's list, without the plugin's pages and the privacy page (the footer links it).
    const general = optionRecord(source.options.get('tourmaster_general'));
    const exclude = new Set<number>([privacyId]);
    for (const key of SPECIAL_PAGE_OPTIONS) if (isSet(general[key])) exclude.add(phpInt(general[key]));
    nav = [
      { title: 'Home', url: `${source.homeUrl}/`, children: [] },
      ...pagesMenu(source.pages, source.homeUrl, exclude),
    ];
  }
  return {
    nav,
    ...(privacyPath ? { privacyUrl: `${source.homeUrl}${privacyPath}` } : {}),
    ...(footer.pretty ? { feedUrl: `${source.homeUrl}/feed/` } : {}),
    ...(footer.html ? { footerWidgets: footer.html } : {}),
  };
}

/** The shell for a page that has not read the rows itself (the 404 page, the payment page). */
export async function loadShell(ctx: Pick<RequestContext, 'wp'>, homeUrl: string): Promise<ShellData> {
  const rows = await loadShellRows(ctx.wp);
  return buildShell(ctx, { ...rows, homeUrl });
}
