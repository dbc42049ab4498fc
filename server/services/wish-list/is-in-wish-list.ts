import { readWishList, wishListHas } from '../../data/wish-list';
import type { RequestContext } from '../context';

/** Whether a customer's wish list holds the tour (the tour page's "Save To Wish List" button). */
export async function isInWishList(ctx: Pick<RequestContext, 'wp'>, userId: number, tourId: number): Promise<boolean> {
  return wishListHas(await readWishList(ctx.wp, userId), tourId);
}
