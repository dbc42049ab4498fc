import type { WpDb } from '../../data/tables';
import {
  queryTourList,
  type TourListOptions,
  type TourListPageWithMeta,
  type TourListRow,
  type TourTerm,
} from '../../data/tour-list';
import { loadAttachments } from '../../data/tour-page';
import { isEmpty, str } from '../../php/coerce';
import { listDisplayOf } from '../../tourmaster/listing/display';
import { listQueryOf, maxPages, type TourListQuery } from '../../tourmaster/listing/query';
import type { ListSettings } from '../../tourmaster/listing/settings';
import { readTourRating } from '../../tourmaster/reviews';
import { unserializeCached } from '../../wp/parse-cache';
import type { Site } from '../../wp/site';
import type { SafeHtml } from '../html';
import { postTitleHtml } from '../post-title';
import { tourPrice } from '../tour/price';
import type { TourListItem } from './item';
import { tourListItemsHtml } from './items';

/** The metas a list item prints, read for a page of tours in one query. */
export const ITEM_META_KEYS = [
  'tourmaster-tour-option',
  'tourmaster-tour-rating',
  'tourmaster-tour-price',
  'tourmaster-max-people',
  '_thumbnail_id',
];

export interface TourListPageHtml {
  /** The items of the page (the holder's content); empty when the page has no tours. */
  content: SafeHtml;
  /** The page shown and the list's page count (0 when the page is past the end). */
  page: number;
  maxPages: number;
  /** Tours matching the query (0 when the page is past the end, as WordPress's found_posts). */
  found: number;
}

/** What a page that has read more already passes on: the query to run instead, the terms it read. */
export interface TourListPageOptions {
  /** The query to run (the search page's relevance order, an archive's main query); else the settings'. */
  query?: TourListQuery;
  /** The terms of the query's taxonomies, when the page has read them (no query for them). */
  terms?: readonly TourTerm[];
  /** The page of tours and its metas (ITEM_META_KEYS), when the page has read them with its options. */
  result?: TourListPageWithMeta;
}

/** A page of a tour list as read: its query, the tours with their metas, the thumbnails they name. */
export interface TourListPageData {
  query: TourListQuery;
  page: TourListPageWithMeta;
  images: readonly { id: number; url: string; alt: string }[];
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

/** The items of a page read (a pure function of what it is given). */
export function tourListPageHtml(
  data: TourListPageData,
  settings: ListSettings,
  options: TourListOptions,
  site: Site,
): TourListPageHtml {
  const { query, page } = data;
  const imageById = new Map(data.images.map((a) => [a.id, a]));
  const items = page.rows.map((row) => {
    const meta = page.metas.get(row.id) ?? new Map<string, string>();
    const image = imageById.get(Number(meta.get('_thumbnail_id')));
    return tourListItem(row, meta, options.general, site, image && { url: image.url, alt: image.alt });
  });
  return {
    content: tourListItemsHtml(items, listDisplayOf(settings)),
    page: query.page,
    maxPages: maxPages(page.found, query.perPage),
    found: page.found,
  };
}

const HEX = /^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/;

/**
 * Pure functions of one stored text (a title's texturized HTML, a rating meta's reading), kept by
 * that text: the lists print the same few tours on every request.
 */
const titles = new Map<string, string>();
const ratings = new Map<string, ReturnType<typeof readTourRating>>();

function memo<T>(cache: Map<string, T>, text: string, build: (text: string) => T): T {
  if (cache.has(text)) return cache.get(text) as T;
  const value = build(text);
  if (cache.size >= 1000) cache.clear();
  cache.set(text, value);
  return value;
}

function tourListItem(
  row: TourListRow,
  meta: ReadonlyMap<string, string>,
  general: Readonly<Record<string, unknown>>,
  site: Site,
  thumbnail: TourListItem['thumbnail'],
): TourListItem {
  const decoded = unserializeCached(meta.get('tourmaster-tour-option') ?? '');
  const option = (decoded && typeof decoded === 'object' && !Array.isArray(decoded) ? decoded : {}) as Record<
    string,
    unknown
  >;
  const opt = (key: string) => (isEmpty(option[key]) ? '' : str(option[key]).trim());
  const promo = opt('promo-text');
  const color = opt('promo-text-ribbon-text-color');
  const background = opt('promo-text-ribbon-background');
  const maxPeople = meta.get('tourmaster-max-people') ?? '';
  return {
    id: row.id,
    url: `${site.homeUrl}/tour/${row.slug}/`,
    titleHtml: memo(titles, row.title, postTitleHtml),
    excerpt: row.excerpt,
    content: row.content,
    price: tourPrice(option, meta.get('tourmaster-tour-price') ?? '', general),
    rating: memo(ratings, meta.get('tourmaster-tour-rating') ?? '', (text) => readTourRating(unserializeCached(text))),
    info: {
      'custom-excerpt': opt('custom-excerpt'),
      'duration-text': opt('duration-text'),
      availability: opt('date-range'),
      'departure-location': opt('departure-location'),
      'return-location': opt('return-location'),
      'minimum-age': opt('minimum-age'),
      'maximum-people': isEmpty(maxPeople) ? '' : maxPeople,
    },
    ...(thumbnail ? { thumbnail } : {}),
    ...(promo
      ? {
          ribbon: {
            text: promo,
            ...(HEX.test(color) ? { color } : {}),
            ...(HEX.test(background) ? { background } : {}),
          },
        }
      : {}),
  };
}
