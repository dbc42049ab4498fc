import type { ListSettings } from '../../tourmaster/listing/settings';
import { text } from '../../tourmaster/listing/settings';
import { escUrl, html, type SafeHtml } from '../html';
import { settingsAttr } from './settings-json';

/**
 * The two ajax controls above a tour list: the category filterer (listing.md §2.4) and the order
 * filterer (§2.5). Both carry the list's settings; the filterer's stay the page's own.
 */

export interface FiltererTerm {
  name: string;
  slug: string;
}

/**
 * Category links: "All" (or the one selected category's name) first and active, then a link per
 * term (all categories, the selected one's children, or the ones the list names).
 */
export function filtererHtml(input: {
  settings: ListSettings;
  ajaxUrl: string;
  terms: readonly FiltererTerm[];
  /** The list's single category, when it names exactly one. */
  current?: { name: string };
}): SafeHtml {
  const { settings } = input;
  return html`<div class="${filtererClass(settings)}" data-tm-ajax="tourmaster_tour_ajax" data-settings="${settingsAttr(
    settings,
  )}" data-target="tourmaster-tour-item-holder" data-target-action="replace" data-ajax-url="${escUrl(
    input.ajaxUrl,
  )}"  ><a href="#" class="tourmaster-filterer tourmaster-button-color tourmaster-active" >${
    input.current ? input.current.name : 'All'
  }</a>${input.terms.map(
    (term) =>
      html`<a href="#" class="tourmaster-filterer tourmaster-button-color" data-ajax-name="category" data-ajax-value="${term.slug}" >${term.name}</a>`,
  )}</div>`;
}

/** The filterer's classes: its style (`text` by default) and alignment (`center`). */
export function filtererClass(settings: ListSettings): string {
  const style = text(settings, 'filterer') || 'text';
  const align = text(settings, 'filterer-align') || 'center';
  return `tourmaster-filterer-wrap tourmaster-ajax-action  tourmaster-item-pdlr tourmaster-style-${style} tourmaster-${align}-align`;
}

export const ORDER_FILTERER_CLASS = 'tourmaster-tour-order-filterer-wrap tourmaster-item-mglr clearfix';

export const ORDERBY_LABELS: readonly [string, string][] = [
  ['date', 'Release Date'],
  ['tour-date', 'Tour Date'],
  ['title', 'Title'],
  ['price', 'Price'],
  ['popularity', 'Popularity'],
  ['rating', 'Rating'],
  ['duration', 'Duration'],
];

/**
 * "Sort by" with the orderby and order selects, and the list/grid switch for the styles the list
 * names (`order-filterer-list-style`, `order-filterer-grid-style`); the current one is active.
 */
export function orderFiltererHtml(input: { settings: ListSettings; ajaxUrl: string }): SafeHtml {
  const { settings } = input;
  const { orderby, order, gridActive } = orderFiltererState(settings);
  const option = (value: string, label: string, selected: boolean) =>
    html`<option value="${value}" ${selected ? 'selected' : ''} >${label}</option>`;
  const switchLink = (value: string, icon: string, active: boolean) =>
    html`<a href="#" data-ajax-name="item-style"  class="${active ? 'tourmaster-active' : ''}"  data-ajax-value="${value}" ><i class="${icon}" ></i></a>`;
  return html`<div class="${ORDER_FILTERER_CLASS}" data-tm-ajax="tourmaster_tour_order_ajax" data-settings="${settingsAttr(
    settings,
  )}" data-target="tourmaster-tour-item-holder" data-target-action="replace" data-ajax-url="${escUrl(
    input.ajaxUrl,
  )}"  ><h3 class="tourmaster-tour-order-filterer-title" >Sort by</h3><div class="tourmaster-combobox-wrap" ><select data-ajax-name="orderby" >${ORDERBY_LABELS.map(
    ([value, label]) => option(value, label, value === orderby),
  )}</select></div><div class="tourmaster-combobox-wrap" ><select data-ajax-name="order" >${option(
    'asc',
    'Ascending',
    order === 'asc',
  )}${option('desc', 'Descending', order === 'desc')}</select></div><span class="tourmaster-tour-order-filterer-style" >${
    text(settings, 'order-filterer-list-style') && switchLink('list-style', 'fa fa-th-list', !gridActive)
  }${text(settings, 'order-filterer-grid-style') && switchLink('grid-style', 'fa fa-th', gridActive)}</span></div>`;
}

/** What the order filterer shows selected: the sort, its direction, and whether the grid is the view. */
export function orderFiltererState(settings: ListSettings): {
  orderby: string;
  order: 'asc' | 'desc';
  gridActive: boolean;
} {
  const style = text(settings, 'tour-style');
  return {
    orderby: text(settings, 'orderby') || 'date',
    order: text(settings, 'order').toLowerCase() === 'asc' ? 'asc' : 'desc',
    gridActive: style.startsWith('grid') || style.startsWith('modern'),
  };
}
