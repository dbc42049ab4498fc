import { randomInt } from 'node:crypto';
import { phpInt, str } from '../../php/coerce';
import { recentVisitors } from '../../services/tour-page/visits';
import type { SafeHtml } from '../../views/html';
import { urgencyMessage } from '../../views/tour/booking-bar';
import type { TourRequest } from './request';

/**
 * The urgency message (engagement.md §6), when the tour enables it and the visitor has not
 * dismissed it: a random number in the configured range, or (the default) the visitors of the last
 * hour, counted by address. The address is the request's (`trust proxy` decides whether forwarded
 * headers count: DEFECTS.md 22).
 */
export async function tourUrgency(tr: TourRequest): Promise<SafeHtml | undefined> {
  const option = tr.tour.option;
  if (str(option['enable-urgency-message']) !== 'enable') return undefined;
  if (tr.ctx.cookie('tourmaster-urgency-message') !== undefined) return undefined;
  if (str(option['real-urgency-message']) === 'disable') {
    const from = phpInt(option['urgency-message-number-from']);
    const to = phpInt(option['urgency-message-number-to']);
    const [low, high] = from <= to ? [from, to] : [to, from];
    return urgencyMessage(randomInt(low, high + 1));
  }
  const count = await recentVisitors(tr.ctx, tr.tour.id);
  return urgencyMessage(count);
}
