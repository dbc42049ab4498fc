import { TooManyRequestsError } from '../../core/errors';
import { insertOrderReview } from '../../data/reviews';
import { orderReviewRefusal, type ReviewRefusal, readReviewSubmission } from '../../tourmaster/reviews';
import { siteLocalTime } from '../../wp/site-time';
import type { RequestContext } from '../context';
import { enforceWriteLimit } from '../write-limits';

export type ReviewSubmissionOutcome =
  | { inserted: number; tourId: number }
  | { refused: ReviewRefusal | 'forged' }
  | { refused: 'rate-limited'; error: TooManyRequestsError };

/**
 * Stores one review of the visitor's order (reviews.md §7), the form already found authentic by the
 * page: within the write limit, a score 1–10 and one of the four traveller types, for a departed
 * order of theirs that has no review yet; the order's tour's aggregate rating is recomputed (the
 * legacy page used the posted `tour_id`). Never throws for a refusal: it says why.
 */
export async function submitReview(
  ctx: RequestContext,
  posted: Readonly<Record<string, unknown>>,
): Promise<ReviewSubmissionOutcome> {
  const user = await ctx.user();
  if (!user) return { refused: 'not-logged-in' };
  const userId = user.user.id;
  try {
    await enforceWriteLimit(ctx.wp, 'review', { ip: ctx.ip, userId }, ctx.now);
  } catch (err) {
    if (err instanceof TooManyRequestsError) return { refused: 'rate-limited', error: err };
    throw err;
  }
  const read = readReviewSubmission(posted);
  if (!read.ok) return { refused: read.reason };
  const { orderId, score, type, description } = read.value;
  const site = await ctx.site();
  return insertOrderReview(ctx.wp, orderId, (order) => orderReviewRefusal(order, userId), {
    score,
    type,
    description,
    date: siteLocalTime(ctx.now, site),
  });
}
