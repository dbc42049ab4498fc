import { countTourView, recordTourVisitor } from '../../data/tour-page';
import type { RequestContext } from '../context';

/**
 * The tour page's two counters (engagement.md §6–7): the view count, one atomic increment per
 * browser and day, and the visitors of the last hour by address, for the urgency message.
 */
export function countView(ctx: Pick<RequestContext, 'wp'>, tourId: number): Promise<void> {
  return countTourView(ctx.wp, tourId);
}

/** Records this visitor's address and answers how many addresses saw the tour in the last hour. */
export function recentVisitors(ctx: Pick<RequestContext, 'wp' | 'ip' | 'now'>, tourId: number): Promise<number> {
  return recordTourVisitor(ctx.wp, tourId, ctx.ip, Math.floor(ctx.now.getTime() / 1000));
}
