import { getRawOptions, settingsFromOptions } from '../../data/options';
import { getOrder } from '../../data/orders';
import type { WpDb } from '../../data/tables';
import { afterCommit, recordWebhookEvent, subscribersOf } from '../../data/webhook-outbox';
import type { WebhookEventType } from '../../data/webhook-subscriptions';
import { type Money, numberFormat } from '../../tourmaster/money';
import type { TourOrder } from '../../tourmaster/order';
import { orderMoney } from '../booking/order-money';
import { webhookEventCommitted } from './wake';

/**
 * The webhook events of bookings, recorded in the transaction (`trx`) of the change itself (the
 * outbox: data/webhook-outbox.ts), called only by the order's change choke points
 * (services/booking/order-changed.ts: created, rewritten, payment recorded, cancelled).
 * Nothing is read or written when no active subscription wants the event.
 */
export async function recordBookingEvent(
  trx: WpDb,
  now: Date,
  type: Exclude<WebhookEventType, 'availability.changed'>,
  orderId: number,
): Promise<void> {
  const subscribers = await subscribersOf(trx, type);
  if (!subscribers.length) return;
  const order = await getOrder(trx, orderId);
  if (!order) return;
  await record(trx, { type, now, data: bookingEventData(order, await paymentSettings(trx)) }, subscribers);
}

/** `availability.changed` for a tour's date: its counted seats changed (booked, cancelled, hold expired). */
export async function recordAvailabilityChanged(trx: WpDb, now: Date, tourId: number, date: string): Promise<void> {
  const subscribers = await subscribersOf(trx, 'availability.changed');
  if (!subscribers.length) return;
  await record(trx, { type: 'availability.changed', now, data: { tour_id: tourId, date } }, subscribers);
}

/**
 * A booking event's `data` (README "Webhooks"): the booking's key fields, money as the API tells it
 * (services/booking/order-money.ts: `due` nothing on a cancelled order), as decimal strings.
 */
export function bookingEventData(
  order: TourOrder,
  settings: Parameters<typeof orderMoney>[1],
): Record<string, unknown> {
  const { total, due, currency } = orderMoney(order, settings);
  return {
    id: order.id,
    status: order.status,
    tour_id: order.tourId,
    date: order.travelDate,
    package: order.packageGroupSlug || null,
    travellers: order.travellerAmount ?? 0,
    total: money(total),
    currency,
    due: money(due),
  };
}

const money = (amount: Money) => numberFormat(amount.round(2), 2, '.', '');

async function paymentSettings(trx: WpDb) {
  return settingsFromOptions(await getRawOptions(trx, ['tourmaster_payment']));
}

async function record(
  trx: WpDb,
  event: Parameters<typeof recordWebhookEvent>[1],
  subscribers: Parameters<typeof recordWebhookEvent>[2],
): Promise<void> {
  if (!(await recordWebhookEvent(trx, event, subscribers))) return;
  // Wakes this process's dispatcher once the transaction commits (never on a rollback).
  afterCommit(trx, webhookEventCommitted);
}
