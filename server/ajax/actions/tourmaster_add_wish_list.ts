import { z } from 'zod';
import { addToWishList, isPublishedTour } from '../../data/wish-list';
import { enforceWriteLimit } from '../../services/write-limits';
import { type AjaxReply, defineAction } from '../action';

export const WISH_LIST_LOGIN_MESSAGE = 'Please log in to use the wish list.';
export const WISH_LIST_UNKNOWN_TOUR_MESSAGE = 'This tour cannot be added to your wish list.';

type Result = { added: string } | { failed: string };

/**
 * The tour page's "Save To Wish List" button (engagement.md §2): appends the tour to the user meta
 * `tourmaster-wish-list` unless it is there already. The legacy handler echoed the whole POST back
 * in a text/html reply (a reflected script), took guests' clicks silently and stored any string as
 * a tour id (DEFECTS.md 12). Here a guest and an id that is not a published tour get a clear
 * failure, and the success reply keeps its captured shape with only our own values:
 * `{"action":"tourmaster_add_wish_list","tour-id":"6"}` (the script ignores the reply).
 */
export const tourmaster_add_wish_list = defineAction({
  name: 'tourmaster_add_wish_list',
  access: 'both',
  input: z.looseObject({ 'tour-id': z.unknown().optional() }),
  async handle(input, ctx): Promise<Result> {
    const user = await ctx.user();
    if (!user) return { failed: WISH_LIST_LOGIN_MESSAGE };
    await enforceWriteLimit(ctx.wp, 'wishList', { ip: ctx.ip, userId: user.user.id }, ctx.now);
    const raw = input['tour-id'];
    const text = typeof raw === 'string' ? raw.trim() : '';
    const tourId = /^\d{1,15}$/.test(text) ? Number(text) : 0;
    if (!(await isPublishedTour(ctx.wp, tourId))) return { failed: WISH_LIST_UNKNOWN_TOUR_MESSAGE };
    await addToWishList(ctx.wp, user.user.id, tourId);
    return { added: String(tourId) };
  },
  reply: (result): AjaxReply =>
    'added' in result
      ? { kind: 'json', body: { action: 'tourmaster_add_wish_list', 'tour-id': result.added } }
      : { kind: 'json', body: { status: 'failed', message: result.failed } },
});
