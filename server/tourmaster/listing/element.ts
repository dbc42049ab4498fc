import { isEmpty } from '../../php/coerce';
import { COLUMN_STYLES } from './protocol';
import { BUILTIN_TOUR_TAXONOMIES } from './search-query';
import { type ListSettings, parseSettingValue, type SettingValue, text } from './settings';

/**
 * The tour list element as pages print it (`tourmaster_pb_element_tour::get_content`, listing.md
 * §2.1) and the `[tourmaster_tour]` shortcode: the settings a page builds for its list before the
 * query, in the key order PHP keeps (the `data-settings` echo shows it).
 */

/**
 * The element's defaults (`wp_parse_args` of the shortcode): a shortcode's attributes overwrite them
 * in place and add the rest after them, in the order written.
 */
const ELEMENT_DEFAULTS: readonly [string, SettingValue][] = [
  ['category', ''],
  ['tag', ''],
  ['num-fetch', '9'],
  ['layout', 'fitrows'],
  ['thumbnail-size', 'full'],
  ['orderby', 'date'],
  ['order', 'desc'],
  ['tour-style', 'full'],
  ['hover', 'title-icon'],
  ['hover-info', ['title', 'icon']],
  ['has-column', 'no'],
  ['no-space', 'no'],
  ['excerpt', 'specify-number'],
  ['excerpt-number', 55],
  ['column-size', ''],
  ['filterer', 'none'],
  ['filterer-align', 'center'],
  ['pagination', 'none'],
  ['custom-pagination', false],
];

/** Shortcode attributes that are not list settings (they shape the wrapper, or are WordPress's own). */
const NOT_SETTINGS = new Set(['id', 'class', 'title', 'caption', 'padding-bottom']);

/**
 * `[tourmaster_tour …]`: the element's defaults, the attributes (each validated as the ajax actions
 * validate a posted setting; a value that is not of its key's form keeps the default, unknown keys
 * are left out), `column-size` given as a column count (`3` = 60 / 3), `tour-info` as a comma list.
 */
export function shortcodeListSettings(
  attrs: ReadonlyMap<string, string>,
  customTaxonomies: readonly string[],
): ListSettings {
  const settings: ListSettings = new Map(ELEMENT_DEFAULTS);
  for (const [key, value] of attrs) {
    if (NOT_SETTINGS.has(key) || key === 'column-size' || key === 'tour-info') {
      if (key === 'tour-info') settings.set(key, tourInfoList(value, customTaxonomies));
      continue;
    }
    const parsed = parseSettingValue(key, value, customTaxonomies);
    if (parsed !== undefined) settings.set(key, parsed);
  }
  const columns = Number.parseInt(attrs.get('column-size') ?? '', 10);
  // PHP: 60 / intval($atts['column-size']), an int (20 for 3 columns); only the sizes the grid has.
  const size = columns > 0 && Number.isInteger(60 / columns) ? 60 / columns : 60;
  settings.set('column-size', attrs.get('column-size') ? size : 60);
  if (!attrs.has('tour-info')) settings.set('tour-info', []);
  return settings;
}

function tourInfoList(value: string, customTaxonomies: readonly string[]): SettingValue {
  const items = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return (parseSettingValue('tour-info', items, customTaxonomies) as readonly string[] | undefined) ?? [];
}

/**
 * `get_content`'s derivation from `tour-style`: a `-with-frame` suffix is `with-frame=enable` and is
 * dropped, `no-space` styles set `no-space=yes`, column styles keep their `column-size` (remembered
 * in `column-size-temp`), every other style is one column of 60 in fitrows. New keys go at the end.
 */
export function deriveElementKeys(settings: ListSettings): void {
  let style = text(settings, 'tour-style') || 'full';
  if (style.includes('with-frame')) {
    settings.set('with-frame', 'enable');
    style = style.replace('-with-frame', '');
  } else settings.set('with-frame', 'disable');
  settings.set('tour-style', style);
  settings.set('no-space', style.includes('no-space') ? 'yes' : 'no');
  settings.set('layout', text(settings, 'layout') || 'fitrows');
  const columnSize = settings.get('column-size');
  const temp = isEmpty(columnSize) ? 60 : (columnSize as SettingValue);
  if (COLUMN_STYLES.includes(style)) {
    settings.set('has-column', 'yes');
    settings.set('column-size-temp', temp);
  } else {
    settings.set('has-column', 'no');
    settings.set('column-size-temp', temp);
    settings.set('column-size', 60);
    settings.set('layout', 'fitrows');
  }
}

/** Whether a list pages by ajax (a filterer or the order filterer is on) rather than by links. */
export function hasAjaxControls(settings: ListSettings): boolean {
  const filterer = text(settings, 'filterer');
  return (filterer !== '' && filterer !== 'none') || text(settings, 'enable-order-filterer') === 'enable';
}

/** The taxonomy keys a list's settings may name (`category`, `tag`, custom taxonomy slugs). */
export function listTaxonomies(customTaxonomies: readonly string[]): string[] {
  return [...BUILTIN_TOUR_TAXONOMIES, ...customTaxonomies];
}
