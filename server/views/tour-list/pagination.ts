import { ajaxPaginationItems, linkPaginationItems, loadMorePage } from '../../tourmaster/listing/pagination';
import type { ListSettings } from '../../tourmaster/listing/settings';
import { text } from '../../tourmaster/listing/settings';
import { escUrl, html, raw, type SafeHtml } from '../html';
import { settingsAttr } from './settings-json';

/**
 * The list paginations (listing.md §2.6, §2.7, §4): the ajax page numbers and the load-more button
 * carry the list's settings for the next request; the link pagination is plain links for lists
 * without ajax controls (archives, the search page's fallback).
 */

export interface AjaxControlTarget {
  /** `{siteurl}/wp-admin/admin-ajax.php`. */
  ajaxUrl: string;
  /** The action the control posts (`tourmaster_tour_ajax` on the tour lists). */
  action?: string;
}

/** `pagination-style` and `-align` as class parts: `round` and `right` by default; `*-border` adds a border. */
export function paginationLook(settings: ListSettings): { style: string; align: string; border: boolean } {
  let style = text(settings, 'pagination-style');
  if (!style || style === 'default') style = 'round';
  const border = style.endsWith('-border');
  if (border) style = style.slice(0, -'-border'.length);
  const align = text(settings, 'pagination-align');
  return { style, align: !align || align === 'default' ? 'right' : align, border };
}

/** The ajax page numbers' classes: their style, alignment and border. */
export function ajaxPaginationClass(settings: ListSettings): string {
  const look = paginationLook(settings);
  return `tourmaster-pagination tourmaster-ajax-action  tourmaster-style-${look.style} tourmaster-${look.align}-align${
    look.border ? ' tourmaster-with-border' : ''
  } tourmaster-item-pdlr`;
}

export const LOAD_MORE_CLASS =
  'tourmaster-load-more-wrap tourmaster-ajax-action tourmaster-center-align tourmaster-item-pdlr';

/** The ajax page numbers, or undefined when there is one page or none (the reply's `'none'`). */
export function ajaxPaginationHtml(
  settings: ListSettings,
  current: number,
  maxPages: number,
  target: AjaxControlTarget,
): SafeHtml | undefined {
  const items = ajaxPaginationItems(current, maxPages);
  if (items.length === 0) return undefined;
  return html`<div class="${ajaxPaginationClass(settings)}" data-tm-ajax="${target.action ?? 'tourmaster_tour_ajax'}" data-settings="${settingsAttr(
    settings,
  )}" data-target="tourmaster-tour-item-holder" data-target-action="replace" data-ajax-url="${escUrl(target.ajaxUrl)}" >${items.map(
    (item) =>
      item.kind === 'dots'
        ? raw('<span class="page-numbers dots">\u2026</span>')
        : html`<a class="page-numbers${item.active ? ' tourmaster-active' : ''}" data-ajax-name="paged" data-ajax-value="${item.n}" >${item.n}</a> `,
  )}</div>`;
}

/** The load-more button for the page after `current`, or undefined when there is none (the reply's `'none'`). */
export function loadMoreHtml(
  settings: ListSettings,
  current: number,
  maxPages: number,
  target: AjaxControlTarget,
): SafeHtml | undefined {
  const next = loadMorePage(current, maxPages);
  if (next === undefined) return undefined;
  return html`<div class="${LOAD_MORE_CLASS}" data-tm-ajax="${
    target.action ?? 'tourmaster_tour_ajax'
  }" data-settings="${settingsAttr(settings)}" data-target="tourmaster-tour-item-holder" data-target-action="append" data-ajax-url="${escUrl(
    target.ajaxUrl,
  )}" ><a href="#" class="tourmaster-load-more tourmaster-button" data-ajax-name="paged" data-ajax-value="${next}" >Load More</a></div>`;
}

/**
 * goodlayers' link pagination around WordPress `paginate_links` (listing.md §4): links to each
 * page's URL (`pageUrl(n)`), the current page as a span; empty when there is one page.
 */
export function linkPaginationHtml(input: {
  current: number;
  total: number;
  pageUrl: (n: number) => string;
  settings?: ListSettings;
  extraClass?: string;
}): SafeHtml {
  const items = linkPaginationItems(input.current, input.total);
  if (items.length === 0) return raw('');
  const look = paginationLook(input.settings ?? new Map());
  const links = items.map((item) => {
    switch (item.kind) {
      case 'prev':
      case 'next':
        return html`<a class="${item.kind} page-numbers" href="${escUrl(input.pageUrl(item.n))}"></a>`.value;
      case 'current':
        return html`<span aria-current="page" class="page-numbers current">${item.n}</span>`.value;
      case 'page':
        return html`<a class="page-numbers" href="${escUrl(input.pageUrl(item.n))}">${item.n}</a>`.value;
      default:
        return '<span class="page-numbers dots">&hellip;</span>';
    }
  });
  return html`<div class="gdlr-core-pagination  gdlr-core-style-${look.style} gdlr-core-${look.align}-align${
    look.border ? ' gdlr-core-with-border' : ''
  }${input.extraClass ? ` ${input.extraClass}` : ''}" >${raw(links.join('\n'))}</div>`;
}

/** A page's URL under pretty permalinks (`…/page/N/`, page 1 is the base) or plain ones (`?paged=N`). */
export function pagedUrl(baseUrl: string, n: number, pretty: boolean): string {
  if (n <= 1) return baseUrl;
  if (!pretty) return `${baseUrl}${baseUrl.includes('?') ? '&' : '?'}paged=${n}`;
  const [path, query] = baseUrl.split('?', 2) as [string, string | undefined];
  return `${path.replace(/\/?$/, '/')}page/${n}/${query ? `?${query}` : ''}`;
}
