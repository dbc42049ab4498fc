import type { ListDisplay } from '../../tourmaster/listing/display';
import { rgba } from '../../tourmaster/listing/display';
import type { TourInfoKey } from '../../tourmaster/listing/settings';
import { contentFilter } from '../../wp/text';
import { escUrl, html, raw, type SafeHtml } from '../html';
import { tourRatingWidgetHtml } from '../reviews';
import { tourPriceWrap } from '../tour/price';
import type { TourListItem } from './item';

/**
 * The pieces every tour list item is made of (the plugin's tour style helpers): title, facts,
 * excerpt, rating, price, thumbnail and ribbon. Every value is escaped; only the site's own
 * content (post content, a tour's custom excerpt) is printed as the HTML it is.
 */

/** ` style="prop: value;…" ` from validated declarations, or nothing. */
export function styleAttr(declarations: readonly [string, string][]): SafeHtml {
  if (declarations.length === 0) return raw('');
  return html` style="${declarations.map(([p, v]) => `${p}: ${v};`).join(' ')}"`;
}

export function titleHtml(item: TourListItem, display: ListDisplay): SafeHtml {
  return html`<h3 class="tourmaster-tour-title gdlr-core-skin-title" ${styleAttr(display.titleStyle)} ><a href="${escUrl(
    item.url,
  )}" >${raw(item.titleHtml)}</a></h3>`;
}

const INFO: Readonly<Record<TourInfoKey, { icon?: string; label?: string }>> = {
  'custom-excerpt': {},
  'duration-text': { icon: 'icon_clock_alt' },
  availability: { icon: 'fa fa-calendar', label: 'Availability :' },
  'departure-location': { icon: 'flaticon-takeoff-the-plane' },
  'return-location': { icon: 'flaticon-plane-landing' },
  'minimum-age': { icon: 'fa fa-user', label: 'Min Age :' },
  'maximum-people': { icon: 'fa fa-users', label: 'Max People :' },
};

/** `div.tourmaster-tour-info-wrap` with the facts the list asks for and the tour has; nothing when none is asked. */
export function infoHtml(item: TourListItem, keys: readonly TourInfoKey[]): SafeHtml {
  if (keys.length === 0) return raw('');
  return html`<div class="tourmaster-tour-info-wrap clearfix" >${keys.map((key) => {
    const value = item.info[key];
    if (!value) return '';
    const { icon, label } = INFO[key];
    const body = key === 'custom-excerpt' ? raw(contentFilter(value)) : value;
    return html`<div class="tourmaster-tour-info tourmaster-tour-info-${key} " >${icon && html`<i class="${icon}" ></i>`}${
      label && `${label} `
    }${body} </div>`;
  })}</div>`;
}

/** The excerpt: the first N words of the excerpt (or of the content), or the whole content. */
export function excerptHtml(item: TourListItem, display: ListDisplay): SafeHtml {
  const { excerpt } = display;
  if (excerpt.kind === 'none') return raw('');
  if (excerpt.kind === 'full')
    return html`<div class="tourmaster-tour-content" >${raw(contentFilter(stripShortcodes(item.content)))}</div>`;
  return html`<div class="tourmaster-tour-content" >${raw(excerptWords(item, excerpt.count))}</div>`;
}

/**
 * The first `count` words of the excerpt, else of the content (shortcodes removed), as the list
 * prints them: text without tags, the site's entities kept (the API's `excerpt` too).
 */
export function excerptWords(item: Pick<TourListItem, 'excerpt' | 'content'>, count: number): string {
  const source = item.excerpt.trim() ? item.excerpt : contentFilter(stripShortcodes(item.content));
  return trimWords(source, count);
}

/**
 * WordPress `wp_trim_words`: the text without tags, its first `count` words joined by spaces and
 * ` […]` when there were more. A `<` that opens no tag (PHP strip_tags keeps `< b`) is escaped, so no
 * tag survives; `&` and entities are the site's own text.
 */
export function trimWords(text: string, count: number): string {
  const plain = text
    .replace(/<(script|style)[^>]*?>[\s\S]*?<\/\1>/gi, '')
    .replace(/<(?!\s)[^>]*(>|$)/g, '')
    .replace(/[<>]/g, (c) => (c === '<' ? '&lt;' : '&gt;'));
  const words = plain.split(/[\n\r\t ]+/).filter(Boolean);
  return words.length > count ? `${words.slice(0, count).join(' ')} [&hellip;]` : words.join(' ');
}

function stripShortcodes(content: string): string {
  return content.replace(/\[\/?[a-zA-Z0-9_-]+(\s[^\]]*)?\]/g, '');
}

/** The rating ("widget" style); grid items leave out a rating nobody gave. */
export function ratingHtml(item: TourListItem, display: ListDisplay, hideEmpty = false): SafeHtml {
  return display.rating ? tourRatingWidgetHtml(item.rating, { hideEmpty }) : raw('');
}

export function priceHtml(item: TourListItem, display: ListDisplay): SafeHtml {
  return display.displayPrice && item.price ? tourPriceWrap(item.price) : raw('');
}

/** The featured image, linked to the tour; nothing for a tour without one. */
export function thumbnailHtml(item: TourListItem, display: ListDisplay): SafeHtml {
  if (!item.thumbnail) return raw('');
  return html`<div class="tourmaster-tour-thumbnail tourmaster-media-image ${
    display.thumbnailZoom ? 'tourmaster-zoom-on-hover' : ''
  }" ${display.withFrame ? '' : styleAttr(display.frameStyle)} ><a href="${escUrl(item.url)}" ><img src="${escUrl(
    item.thumbnail.url,
  )}" alt="${item.thumbnail.alt}" /></a></div>`;
}

/** The promo ribbon (`promo-text` of the tour). */
export function ribbonHtml(item: TourListItem, display: ListDisplay): SafeHtml {
  if (!display.ribbon || !item.ribbon) return raw('');
  const { text, color, background } = item.ribbon;
  const outer: [string, string][] = [];
  if (color) outer.push(['color', color]);
  if (background) outer.push(['background-color', background]);
  const corner: [string, string][] = background ? [['border-right-color', rgba(background, '0.5')]] : [];
  return html`<div class="tourmaster-thumbnail-ribbon gdlr-core-outer-frame-element" ${styleAttr(
    outer,
  )} ><div class="tourmaster-thumbnail-ribbon-cornor" ${styleAttr(corner)} ></div>${text}</div>`;
}
