import { z } from 'zod';

/**
 * The search filters a tour list carries in its settings (listing.md §1.2, §2.2): `tax_query` and
 * `meta_query` exactly in the shapes the search page builds from its GET parameters, never the
 * arbitrary WP_Query arguments the legacy handler ran (DEFECTS.md 23). Anything else is dropped,
 * so a forged settings object can neither enumerate other post meta nor add expensive joins.
 */

/** Tour taxonomies a list may filter on besides the custom ones (option `tourmaster_custom_tour_taxs`). */
export const BUILTIN_TOUR_TAXONOMIES = ['tour_category', 'tour_tag'] as const;

/** One `{taxonomy, field: slug, terms}` clause (operator IN, child terms included). */
export interface TaxClause {
  taxonomy: string;
  /** As posted: one slug or a list (the echo keeps the shape). */
  terms: string | readonly string[];
}

export interface TaxQuery {
  kind: 'tax';
  relation: 'AND' | 'OR';
  clauses: readonly TaxClause[];
}

/** Numeric tour metas a search compares (`CAST(meta_value AS SIGNED)`). */
export const NUMERIC_META_KEYS = [
  'tourmaster-tour-duration',
  'tourmaster-tour-price',
  'tourmaster-tour-rating-score',
] as const;
export type NumericMetaKey = (typeof NUMERIC_META_KEYS)[number];

export type MetaClause =
  | { key: NumericMetaKey; compare: '=' | '>' | '>=' | '<' | '<='; value: string }
  | { key: NumericMetaKey; compare: 'BETWEEN'; value: readonly [string, string] }
  /** The date and month searches: `tourmaster-tour-date` LIKE `%Y-m[-d]%`. */
  | { key: 'tourmaster-tour-date'; compare: 'LIKE'; value: string }
  /** A list's `discount-status=discount`. */
  | { key: 'tourmaster-tour-discount'; compare: '='; value: 'true' }
  /** A list's `hide-not-avail=enable`. */
  | { key: 'tourmaster-tour-date-avail'; compare: 'EXISTS' };

export interface MetaQuery {
  kind: 'meta';
  relation: 'AND';
  clauses: readonly MetaClause[];
}

/** A term slug as WordPress stores it (sanitize_title: lower-case words, digits, `-`, `_`, `%xx`). */
export const SLUG_PATTERN = /^[\p{Ll}\p{Lo}\p{N}_%-]{1,200}$/u;
/** Longest keyword search kept (WordPress itself keeps nine terms, or the whole phrase). */
export const MAX_SEARCH_LENGTH = 200;
/** Most slugs in one clause, and most clauses in one query. */
export const MAX_TERMS = 50;
export const MAX_CLAUSES = 10;

const NUMBER = /^-?\d{1,9}(\.\d{1,4})?$/;
const DATE_LIKE = /^\d{4}-\d{2}(-\d{2})?$/;

const slug = z.string().regex(SLUG_PATTERN);
const terms = z.union([slug, z.array(slug).min(1).max(MAX_TERMS)]);
const relation = z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(['AND', 'OR']));

/** A posted `tax_query`: `{relation, 0: [{terms, taxonomy, field: slug}], …}` (each clause nested once). */
export function parseTaxQuery(value: unknown, taxonomies: readonly string[]): TaxQuery | undefined {
  if (!isRecord(value)) return undefined;
  const rel = relation.safeParse(value.relation ?? 'AND');
  if (!rel.success) return undefined;
  const clauseSchema = z.strictObject({
    terms,
    taxonomy: z.string().refine((t) => taxonomies.includes(t)),
    field: z.literal('slug'),
  });
  const clauses: TaxClause[] = [];
  for (const [key, entry] of Object.entries(value)) {
    if (key === 'relation') continue;
    if (!/^\d+$/.test(key) || !Array.isArray(entry) || entry.length !== 1) continue;
    const clause = clauseSchema.safeParse(entry[0]);
    if (clause.success && clauses.length < MAX_CLAUSES)
      clauses.push({ taxonomy: clause.data.taxonomy, terms: clause.data.terms });
  }
  return { kind: 'tax', relation: rel.data, clauses };
}

