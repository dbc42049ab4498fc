import { z } from 'zod';
import { formText } from '../../php/form-input';
import { addTourToWishList } from '../../services/wish-list/add-to-wish-list';
import { type AjaxReply, defineAction } from '../action';

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
  input: z.looseObject({ 'tour-id': formText.optional() }),
  handle: (input, ctx) => addTourToWishList(ctx, input),
  reply: (result): AjaxReply =>
    'added' in result
      ? { kind: 'json', body: { action: 'tourmaster_add_wish_list', 'tour-id': result.added } }
      : { kind: 'json', body: { status: 'failed', message: result.failed } },
});
