import { loadAttachments } from '../../data/attachments';
import { getObjectTerms } from '../../data/terms';
import { queryTourList } from '../../data/tour-list';
import { readPaypalSettings } from '../../payments/paypal-settings';
import { type HeaderPriceAmounts, headerPriceAmounts } from '../../tourmaster/header-price';
import { listDisplayOf } from '../../tourmaster/listing/display';
import type { TourListPageWithMeta, TourListRow } from '../../tourmaster/listing/page';
import type { TourListQuery } from '../../tourmaster/listing/query';
import { searchPlan } from '../../tourmaster/listing/search-plan';
import type { Orderby } from '../../tourmaster/listing/settings';
import { readTourRating, type TourRating } from '../../tourmaster/reviews';
import { excerptWords } from '../../views/tour-list/parts';
import { foldKey } from '../../wp/fold-key';
import { optionRecord, unserializeCached } from '../../wp/parse-cache';
import type { Site } from '../../wp/site';
import type { TourTerm } from '../../wp/term-list';
import type { RequestContext } from '../context';
import type { ListingSite } from './listing-site';
import { ITEM_META_KEYS } from './tour-list-page';

/**
 * The tour catalogue of the public API (`GET /wp-json/tourmaster/v1/tours`): the search page's
 * filters and order (tourmaster/listing/search-plan.ts, the same plan and the same query), a page
 * of any size the caller asks for, and each tour as the lists show it (price, rating, duration,
 * thumbnail, terms).
 */

/** What the search page reads from its GET parameters, by the search page's own names. */
export interface CatalogueFilters {
  /** `tour-search`: WordPress's keyword search. */
  keywords?: string;
  /** `duration`: the search form's bucket (`1`, `2`, `5`, `7`). */
  duration?: string;
  /** `date` (`Y-m-d`) and `month` (`Y-m`): a date the tour runs on. */
  date?: string;
  month?: string;
  minPrice?: string;
  maxPrice?: string;
  rating?: string;
}

export interface CatalogueRequest {
  filters: CatalogueFilters;
  /**
   * Candidate taxonomy filters by parameter name: those that name a tour taxonomy (`tour_category`,
   * `tour_tag`, a custom one) filter by its term slugs (`tax-{taxonomy}` of the search page); other
   * names are not filters and are ignored.
   */
  taxonomyParams: Readonly<Record<string, unknown>>;
  page: number;
  perPage: number;
  /** The order filterer's `orderby`; unset: the search page's (relevance with keywords, else newest). */
  orderby?: Orderby | 'relevance';
  order?: 'asc' | 'desc';
}

export interface CatalogueTour {
  row: TourListRow;
  link: string;
  excerpt: string;
  thumbnail: { url: string; alt: string } | undefined;
  price: HeaderPriceAmounts | undefined;
  /** Meta `tourmaster-tour-duration` (days), when it is a number. */
  durationDays: number | undefined;
  durationText: string;
  rating: TourRating | undefined;
  terms: readonly TourTerm[];
}

export type Catalogue =
  | { ok: true; tours: CatalogueTour[]; found: number; currency: string; site: Site }
  /** A parameter names something the site does not have (a term), by parameter. */
  | { ok: false; reason: 'invalid'; params: Record<string, string> }
  /** The page asked for is past the last one (`found` tours match). */
  | { ok: false; reason: 'past-end'; found: number };

/** Most term slugs one taxonomy filter takes. */
export const MAX_FILTER_TERMS = 50;

const DURATION_META = 'tourmaster-tour-duration';
/** Words of the excerpt when the search page's settings print none (WordPress's default). */
const DEFAULT_EXCERPT_WORDS = 55;

export async function tourCatalogue(ctx: RequestContext, request: CatalogueRequest): Promise<Catalogue> {
  const { site, listing } = await ctx.listing();
  const taxonomies = taxonomyFilters(listing, request.taxonomyParams);
  if (!taxonomies.ok) return { ok: false, reason: 'invalid', params: taxonomies.params };
  const customSlugs = listing.custom.map((c) => c.slug);
  const plan = searchPlan(listing.general, customSlugs, searchParams(request.filters, taxonomies.slugs), request.page);
  const query: TourListQuery = {
    ...plan.query,
    perPage: request.perPage,
    page: request.page,
    ...(request.orderby ? { orderby: request.orderby } : {}),
    ...(request.order ? { order: request.order } : {}),
  };
  const page = await queryTourList(ctx.wp, query, listing.rows.terms, [...ITEM_META_KEYS, DURATION_META]);
  if (page.rows.length === 0 && request.page > 1) {
    // The window count is 0 past the last page: count the first page to tell "no match" from "too far".
    const first = await queryTourList(ctx.wp, { ...query, page: 1, perPage: 1 }, listing.rows.terms);
    if (first.found > 0) return { ok: false, reason: 'past-end', found: first.found };
  }
  const excerpt = listDisplayOf(plan.settings).excerpt;
  const words = excerpt.kind === 'words' ? excerpt.count : DEFAULT_EXCERPT_WORDS;
  const [images, terms, payment] = await Promise.all([
    loadAttachments(ctx.wp, thumbnailIds(page), site.siteUrl),
    getObjectTerms(
      ctx.wp,
      page.rows.map((r) => r.id),
      listing.termTaxonomies,
    ),
    ctx.siteWith(['tourmaster_payment']),
  ]);
  const imageById = new Map(images.map((a) => [a.id, a]));
  const tours = page.rows.map((row) => {
    const meta = page.metas.get(row.id) ?? new Map<string, string>();
    const image = imageById.get(Number(meta.get('_thumbnail_id')));
    return catalogueTour(row, meta, site, words, image && { url: image.url, alt: image.alt }, terms.get(row.id));
  });
  const currency = readPaypalSettings(optionRecord(payment.options.get('tourmaster_payment'))).currencyCode;
  return { ok: true, tours, found: page.found, currency, site };
}

