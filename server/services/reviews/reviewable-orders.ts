import { getMetaForMany } from '../../data/meta';
import { titlesAndSlugs } from '../../data/posts';
import { listReviewableOrders, type ReviewableOrder } from '../../data/reviews';
import { isEmpty } from '../../php/coerce';
import type { RequestContext } from '../context';

export type ReviewableOrderRow = ReviewableOrder & { tourTitle: string };

/**
 * A customer's departed orders with their review, if any (reviews.md §7), newest first, with the
 * tours' titles; `onlyReviewEnabled` leaves out tours whose option turns reviews off.
 */
export async function reviewableOrders(
  ctx: Pick<RequestContext, 'wp'>,
  userId: number,
  options: { limit?: number; onlyReviewEnabled: boolean },
): Promise<ReviewableOrderRow[]> {
  const orders = await listReviewableOrders(
    ctx.wp,
    userId,
    options.limit === undefined ? {} : { limit: options.limit },
  );
  const ids = orders.map((o) => o.tourId);
  const [titles, tourOptions] = await Promise.all([
    titlesAndSlugs(ctx.wp, ids),
    options.onlyReviewEnabled
      ? getMetaForMany(ctx.wp, 'post', ids, 'tourmaster-tour-option')
      : Promise.resolve(new Map()),
  ]);
  const rows: ReviewableOrderRow[] = [];
  for (const order of orders) {
    if (options.onlyReviewEnabled) {
      const option = tourOptions.get(order.tourId);
      const enabled = option && typeof option === 'object' ? (option as Record<string, unknown>)['enable-review'] : '';
      if (!isEmpty(enabled) && enabled !== 'enable') continue;
    }
    rows.push({ ...order, tourTitle: titles.get(order.tourId)?.title ?? '' });
  }
  return rows;
}
