import * as z from 'zod/mini';
import { exactly, oneOf } from './lean-schemas';

/**
 * The wish-list button's props (engagement.md §2): what the visitor can do with it. A guest's click
 * opens its own login lightbox (`data-tmlb`, the Lightbox island's) or, without one, the top bar's;
 * a customer who has not saved the tour sends `tourmaster_add_wish_list` for it; a saved tour's
 * button does nothing. `label` is the button's text ("Save To Wish List", translated on a
 * translated site).
 */
export const wishListButtonProps = z.object({
  label: z.string(),
  button: oneOf(
    z.object({ kind: exactly('guest'), lightbox: oneOf(exactly(null), z.string().check(z.minLength(1))) }),
    z.object({ kind: exactly('saved') }),
    z.object({
      kind: exactly('add'),
      ajaxUrl: z.string().check(z.minLength(1)),
      tourId: z.string().check(z.regex(/^\d+$/)),
    }),
  ),
});

export type WishListButtonProps = z.infer<typeof wishListButtonProps>;
