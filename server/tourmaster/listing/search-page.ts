import { isEmpty, str } from '../../php/coerce';
import { deriveElementKeys } from './element';
import { MAX_SEARCH_LENGTH, type MetaQuery, type SearchFilters, type TaxQuery } from './search-query';
import { type ListSettings, MAX_PAGED, parseSettingValue, type SettingValue } from './settings';

/**
 * The tour search page's list (listing.md §1.3): its settings, built from the plugin's search
 * options and the request's filters in the key order the legacy page prints in `data-settings`
 * (the order filterer and the ajax pagination post them back as they are).
 */

/** `tourmaster_get_option('general', key, default)`: the default when the option is empty. */
export function option(general: Readonly<Record<string, unknown>>, key: string, fallback: SettingValue): SettingValue {
  const value = general[key];
  if (isEmpty(value)) return fallback;
  if (Array.isArray(value)) return value.map((v) => str(v));
  return typeof value === 'object' && value !== null ? fallback : str(value);
}

/**
 * The search list's settings. `paged` is the page the URL asks for (an int, as WordPress's query
 * var); `filters` come from the GET parameters (search-query.ts). Option values are held to the
 * same rules as posted settings, so the first page and the ajax pages agree (a `num-fetch` of 500
 * is the cap on both).
 */
export function searchListSettings(
  general: Readonly<Record<string, unknown>>,
  filters: SearchFilters,
  paged: number,
  customTaxonomies: readonly string[],
): ListSettings {
  const settings: ListSettings = new Map(optionEntries(general, customTaxonomies));
  // In the legacy order: the page, the order filterer's keys, then the search.
  const entries = [...settings];
  const at = entries.findIndex(([key]) => key === 'enable-order-filterer');
  const ordered: [string, SettingValue][] = [
    ...entries.slice(0, at),
    ['paged', paged],
    ...entries.slice(at),
    ['s', filters.s],
    ['tax_query', filters.tax_query satisfies TaxQuery],
    ['meta_query', filters.meta_query satisfies MetaQuery],
  ];
  const out: ListSettings = new Map(ordered);
  deriveElementKeys(out);
  return out;
}

/** The settings that come from the options: parsed once per options value (parse-cache.ts shares it). */
const fromOptions = new WeakMap<object, Map<string, readonly [string, SettingValue][]>>();

function optionEntries(
  general: Readonly<Record<string, unknown>>,
  customTaxonomies: readonly string[],
): readonly [string, SettingValue][] {
  const key = customTaxonomies.join(',');
  let byCustom = fromOptions.get(general);
  if (!byCustom) {
    byCustom = new Map();
    fromOptions.set(general, byCustom);
  }
  let entries = byCustom.get(key);
  if (!entries) {
    entries = buildOptionEntries(general, customTaxonomies);
    byCustom.set(key, entries);
  }
  return entries;
}

