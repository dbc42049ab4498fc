import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOption, updateOption } from '../../data/options';
import { getOrder } from '../../data/orders';
import { countSeats } from '../../data/seats';
import { createMemoryMailer, type MemoryMailer } from '../../mail/mailer';
import { clearPaypalTokenCache } from '../../payments/paypal';
import type { PhpValue } from '../../php/values';
import { CAPTURE_NOW, postAjax, startTestServer, type TestServer } from '../../testing/app';
import { payLaterBookingBody } from '../../testing/booking-body';
import { createTestDatabase, type TestDatabase } from '../../testing/db';
import { LATE_REFUND } from '../payment/paypal-payment';
import { expireDueHolds } from './seat-holds';

/**
 * Seat holds: an order started for PayPal holds its seats for SEAT_HOLD_MINUTES (15 here); seat
 * counts leave it out once the hold ran out unpaid (no timer needed); the expiry cancels it; a
 * payment after the hold is kept while the seats are free, else marked for a refund. The clock is
 * the test's: each request reads `deps.clock`. msw plays PayPal's API.
 */
const PAYPAL = 'https://api-m.sandbox.paypal.com';
const paypalOrders = new Map<string, { amount: string; customId: string }>();
const paypal = setupServer(
  http.post(`${PAYPAL}/v1/oauth2/token`, () =>
    HttpResponse.json({ access_token: 'token-1', token_type: 'Bearer', expires_in: 3600 }),
  ),
  http.get(`${PAYPAL}/v2/checkout/orders/:id`, ({ params }) => {
    const order = paypalOrders.get(String(params.id));
    if (!order) return HttpResponse.json({ name: 'RESOURCE_NOT_FOUND' }, { status: 404 });
    const amount = { currency_code: 'USD', value: order.amount };
    return HttpResponse.json({
      id: params.id,
      status: 'COMPLETED',
      purchase_units: [
        {
          amount,
          custom_id: order.customId,
          payments: { captures: [{ id: `CAP-${params.id}`, status: 'COMPLETED', amount }] },
        },
      ],
    });
  }),
);

const TOUR = 4; // Santorini: 20 seats on 15, 22, 29 May and 12 June 2027
const MINUTE = 60_000;
let tdb: TestDatabase;
let server: TestServer;
let mailer: MemoryMailer;
let now = CAPTURE_NOW;
const at = (minutes: number) => new Date(CAPTURE_NOW.getTime() + minutes * MINUTE);
const holdRow = (orderId: number) =>
  tdb.wp.knex(`${tdb.wp.prefix}dropin_seat_holds`).first().where('order_id', orderId);

beforeAll(async () => {
  paypal.listen({
    onUnhandledRequest: (request, print) => {
      if (!new URL(request.url).hostname.match(/^(127\.0\.0\.1|localhost)$/)) print.error();
    },
  });
  tdb = await createTestDatabase();
  mailer = createMemoryMailer();
  server = await startTestServer(tdb, {
    config: { paypal: { clientId: 'test-client', secret: 'test-secret', mode: 'sandbox' } },
    mailer,
  });
  server.deps.clock = () => new Date(now);
  const general = (await getOption(tdb.wp, 'tourmaster_general')) as Record<string, PhpValue>;
  await updateOption(tdb.wp, 'tourmaster_general', { ...general, 'admin-email-address': 'admin@example.test' });
});

afterAll(async () => {
  paypal.close();
  clearPaypalTokenCache();
  await server?.close();
  await tdb?.drop();
});

/** Guest `n` starts a PayPal (standard) payment for `people` on `date`: the order's id and its guest key cookie. */
async function startPaypal(date: string, n: number, people = 2): Promise<{ tid: number; key: string }> {
  const body = new URLSearchParams(payLaterBookingBody({ tourId: TOUR, date, n, people }));
  body.set('action', 'tourmaster_payment_selected');
  body.set('type', 'paypal');
  body.delete('booking_detail[payment-method]');
  const r = await postAjax(server.baseUrl, body);
  const reply = r.json() as { cookie?: { tid: number } };
  expect(reply, JSON.stringify(reply)).toHaveProperty('cookie.tid');
  const tid = reply.cookie!.tid;
  const key = r.headers
    .getSetCookie()
    .find((c) => c.startsWith(`tourmaster-order-key-${tid}=`))!
    .split(';')[0]!;
  return { tid, key };
}

