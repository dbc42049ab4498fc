import { getRawOptions, settingsFromOptions } from '../../data/options';
import { getOrder } from '../../data/orders';
import type { WpDb } from '../../data/tables';
import { afterCommit, recordWebhookEvent } from '../../data/webhook-outbox';
import { activeSubscriptions, type WebhookEventType } from '../../data/webhook-subscriptions';
import { paymentInfoList } from '../../payments/payment-info';
import { readPaypalSettings } from '../../payments/paypal-settings';
import { paidAmount } from '../../tourmaster/deposit';
import { Money, numberFormat } from '../../tourmaster/money';
import type { TourOrder } from '../../tourmaster/order';
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
  if (!(await wanted(trx, type))) return;
  const order = await getOrder(trx, orderId);
  if (!order) return;
  await record(trx, { type, now, data: bookingEventData(order, await siteCurrency(trx)) });
}

/** `availability.changed` for a tour's date: its counted seats changed (booked, cancelled, hold expired). */
export async function recordAvailabilityChanged(trx: WpDb, now: Date, tourId: number, date: string): Promise<void> {
  if (!(await wanted(trx, 'availability.changed'))) return;
  await record(trx, { type: 'availability.changed', now, data: { tour_id: tourId, date } });
}

/**
 * A booking event's `data` (README "Webhooks"): the booking's key fields, money as decimal strings
 * with two digits, `due` what is left to pay (never below zero).
 */
export function bookingEventData(order: TourOrder, currency: string): Record<string, unknown> {
  const total = Money.of(order.totalPrice ?? '0');
  const paid = paidAmount(paymentInfoList(order.paymentInfo, order.status));
  const due = total.minus(paid);
  return {
    id: order.id,
    status: order.status,
    tour_id: order.tourId,
    date: order.travelDate,
    package: order.packageGroupSlug || null,
    travellers: order.travellerAmount ?? 0,
    total: money(total),
    currency,
    due: money(due.isNegative() ? Money.ZERO : due),
  };
}

const money = (amount: Money) => numberFormat(amount.round(2), 2, '.', '');

async function wanted(trx: WpDb, type: WebhookEventType): Promise<boolean> {
  return (await activeSubscriptions(trx)).some((s) => s.events.includes(type));
}

async function siteCurrency(trx: WpDb): Promise<string> {
  const options = await getRawOptions(trx, ['tourmaster_payment']);
  return readPaypalSettings(settingsFromOptions(options).payment).currencyCode;
}

async function record(trx: WpDb, event: Parameters<typeof recordWebhookEvent>[1]): Promise<void> {
  if (!(await recordWebhookEvent(trx, event))) return;
  // Wakes this process's dispatcher once the transaction commits (never on a rollback).
  afterCommit(trx, webhookEventCommitted);
}
