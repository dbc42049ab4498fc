import { getMetaForMany } from '../../data/meta';
import { attachmentGuids, publishedTours } from '../../data/posts';
import { readWishList } from '../../data/wish-list';
import { str } from '../../php/coerce';
import type { RequestContext } from '../context';

export interface WishListTour {
  /** The id as the wish list stores it. */
  tourId: string;
  title: string;
  slug: string;
  /** The tour option's `duration-text`. */
  duration: string;
  /** The featured image's URL ('' when none). */
  thumbnail: string;
}

/** The published tours of a customer's wish list, in the list's order (engagement.md §5, item 6). */
export async function wishListTours(ctx: Pick<RequestContext, 'wp'>, userId: number): Promise<WishListTour[]> {
  const ids = await readWishList(ctx.wp, userId);
  const numeric = ids.map((id) => Number(id)).filter((id) => Number.isSafeInteger(id) && id > 0);
  const [tours, options, thumbnails] = await Promise.all([
    publishedTours(ctx.wp, numeric),
    getMetaForMany(ctx.wp, 'post', numeric, 'tourmaster-tour-option'),
    getMetaForMany(ctx.wp, 'post', numeric, '_thumbnail_id'),
  ]);
  const thumbIds = [...thumbnails.values()].map((v) => Number(str(v))).filter((n) => n > 0);
  const guids = await attachmentGuids(ctx.wp, thumbIds);
  const out: WishListTour[] = [];
  for (const id of ids) {
    const tour = tours.get(Number(id));
    if (!tour) continue;
    const option = options.get(Number(id));
    const thumb = guids.get(Number(str(thumbnails.get(Number(id))))) ?? '';
    out.push({
      tourId: id,
      title: tour.title,
      slug: tour.slug,
      duration: option && typeof option === 'object' ? str((option as Record<string, unknown>)['duration-text']) : '',
      thumbnail: /^https?:\/\//.test(thumb) ? thumb : '',
    });
  }
  return out;
}
