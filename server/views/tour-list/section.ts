import { listDisplayOf } from '../../listing/display';
import { listQueryOf, maxPages } from '../../listing/query';
import type { ListSettings } from '../../listing/settings';
import { isEmpty, str } from '../../tourmaster/php';
import { readTourRating } from '../../tourmaster/reviews';
import { unserializeCached } from '../../wp/parse-cache';
import type { Site } from '../../wp/site';
import type { WpDb } from '../../wp/tables';
import { loadTourListMeta, queryTourList, type TourListOptions, type TourListRow } from '../../wp/tour-list';
import { loadAttachments } from '../../wp/tour-page';
import type { SafeHtml } from '../html';
import { postTitleHtml } from '../post-title';
import { tourPrice } from '../tour/price';
import type { TourListItem } from './item';
import { tourListItemsHtml } from './items';

/** The metas a list item prints, read for a page of tours in one query. */
const ITEM_META_KEYS = [
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
}

/** One page of a tour list from its settings: query, the page's metas and images, the items. */
export async function renderTourListPage(
  wp: WpDb,
  settings: ListSettings,
  options: TourListOptions,
  site: Site,
): Promise<TourListPageHtml> {
  const query = listQueryOf(settings, options.customTaxonomies);
  const page = await queryTourList(wp, query);
  const ids = page.rows.map((r) => r.id);
  const metas = await loadTourListMeta(wp, ids, ITEM_META_KEYS);
  const thumbnailIds = [...metas.values()].map((m) => Number(m.get('_thumbnail_id'))).filter((n) => n > 0);
  const images = thumbnailIds.length ? await loadAttachments(wp, thumbnailIds, site.siteUrl) : [];
  const imageById = new Map(images.map((a) => [a.id, a]));
  const items = page.rows.map((row) => {
    const meta = metas.get(row.id) ?? new Map<string, string>();
    const image = imageById.get(Number(meta.get('_thumbnail_id')));
    return tourListItem(row, meta, options.general, site, image && { url: image.url, alt: image.alt });
  });
  return {
    content: tourListItemsHtml(items, listDisplayOf(settings)),
    page: query.page,
    maxPages: maxPages(page.found, query.perPage),
  };
}

const HEX = /^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/;

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
    titleHtml: postTitleHtml(row.title),
    excerpt: row.excerpt,
    content: row.content,
    price: tourPrice(option, meta.get('tourmaster-tour-price') ?? '', general),
    rating: readTourRating(unserializeCached(meta.get('tourmaster-tour-rating') ?? '')),
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
