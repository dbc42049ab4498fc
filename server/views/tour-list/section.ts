import { textMemo } from '../../core/text-memo';
import { isEmpty, str } from '../../php/coerce';
import { listDisplayOf } from '../../tourmaster/listing/display';
import type { TourListOptions, TourListPageWithMeta, TourListRow } from '../../tourmaster/listing/page';
import { maxPages, type TourListQuery } from '../../tourmaster/listing/query';
import type { ListSettings } from '../../tourmaster/listing/settings';
import { readTourRating } from '../../tourmaster/reviews';
import { unserializeCached } from '../../wp/parse-cache';
import type { Site } from '../../wp/site';
import type { SafeHtml } from '../html';
import { postTitleHtml } from '../post-title';
import { tourPrice } from '../tour/price';
import type { TourListItem } from './item';
import { tourListItemsHtml } from './items';

export interface TourListPageHtml {
  /** The items of the page (the holder's content); empty when the page has no tours. */
  content: SafeHtml;
  /** The page shown and the list's page count (0 when the page is past the end). */
  page: number;
  maxPages: number;
  /** Tours matching the query (0 when the page is past the end, as WordPress's found_posts). */
  found: number;
}

/** A page of a tour list as read: its query, the tours with their metas, the thumbnails they name. */
export interface TourListPageData {
  query: TourListQuery;
  page: TourListPageWithMeta;
  images: readonly { id: number; url: string; alt: string }[];
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
const titleHtml = textMemo(postTitleHtml);
const ratingOf = textMemo((text) => readTourRating(unserializeCached(text)));

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
    titleHtml: titleHtml(row.title),
    excerpt: row.excerpt,
    content: row.content,
    price: tourPrice(option, meta.get('tourmaster-tour-price') ?? '', general),
    rating: ratingOf(meta.get('tourmaster-tour-rating') ?? ''),
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
