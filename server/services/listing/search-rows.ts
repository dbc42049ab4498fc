import type { WpDb } from '../../data/tables';
import { loadListingPageRows, queryTourList } from '../../data/tour-list';
import type { TourListPageWithMeta } from '../../tourmaster/listing/page';
import { type SearchPlan, searchPlan } from '../../tourmaster/listing/search-plan';
import {
  type ListingDeps,
  type ListingSite,
  listingSnapshot,
  readListingSite,
  storeListingSnapshot,
  termTaxonomiesToRead,
} from './listing-site';
import { ITEM_META_KEYS } from './tour-list-page';

/**
 * The search page's reads. With a fresh listing site (services/listing/listing-site.ts), only the page of tours
 * (one statement, the terms of its filter resolved from the snapshot's). Otherwise the page of tours
 * is planned with the last snapshot's settings and read in the same statement as the options; when
 * the options it brings say otherwise (another search page size, a new custom taxonomy), the page
 * plans again and reads the list in a second statement (sendSearchPage). All catalogue reads
 * (`catalogue`, a replica's when the request may use one).
 */
export async function readSearchRows(
  deps: ListingDeps,
  catalogue: WpDb,
  params: Record<string, unknown>,
  pathPaged: number | undefined,
): Promise<{ listing: ListingSite; list?: TourListPageWithMeta; plan?: SearchPlan }> {
  const snapshot = listingSnapshot(deps);
  if (!snapshot) return { listing: await readListingSite(deps) };
  const plan = searchPlan(
    snapshot.site.general,
    snapshot.site.custom.map((c) => c.slug),
    params,
    pathPaged,
  );
  if (snapshot.fresh) {
    const list = await queryTourList(catalogue, plan.query, snapshot.site.rows.terms, ITEM_META_KEYS);
    return { listing: snapshot.site, list, plan };
  }
  const rows = await loadListingPageRows(catalogue, termTaxonomiesToRead(snapshot), {
    query: plan.query,
    metaKeys: ITEM_META_KEYS,
  });
  return { listing: await storeListingSnapshot(deps, rows), list: rows.list, plan };
}
