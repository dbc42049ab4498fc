import { loadAttachments } from '../../data/attachments';
import type { WpDb } from '../../data/tables';
import { queryTourList } from '../../data/tour-list';
import type { TourListOptions, TourListPageWithMeta } from '../../tourmaster/listing/page';
import { listQueryOf, type TourListQuery } from '../../tourmaster/listing/query';
import type { ListSettings } from '../../tourmaster/listing/settings';
import { type TourListPageData, type TourListPageHtml, tourListPageHtml } from '../../views/tour-list/section';
import type { Site } from '../../wp/site';
import type { TourTerm } from '../../wp/term-list';

/** The metas a list item prints, read for a page of tours in one query. */
export const ITEM_META_KEYS = [
  'tourmaster-tour-option',
  'tourmaster-tour-rating',
  'tourmaster-tour-price',
  'tourmaster-max-people',
  '_thumbnail_id',
];

/** What a page that has read more already passes on: the query to run instead, the terms it read. */
export interface TourListPageOptions {
  /** The query to run (the search page's relevance order, an archive's main query); else the settings'. */
  query?: TourListQuery;
  /** The terms of the query's taxonomies, when the page has read them (no query for them). */
  terms?: readonly TourTerm[];
  /** The page of tours and its metas (ITEM_META_KEYS), when the page has read them with its options. */
  result?: TourListPageWithMeta;
}

/** One page of a tour list from its settings: query, the page's metas and images, the items. */
export async function renderTourListPage(
  wp: WpDb,
  settings: ListSettings,
  options: TourListOptions,
  site: Site,
  known: TourListPageOptions = {},
): Promise<TourListPageHtml> {
  return tourListPageHtml(await loadTourListPage(wp, settings, options, site, known), settings, options, site);
}

/** What a page of a tour list shows, read: the page of tours (unless known) and its thumbnails. */
export async function loadTourListPage(
  wp: WpDb,
  settings: ListSettings,
  options: TourListOptions,
  site: Site,
  known: TourListPageOptions = {},
): Promise<TourListPageData> {
  const query = known.query ?? listQueryOf(settings, options.customTaxonomies);
  const page = known.result ?? (await queryTourList(wp, query, known.terms, ITEM_META_KEYS));
  const thumbnailIds = [...page.metas.values()].map((m) => Number(m.get('_thumbnail_id'))).filter((n) => n > 0);
  const images = thumbnailIds.length ? await loadAttachments(wp, thumbnailIds, site.siteUrl) : [];
  return { query, page, images: images.map((a) => ({ id: a.id, url: a.url, alt: a.alt })) };
}
