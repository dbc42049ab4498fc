import { COLUMN_STYLES } from './protocol';
import { type ListSettings, type ShadowSize, strings, type TourInfoKey, text } from './settings';

/** How a list's items look, read from its (validated) settings (listing.md §2.1). */
export interface ListDisplay {
  /** `full`, `medium`, `grid` or `grid-no-space` (a `-with-frame` suffix is `withFrame`). */
  style: string;
  withFrame: boolean;
  /** Column styles are wrapped in `gdlr-core-item-list … tourmaster-column-{n}`. */
  columns: number | undefined;
  noSpace: boolean;
  layout: string;
  gridStyle: 'style-1' | 'style-2';
  pricePosition: string;
  displayPrice: boolean;
  ribbon: boolean;
  rating: boolean;
  tourInfo: readonly TourInfoKey[];
  excerpt: { kind: 'none' } | { kind: 'words'; count: number } | { kind: 'full' };
  thumbnailZoom: boolean;
  /** `style` of the title: font size, weight, letter spacing, transform, bottom margin. */
  titleStyle: readonly [string, string][];
  /** Border radius and shadow: on the item of a framed style, else on its thumbnail. */
  frameStyle: readonly [string, string][];
}

export function listDisplayOf(settings: ListSettings): ListDisplay {
  let style = text(settings, 'tour-style') || 'full';
  let withFrame = text(settings, 'with-frame') === 'enable';
  if (style.endsWith('-with-frame')) {
    style = style.slice(0, -'-with-frame'.length);
    withFrame = true;
  }
  const columnSize = Number(text(settings, 'column-size')) || 60;
  const excerptMode = text(settings, 'excerpt');
  const words = Number(text(settings, 'excerpt-number')) || 0;
  const titleStyle: [string, string][] = [];
  for (const [property, key] of [
    ['font-size', 'tour-title-font-size'],
    ['font-weight', 'tour-title-font-weight'],
    ['letter-spacing', 'tour-title-letter-spacing'],
    ['text-transform', 'tour-title-text-transform'],
    ['margin-bottom', 'tour-title-bottom-margin'],
  ] as const) {
    const value = text(settings, key);
    if (value) titleStyle.push([property, value]);
  }
  return {
    style,
    withFrame,
    columns: COLUMN_STYLES.includes(style) ? columnSize : undefined,
    noSpace: style.includes('no-space') || text(settings, 'no-space') === 'yes',
    layout: text(settings, 'layout') || 'fitrows',
    gridStyle: text(settings, 'grid-style') === 'style-2' ? 'style-2' : 'style-1',
    pricePosition: text(settings, 'price-position') || 'right-title',
    displayPrice: text(settings, 'display-price') !== 'disable',
    ribbon: text(settings, 'enable-ribbon') !== 'disable',
    rating: text(settings, 'tour-rating') === 'enable',
    tourInfo: strings(settings, 'tour-info') as readonly TourInfoKey[],
    excerpt:
      excerptMode === 'specify-number'
        ? words > 0
          ? { kind: 'words', count: words }
          : { kind: 'none' }
        : excerptMode === 'none'
          ? { kind: 'none' }
          : { kind: 'full' },
    thumbnailZoom: text(settings, 'enable-thumbnail-zoom-on-hover') === 'enable',
    titleStyle,
    frameStyle: frameStyle(settings),
  };
}

function frameStyle(settings: ListSettings): [string, string][] {
  const out: [string, string][] = [];
  const radius = text(settings, 'tour-border-radius');
  if (radius) out.push(['border-radius', radius]);
  const size = settings.get('frame-shadow-size') as ShadowSize | undefined;
  const color = text(settings, 'frame-shadow-color');
  const opacity = text(settings, 'frame-shadow-opacity');
  if (typeof size === 'object' && size?.kind === 'shadow' && size.size && color && opacity) {
    out.push(['box-shadow', `${px(size.x)} ${px(size.y)} ${px(size.size)} ${rgba(color, opacity)}`]);
  }
  return out;
}

const px = (v: string) => (v === '' ? '0' : /\d$/.test(v) ? `${v}px` : v);

/** `#rgb` / `#rrggbb` with an opacity as `rgba(r, g, b, a)`. */
export function rgba(hex: string, opacity: string): string {
  let h = hex.replace('#', '');
  if (h.length === 3)
    h = h
      .split('')
      .map((c) => c + c)
      .join('');
  const n = Number.parseInt(h.slice(0, 6), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${opacity})`;
}
