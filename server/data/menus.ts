import { type MenuItem, type PageRow, pagePath } from '../wp/menus';
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
