import { type AdminCancelResult, cancelOrderAsAdmin } from '../../data/order-cancel';
import { inTransaction } from '../../data/tables';
import { loadBookingContext } from '../../data/tours';
import type { RequestContext } from '../context';
import { notifyOrder } from './notify';
import { orderCancelled } from './order-changed';

/**
 * An order cancelled by someone who manages orders (the REST API's `POST /bookings/{id}/cancel`), as
 * the legacy admin's status change to `cancel` does (payment.md §4, §7): any status may become
 * `cancel`, its seats are free at once (a cancelled order holds none), and the customer gets
 * `booking-cancelled-mail`. An order already cancelled is left as it is, without a second mail.
 */
export async function cancelBookingAsAdmin(
  ctx: RequestContext,
  orderId: number,
  by: { userId: number },
): Promise<AdminCancelResult> {
  const result = await inTransaction(ctx.wp, async (trx) => {
    const cancelled = await cancelOrderAsAdmin(trx, orderId);
    if (cancelled.ok) await orderCancelled(trx, ctx.now, cancelled.order);
    return cancelled;
  });
  if (!result.ok) return result;
  ctx.log.info({ orderId, userId: by.userId }, 'booking cancelled through the API');
  const { tour } = await loadBookingContext(ctx.wp, result.order.tourId);
  if (tour) await notifyOrder(ctx, { type: 'booking-cancelled', by: 'admin' }, result.order, tour);
  return result;
}
