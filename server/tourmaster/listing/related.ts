import { str } from '../../php/coerce';
import type { TourListQuery } from './query';
import { option } from './search-page';
import { type ListSettings, parseSettingValue, type SettingValue, text } from './settings';

/**
 * The single tour page's "Related Tours" (the plugin's single tour template): whether it is shown
 * (`enable-single-related-tour`, on unless disabled) and how, from the `single-related-tour-*`
 * options, held to the rules of a list's posted settings (listing/settings.ts), so an option
 * edited to anything else is its default. The plugin's `modern` styles are not printed by our
 * lists: they show as `grid` (DEVIATIONS.md 56).
 */
export function relatedTourSettings(general: Readonly<Record<string, unknown>>): ListSettings | undefined {
  if (str(option(general, 'enable-single-related-tour', 'enable')) === 'disable') return undefined;
  const get = (key: string, fallback: SettingValue): SettingValue =>
    parseSettingValue(key, option(general, `single-related-tour-${key}`, fallback), []) ?? fallback;
  const style = str(option(general, 'single-related-tour-style', 'grid'));
  const settings: ListSettings = new Map<string, SettingValue>([
    ['tour-style', ['grid', 'grid-with-frame', 'grid-no-space'].includes(style) ? style : 'grid'],
    ['grid-style', get('grid-style', 'style-2')],
    ['thumbnail-size', get('thumbnail-size', 'large')],
    ['excerpt', get('excerpt', 'none')],
    ['excerpt-number', get('excerpt-number', '20')],
    ['column-size', get('column-size', '30') || '30'],
    ['price-position', get('price-position', 'right-title')],
    ['tour-rating', get('tour-rating', 'enable')],
    ['tour-info', get('tour-info', [])],
    ['num-fetch', parseSettingValue('num-fetch', option(general, 'single-related-tour-num-fetch', '2'), []) ?? '2'],
  ]);
  return settings;
}

/** The related tours' query: the newest first (WP_Query's default order), `num-fetch` of them. */
export function relatedTourQuery(settings: ListSettings, tourId: number): TourListQuery {
  const perPage = Number(text(settings, 'num-fetch'));
  return {
    keywords: '',
    tax: undefined,
    meta: [],
    orderby: 'date',
    order: 'desc',
    perPage: Number.isSafeInteger(perPage) && perPage > 0 ? perPage : 2,
    page: 1,
    relatedTo: { tourId },
  };
}
