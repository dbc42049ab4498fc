import { settingsFromOptions } from '../../data/options';
import { loadTourPageRows, type TourPageRows, type TourPost } from '../../data/tour-page';
import { tourFromMeta } from '../../data/tours';
import { str } from '../../php/coerce';
import type { TourmasterSettings } from '../../tourmaster/settings';
import type { Tour } from '../../tourmaster/tour-option';
import { unserializeCached } from '../../wp/parse-cache';
import { type Site, siteFromOptions } from '../../wp/site';
import type { RequestContext } from '../context';

export type { TourPageRows, TourPost };

/** A published tour's page: its rows (one query), the tour as the booking rules read it, the settings. */
export interface TourPageData {
  rows: TourPageRows;
  post: TourPost;
  tour: Tour;
  settings: TourmasterSettings;
  /** A single-valued tour meta as text ('' when missing). */
  single: (key: string) => string;
}

/**
 * The tour with this slug and everything its page prints, in one statement, and the site read
 * from the same rows (no query of its own). `page` is absent for a draft or unknown slug. A catalogue
 * read (it may come from a replica): the seats the page shows are counted on the primary (pages/tour/booking.ts).
 */
export async function loadTourPage(
  ctx: Pick<RequestContext, 'catalogue'>,
  slug: string,
  origin: string | undefined,
): Promise<{ site: Site; page?: TourPageData }> {
  const rows = await loadTourPageRows(ctx.catalogue, slug);
  const site = siteFromOptions(rows.options, origin);
  const post = rows.post;
  if (post?.status !== 'publish') return { site };
  const single = (key: string) => {
    const v = rows.meta.get(key);
    return v === undefined ? '' : str(unserializeCached(v));
  };
  return {
    site,
    page: {
      rows,
      post,
      tour: tourFromMeta({ id: post.id, title: post.title, slug }, rows.meta),
      settings: settingsFromOptions(rows.options),
      single,
    },
  };
}
