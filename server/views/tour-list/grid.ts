import type { ListDisplay } from '../../tourmaster/listing/display';
import { html, raw, type SafeHtml } from '../html';
import type { TourListItem } from './item';
import { excerptHtml, infoHtml, priceHtml, ratingHtml, ribbonHtml, styleAttr, thumbnailHtml, titleHtml } from './parts';

/**
 * `grid` and `grid-no-space` (listing.md §2.1): thumbnail, then title, price (beside or under the
 * title), facts, excerpt and rating; `bottom-bar` moves the price under the box. A framed grid in
 * rows syncs its boxes' heights (`data-sync-height`, one group per list).
 */
export function gridItem(item: TourListItem, display: ListDisplay, syncGroup: string): SafeHtml {
  const frame = display.withFrame;
  let position = display.pricePosition;
  let classes = `${frame ? ' tourmaster-tour-frame' : ''} tourmaster-tour-grid-${display.gridStyle}`;
  if (position === 'bottom-title-center') {
    classes += ' tourmaster-center-align';
    position = 'bottom-title';
  }
  if (display.displayPrice) classes += ` tourmaster-price-${position}`;
  const ribbon = ribbonHtml(item, display);
  const wrapClass = frame
    ? display.layout !== 'masonry'
      ? html`gdlr-core-skin-e-background gdlr-core-js" data-sync-height="${syncGroup}`
      : raw('gdlr-core-skin-e-background ')
    : raw('');
  return html`<div class="tourmaster-tour-grid ${classes}" >${display.gridStyle === 'style-1' && ribbon}<div class="tourmaster-tour-grid-inner" ${
    frame ? styleAttr(display.frameStyle) : ''
  } >${thumbnailHtml(item, display)}<div class="tourmaster-tour-content-wrap ${wrapClass}" >${
    display.gridStyle === 'style-2' && ribbon
  }${titleHtml(item, display)}${position !== 'bottom-bar' && priceHtml(item, display)}${infoHtml(
    item,
    display.tourInfo,
  )}${excerptHtml(item, display)}${ratingHtml(item, display, true)}</div>${
    position === 'bottom-bar' && bottomBarPrice(item, display)
  }</div></div>`;
}

function bottomBarPrice(item: TourListItem, display: ListDisplay): SafeHtml {
  if (!display.displayPrice || !item.price) return raw('');
  const { price, discount } = item.price;
  return html`<div class="tourmaster-tour-price-bottom-wrap clearfix ${
    discount ? 'tourmaster-with-discount' : ''
  }" ><span class="tourmaster-tour-price-head" >From</span><span class="tourmaster-tour-price-content" ><span class="tourmaster-tour-price">${price}</span>${
    discount && html`<span class="tourmaster-tour-discount-price" >${discount}</span>`
  }</span></div>`;
}
