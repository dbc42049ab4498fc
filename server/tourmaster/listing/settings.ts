import { z } from 'zod';
import type { FormTree } from '../../php/form-input';
import {
  BUILTIN_TOUR_TAXONOMIES,
  MAX_SEARCH_LENGTH,
  MAX_TERMS,
  type MetaQuery,
  parseMetaQuery,
  parseTaxQuery,
  SLUG_PATTERN,
  type TaxQuery,
} from './search-query';

/**
 * The tour list's `settings` object (listing.md §2.2): the element's options, posted back verbatim
 * by every ajax control and echoed in the replies. The legacy handler ran whatever it was given
 * (DEFECTS.md 23); here every key is whitelisted and every value parsed and bounded. A value that
 * is not of its key's form falls back to the key's default, or is dropped when it has none. Posted
 * values stay strings (what jQuery sends and the legacy echo shows); the server's own `paged` is an
 * int, as in the legacy replies. The map keeps the posted order, which PHP keeps in its echo.
 */

/** A validated frame shadow size (`{x, y, size}` of the element option, in px). */
export interface ShadowSize {
  kind: 'shadow';
  x: string;
  y: string;
  size: string;
}

/**
 * A setting's value: posted values are strings and string lists; a page that builds its list's
 * settings itself (the search page, a list shortcode) also uses PHP's ints and booleans, which the
 * `data-settings` JSON shows as such.
 */
export type SettingValue = string | number | boolean | readonly string[] | TaxQuery | MetaQuery | ShadowSize;
export type ListSettings = Map<string, SettingValue>;

export const DEFAULT_NUM_FETCH = 9;
/** Largest page a request may ask for (the legacy site served any `num-fetch`, e.g. 100000). */
export const MAX_NUM_FETCH = 50;
/** Highest page number served; later pages are past any real list and answer empty. */
export const MAX_PAGED = 1000;
export const MAX_EXCERPT_WORDS = 300;

export const ORDERBY_VALUES = [
  'date',
  'title',
  'rand',
  'menu_order',
  'tour-date',
  'price',
  'duration',
  'popularity',
  'rating',
] as const;
export type Orderby = (typeof ORDERBY_VALUES)[number];

/** The item styles we render, with the element's `-with-frame` variants. */
export const TOUR_STYLES = [
  'full',
  'full-with-frame',
  'medium',
  'medium-with-frame',
  'grid',
  'grid-with-frame',
  'grid-no-space',
] as const;

export const TOUR_INFO_KEYS = [
  'custom-excerpt',
  'duration-text',
  'availability',
  'departure-location',
  'return-location',
  'minimum-age',
  'maximum-people',
] as const;
export type TourInfoKey = (typeof TOUR_INFO_KEYS)[number];

export const COLUMN_SIZES = ['60', '30', '20', '15', '12', '10'] as const;

const CSS_LENGTH = /^-?\d{1,4}(\.\d{1,3})?(px|em|rem|%)?$/;
const TOKEN = /^[a-z0-9-]{1,40}$/;
const THUMBNAIL_SIZE = /^[A-Za-z0-9 _-]{1,60}$/;

/** A string of one of `values`, or '' (an unset option). */
const oneOf = (values: readonly string[]) =>
  z.string().refine((v) => v === '' || values.includes(v), { message: 'not an allowed value' });
const pattern = (re: RegExp) => z.string().refine((v) => v === '' || re.test(v), { message: 'not an allowed value' });
const listOf = (item: z.ZodType<string>, max: number) =>
  z.array(z.unknown()).transform((items) => keep(items, item, max));

function keep(items: unknown[], item: z.ZodType<string>, max: number): string[] {
  const out: string[] = [];
  for (const value of items) {
    const parsed = item.safeParse(value);
    if (parsed.success && out.length < max) out.push(parsed.data);
  }
  return out;
}

/** A count as posted, bounded: digits only, at least 1 and at most `max`; other text is the fallback. */
const boundedInt = (max: number, fallback: string) =>
  z
    .string()
    .transform((v) => {
      const t = v.trim();
      if (t === '') return '';
      if (!/^-?\d{1,12}$/.test(t)) return fallback;
      const n = Number(t);
      // WP_Query: 0 is one post, -1 is every post (here: the cap).
      return String(n < 0 ? max : Math.min(Math.max(n, 1), max));
    })
    .catch(fallback);

