import * as z from 'zod/mini';

/** `#tourmaster-single-review-content[data-tour-id][data-ajax-url]` (reviews.md §2). */
export const reviewsProps = z.object({
  tourId: z.string().check(z.regex(/^\d+$/)),
  ajaxUrl: z.string().check(z.minLength(1)),
});
