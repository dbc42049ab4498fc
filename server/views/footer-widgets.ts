import { MONTHS } from '../php/date';
import { escapeHtml, escUrl } from './html';

/**
 * The theme's footer widget areas and the two dynamic blocks they hold on the demo site, printed as
 * WordPress 6.3 prints them: `render_block_core_archives` (`wp_get_archives`, monthly or yearly, as
 * a list) and `render_block_core_categories` (`wp_list_categories`: `cat-item cat-item-N`, counts,
 * hierarchy), each widget in the theme's `widget widget_block traveltour-widget` wrapper, and the
 * columns as Traveltour's footer prints them (four `traveltour-column-15`).
 */

export interface ArchiveMonth {
  year: number;
  month: number;
  count: number;
  /** The month's (or year's) archive URL. */
  url: string;
}

export interface CategoryItem {
  termId: number;
  parentId: number;
  name: string;
  count: number;
  url: string;
}

/** `wp_get_archives` in the block: `type` monthly (default) or yearly, counts when `showPostCounts`. */
export function archivesBlockHtml(
  months: readonly ArchiveMonth[],
  options: { yearly: boolean; showPostCounts: boolean },
): string {
  if (months.length === 0) return '<div class="wp-block-archives">No archives to show.</div>';
  const items = months
    .map((m) => {
      const label = options.yearly ? String(m.year) : `${MONTHS[m.month - 1]} ${m.year}`;
      const count = options.showPostCounts ? `&nbsp;(${m.count})` : '';
      return `\t<li><a href='${escUrl(m.url).value}'>${escapeHtml(label)}</a>${count}</li>\n`;
    })
    .join('');
  return `<ul class="wp-block-archives-list wp-block-archives">${items}</ul>`;
}

/**
 * `wp_list_categories` in the block (`title_li` empty): empty categories hidden unless `showEmpty`
 * (a parent stays when a child has posts), flat or nested in `ul.children` (`showHierarchy`), only
 * the top level (`showOnlyTopLevel`), counts (`showPostCounts`).
 */
export function categoriesBlockHtml(
  categories: readonly CategoryItem[],
  options: { showHierarchy: boolean; showPostCounts: boolean; showOnlyTopLevel: boolean; showEmpty: boolean },
): string {
  const byParent = new Map<number, CategoryItem[]>();
  for (const c of categories) byParent.set(c.parentId, [...(byParent.get(c.parentId) ?? []), c]);
  const hasPosts = (c: CategoryItem, depth = 0): boolean =>
    c.count > 0 || (depth < 20 && (byParent.get(c.termId) ?? []).some((child) => hasPosts(child, depth + 1)));
  const shown = (c: CategoryItem) => options.showEmpty || (options.showHierarchy ? hasPosts(c) : c.count > 0);
  // Walker_Category: every `<li>` opens with one tab, a nested list is indented by its depth.
  const item = (c: CategoryItem, depth: number): string => {
    const count = options.showPostCounts ? ` (${c.count.toLocaleString('en-US')})` : '';
    const children =
      options.showHierarchy && !options.showOnlyTopLevel && depth < 20
        ? (byParent.get(c.termId) ?? []).filter(shown)
        : [];
    const indent = '\t'.repeat(depth);
    const nested = children.length
      ? `${indent}<ul class='children'>\n${children.map((ch) => item(ch, depth + 1)).join('')}${indent}</ul>\n`
      : '';
    return `\t<li class="cat-item cat-item-${c.termId}"><a href="${escUrl(c.url).value}">${escapeHtml(c.name)}</a>${count}\n${nested}</li>\n`;
  };
  const top =
    options.showHierarchy || options.showOnlyTopLevel ? categories.filter((c) => !isChild(c, categories)) : categories;
  const list = top.filter(shown);
  const items = list.length ? list.map((c) => item(c, 0)).join('') : '<li class="cat-item-none">No categories</li>';
  return `<ul class="wp-block-categories-list wp-block-categories">${items}</ul>`;
}

/** A category whose parent is another listed category. */
function isChild(c: CategoryItem, all: readonly CategoryItem[]): boolean {
  return c.parentId !== 0 && all.some((p) => p.termId === c.parentId);
}

/** One widget in the theme's wrapper (`before_widget` / `after_widget` of the footer sidebars). */
export function widgetHtml(id: string, className: string, inner: string): string {
  return `<div id="${escapeHtml(id)}" class="widget ${escapeHtml(className)} traveltour-widget">${inner}</div>`;
}

/** The footer's four columns (`footer-1` … `footer-4`), each holding its widgets' HTML. */
export function footerColumnsHtml(columns: readonly string[]): string {
  const cells = columns
    .map((inner) => `<div class="traveltour-footer-column traveltour-item-pdlr traveltour-column-15" >${inner}</div>`)
    .join('');
  return `<div class="traveltour-footer-wrapper  traveltour-with-column-divider" ><div class="traveltour-footer-container traveltour-container clearfix" >${cells}</div></div>`;
}
