import type { ListDisplay } from '../../tourmaster/listing/display';
import { escUrl, html, type SafeHtml } from '../html';
import type { TourListItem } from './item';
import { excerptHtml, infoHtml, priceHtml, ratingHtml, ribbonHtml, styleAttr, thumbnailHtml, titleHtml } from './parts';

/** The right column of the full and medium styles: price, rating, "View Details". */
export function rightColumn(item: TourListItem, display: ListDisplay): SafeHtml {
  return html`<div class="tourmaster-content-right tourmaster-center-tour-content" >${priceHtml(item, display)}${ratingHtml(
    item,
    display,
  )}<a class="tourmaster-tour-view-more" href="${escUrl(item.url)}" >View Details</a></div>`;
}

/** The left column: title, facts, excerpt. */
export function leftColumn(item: TourListItem, display: ListDisplay): SafeHtml {
  return html`<div class="tourmaster-content-left" >${titleHtml(item, display)}${infoHtml(item, display.tourInfo)}${excerptHtml(
    item,
    display,
  )}</div>`;
}

/** `medium` (listing.md §2.1): the thumbnail beside the content, the frame on the inner box. */
export function mediumItem(item: TourListItem, display: ListDisplay): SafeHtml {
  const frame = display.withFrame;
  return html`<div class="tourmaster-item-list tourmaster-tour-medium tourmaster-item-mglr clearfix ${
    frame ? 'tourmaster-tour-frame' : ''
  }" >${ribbonHtml(item, display)}<div class="tourmaster-tour-medium-inner ${frame ? 'gdlr-core-skin-e-background' : ''}" ${
    frame ? styleAttr(display.frameStyle) : ''
  } >${thumbnailHtml(item, display)}<div class="tourmaster-tour-content-wrap clearfix" >${leftColumn(
    item,
    display,
  )}${rightColumn(item, display)}</div></div></div>`;
}
