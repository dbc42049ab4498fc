import { performance } from 'node:perf_hooks';
import type { Config } from '../../core/config';
import type { WpDb } from '../../data/tables';
import { type ListingPageRows, loadListingPageRows, loadTourTerms } from '../../data/tour-list';

export type { ListingPageRows };

import { isSet, str } from '../../php/coerce';
import type { TourListOptions } from '../../tourmaster/listing/page';
import { optionRecord } from '../../wp/parse-cache';
import { mergeTerms, type TourTerm, termTaxonomies } from '../../wp/term-list';

/**
 * What a tour listing (the search page, a tour taxonomy archive, a list section's ajax page) shows
 * around its tours, read from the site's options, published pages and tour terms; and the last of
 * these each database's listings read, kept for a short time.
 *
 * Within `SITE_CACHE_MS` of that read (config.ts, 1 s unless set) the next listing reuses it and
 * reads only its page of tours: a busy search page costs MariaDB one small statement instead of one
 * that also reads ~50 rows of options, pages and terms. An edit of those in the WordPress admin (a
 * renamed page, a new category, the plugin's settings) shows within that time; what is listed (the
 * tours, their prices, ratings and dates) is read on every request. Booking, payment and account
 * actions never read it.
 *
 * After that time the snapshot still plans the next read: its settings and custom taxonomies say
 * which page of tours to read in the same statement as the options, and the page checks that plan
 * against the options the statement brings (pages/search/index.ts).
 *
 * One snapshot per database (tests run several sites in one process); nothing a visitor sends is
 * kept in it.
 */
export interface ListingSite {
  rows: ListingPageRows;
  /** `tourmaster_general`, parsed (the parse cache's frozen value). */
  general: Readonly<Record<string, unknown>>;
  /** The custom tour taxonomies (`tourmaster_custom_tour_taxs`), with their labels. */
  custom: readonly { slug: string; label: string }[];
  /** What the tour list code reads (data/tour-list.ts `TourListOptions`). */
  listOptions: TourListOptions;
  /** The taxonomies whose terms a listing page reads with the options: the plugin's two and the custom ones. */
  termTaxonomies: readonly string[];
  /** WordPress `date_format`. */
  dateFormat: string;
  /** `permalink_structure` is set (pretty URLs: `/page/N/`, taxonomy archives). */
  pretty: boolean;
}

/** The listing site of rows just read. */
export function listingSiteOf(rows: ListingPageRows): ListingSite {
  const general = optionRecord(rows.options.get('tourmaster_general'));
  const custom = customTaxonomiesOf(rows.options.get('tourmaster_custom_tour_taxs'));
  const customSlugs = custom.map((c) => c.slug);
  return {
    rows: {
      options: rows.options,
      pages: rows.pages,
      terms: rows.terms,
      months: rows.months,
      categories: rows.categories,
    },
    general,
    custom,
    listOptions: { general, customTaxonomies: customSlugs },
    termTaxonomies: ['tour_category', 'tour_tag', ...customSlugs],
    dateFormat: rows.options.get('date_format') || 'F j, Y',
    pretty: (rows.options.get('permalink_structure') ?? '').trim() !== '',
  };
}

/** The custom tour taxonomies of `tourmaster_custom_tour_taxs` (`{slug: {label, hierarchical}}`). */
export function customTaxonomiesOf(text: string | undefined): { slug: string; label: string }[] {
  return customTaxonomiesFrom(optionRecord(text));
}

/** `customTaxonomiesOf` from the option's value. */
export function customTaxonomiesFrom(value: unknown): { slug: string; label: string }[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value as Record<string, unknown>)
    .filter(([slug]) => /^[a-z0-9_-]{1,32}$/.test(slug))
    .map(([slug, def]) => {
      const label = def && typeof def === 'object' ? (def as Record<string, unknown>).label : undefined;
      return { slug, label: isSet(label) ? str(label) : slug };
    });
}

export interface ListingSnapshot {
  site: ListingSite;
  /** Read within `SITE_CACHE_MS`: the rows may be used as they are. */
  fresh: boolean;
}

const snapshots = new WeakMap<object, { site: ListingSite; readAt: number }>();

/** What the snapshot is kept for: the database, and how long (`SITE_CACHE_MS`). */
export interface ListingDeps {
  wp: WpDb;
  config: Pick<Config, 'siteCacheMs'>;
}

/** The listing site: this database's snapshot while fresh, else read now (one statement) and kept. */
export async function readListingSite(deps: ListingDeps): Promise<ListingSite> {
  const snapshot = listingSnapshot(deps);
  if (snapshot?.fresh) return snapshot.site;
  return storeListingSnapshot(deps, await loadListingPageRows(deps.wp, termTaxonomiesToRead(snapshot)));
}

/** The last listing site this database's pages read, fresh or not; undefined before the first. */
export function listingSnapshot(deps: ListingDeps): ListingSnapshot | undefined {
  const entry = snapshots.get(deps.wp);
  if (!entry) return undefined;
  const ttl = deps.config.siteCacheMs;
  return { site: entry.site, fresh: ttl > 0 && performance.now() - entry.readAt < ttl };
}

/**
 * Keeps rows just read as the database's snapshot; returns their listing site. The terms of custom
 * taxonomies the rows lack (the first read, or one the admin just added) are read first (one query),
 * so the snapshot holds the terms of every tour taxonomy.
 */
export async function storeListingSnapshot(deps: Pick<ListingDeps, 'wp'>, rows: ListingPageRows): Promise<ListingSite> {
  let site = listingSiteOf(rows);
  const known = termTaxonomies(rows.terms);
  const missing = site.termTaxonomies.filter((t) => !known.has(t));
  if (missing.length)
    site = listingSiteOf({ ...rows, terms: mergeTerms(rows.terms, await loadTourTerms(deps.wp, missing)) });
  snapshots.set(deps.wp, { site, readAt: performance.now() });
  return site;
}

/** The taxonomies a listing page reads the terms of with the options (the last snapshot's, else the plugin's two). */
export function termTaxonomiesToRead(snapshot: ListingSnapshot | undefined): readonly string[] {
  return snapshot?.site.termTaxonomies ?? ['tour_category', 'tour_tag'];
}

/** The terms of `taxonomies`: those already read, and any other in one more query. */
export async function withTermsOf(
  ctx: Pick<ListingDeps, 'wp'>,
  terms: readonly TourTerm[],
  taxonomies: readonly string[],
): Promise<readonly TourTerm[]> {
  const known = termTaxonomies(terms);
  const missing = [...new Set(taxonomies)].filter((t) => !known.has(t));
  if (missing.length === 0) return terms;
  return mergeTerms(terms, await loadTourTerms(ctx.wp, missing));
}
