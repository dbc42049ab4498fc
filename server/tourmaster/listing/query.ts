import type { MetaClause, MetaQuery, TaxClause, TaxQuery } from './search-query';
import { DEFAULT_NUM_FETCH, type ListSettings, ORDERBY_VALUES, type Orderby, pageOf, text } from './settings';

/**
 * Which published tours a list shows, in which order (listing.md §2.3, §1.2, §3): what the
 * repository (data/tour-list.ts) turns into SQL. Everything here is already validated.
 */
export interface TourListQuery {
  /** Keyword search (WordPress `s`): every word in the title, excerpt or content. */
  keywords: string;
  /** Taxonomy clauses (each: the tour has one of the slugs or a child term of one); none = no filter. */
  tax: { relation: 'AND' | 'OR'; clauses: readonly TaxClause[] } | undefined;
  /** Meta clauses, all required; a clause needs its key to exist. */
  meta: readonly MetaClause[];
  /** `relevance` is the search page's first page with keywords (WordPress's search order). */
  orderby: Orderby | 'relevance';
  order: 'asc' | 'desc';
  perPage: number;
  page: number;
  /**
   * The single tour page's related tours (the plugin's `tour_tag` query): never this tour, and one
   * sharing a tag with it; a tour without tags has every other tour related (no tax query then).
   */
  relatedTo?: { tourId: number };
}

/**
 * The query a list's settings describe (`tourmaster_tour_item::get_tour_query`): the search keys
 * when the settings carry them (the search page), else the element's category, tag and custom
 * taxonomy keys (relation OR by default) and its discount / availability switches.
 */
export function listQueryOf(settings: ListSettings, customTaxonomies: readonly string[]): TourListQuery {
  const taxQuery = settings.get('tax_query');
  const metaQuery = settings.get('meta_query');
  let tax: TourListQuery['tax'];
  if (isTaxQuery(taxQuery)) tax = taxQuery.clauses.length ? taxQuery : undefined;
  else {
    const clauses: TaxClause[] = [];
    const add = (taxonomy: string, key: string) => {
      const slugs = termList(settings.get(key));
      if (slugs.length) clauses.push({ taxonomy, terms: slugs });
    };
    add('tour_category', 'category');
    add('tour_tag', 'tag');
    for (const taxonomy of customTaxonomies) add(taxonomy, taxonomy);
    tax = clauses.length ? { relation: text(settings, 'relation') === 'AND' ? 'AND' : 'OR', clauses } : undefined;
  }
  let meta: MetaClause[] = [];
  if (isMetaQuery(metaQuery)) meta = [...metaQuery.clauses];
  else {
    if (text(settings, 'discount-status') === 'discount')
      meta.push({ key: 'tourmaster-tour-discount', compare: '=', value: 'true' });
    if (text(settings, 'hide-not-avail') === 'enable')
      meta.push({ key: 'tourmaster-tour-date-avail', compare: 'EXISTS' });
  }
  const orderby = text(settings, 'orderby');
  const perPage = Number(text(settings, 'num-fetch'));
  return {
    keywords: text(settings, 's'),
    tax,
    meta,
    orderby: (ORDERBY_VALUES as readonly string[]).includes(orderby) ? (orderby as Orderby) : 'date',
    order: text(settings, 'order').toLowerCase() === 'asc' ? 'asc' : 'desc',
    perPage: Number.isSafeInteger(perPage) && perPage > 0 ? perPage : DEFAULT_NUM_FETCH,
    page: pageOf(settings),
  };
}

/** A taxonomy key's slugs: a list, or a string split at commas. */
function termList(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return items.map((s) => String(s).trim()).filter(Boolean);
}

export function isTaxQuery(value: unknown): value is TaxQuery {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'tax';
}

export function isMetaQuery(value: unknown): value is MetaQuery {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'meta';
}

/** Pages of a list (`max_num_pages`): 0 when the page asked for is empty, as WordPress reports it. */
export function maxPages(found: number, perPage: number): number {
  return found > 0 ? Math.ceil(found / perPage) : 0;
}
