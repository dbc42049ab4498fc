import * as z from 'zod/mini';
import { exactly, oneOf } from './lean-schemas';

/**
 * The star input's props (reviews.md §7): the review form's "Rate this tour" (the search form's
 * rating field is the SearchForm island's). Positions run from `min` to `max` (1–10): odd scores
 * are stars, even ones the half-star spans between them. The hidden input posts `name`=`value` as
 * the legacy form did.
 */
export const ratingInputProps = z.object({
  name: z.string().check(z.minLength(1)),
  /** `data-required` on the input: the review form's lightbox check refuses an empty score. */
  required: z.boolean(),
  min: z.number().check(z.gte(0)),
  max: z.number().check(z.lte(10)),
  /** The input's value; `null` while none is chosen (the review form starts empty). */
  value: oneOf(exactly(null), z.number()),
  /** The score the stars show until a choice (the value, or the stars drawn where there is none). */
  shown: z.number(),
});

export type RatingInputProps = z.infer<typeof ratingInputProps>;
