import * as z from 'zod/mini';

/**
 * `.tourmaster-save-wish-list` (engagement.md §2): logged in and not saved yet it carries
 * `data-ajax-url` and `data-tour-id`; a guest's carries `data-tmlb` (its own login lightbox).
 */
export const wishListProps = z.object({
  ajaxUrl: z.optional(z.string().check(z.minLength(1))),
  tourId: z.optional(z.string().check(z.regex(/^\d+$/))),
  tmlb: z.optional(z.string()),
});