/** PayPal's JS SDK completion for order `tid`, paying exactly what the order says is due. */
async function completeWithPaypal(tid: number, key: string, paypalOrderId: string) {
  const order = (await getOrder(tdb.wp, tid))!;
  const due = Number((order.pricingInfo as Record<string, unknown>)['pay-amount']).toFixed(2);
  paypalOrders.set(paypalOrderId, { amount: due, customId: String(tid) });
  const body = new URLSearchParams({
    action: 'tourmaster_payment_selected',
    type: 'paypal',
    paypal_type: 'js-sdk',
    'order_data[id]': paypalOrderId,
    'booking_detail[tid]': String(tid),
    'booking_detail[payment-type]': 'full',
  });
  return (await postAjax(server.baseUrl, body, { cookie: key })).json() as { content: string };
}

/** An order taking `seats` on `date`, as paid bookings written elsewhere would. */
async function takeSeats(date: string, seats: number): Promise<void> {
  await tdb.wp.knex(tdb.wp.t.orders).insert({
    user_id: 0,
    booking_date: '2026-11-20 10:00:00',
    tour_id: TOUR,
    travel_date: date,
    package_group_slug: '',
    traveller_amount: seats,
    male_amount: 0,
    female_amount: 0,
    order_status: 'approved',
    total_price: '100.0000',
  });
}

async function amountCheck(date: string, travellers: number): Promise<unknown> {
  const body = `action=tourmaster_tour_booking_amount_check&tid=&tour_id=${TOUR}&tour_date=${date}&traveller=${travellers}&adult_amount=${travellers}&male_amount=0&female_amount=0&package=`;
  return (await postAjax(server.baseUrl, body)).json();
}

/** The availability API's answer for one date. */
async function availability(date: string): Promise<unknown> {
  const r = await fetch(`${server.baseUrl}/wp-json/tourmaster/v1/tours/${TOUR}/availability?from=${date}&to=${date}`);
  return ((await r.json()) as { dates: unknown[] }).dates[0];
}

