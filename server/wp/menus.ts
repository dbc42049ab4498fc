import { unserializeCached } from './parse-cache';

/**
 * WordPress's menus, pure: the theme's main menu location, a page's permalink path, and the pages
 * menu (`wp_page_menu`) built from the published pages. The rows are read in data/menus.ts.
 */

export interface MenuItem {
  title: string;
  url: string;
  children: MenuItem[];
}

/** The locations Traveltour registers for its main menu, in the order we look for one. */
export const MAIN_MENU_LOCATIONS = ['main_menu', 'primary', 'mobile_menu'] as const;

/** The `nav_menu` term id assigned to the main menu location, from the theme's mods (option text). */
export function mainMenuId(themeModsText: string | undefined): number | undefined {
  if (!themeModsText) return undefined;
  let mods: unknown;
  try {
    // The theme's mods are read on every page: the same text is parsed once.
    mods = unserializeCached(themeModsText);
  } catch {
    return undefined;
  }
  const locations = mods && typeof mods === 'object' ? (mods as Record<string, unknown>).nav_menu_locations : undefined;
  if (!locations || typeof locations !== 'object') return undefined;
  const byName = locations as Record<string, unknown>;
  for (const name of MAIN_MENU_LOCATIONS) {
    const id = Number(byName[name]);
    if (Number.isSafeInteger(id) && id > 0) return id;
  }
  return undefined;
}

/** A page's path under `/%postname%/` permalinks, from the published pages (undefined when not published). */
export function pagePath(pages: readonly PageRow[], id: number): string | undefined {
  const byId = pagesById(pages);
  const slugs: string[] = [];
  let current = byId.get(id);
  if (!current) return undefined;
  for (let depth = 0; current && depth < 20; depth++) {
    slugs.unshift(current.slug);
    if (current.parentId === 0) return `/${slugs.join('/')}/`;
    current = byId.get(current.parentId);
  }
  // An ancestor that is not published: WordPress still builds the path from its slug; we cannot.
  return `/${slugs.join('/')}/`;
}

const indexes = new WeakMap<readonly PageRow[], Map<number, PageRow>>();

/** The pages by id, built once per list (a page asks for several permalinks). */
function pagesById(pages: readonly PageRow[]): Map<number, PageRow> {
  let index = indexes.get(pages);
  if (!index) {
    index = new Map(pages.map((p) => [p.id, p]));
    indexes.set(pages, index);
  }
  return index;
}

/** The pages menu: published pages as a tree (parents before children), minus the excluded ids. */
export function pagesMenu(pages: readonly PageRow[], homeUrl: string, exclude: ReadonlySet<number>): MenuItem[] {
  const shown = pages.filter((p) => !exclude.has(p.id));
  const ids = new Set(shown.map((p) => p.id));
  const item = (p: PageRow): MenuItem => ({
    title: p.title,
    url: `${homeUrl}${pagePath(pages, p.id) ?? `/?page_id=${p.id}`}`,
    children: shown.filter((c) => c.parentId === p.id).map(item),
  });
  return shown.filter((p) => p.parentId === 0 || !ids.has(p.parentId)).map(item);
}

/** A published page: enough for its permalink and a pages menu. */
export interface PageRow {
  id: number;
  slug: string;
  title: string;
  parentId: number;
  menuOrder: number;
}
