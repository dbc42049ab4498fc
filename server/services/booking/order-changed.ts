import { stampOrderChange } from '../../data/order-changes';
import type { WpDb } from '../../data/tables';
import type { TourOrder } from '../../tourmaster/order';
import { recordAvailabilityChanged, recordBookingEvent } from '../webhooks/booking-events';

type OrderDate = Pick<TourOrder, 'id' | 'tourId' | 'travelDate'>;

/**
 * THE choke points of an order's change, called inside the change's own transaction (`trx`): each
 * stamps the order changed for the REST API's `modified_after` (data/order-changes.ts) and records
 * the webhook events it causes in the outbox (services/webhooks/booking-events.ts), so a committed
 * change has both and a rolled-back one neither. Changes made in WordPress's admin reach
 * `modified_after` through the sweep, and send no webhook (README "Webhooks").
 */

/** A new order (site or API booking): `booking.created`, and its date's seats changed. */
export async function orderCreated(trx: WpDb, now: Date, order: OrderDate): Promise<void> {
  await stampOrderChange(trx, order.id, now);
  await recordBookingEvent(trx, now, 'booking.created', order.id);
  await recordAvailabilityChanged(trx, now, order.tourId, order.travelDate);
}

/** An order's booking rewritten (the customer's edit): its seats, on its date and on the date it left. */
export async function orderRewritten(trx: WpDb, now: Date, order: OrderDate, previousDate?: string): Promise<void> {
  await stampOrderChange(trx, order.id, now);
  await recordAvailabilityChanged(trx, now, order.tourId, order.travelDate);
  if (previousDate && previousDate !== order.travelDate)
    await recordAvailabilityChanged(trx, now, order.tourId, previousDate);
}

/**
 * A gateway payment recorded on the order. `paid`: it paid the order (`booking.paid`; and where the
 * order had been cancelled at the end of its hold, it takes its seats again); otherwise it is money
 * to refund, and only the order's payment entries changed.
 */
export async function orderPaymentRecorded(
  trx: WpDb,
  now: Date,
  order: OrderDate & Pick<TourOrder, 'status'>,
  paid: boolean,
): Promise<void> {
  await stampOrderChange(trx, order.id, now);
  if (!paid) return;
  await recordBookingEvent(trx, now, 'booking.paid', order.id);
  if (order.status === 'cancel') await recordAvailabilityChanged(trx, now, order.tourId, order.travelDate);
}

/** An order that just became `cancel` (customer, manage link, seat hold run out, the API's cancel). */
export async function orderCancelled(trx: WpDb, now: Date, order: OrderDate): Promise<void> {
  await stampOrderChange(trx, order.id, now);
  await recordBookingEvent(trx, now, 'booking.cancelled', order.id);
  await recordAvailabilityChanged(trx, now, order.tourId, order.travelDate);
}