function buildOptionEntries(
  general: Readonly<Record<string, unknown>>,
  customTaxonomies: readonly string[],
): [string, SettingValue][] {
  const get = (key: string, optionKey: string, fallback: SettingValue): SettingValue => {
    const value = option(general, optionKey, fallback);
    return parseSettingValue(key, value, customTaxonomies) ?? fallback;
  };
  const listStyle = get('order-filterer-list-style', 'tour-search-item-style', '');
  const listThumbnail = get('order-filterer-list-style-thumbnail', 'tour-search-item-thumbnail', '');
  const gridStyle = get('order-filterer-grid-style', 'tour-search-order-filterer-grid-style', '');
  const gridThumbnail = get(
    'order-filterer-grid-style-thumbnail',
    'tour-search-order-filterer-grid-style-thumbnail',
    '',
  );
  const column = get('order-filterer-grid-style-column', 'tour-search-order-filterer-grid-style-column', '30');
  const grid = str(option(general, 'tour-search-default-style', 'list')) === 'grid';
  const itemGridStyle = get('grid-style', 'tour-search-order-filterer-grid-style-type', 'style-1');
  const shadow = option(general, 'tour-search-item-frame-shadow-size', '');
  const shadowSize = isEmpty(shadow)
    ? ''
    : (parseSettingValue(
        'frame-shadow-size',
        {
          x: str(option(general, 'tour-search-item-frame-shadow-x', '0')),
          y: str(option(general, 'tour-search-item-frame-shadow-y', '0')),
          size: str(shadow),
        },
        customTaxonomies,
      ) ?? '');
  return [
    ['category', ''],
    ['tag', ''],
    ['num-fetch', get('num-fetch', 'tour-search-item-num-fetch', '9')],
    ['layout', 'fitrows'],
    ['thumbnail-size', grid ? gridThumbnail : listThumbnail],
    ['orderby', 'date'],
    ['order', 'desc'],
    ['tour-style', (grid ? gridStyle : listStyle) || 'full'],
    ['hover', 'title-icon'],
    ['hover-info', ['title', 'icon']],
    ['has-column', 'no'],
    ['no-space', 'no'],
    ['excerpt', get('excerpt', 'tour-search-item-excerpt', 'specify-number')],
    ['excerpt-number', get('excerpt-number', 'tour-search-item-excerpt-number', '55')],
    ['column-size', column],
    ['filterer', 'none'],
    ['filterer-align', 'center'],
    ['pagination', 'page'],
    ['custom-pagination', true],
    ['grid-style', itemGridStyle],
    ['tour-info', get('tour-info', 'tour-search-item-info', [])],
    ['tour-rating', get('tour-rating', 'tour-search-item-rating', 'enable')],
    [
      'tour-border-radius',
      itemGridStyle === 'style-2' ? '3px' : get('tour-border-radius', 'tour-search-item-frame-border-radius', ''),
    ],
    ['frame-shadow-size', shadowSize],
    ['frame-shadow-color', get('frame-shadow-color', 'tour-search-item-frame-shadow-color', '')],
    ['frame-shadow-opacity', get('frame-shadow-opacity', 'tour-search-item-frame-shadow-opacity', '')],
    ['tour-title-font-size', get('tour-title-font-size', 'tour-search-title-font-size', '')],
    ['tour-title-font-weight', get('tour-title-font-weight', 'tour-search-title-font-weight', '')],
    ['tour-title-letter-spacing', get('tour-title-letter-spacing', 'tour-search-title-letter-spacing', '')],
    ['tour-title-text-transform', get('tour-title-text-transform', 'tour-search-title-text-transform', '')],
    ['price-position', get('price-position', 'tour-search-item-price-position', '')],
    ['enable-order-filterer', 'enable'],
    ['order-filterer-grid-style', gridStyle],
    ['order-filterer-grid-style-thumbnail', gridThumbnail],
    ['order-filterer-grid-style-column', column],
    ['order-filterer-list-style', listStyle],
    ['order-filterer-list-style-thumbnail', listThumbnail],
  ];
}

/**
 * The keywords as searched: text only (an array where text is expected searches nothing), control
 * characters dropped, at most MAX_SEARCH_LENGTH characters (whole code points).
 */
export function searchKeywords(value: unknown): string {
  if (typeof value !== 'string') return '';
  return Array.from(value.replace(/\p{Cc}+/gu, ' '))
    .slice(0, MAX_SEARCH_LENGTH)
    .join('');
}

/**
 * The page a search URL asks for (WordPress's `paged` query var, else `page`): `/page/N/` in the
 * path, else `?paged=N`, else `?page=N`, read as PHP's `absint`; 1 when none; capped at MAX_PAGED.
 */
export function searchPaged(params: Readonly<Record<string, unknown>>, pathPage: number | undefined): number {
  const absint = (v: unknown) => (typeof v === 'string' ? Math.abs(Number.parseInt(v, 10) || 0) : 0);
  const n = pathPage || absint(params.paged) || absint(params.page) || 1;
  return Math.min(n, MAX_PAGED);
}
