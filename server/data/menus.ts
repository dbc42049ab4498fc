import { unserializeCached } from '../wp/parse-cache';
import type { WpDb } from './tables';
import type { PageRow } from './tour-page';

/**
 * The site's main navigation as WordPress stores it: a `nav_menu` term assigned to the theme's
 * menu location (`theme_mods_{stylesheet}` → `nav_menu_locations`), whose items are
 * `nav_menu_item` posts with `_menu_item_*` metas. Without an assigned menu, the published pages
 * (what `wp_page_menu` lists), without the plugin's own pages (login, payment…).
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

type ItemRow = { ID: unknown; post_title: unknown; menu_order: unknown };
type MetaRow = { post_id: unknown; meta_key: unknown; meta_value: unknown };

const ITEM_META = [
  '_menu_item_type',
  '_menu_item_object',
  '_menu_item_object_id',
  '_menu_item_url',
  '_menu_item_menu_item_parent',
];

/** Where a taxonomy's archives live under the site's permalinks. */
const TAXONOMY_BASES: Readonly<Record<string, string>> = {
  category: 'category',
  post_tag: 'tag',
  tour_category: 'tour-category',
  tour_tag: 'tour-tag',
};

/**
 * The items of a `nav_menu` term as a tree: titles fall back to the linked object's title, URLs are
 * the linked page's, tour's or post's permalink, a term's archive, or the custom link. Items whose
 * object is gone or not published are left out, as WordPress leaves them out.
 */
export async function loadMenu(wp: WpDb, menuTermId: number, homeUrl: string): Promise<MenuItem[]> {
  const items: ItemRow[] = await wp
    .knex({ p: wp.t.posts })
    .join({ tr: wp.t.termRelationships }, 'tr.object_id', 'p.ID')
    .join({ tt: wp.t.termTaxonomy }, 'tt.term_taxonomy_id', 'tr.term_taxonomy_id')
    .where({
      'tt.term_id': menuTermId,
      'tt.taxonomy': 'nav_menu',
      'p.post_type': 'nav_menu_item',
      'p.post_status': 'publish',
    })
    .select('p.ID', 'p.post_title', 'p.menu_order')
    .orderBy([{ column: 'p.menu_order' }, { column: 'p.ID' }]);
  if (items.length === 0) return [];
  const ids = items.map((i) => Number(i.ID));
  const metaRows: MetaRow[] = await wp
    .knex(wp.t.postmeta)
    .select('post_id', 'meta_key', 'meta_value')
    .whereIn('post_id', ids)
    .whereIn('meta_key', ITEM_META)
    .orderBy('meta_id');
  const meta = new Map<number, Map<string, string>>();
  for (const row of metaRows) {
    const id = Number(row.post_id);
    const m = meta.get(id) ?? new Map<string, string>();
    const key = String(row.meta_key);
    if (!m.has(key)) m.set(key, String(row.meta_value ?? ''));
    meta.set(id, m);
  }
  const get = (id: number, key: string) => meta.get(id)?.get(key) ?? '';

  const postIds = ids
    .filter((id) => get(id, '_menu_item_type') === 'post_type')
    .map((id) => Number(get(id, '_menu_item_object_id')));
  const termIds = ids
    .filter((id) => get(id, '_menu_item_type') === 'taxonomy')
    .map((id) => Number(get(id, '_menu_item_object_id')));
  const [posts, terms] = await Promise.all([
    postIds.length
      ? wp
          .knex(wp.t.posts)
          .select('ID', 'post_title', 'post_name', 'post_type', 'post_status', 'post_parent')
          .whereIn('ID', postIds)
      : Promise.resolve([]),
    termIds.length
      ? wp
          .knex({ t: wp.t.terms })
          .join({ tt: wp.t.termTaxonomy }, 'tt.term_id', 't.term_id')
          .select('t.term_id', 't.name', 't.slug', 'tt.taxonomy')
          .whereIn('t.term_id', termIds)
      : Promise.resolve([]),
  ]);
  const postById = new Map((posts as Record<string, unknown>[]).map((p) => [Number(p.ID), p]));
  const termById = new Map((terms as Record<string, unknown>[]).map((t) => [Number(t.term_id), t]));
  const pageRows: PageRow[] = (posts as Record<string, unknown>[])
    .filter((p) => p.post_type === 'page' && p.post_status === 'publish')
    .map((p) => ({
      id: Number(p.ID),
      slug: String(p.post_name),
      title: String(p.post_title),
      parentId: Number(p.post_parent) || 0,
      menuOrder: 0,
    }));

  const resolved = new Map<number, { item: MenuItem; parent: number }>();
  for (const row of items) {
    const id = Number(row.ID);
    const type = get(id, '_menu_item_type');
    const objectId = Number(get(id, '_menu_item_object_id'));
    let title = String(row.post_title ?? '');
    let url: string | undefined;
    if (type === 'custom') url = get(id, '_menu_item_url');
    else if (type === 'post_type') {
      const post = postById.get(objectId);
      if (post?.post_status === 'publish') {
        title ||= String(post.post_title ?? '');
        const slug = String(post.post_name ?? '');
        url =
          post.post_type === 'page'
            ? `${homeUrl}${pagePath(pageRows, objectId) ?? `/${slug}/`}`
            : post.post_type === 'tour'
              ? `${homeUrl}/tour/${slug}/`
              : post.post_type === 'post'
                ? `${homeUrl}/${slug}/`
                : `${homeUrl}/?p=${objectId}`;
      }
    } else if (type === 'taxonomy') {
      const term = termById.get(objectId);
      if (term) {
        title ||= String(term.name ?? '');
        const base = TAXONOMY_BASES[String(term.taxonomy)] ?? String(term.taxonomy);
        url = `${homeUrl}/${base}/${String(term.slug)}/`;
      }
    }
    if (url === undefined || title === '') continue;
    resolved.set(id, {
      item: { title, url, children: [] },
      parent: Number(get(id, '_menu_item_menu_item_parent')) || 0,
    });
  }
  const roots: MenuItem[] = [];
  for (const { item, parent } of resolved.values()) {
    const under = resolved.get(parent);
    if (under) under.item.children.push(item);
    else roots.push(item);
  }
  return roots;
}

/** What the page shell reads when a page has not loaded it already: a few options and the published pages. */
export async function loadShellRows(wp: WpDb): Promise<{ options: Map<string, string>; pages: PageRow[] }> {
  const [optionRows, pageRows] = await Promise.all([
    wp
      .knex(wp.t.options)
      .select('option_name', 'option_value')
      .whereIn('option_name', ['stylesheet', 'wp_page_for_privacy_policy', 'tourmaster_general'])
      .orWhere((w) => wp.dialect.whereLike(w, 'option_name', 'theme\\_mods\\_%')),
    wp
      .knex(wp.t.posts)
      .select('ID', 'post_name', 'post_title', 'post_parent', 'menu_order')
      .where({ post_type: 'page', post_status: 'publish' }),
  ]);
  const options = new Map<string, string>(
    (optionRows as { option_name: unknown; option_value: unknown }[]).map((r) => [
      String(r.option_name),
      String(r.option_value ?? ''),
    ]),
  );
  const pages = (pageRows as Record<string, unknown>[])
    .map((r) => ({
      id: Number(r.ID),
      slug: String(r.post_name ?? ''),
      title: String(r.post_title ?? ''),
      parentId: Number(r.post_parent) || 0,
      menuOrder: Number(r.menu_order) || 0,
    }))
    .sort((x, y) => x.menuOrder - y.menuOrder || x.title.localeCompare(y.title) || x.id - y.id);
  return { options, pages };
}
