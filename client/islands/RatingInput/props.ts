import * as z from 'zod/mini';

/** `.tourmaster-review-form-rating` (reviews.md §7): no data attributes of its own. */
export const ratingProps = z.object({});
