import { type CancelResult, cancelOrderOfCustomer } from '../../data/order-cancel';
import { loadBookingContext } from '../../data/tours';
import { notifyOrder } from '../booking/notify';
import { orderCancelled } from '../booking/order-changed';
import type { RequestContext } from '../context';

/**
 * A customer cancels their own order from "My Bookings" (engagement.md §5, item 4): only their own
 * and only while its status shows the cancel link (one conditional update, DEFECTS.md 17); the
 * customer is mailed.
 */
export async function cancelCustomerBooking(
  ctx: RequestContext,
  userId: number,
  orderId: number,
): Promise<CancelResult> {
  const result = await cancelOrderOfCustomer(ctx.wp, orderId, userId, (trx, order) =>
    orderCancelled(trx, ctx.now, order),
  );
  if (!result.ok) return result;
  ctx.log.info({ orderId, userId }, 'booking cancelled by the customer');
  const { tour } = await loadBookingContext(ctx.wp, result.order.tourId);
  if (tour) await notifyOrder(ctx, { type: 'booking-cancelled', by: 'customer' }, result.order, tour);
  return result;
}
