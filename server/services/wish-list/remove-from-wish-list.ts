import { removeFromWishList } from '../../data/profile';
import type { RequestContext } from '../context';

/** Takes one tour off a customer's wish list (every entry equal to it, as the plugin's array_diff). */
export async function removeTourFromWishList(
  ctx: Pick<RequestContext, 'wp'>,
  userId: number,
  tourId: string,
): Promise<void> {
  if (tourId !== '') await removeFromWishList(ctx.wp, userId, tourId);
}