/** The search page's GET parameters for these filters (pages/search: what its form sends). */
function searchParams(filters: CatalogueFilters, taxonomies: ReadonlyMap<string, string[]>): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  const set = (name: string, value: string | undefined) => {
    if (value !== undefined && value !== '') params[name] = value;
  };
  set('tour-search', filters.keywords);
  set('duration', filters.duration);
  set('date', filters.date);
  set('month', filters.month);
  set('min-price', filters.minPrice);
  set('max-price', filters.maxPrice);
  set('rating', filters.rating);
  for (const [taxonomy, slugs] of taxonomies) params[`tax-${taxonomy}`] = slugs;
  return params;
}

/**
 * The taxonomy filters among the parameters: each a comma-separated list of the taxonomy's term
 * slugs, every one of them a term the site has (compared as the site collation compares slugs).
 */
function taxonomyFilters(
  listing: ListingSite,
  sent: Readonly<Record<string, unknown>>,
): { ok: true; slugs: Map<string, string[]> } | { ok: false; params: Record<string, string> } {
  const slugs = new Map<string, string[]>();
  const params: Record<string, string> = {};
  for (const taxonomy of listing.termTaxonomies) {
    if (!Object.hasOwn(sent, taxonomy)) continue;
    const value = sent[taxonomy];
    if (typeof value !== 'string') {
      params[taxonomy] = 'Expected one value.';
      continue;
    }
    const wanted = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (wanted.length === 0 || wanted.length > MAX_FILTER_TERMS) {
      params[taxonomy] = `Expected 1 to ${MAX_FILTER_TERMS} term slugs separated by commas.`;
      continue;
    }
    // Each as stored (the search page's filter takes stored slugs; `Islands` finds `islands`).
    const known = new Map(
      listing.rows.terms.filter((t) => t.taxonomy === taxonomy).map((t) => [foldKey(t.slug), t.slug]),
    );
    const unknown = wanted.filter((slug) => !known.has(foldKey(slug)));
    if (unknown.length) params[taxonomy] = `No ${taxonomy} term has the slug ${unknown.slice(0, 5).join(', ')}.`;
    else
      slugs.set(
        taxonomy,
        wanted.map((slug) => known.get(foldKey(slug))!),
      );
  }
  return Object.keys(params).length ? { ok: false, params } : { ok: true, slugs };
}

function thumbnailIds(page: TourListPageWithMeta): number[] {
  return [...page.metas.values()].map((m) => Number(m.get('_thumbnail_id'))).filter((n) => n > 0);
}

function catalogueTour(
  row: TourListRow,
  meta: ReadonlyMap<string, string>,
  site: Site,
  words: number,
  thumbnail: CatalogueTour['thumbnail'],
  terms: readonly TourTerm[] = [],
): CatalogueTour {
  const decoded = unserializeCached(meta.get('tourmaster-tour-option') ?? '');
  const option = (decoded && typeof decoded === 'object' && !Array.isArray(decoded) ? decoded : {}) as Record<
    string,
    unknown
  >;
  const days = Number.parseFloat(meta.get(DURATION_META) ?? '');
  const durationText = option['duration-text'];
  return {
    row,
    // The lists' link (views/tour-list/section.ts): the tour's slug under the home URL.
    link: `${site.homeUrl}/tour/${row.slug}/`,
    excerpt: excerptWords(row, words),
    thumbnail,
    price: headerPriceAmounts(option, meta.get('tourmaster-tour-price') ?? ''),
    durationDays: Number.isFinite(days) ? days : undefined,
    durationText: typeof durationText === 'string' ? durationText.trim() : '',
    rating: readTourRating(unserializeCached(meta.get('tourmaster-tour-rating') ?? '')),
    terms,
  };
}
