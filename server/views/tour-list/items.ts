import type { ListDisplay } from '../../tourmaster/listing/display';
import { html, type SafeHtml } from '../html';
import { fullItem } from './full';
import { gridItem } from './grid';
import type { TourListItem } from './item';
import { mediumItem } from './medium';

/**
 * A page of list items (the holder's content, listing.md §2.1). Column styles wrap each item in
 * `div.gdlr-core-item-list … tourmaster-column-{n}`; the first item of each row (the running sum of
 * column sizes passes 60) is `tourmaster-column-first`. Full and medium items are not wrapped.
 */
export function tourListItemsHtml(
  items: readonly TourListItem[],
  display: ListDisplay,
  syncGroup = 'tour-item-',
): SafeHtml {
  if (display.columns === undefined) {
    const render = display.style === 'medium' ? mediumItem : fullItem;
    return html`${items.map((item) => render(item, display))}`;
  }
  const size = display.columns;
  let filled = 0;
  return html`${items.map((item) => {
    const first = filled === 0 || filled + size > 60;
    filled = first ? size : filled + size;
    return html`<div class="gdlr-core-item-list ${display.noSpace ? '' : ' tourmaster-item-pdlr'} tourmaster-column-${size}${
      first ? ' tourmaster-column-first' : ''
    }" >${gridItem(item, display, syncGroup)}</div>`;
  })}`;
}

/** The column class of the list element itself (`tourmaster-tour-item-column-{60/n}`). */
export function columnCount(display: ListDisplay): number | undefined {
  return display.columns ? Math.round(60 / display.columns) : undefined;
}
