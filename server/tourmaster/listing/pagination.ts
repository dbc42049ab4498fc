/**
 * Page numbering of the three list paginations (listing.md §2.6, §2.7, §4). Pure: the views turn
 * the items into markup.
 */

export type AjaxPageItem = { kind: 'page'; n: number; active: boolean } | { kind: 'dots' };

/**
 * The ajax pagination: the current page, its two neighbours on each side, the first and the last
 * page, and one `…` per gap. Nothing when there is one page or none.
 */
export function ajaxPaginationItems(current: number, maxPages: number): AjaxPageItem[] {
  if (maxPages <= 1) return [];
  const items: AjaxPageItem[] = [];
  let gap = false;
  for (let n = 1; n <= maxPages; n++) {
    if (n === current || Math.abs(n - current) <= 2 || n === 1 || n === maxPages) {
      items.push({ kind: 'page', n, active: n === current });
      gap = false;
    } else if (!gap) {
      items.push({ kind: 'dots' });
      gap = true;
    }
  }
  return items;
}

/** The load-more button's page (the next one), or undefined when the list has no more pages. */
export function loadMorePage(current: number, maxPages: number): number | undefined {
  const next = current + 1;
  return next <= maxPages ? next : undefined;
}

export type LinkPageItem =
  | { kind: 'prev' | 'next'; n: number }
  | { kind: 'current'; n: number }
  | { kind: 'page'; n: number }
  | { kind: 'dots' };

/**
 * WordPress `paginate_links` as goodlayers calls it: every page when there are at most five,
 * otherwise end size 1 and mid size 2 with `…` for gaps; previous and next links around them.
 */
export function linkPaginationItems(current: number, total: number): LinkPageItem[] {
  if (total <= 1) return [];
  const showAll = total <= 5;
  const endSize = 1;
  const midSize = 2;
  const items: LinkPageItem[] = [];
  if (current > 1) items.push({ kind: 'prev', n: current - 1 });
  let dots = false;
  for (let n = 1; n <= total; n++) {
    if (n === current) {
      items.push({ kind: 'current', n });
      dots = true;
    } else if (showAll || n <= endSize || (n >= current - midSize && n <= current + midSize) || n > total - endSize) {
      items.push({ kind: 'page', n });
      dots = true;
    } else if (dots) {
      items.push({ kind: 'dots' });
      dots = false;
    }
  }
  if (current < total) items.push({ kind: 'next', n: current + 1 });
  return items;
}
