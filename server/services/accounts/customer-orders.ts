import { countRoomOrdersOfUser, getOrder, listOrdersOfUser } from '../../data/orders';
import { attachmentGuids, titlesAndSlugs } from '../../data/posts';
import { loadBookingContext } from '../../data/tours';
import type { TourOrder } from '../../tourmaster/order';
import type { Tour } from '../../tourmaster/tour-option';
import type { RequestContext } from '../context';

/**
 * What the account pages read of a customer's orders (engagement.md §5): the list, one order of
 * theirs, the tours' titles, the booked tour's fields, the invoice's logo.
 */
export function customerOrders(ctx: Pick<RequestContext, 'wp'>, userId: number): Promise<TourOrder[]> {
  return listOrdersOfUser(ctx.wp, userId);
}

/** How many room-module orders the customer has (the account pages do not list them). */
export function customerRoomOrderCount(ctx: Pick<RequestContext, 'wp'>, userId: number): Promise<number> {
  return countRoomOrdersOfUser(ctx.wp, userId);
}

export type CustomerOrder = { order: TourOrder } | { status: 403 | 404; message: string };

/** The order `orderId` names when it is the customer's; otherwise the refusal to show instead. */
export async function customerOrder(
  ctx: Pick<RequestContext, 'wp'>,
  userId: number,
  orderId: number,
): Promise<CustomerOrder> {
  const order = Number.isSafeInteger(orderId) && orderId > 0 ? await getOrder(ctx.wp, orderId) : undefined;
  if (!order) return { status: 404, message: 'This booking could not be found.' };
  if (order.userId !== userId) {
    return { status: 403, message: 'This booking belongs to another account, so it cannot be shown here.' };
  }
  return { order };
}

/** Titles and slugs of tours (any status), by id, in one query. */
export function tourTitles(
  ctx: Pick<RequestContext, 'wp'>,
  ids: readonly number[],
): Promise<Map<number, { title: string; slug: string }>> {
  return titlesAndSlugs(ctx.wp, ids);
}

/** The booked tour, as the booking rules read it (its contact and traveller fields), when it still has them. */
export async function bookedTour(ctx: Pick<RequestContext, 'wp'>, tourId: number): Promise<Tour | undefined> {
  return (await loadBookingContext(ctx.wp, tourId)).tour;
}

/** An image attachment's URL (the `invoice-logo` setting), when it is one with an http(s) URL. */
export async function attachmentImageUrl(ctx: Pick<RequestContext, 'wp'>, id: number): Promise<string | undefined> {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const guid = (await attachmentGuids(ctx.wp, [id])).get(id);
  return guid && /^https?:\/\//.test(guid) ? guid : undefined;
}
