import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOrder } from '../../data/orders';
import { insertSeatHold } from '../../data/seat-holds';
import { loadBookingContext } from '../../data/tours';
import { insertSubscription } from '../../data/webhook-subscriptions';
import { createMemoryMailer } from '../../mail/mailer';
import { postAjax, startTestServer, type TestServer } from '../../testing/app';
import { payLaterBookingBody } from '../../testing/booking-body';
import { createTestDatabase, type TestDatabase } from '../../testing/db';
import { Money } from '../../tourmaster/money';
import { cancelCustomerBooking } from '../accounts/cancel-booking';
import { backgroundContext } from '../background-context';
import { cancelBookingAsAdmin } from '../booking/admin-cancel';
import { expireDueHolds } from '../booking/seat-holds';
import { recordVerifiedPayment } from '../payment/gateway-record';

/**
 * Each change writes its webhook events at its one choke point, in its own transaction: a site
 * booking (`booking.created`, `availability.changed`), a verified gateway payment (`booking.paid`),
 * a customer's cancel and a seat hold running out (`booking.cancelled`, `availability.changed`).
 * Read from the outbox, with the documented `{type, timestamp, data}` body.
 */
const TOUR = 4;
const DATE = '2027-05-29';
const NOW = new Date('2027-05-01T10:00:00Z');
let tdb: TestDatabase;
let server: TestServer;
let subscriptionId: number;
let guest = 0;

interface OutboxEvent {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  server = await startTestServer(tdb, { now: NOW, mailer: createMemoryMailer() });
  subscriptionId = await insertSubscription(tdb.wp, {
    url: 'https://hooks.example.test/',
    events: ['booking.created', 'booking.paid', 'booking.cancelled', 'availability.changed'],
    secret: 'whsec_dGVzdA==',
    createdBy: 1,
    now: NOW,
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await tdb?.drop();
});

async function book(): Promise<number> {
  guest += 1;
  await postAjax(server.baseUrl, payLaterBookingBody({ tourId: TOUR, date: DATE, n: guest, people: 2 }));
  return Number((await tdb.wp.knex(tdb.wp.t.orders).max({ id: 'id' }).first())!.id);
}

/** The events queued for the subscription since `afterId` (outbox order). */
async function eventsSince(afterId: number): Promise<(OutboxEvent & { id: number })[]> {
  const rows = await tdb.wp
    .knex(`${tdb.wp.prefix}dropin_webhook_events as e`)
    .join(`${tdb.wp.prefix}dropin_webhook_deliveries as d`, 'd.event_id', 'e.id')
    .where('d.subscription_id', subscriptionId)
    .where('e.id', '>', afterId)
    .orderBy('e.id')
    .select('e.id', 'e.payload');
  return rows.map((r) => ({ id: Number(r.id), ...(JSON.parse(String(r.payload)) as OutboxEvent) }));
}

const lastEventId = async () =>
  Number((await tdb.wp.knex(`${tdb.wp.prefix}dropin_webhook_events`).max({ id: 'id' }).first())?.id ?? 0);

describe('booking events', () => {
  it('a site booking: booking.created with its key fields, and its date changed', async () => {
    const since = await lastEventId();
    const orderId = await book();
    const events = await eventsSince(since);
    expect(events.map((e) => e.type)).toEqual(['booking.created', 'availability.changed']);
    const order = (await getOrder(tdb.wp, orderId))!;
    expect(events[0]).toMatchObject({
      timestamp: NOW.toISOString(),
      data: {
        id: orderId,
        status: order.status,
        tour_id: TOUR,
        date: DATE,
        package: null,
        travellers: 2,
        currency: 'USD',
        total: Money.of(order.totalPrice!).round(2).toNumber().toFixed(2),
      },
    });
    expect(events[0]!.data.due).toBe(events[0]!.data.total);
    expect(events[1]!.data).toEqual({ tour_id: TOUR, date: DATE });
  });

  it('a verified payment: booking.paid, nothing is due', async () => {
    const orderId = await book();
    const since = await lastEventId();
    const ctx = backgroundContext(server.deps, NOW);
    const order = (await getOrder(tdb.wp, orderId))!;
    const { tour, settings } = await loadBookingContext(tdb.wp, TOUR);
    const amount = Money.of(String((order.pricingInfo as Record<string, unknown>)['pay-amount']));
    const paid = await recordVerifiedPayment(ctx, {
      order,
      tour: tour!,
      settings,
      payment: { gateway: 'paypal', transactionId: `CAP-${orderId}`, amount, status: 'online-paid' },
    });
    expect(paid.ok).toBe(true);
    const events = await eventsSince(since);
    expect(events.map((e) => e.type)).toEqual(['booking.paid']);
    expect(events[0]!.data).toMatchObject({ id: orderId, status: 'online-paid', due: '0.00' });
  });

  it("a customer's cancel: booking.cancelled and the date changed", async () => {
    const orderId = await book();
    const since = await lastEventId();
    const result = await cancelCustomerBooking(backgroundContext(server.deps, NOW), 0, orderId);
    expect(result.ok).toBe(true);
    const events = await eventsSince(since);
    expect(events.map((e) => e.type)).toEqual(['booking.cancelled', 'availability.changed']);
    expect(events[0]!.data).toMatchObject({ id: orderId, status: 'cancel', due: '0.00' });
  });

  it("the API's cancel (someone who manages orders): booking.cancelled and the date changed, once", async () => {
    const orderId = await book();
    const since = await lastEventId();
    const ctx = backgroundContext(server.deps, NOW);
    expect((await cancelBookingAsAdmin(ctx, orderId, { userId: 1 })).ok).toBe(true);
    const events = await eventsSince(since);
    expect(events.map((e) => e.type)).toEqual(['booking.cancelled', 'availability.changed']);
    expect(events[0]!.data).toMatchObject({ id: orderId, status: 'cancel' });
    // Cancelled again: nothing changed, no second event.
    await cancelBookingAsAdmin(ctx, orderId, { userId: 1 });
    expect(await eventsSince(since)).toHaveLength(2);
  });

  it('a refused cancel writes no event', async () => {
    const orderId = await book();
    const since = await lastEventId();
    expect((await cancelCustomerBooking(backgroundContext(server.deps, NOW), 999_999, orderId)).ok).toBe(false);
    expect(await eventsSince(since)).toEqual([]);
  });

  it('a seat hold run out: booking.cancelled and the date changed', async () => {
    const orderId = await book();
    await tdb.wp.knex(tdb.wp.t.orders).where('id', orderId).update({ order_status: 'pending' });
    await insertSeatHold(tdb.wp, { orderId, gateway: 'paypal', now: NOW, holdMs: 60_000 });
    const since = await lastEventId();
    expect(await expireDueHolds(server.deps, new Date(NOW.getTime() + 120_000))).toEqual([orderId]);
    const events = await eventsSince(since);
    expect(events.map((e) => [e.type, e.data.id ?? e.data.date])).toEqual([
      ['booking.cancelled', orderId],
      ['availability.changed', DATE],
    ]);
  });
});
