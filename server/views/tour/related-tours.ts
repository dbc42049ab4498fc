import { listDisplayOf } from '../../tourmaster/listing/display';
import type { ListSettings } from '../../tourmaster/listing/settings';
import { html, type SafeHtml } from '../html';

/** The class of the "Related Tours" section (the plugin prints the style as configured, `-with-frame` included). */
export function relatedToursClass(style: string): string {
  return `tourmaster-single-related-tour tourmaster-tour-item tourmaster-style-${style}`;
}

/**
 * The inside of the single tour page's "Related Tours" section (the plugin's single tour template):
 * the title and the holder with the list items (views/tour-list/items.ts printed them).
 */
export function relatedToursHtml(settings: ListSettings, items: SafeHtml): SafeHtml {
  const { noSpace } = listDisplayOf(settings);
  return html`<div class="tourmaster-single-related-tour-container tourmaster-container"><h3 class="tourmaster-single-related-tour-title tourmaster-item-pdlr">Related Tours</h3><div class="tourmaster-tour-item-holder clearfix ${
    noSpace ? ' tourmaster-item-pdlr' : ''
  }" >${items}</div></div>`;
}
