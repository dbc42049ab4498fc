import type { ListDisplay } from '../../tourmaster/listing/display';
import { html, type SafeHtml } from '../html';
import type { TourListItem } from './item';
import { leftColumn, rightColumn } from './medium';
import { ribbonHtml, styleAttr, thumbnailHtml } from './parts';

/** `full` (listing.md §2.1): the thumbnail above the content, the frame on the content box. */
export function fullItem(item: TourListItem, display: ListDisplay): SafeHtml {
  const frame = display.withFrame;
  return html`<div class="tourmaster-item-list tourmaster-tour-full tourmaster-item-mglr clearfix ${
    frame ? 'tourmaster-tour-frame' : ''
  }" >${ribbonHtml(item, display)}<div class="tourmaster-tour-full-inner" ${
    frame ? styleAttr(display.frameStyle) : ''
  }>${thumbnailHtml(item, display)}<div class="tourmaster-tour-content-wrap clearfix ${
    frame ? 'gdlr-core-skin-e-background' : ''
  }" >${leftColumn(item, display)}${rightColumn(item, display)}</div></div></div>`;
}
