import { z } from 'zod';
import { isEmpty, phpInt } from '../../php/coerce';
import { formText } from '../../php/form-input';
import { emptyReviewList, loadReviewList, type ReviewList } from '../../services/reviews/review-list';
import { type AjaxReply, defineAction } from '../action';

/**
 * The public review list's pages (reviews.md §6): `{"content":"<items><pagination>"}` for a tour
 * (and the same page typed as `props`, for the Reviews island; the legacy script ignores it),
 * sorted by date or rating (both descending; any other `sort_by` is by date), filtered by
 * traveller type, 5 per page. No `tour_id` (or a GET, whose fields are not read) answers `[]`.
 * A `paged` that is not a number is page 1 (the legacy site answered HTTP 500: DEFECTS.md 4).
 */
export const get_single_tour_review = defineAction({
  name: 'get_single_tour_review',
  access: 'both',
  reads: 'catalogue',
  input: z.looseObject({
    tour_id: formText.optional(),
    sort_by: formText.optional(),
    filter_by: formText.optional(),
    paged: formText.optional(),
  }),
  async handle(input, ctx): Promise<Readonly<ReviewList> | null> {
    if (input.tour_id === undefined || isEmpty(input.tour_id)) return null;
    const tourId = phpInt(input.tour_id);
    const request = { tourId, sortBy: input.sort_by, filterBy: input.filter_by, paged: input.paged };
    // An id that is not a tour's (0, negative, unknown) simply has no reviews: `content` is "".
    if (tourId <= 0) return emptyReviewList(request);
    return loadReviewList(ctx.catalogue, request, ctx.https);
  },
  reply: (list): AjaxReply =>
    // The kept page itself: `{content, props}` in that order, encoded once (services/reviews/review-list.ts).
    list === null ? { kind: 'json', body: [] } : { kind: 'json', body: list, kept: true },
});