/** A taxonomy key: '' (none), one slug, a comma list of slugs, or a list of slugs. */
const termsSetting = z.union([
  z.string().refine((v) => v === '' || v.split(',').every((s) => SLUG_PATTERN.test(s.trim())), {
    message: 'not a list of slugs',
  }),
  z.array(z.string().regex(SLUG_PATTERN)).max(MAX_TERMS),
]);

const shadowSize = z.union([
  z.literal(''),
  z
    .strictObject({ x: pattern(CSS_LENGTH), y: pattern(CSS_LENGTH), size: pattern(CSS_LENGTH) })
    .transform((s): ShadowSize => ({ kind: 'shadow', x: s.x, y: s.y, size: s.size })),
]);

type Rule = { schema: z.ZodType<SettingValue>; fallback?: SettingValue };

/** Every key a list's settings may carry, with its form. Keys not listed here are dropped. */
const RULES: Readonly<Record<string, Rule>> = {
  category: { schema: termsSetting },
  tag: { schema: termsSetting },
  relation: { schema: z.enum(['AND', 'OR']) },
  'num-fetch': { schema: boundedInt(MAX_NUM_FETCH, String(DEFAULT_NUM_FETCH)) },
  orderby: { schema: z.enum(ORDERBY_VALUES), fallback: 'date' },
  order: { schema: z.string().regex(/^(asc|desc)$/i), fallback: 'desc' },
  'discount-status': { schema: oneOf(['all', 'discount']) },
  'hide-not-avail': { schema: oneOf(['enable', 'disable']) },
  'exclude-self': { schema: oneOf(['enable', 'disable']) },
  'enable-order-filterer': { schema: oneOf(['enable', 'disable']) },
  'order-filterer-list-style': { schema: oneOf(TOUR_STYLES) },
  'order-filterer-list-style-thumbnail': { schema: pattern(THUMBNAIL_SIZE) },
  'order-filterer-grid-style': { schema: oneOf(TOUR_STYLES) },
  'order-filterer-grid-style-thumbnail': { schema: pattern(THUMBNAIL_SIZE) },
  'order-filterer-grid-style-column': { schema: oneOf(COLUMN_SIZES) },
  filterer: { schema: oneOf(['none', 'text', 'button']) },
  'filterer-align': { schema: oneOf(['left', 'center', 'right']) },
  pagination: { schema: oneOf(['none', 'page', 'load-more']), fallback: 'none' },
  'pagination-style': {
    schema: oneOf([
      'default',
      'plain',
      'rectangle',
      'rectangle-border',
      'round',
      'round-border',
      'circle',
      'circle-border',
    ]),
  },
  'pagination-align': { schema: oneOf(['default', 'left', 'center', 'right']) },
  'custom-pagination': { schema: oneOf(['true', 'false']) },
  'tour-style': { schema: z.enum(TOUR_STYLES), fallback: 'full' },
  'grid-style': { schema: oneOf(['style-1', 'style-2']) },
  'column-size': { schema: oneOf(COLUMN_SIZES) },
  'column-size-temp': { schema: oneOf(COLUMN_SIZES) },
  'thumbnail-size': { schema: pattern(THUMBNAIL_SIZE) },
  layout: { schema: oneOf(['fitrows', 'masonry', 'carousel']) },
  'with-frame': { schema: oneOf(['enable', 'disable']) },
  'no-space': { schema: oneOf(['yes', 'no']) },
  'has-column': { schema: oneOf(['yes', 'no']) },
  'price-position': { schema: oneOf(['right-title', 'bottom-title', 'bottom-title-center', 'bottom-bar']) },
  'display-price': { schema: oneOf(['enable', 'disable']) },
  'enable-ribbon': { schema: oneOf(['enable', 'disable']) },
  'enable-thumbnail-zoom-on-hover': { schema: oneOf(['enable', 'disable']) },
  'tour-info': { schema: listOf(z.enum(TOUR_INFO_KEYS), TOUR_INFO_KEYS.length) },
  hover: { schema: pattern(TOKEN) },
  'hover-info': { schema: listOf(z.string().regex(TOKEN), 10) },
  excerpt: { schema: oneOf(['specify-number', 'show-all', 'none']) },
  'excerpt-number': { schema: boundedInt(MAX_EXCERPT_WORDS, '') },
  'tour-rating': { schema: oneOf(['enable', 'disable']) },
  'tour-border-radius': { schema: pattern(CSS_LENGTH) },
  'frame-shadow-size': { schema: shadowSize },
  'frame-shadow-color': { schema: pattern(/^#[0-9a-fA-F]{3,8}$/) },
  'frame-shadow-opacity': { schema: pattern(/^(0(\.\d{1,3})?|1(\.0{1,3})?|\.\d{1,3})$/) },
  'tour-title-font-size': { schema: pattern(CSS_LENGTH) },
  'tour-title-font-weight': { schema: pattern(/^(normal|bold|lighter|bolder|[1-9]00)$/) },
  'tour-title-letter-spacing': { schema: pattern(CSS_LENGTH) },
  'tour-title-text-transform': { schema: oneOf(['none', 'uppercase', 'lowercase', 'capitalize']) },
  'tour-title-bottom-margin': { schema: pattern(CSS_LENGTH) },
  s: {
    schema: z
      .string()
      .max(MAX_SEARCH_LENGTH)
      .regex(/^[^\p{Cc}]*$/u),
    fallback: '',
  },
};

/** Settings as posted and decoded by PHP's rules: the list element's settings, or anything a client made up. */
export type PostedSettings = FormTree | undefined;

/**
 * The posted settings, whitelisted and bounded; undefined when there are none (the legacy
 * "Settings variable is not defined." reply): missing, empty, or not an array at all.
 * `taxonomies` are the site's custom tour taxonomies, which lists may filter by key too.
 */
export function parseListSettings(
  posted: PostedSettings,
  customTaxonomies: readonly string[],
): ListSettings | undefined {
  if (typeof posted !== 'object' || posted === null || Array.isArray(posted)) return undefined;
  const entries = Object.entries(posted as Record<string, unknown>);
  if (entries.length === 0) return undefined;
  const taxonomies = [...BUILTIN_TOUR_TAXONOMIES, ...customTaxonomies];
  const settings: ListSettings = new Map();
  for (const [key, value] of entries) {
    const parsed = parseSetting(key, value, customTaxonomies, taxonomies);
    if (parsed !== undefined) settings.set(key, parsed);
  }
  return settings;
}

/**
 * One setting's value as the ajax actions accept it (the page's own settings are held to the same
 * rules): the parsed value, the key's fallback, or undefined for an unknown key or a bad value.
 */
export function parseSettingValue(
  key: string,
  value: unknown,
  customTaxonomies: readonly string[],
): SettingValue | undefined {
  return parseSetting(key, value, customTaxonomies, [...BUILTIN_TOUR_TAXONOMIES, ...customTaxonomies]);
}

function parseSetting(
  key: string,
  value: unknown,
  customTaxonomies: readonly string[],
  taxonomies: readonly string[],
): SettingValue | undefined {
  if (key === 'paged') return parsePaged(value);
  if (key === 'tax_query') return parseTaxQuery(value, taxonomies);
  if (key === 'meta_query') return parseMetaQuery(value);
  if (customTaxonomies.includes(key)) {
    const parsed = termsSetting.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  }
  // Own keys only: a posted `constructor` or `__proto__` is just an unknown key.
  const rule = Object.hasOwn(RULES, key) ? RULES[key] : undefined;
  if (!rule) return undefined;
  const parsed = rule.schema.safeParse(value);
  return parsed.success ? parsed.data : rule.fallback;
}

/**
 * A page number as posted: a positive integer (kept as the posted string, capped at MAX_PAGED),
 * else page 1 as the int the server sets (the legacy site answered HTTP 500 or page 1 to `abc`).
 */
export function parsePaged(value: unknown): string | number {
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  if (!/^\d{1,12}$/.test(text) || Number(text) < 1) return 1;
  return Number(text) > MAX_PAGED ? String(MAX_PAGED) : text;
}

/** The page a list shows (`paged` of the settings, else 1). */
export function pageOf(settings: ListSettings): number {
  const value = settings.get('paged');
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : 1;
  return Number.isSafeInteger(n) && n >= 1 ? Math.min(n, MAX_PAGED) : 1;
}

/** A string setting ('' when absent or not a string). */
export function text(settings: ListSettings, key: string): string {
  const value = settings.get(key);
  if (typeof value === 'boolean') return value ? '1' : '';
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** A list setting ([] when absent). */
export function strings(settings: ListSettings, key: string): readonly string[] {
  const value = settings.get(key);
  return Array.isArray(value) ? (value as readonly string[]) : [];
}
