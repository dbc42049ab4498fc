import { addToWishList, isPublishedTour } from '../../data/wish-list';
import type { RequestContext } from '../context';
import { enforceWriteLimit } from '../write-limits';

export const WISH_LIST_LOGIN_MESSAGE = 'Please log in to use the wish list.';
export const WISH_LIST_UNKNOWN_TOUR_MESSAGE = 'This tour cannot be added to your wish list.';

export type WishListResult = { added: string } | { failed: string };

/**
 * "Save To Wish List" (engagement.md §2): a customer's published tour appended to the user meta
 * `tourmaster-wish-list` unless it is there already; guests and ids that are no published tour are
 * refused.
 */
export async function addTourToWishList(
  ctx: RequestContext,
  input: { 'tour-id'?: string | undefined },
): Promise<WishListResult> {
  const user = await ctx.user();
  if (!user) return { failed: WISH_LIST_LOGIN_MESSAGE };
  await enforceWriteLimit(ctx.wp, 'wishList', { ip: ctx.ip, userId: user.user.id }, ctx.now);
  const text = (input['tour-id'] ?? '').trim();
  const tourId = /^\d{1,15}$/.test(text) ? Number(text) : 0;
  if (!(await isPublishedTour(ctx.wp, tourId))) return { failed: WISH_LIST_UNKNOWN_TOUR_MESSAGE };
  await addToWishList(ctx.wp, user.user.id, tourId);
  return { added: String(tourId) };
}