const numericValue = z.string().regex(NUMBER);
const numericKey = z.enum(NUMERIC_META_KEYS);
const metaClauseSchema = z.union([
  z.strictObject({
    key: numericKey,
    value: numericValue,
    compare: z.enum(['=', '>', '>=', '<', '<=']),
    type: z.literal('NUMERIC'),
  }),
  z.strictObject({
    key: numericKey,
    value: z.tuple([numericValue, numericValue]),
    compare: z.literal('BETWEEN'),
    type: z.literal('NUMERIC'),
  }),
  z.strictObject({
    key: z.literal('tourmaster-tour-date'),
    value: z.string().regex(DATE_LIKE),
    compare: z.literal('LIKE'),
  }),
]);

/** A posted `meta_query`: `{relation: AND, 0: {key, value, compare[, type]}, …}`; unknown clauses are dropped. */
export function parseMetaQuery(value: unknown): MetaQuery | undefined {
  if (!isRecord(value)) return undefined;
  if (String(value.relation ?? 'AND').toUpperCase() !== 'AND') return undefined;
  const clauses: MetaClause[] = [];
  for (const [key, entry] of Object.entries(value)) {
    if (key === 'relation' || !/^\d+$/.test(key)) continue;
    const clause = metaClauseSchema.safeParse(entry);
    if (!clause.success || clauses.length >= MAX_CLAUSES) continue;
    const c = clause.data;
    if (c.compare === 'BETWEEN') clauses.push({ key: c.key, compare: 'BETWEEN', value: [c.value[0], c.value[1]] });
    else if (c.key === 'tourmaster-tour-date') clauses.push({ key: c.key, compare: 'LIKE', value: c.value });
    else clauses.push({ key: c.key, compare: c.compare, value: c.value });
  }
  return { kind: 'meta', relation: 'AND', clauses };
}

/** What the search page read from its GET parameters (listing.md §1.2), as it puts it in the list's settings. */
export interface SearchFilters {
  s: string;
  tax_query: TaxQuery;
  meta_query: MetaQuery;
}

/**
 * The search page's filters from its query string: `tax-{taxonomy}` (slug or list), `duration`
 * buckets, `date` / `month` LIKE, `min-price` / `max-price`, `rating`. Values that are not of the
 * documented form add no filter.
 */
export function searchFiltersFromParams(
  params: Readonly<Record<string, unknown>>,
  taxonomies: readonly string[],
): SearchFilters {
  const text = (name: string) => (typeof params[name] === 'string' ? (params[name] as string).trim() : '');
  const tax: TaxClause[] = [];
  for (const taxonomy of taxonomies) {
    const parsed = terms.safeParse(params[`tax-${taxonomy}`]);
    if (parsed.success && tax.length < MAX_CLAUSES) tax.push({ taxonomy, terms: parsed.data });
  }
  const meta: MetaClause[] = [];
  const bucket = text('duration');
  const duration = Object.hasOwn(DURATION_BUCKETS, bucket) ? DURATION_BUCKETS[bucket] : undefined;
  if (duration) meta.push(duration);
  for (const name of ['date', 'month'] as const) {
    const value = text(name);
    if (DATE_LIKE.test(value)) meta.push({ key: 'tourmaster-tour-date', compare: 'LIKE', value });
  }
  const min = text('min-price');
  if (NUMBER.test(min)) meta.push({ key: 'tourmaster-tour-price', compare: '>=', value: min });
  const max = text('max-price');
  if (NUMBER.test(max)) meta.push({ key: 'tourmaster-tour-price', compare: '<=', value: max });
  const rating = text('rating');
  if (NUMBER.test(rating) && Number(rating) !== 0)
    meta.push({ key: 'tourmaster-tour-rating-score', compare: '>=', value: rating });
  const s = typeof params['tour-search'] === 'string' ? params['tour-search'].slice(0, MAX_SEARCH_LENGTH) : '';
  return {
    s,
    tax_query: { kind: 'tax', relation: 'AND', clauses: tax },
    meta_query: { kind: 'meta', relation: 'AND', clauses: meta },
  };
}

/** `duration` values of the search form; 7-day tours fall in bucket 5, not 7 (listing.md §1.2). */
const DURATION_BUCKETS: Readonly<Record<string, MetaClause>> = {
  '1': { key: 'tourmaster-tour-duration', compare: '=', value: '1' },
  '2': { key: 'tourmaster-tour-duration', compare: 'BETWEEN', value: ['2', '4'] },
  '5': { key: 'tourmaster-tour-duration', compare: 'BETWEEN', value: ['5', '7'] },
  '7': { key: 'tourmaster-tour-duration', compare: '>', value: '7' },
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
