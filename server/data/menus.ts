import type { MenuItem, PageRow } from '../wp/menus';
import {
  type NavMenuItemRow,
  type NavMenuLinks,
  type NavMenuPost,
  type NavMenuTerm,
  navMenuTree,
} from '../wp/nav-menu';
import type { WpDb } from './tables';

/**
 * The rows of the site's main navigation as WordPress stores it: a `nav_menu` term assigned to the
 * theme's menu location (`theme_mods_{stylesheet}` → `nav_menu_locations`), whose items are
 * `nav_menu_item` posts with `_menu_item_*` metas; and the published pages, for the pages menu
 * built in wp/menus.ts when no menu is assigned.
 */

type ItemRow = { ID: unknown; post_title: unknown; menu_order: unknown };
type MetaRow = { post_id: unknown; meta_key: unknown; meta_value: unknown };

const ITEM_META = [
  '_menu_item_type',
  '_menu_item_object',
  '_menu_item_object_id',
  '_menu_item_url',
  '_menu_item_menu_item_parent',
];

/** The items of a `nav_menu` term as a tree (wp/nav-menu.ts), from its items and what they link to. */
export async function loadMenu(wp: WpDb, menuTermId: number, homeUrl: string): Promise<MenuItem[]> {
  const items = await readMenuItems(wp, menuTermId);
  if (items.length === 0) return [];
  return navMenuTree(items, await readMenuLinks(wp, items), homeUrl);
}

/** The menu's published items in menu order, each with its `_menu_item_*` metas (the first of each key). */
async function readMenuItems(wp: WpDb, menuTermId: number): Promise<NavMenuItemRow[]> {
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
  return items.map((row) => {
    const id = Number(row.ID);
    return {
      id,
      title: String(row.post_title ?? ''),
      type: get(id, '_menu_item_type'),
      objectId: Number(get(id, '_menu_item_object_id')),
      url: get(id, '_menu_item_url'),
      parent: Number(get(id, '_menu_item_menu_item_parent')) || 0,
    };
  });
}

/** The posts and terms the items link to, in one round trip each. */
async function readMenuLinks(wp: WpDb, items: readonly NavMenuItemRow[]): Promise<NavMenuLinks> {
  const postIds = items.filter((i) => i.type === 'post_type').map((i) => i.objectId);
  const termIds = items.filter((i) => i.type === 'taxonomy').map((i) => i.objectId);
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
  const postRows = posts as Record<string, unknown>[];
  const termRows = terms as Record<string, unknown>[];
  return {
    posts: new Map(postRows.map((p): [number, NavMenuPost] => [Number(p.ID), toNavMenuPost(p)])),
    terms: new Map(termRows.map((t): [number, NavMenuTerm] => [Number(t.term_id), toNavMenuTerm(t)])),
    pages: postRows
      .filter((p) => p.post_type === 'page' && p.post_status === 'publish')
      .map((p) => ({
        id: Number(p.ID),
        slug: String(p.post_name),
        title: String(p.post_title),
        parentId: Number(p.post_parent) || 0,
        menuOrder: 0,
      })),
  };
}

const toNavMenuPost = (p: Record<string, unknown>): NavMenuPost => ({
  title: String(p.post_title ?? ''),
  slug: String(p.post_name ?? ''),
  type: String(p.post_type),
  status: String(p.post_status),
});

const toNavMenuTerm = (t: Record<string, unknown>): NavMenuTerm => ({
  name: String(t.name ?? ''),
  slug: String(t.slug),
  taxonomy: String(t.taxonomy),
});

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
