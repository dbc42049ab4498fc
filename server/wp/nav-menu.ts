import { type MenuItem, type PageRow, pagePath } from './menus';

/**
 * An assigned `nav_menu` as WordPress prints it, pure: its items (`nav_menu_item` posts and their
 * `_menu_item_*` metas) and the objects they link to become a tree of titles and URLs. The rows are
 * read in data/menus.ts.
 */

/** A `nav_menu_item` post with its `_menu_item_*` metas ('' or 0 when missing). */
export interface NavMenuItemRow {
  id: number;
  title: string;
  /** `_menu_item_type`: `custom`, `post_type` or `taxonomy`. */
  type: string;
  objectId: number;
  /** `_menu_item_url`, a custom link's. */
  url: string;
  /** `_menu_item_menu_item_parent`. */
  parent: number;
}

/** A post an item links to, whatever its status. */
export interface NavMenuPost {
  title: string;
  slug: string;
  type: string;
  status: string;
}

/** A term an item links to. */
export interface NavMenuTerm {
  name: string;
  slug: string;
  taxonomy: string;
}

/** What the items link to: posts and terms by id, and the linked pages that are published (their permalinks). */
export interface NavMenuLinks {
  posts: ReadonlyMap<number, NavMenuPost>;
  terms: ReadonlyMap<number, NavMenuTerm>;
  pages: readonly PageRow[];
}

/** Where a taxonomy's archives live under the site's permalinks. */
const TAXONOMY_BASES: Readonly<Record<string, string>> = {
  category: 'category',
  post_tag: 'tag',
  tour_category: 'tour-category',
  tour_tag: 'tour-tag',
};

/**
 * The items as a tree: titles fall back to the linked object's title, URLs are the linked page's,
 * tour's or post's permalink, a term's archive, or the custom link. Items whose object is gone or
 * not published are left out, as WordPress leaves them out.
 */
export function navMenuTree(items: readonly NavMenuItemRow[], links: NavMenuLinks, homeUrl: string): MenuItem[] {
  const resolved = new Map<number, { item: MenuItem; parent: number }>();
  for (const row of items) {
    const link = itemLink(row, links, homeUrl);
    if (link.url === undefined || link.title === '') continue;
    resolved.set(row.id, { item: { title: link.title, url: link.url, children: [] }, parent: row.parent });
  }
  const roots: MenuItem[] = [];
  for (const { item, parent } of resolved.values()) {
    const under = resolved.get(parent);
    if (under) under.item.children.push(item);
    else roots.push(item);
  }
  return roots;
}

/** An item's title and URL; no URL when what it links to is gone or not published. */
function itemLink(row: NavMenuItemRow, links: NavMenuLinks, homeUrl: string): { title: string; url?: string } {
  if (row.type === 'custom') return { title: row.title, url: row.url };
  if (row.type === 'post_type') {
    const post = links.posts.get(row.objectId);
    if (post?.status !== 'publish') return { title: row.title };
    return { title: row.title || post.title, url: postUrl(post, row.objectId, links.pages, homeUrl) };
  }
  if (row.type === 'taxonomy') {
    const term = links.terms.get(row.objectId);
    if (!term) return { title: row.title };
    const base = TAXONOMY_BASES[term.taxonomy] ?? term.taxonomy;
    return { title: row.title || term.name, url: `${homeUrl}/${base}/${term.slug}/` };
  }
  return { title: row.title };
}

function postUrl(post: NavMenuPost, id: number, pages: readonly PageRow[], homeUrl: string): string {
  if (post.type === 'page') return `${homeUrl}${pagePath(pages, id) ?? `/${post.slug}/`}`;
  if (post.type === 'tour') return `${homeUrl}/tour/${post.slug}/`;
  if (post.type === 'post') return `${homeUrl}/${post.slug}/`;
  return `${homeUrl}/?p=${id}`;
}
