import * as z from 'zod/mini';
import { avatarSchema } from './avatar';
import { exactly, oneOf } from './lean-schemas';

/**
 * The tour reviews' props (reviews.md §2–6): the section's head (the tour's rating, the sort and
 * filter controls with their texts) and one page of reviews. A page is also what our
 * `get_single_tour_review` replies carry as `props` beside the legacy `content`.
 */
/** The filter select's name for assistive technology (it has no visible label; DEVIATIONS.md 68). */
export const REVIEW_FILTER_LABEL = 'Filter reviews by traveller type';

const star = exactly('full', 'half', 'empty');
export type ReviewStar = z.infer<typeof star>;

export const reviewItem = z.object({
  name: z.string(),
  /** The traveller type as printed ("Couple Traveller"); '' for a type the plugin does not know. */
  type: z.string(),
  /** The avatar block (a customer's review, or an admin's with an e-mail), with its image unless avatars are off. */
  avatar: oneOf(exactly(null), z.object({ image: oneOf(exactly(null), avatarSchema) })),
  /** The text as HTML after WordPress's text filters (escaped before them: pure content); '' for none. */
  description: z.string(),
  stars: z.array(star),
  /** The date as the site's date format prints it. */
  date: z.string(),
});
export type ReviewItem = z.infer<typeof reviewItem>;

/** The page numbers (reviews.md §4, the legacy quirk included: the last partial page has no number). */
const paginationPart = oneOf(
  z.object({ kind: exactly('prev'), paged: z.number() }),
  z.object({ kind: exactly('page'), n: z.number(), active: z.boolean() }),
  z.object({ kind: exactly('dots') }),
  z.object({ kind: exactly('next'), paged: z.number() }),
);
export type ReviewPaginationPart = z.infer<typeof paginationPart>;

export const reviewsPage = z.object({
  /** `sort_by` (`date` or `rating`), `filter_by` ('' for all types) and the page, as asked. */
  sort: z.string(),
  filter: z.string(),
  page: z.number(),
  items: z.array(reviewItem),
  pagination: z.array(paginationPart),
});
export type ReviewsPage = z.infer<typeof reviewsPage>;

const choice = z.object({ value: z.string(), label: z.string() });
export type ReviewChoice = z.infer<typeof choice>;

export const reviewsProps = z.object({
  tourId: z.string().check(z.regex(/^\d+$/)),
  ajaxUrl: z.string().check(z.minLength(1)),
  /** The tour's rating in the head: "N Reviews" and its stars, `0` when the stored count is 0, or nothing. */
  summary: oneOf(
    exactly(null),
    oneOf(
      z.object({ kind: exactly('rated'), text: z.string(), stars: z.array(star) }),
      z.object({ kind: exactly('empty'), text: z.string() }),
    ),
  ),
  /** "Sort By:", the sorts ("Rating", "Date") and the filter's options ("Filter By", the traveller types). */
  sortLabel: z.string(),
  sorts: z.array(choice),
  filters: z.array(choice),
  list: reviewsPage,
});
export type ReviewsProps = z.infer<typeof reviewsProps>;
export type ReviewSummary = ReviewsProps['summary'];