describe('seat holds', () => {
  it('holds the seats of an order started for PayPal for SEAT_HOLD_MINUTES, and none of a pay-later booking', async () => {
    now = at(0);
    const { tid } = await startPaypal('2027-05-15', 1);
    expect(await holdRow(tid)).toMatchObject({ state: 'held', gateway: 'paypal', expires_at: '2026-11-21 23:45:00' });

    await postAjax(server.baseUrl, payLaterBookingBody({ tourId: TOUR, date: '2027-05-15', n: 2 }));
    const later = await tdb.wp.knex(tdb.wp.t.orders).first('id').whereRaw('contact_info LIKE ?', ['%guest2@%']);
    expect(later).toBeDefined();
    expect(await holdRow(Number(later.id))).toBeUndefined();
  });

  it('counts a held order until its hold ends, then no more, though no timer ran', async () => {
    const date = '2027-06-12';
    await takeSeats(date, 17);
    now = at(0);
    const { tid } = await startPaypal(date, 3, 3);
    expect(await amountCheck(date, 1)).toMatchObject({ status: 'failed' });
    const pool = { tourId: TOUR, travelDate: date, groupSlug: '', excludeOrderId: undefined };
    const held = { except: ['cancel'] } as const;
    expect((await countSeats(tdb.wp, { ...pool, held, now: at(14) })).travellers).toBe(20);
    expect(await availability(date)).toMatchObject({ seats_left: 0, sold_out: true });

    now = at(15);
    expect(await amountCheck(date, 3)).toEqual({ status: 'success' });
    expect((await countSeats(tdb.wp, { ...pool, held, now })).travellers).toBe(17);
    expect(await availability(date)).toMatchObject({ seats_left: 3, sold_out: false });
    expect((await getOrder(tdb.wp, tid))?.status).toBe('pending');
  });

  it('cancels the unpaid order at the end of its hold, once, and leaves an order paid meanwhile alone', async () => {
    now = at(0);
    const unpaid = await startPaypal('2027-05-15', 4);
    const paidInAdmin = await startPaypal('2027-05-15', 5);
    await tdb.wp.knex(tdb.wp.t.orders).where('id', paidInAdmin.tid).update({ order_status: 'online-paid' });
    const mails = mailer.sent.length;

    expect(await expireDueHolds(server.deps, at(14))).not.toContain(unpaid.tid);
    const cancelled = await expireDueHolds(server.deps, at(16));
    expect(cancelled).toContain(unpaid.tid);
    expect(cancelled).not.toContain(paidInAdmin.tid);
    expect((await getOrder(tdb.wp, unpaid.tid))?.status).toBe('cancel');
    expect(await holdRow(unpaid.tid)).toMatchObject({ state: 'expired' });
    expect((await getOrder(tdb.wp, paidInAdmin.tid))?.status).toBe('online-paid');
    expect(await holdRow(paidInAdmin.tid)).toMatchObject({ state: 'released' });
    expect(await expireDueHolds(server.deps, at(17))).toEqual([]);
    // As the plugin's daily cancel: no mail unless `enable-cancel-booking-mail` is on (it is not here).
    expect(mailer.sent.slice(mails).map((m) => m.type)).not.toContain('booking-cancelled-mail');
  });

  it('keeps a payment that came after the hold while the seats are still free: paid', async () => {
    now = at(0);
    const { tid, key } = await startPaypal('2027-05-29', 6);
    await expireDueHolds(server.deps, at(16));
    expect((await getOrder(tdb.wp, tid))?.status).toBe('cancel');

    now = at(20);
    const reply = await completeWithPaypal(tid, key, 'PAY-LATE-FREE');
    expect(reply.content).toContain('Booking Completed!');
    expect((await getOrder(tdb.wp, tid))?.status).toBe('online-paid');
    expect(await holdRow(tid)).toMatchObject({ state: 'late-paid' });
  });

  it('marks a payment that came after the hold for a refund when the seats are gone, and mails the admin', async () => {
    const date = '2027-05-22';
    now = at(0);
    const { tid, key } = await startPaypal(date, 7, 3);
    now = at(16);
    // The hold ran out (no timer ran): the seats went to others.
    await takeSeats(date, 18);
    const reply = await completeWithPaypal(tid, key, 'PAY-LATE-GONE');
    expect(reply.content).toContain(LATE_REFUND);
    const order = await getOrder(tdb.wp, tid);
    expect(order?.status).toBe('cancel');
    expect(order?.paymentInfo).toEqual([expect.objectContaining({ transaction_id: 'PAY-LATE-GONE' })]);
    expect(await holdRow(tid)).toMatchObject({ state: 'refund' });
    const mail = mailer.sent.find((m) => m.type === 'admin-late-payment-refund-mail');
    expect(mail?.to).toEqual(['admin@example.test']);
    expect(mail?.subject).toContain(`#${tid}`);
    const seats = await tdb.wp
      .knex(tdb.wp.t.orders)
      .sum({ n: 'traveller_amount' })
      .where({ tour_id: TOUR, travel_date: date })
      .whereNot('order_status', 'cancel');
    expect(Number(seats[0]!.n)).toBe(18);
  });

  it('gives a new payment attempt the whole hold again while it runs, and refuses it once the hold ran out', async () => {
    now = at(0);
    const { tid, key } = await startPaypal('2027-05-29', 8);
    const attempt = new URLSearchParams({
      action: 'tourmaster_payment_selected',
      type: 'paypal',
      'booking_detail[tid]': String(tid),
      'booking_detail[payment-type]': 'full',
    });
    now = at(10);
    const again = (await postAjax(server.baseUrl, attempt, { cookie: key })).json() as { content: string };
    expect(again.content).toContain('goodlayers-paypal-redirection-form');
    expect(await holdRow(tid)).toMatchObject({ state: 'held', expires_at: '2026-11-21 23:55:00' });

    now = at(26);
    const late = (await postAjax(server.baseUrl, attempt, { cookie: key })).json() as { content: string };
    expect(late.content).toContain('The time to pay for this booking has run out');
    expect(await holdRow(tid)).toMatchObject({ expires_at: '2026-11-21 23:55:00' });
  });
});

describe('seat hold expiry, several at once', () => {
  it('cancels each due hold exactly once when several expiries run at the same time', async () => {
    const due: number[] = [];
    for (let i = 0; i < 30; i++) {
      const [id] = await tdb.wp.knex(tdb.wp.t.orders).insert({
        user_id: 0,
        booking_date: '2026-11-21 10:00:00',
        tour_id: TOUR,
        travel_date: '2027-06-12',
        package_group_slug: '',
        traveller_amount: 0,
        order_status: 'pending',
        total_price: '100.0000',
      });
      due.push(Number(id));
    }
    await tdb.wp.knex(`${tdb.wp.prefix}dropin_seat_holds`).insert(
      due.map((orderId) => ({
        order_id: orderId,
        gateway: 'paypal',
        state: 'held',
        created_at: '2026-11-21 23:00:00',
        expires_at: '2026-11-21 23:15:00',
      })),
    );
    // Three expiries on their own connections, as three processes' timers would run them.
    const runs = await Promise.all([0, 1, 2].map(() => expireDueHolds(server.deps, at(60))));
    const cancelled = runs.flat().filter((id) => due.includes(id));
    expect(cancelled.sort((a, b) => a - b)).toEqual(due);
    const states = await tdb.wp.knex(`${tdb.wp.prefix}dropin_seat_holds`).distinct('state').whereIn('order_id', due);
    expect(states).toEqual([{ state: 'expired' }]);
  });
});
