import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { updateMeta } from '../../data/meta';
import { REST_NAMESPACE } from '../../http/rest-namespace';
import { createMemoryMailer, type MemoryMailer } from '../../mail/mailer';
import { createApplicationPassword } from '../../services/api-keys/create-key';
import { SYNC_SETTLE_MS } from '../../services/booking/api-booking-view';
import { CAPTURE_NOW, startTestServer, type TestServer } from '../../testing/app';
import { createTestDatabase, type TestDatabase } from '../../testing/db';
import { leaveSixSeats, SANTORINI } from '../../testing/last-seats';
import { basicAuth } from '../../testing/rest-app';
import { restRouter } from '../router';

/**
 * The bookings API over the real routes and database, called with real application passwords (an
 * administrator's, and a Tour Staff user's); without one, every `orders` route is 401.
 */
const engine = inject('testDb').engine;
let tdb: TestDatabase;
let real: TestServer;
let api: Server;
let base = '';
let clock = CAPTURE_NOW.getTime();
let mailer: MemoryMailer;

// A date of the Santorini cruise (SANTORINI, testing/last-seats.ts): per person, 20 seats.
const DATE = '2027-05-22';

/** `Authorization` by user id: the administrator (1) and Tour Staff customer2 (3), real application passwords. */
const keys = new Map<string, string>();

async function keyOf(login: string): Promise<string> {
  const created = await createApplicationPassword(tdb.wp, { login, name: 'Bookings test', now: CAPTURE_NOW });
  if (!created.ok) throw new Error(created.reason);
  return basicAuth(login, created.password);
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  mailer = createMemoryMailer();
  real = await startTestServer(tdb, { mailer, config: { apiRateLimit: 100_000 } });
  // customer2 becomes Tour Staff, the plugin's role that manages orders without being an administrator.
  await updateMeta(tdb.wp, 'user', 3, 'wp_capabilities', { tour_staff: true });
  keys.set('1', await keyOf('admin'));
  keys.set('3', await keyOf('customer2'));
  // The real app's deps with a clock the test moves (the sweep runs at most every 5 seconds).
  const deps = { ...real.deps, clock: () => new Date(clock) };
  const app = express().use(REST_NAMESPACE, restRouter(deps));
  api = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(api.address() as AddressInfo).port}${REST_NAMESPACE}`;
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => api?.close(resolve));
  await real?.close();
  await tdb?.drop();
});

function booking(over: Record<string, unknown> = {}, n = 1) {
  return {
    tour_id: SANTORINI,
    date: DATE,
    package: null,
    travellers: { people: 2 },
    traveller_details: [
      { title: 'mr', first_name: 'Peter', last_name: 'Novak' },
      { title: 'mrs', first_name: 'Jana', last_name: 'Novakova' },
    ],
    contact: {
      first_name: 'Peter',
      last_name: 'Novak',
      email: `peter${n}@example.test`,
      phone: '+420 777 000 111',
      country: 'Czech Republic',
    },
    payment: 'later',
    ...over,
  };
}

type Json = Record<string, unknown> & { id: number; status: string; code: string; data: { status: number } };

async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  at = base,
): Promise<{ status: number; headers: Headers; json: Json }> {
  const res = await fetch(`${at}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: keys.get('1')!, ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, headers: res.headers, json: (await res.json()) as Json };
}

async function seatsLeft(date = DATE): Promise<number> {
  const r = await call('GET', `/tours/${SANTORINI}/availability?from=${date}&to=${date}`);
  return (r.json as unknown as { dates: { seats_left: number }[] }).dates[0]!.seats_left;
}

const items = (r: { json: unknown }) => r.json as Json[];

const book = (body: unknown, key: string, user = '1') =>
  call('POST', '/bookings', body, { 'Idempotency-Key': key, Authorization: keys.get(user)! });

const ordersOf = (email: string) =>
  tdb.wp.knex(tdb.wp.t.orders).where('contact_info', 'like', `%${email}%`).pluck('id');

describe('bookings API', () => {
  it('refuses every orders route without a key (401) while the quote is public', async () => {
    const realBase = `${real.baseUrl}${REST_NAMESPACE}`;
    const customer = await keyOf('customer1');
    for (const [method, path] of [
      ['POST', '/bookings'],
      ['GET', '/bookings'],
      ['GET', '/bookings/1'],
      ['POST', '/bookings/1/cancel'],
    ] as const) {
      const r = await call(
        method,
        path,
        method === 'POST' ? booking() : undefined,
        { 'Idempotency-Key': 'x', Authorization: '' },
        realBase,
      );
      expect(r.status, `${method} ${path}`).toBe(401);
      expect(r.json.code).toBe('rest_forbidden');
      // A customer's key authenticates, but only users who manage Tour Master's orders may.
      const refused = await call(
        method,
        path,
        method === 'POST' ? booking() : undefined,
        { 'Idempotency-Key': 'x', Authorization: customer },
        realBase,
      );
      expect(refused.status, `${method} ${path}`).toBe(403);
    }
    const { traveller_details, contact, payment, ...q } = booking();
    expect((await call('POST', '/quote', q, {}, realBase)).status).toBe(200);
  });

  it('creates, reads, lists and cancels a booking, priced as the quote says', async () => {
    const { traveller_details, contact, payment, ...q } = booking();
    const quote = await call('POST', '/quote', q);
    expect(quote.status).toBe(200);
    expect(quote.json).toMatchObject({ currency: 'USD', travellers: 2, lines: [{ kind: 'people', count: 2 }] });
    const seats = await seatsLeft();
    const mails = mailer.sent.length;
    const created = await book(booking({}, 10), 'create-1');
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const b = created.json;
    expect(created.headers.get('location')).toBe(b.links && (b.links as { self: string }).self);
    expect(b).toMatchObject({ tour_id: SANTORINI, date: DATE, travellers: { people: 2 }, currency: 'USD' });
    expect(b.total).toBe(quote.json.total);
    expect(b.due).toBe(b.total);
    expect(['pending', 'wait-for-approval']).toContain(b.status);
    expect(b.contact).toMatchObject({ email: 'peter10@example.test' });
    expect(b.traveller_details).toEqual([
      { title: 'mr', first_name: 'Peter', last_name: 'Novak' },
      { title: 'mrs', first_name: 'Jana', last_name: 'Novakova' },
    ]);
    const row = await tdb.wp.knex(tdb.wp.t.orders).first().where('id', b.id);
    expect(Number(row.user_id)).toBe(0);
    expect(Number(row.traveller_amount)).toBe(2);

    // The mails of a guest's "book now, pay later", as the site sends them.
    expect(mailer.sent.slice(mails).map((m) => m.type)).toContain('guest-booking-made-mail');
    expect(await seatsLeft()).toBe(seats - 2);
    expect(b.payment_date).toBeNull();
    expect(b.created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

    const read = await call('GET', `/bookings/${b.id}`);
    expect(read.json).toEqual(b);
    const list = await call('GET', `/bookings?tour_id=${SANTORINI}&per_page=1`);
    expect(list.json).toEqual([b]);
    expect(Number(list.headers.get('x-wp-total'))).toBeGreaterThanOrEqual(1);

    const cancelled = await call('POST', `/bookings/${b.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.status).toBe('cancel');
    // Nobody collects the rest of a cancelled booking: nothing is due.
    expect(cancelled.json.due).toBe('0.00');
    const cancelMails = () => mailer.sent.filter((m) => m.type === 'booking-cancelled-mail').length;
    const mailed = cancelMails();
    expect(mailed).toBeGreaterThan(0);
    const again = await call('POST', `/bookings/${b.id}/cancel`);
    expect(again.json).toEqual(cancelled.json);
    expect(cancelMails()).toBe(mailed);
    // Its seats are free again: the date's availability counts it no more.
    expect(await seatsLeft()).toBe(seats);
    expect(items(await call('GET', '/bookings?status=cancel')).map((x) => x.id)).toContain(b.id);
    expect((await call('GET', '/bookings/999999')).json.code).toBe('rest_booking_invalid_id');
    expect((await call('POST', '/bookings/999999/cancel')).status).toBe(404);
  });

  it('needs an Idempotency-Key; the same key and body replay, another body conflicts', async () => {
    const missing = await call('POST', '/bookings', booking({}, 20));
    expect(missing).toMatchObject({ status: 400, json: { code: 'rest_missing_idempotency_key' } });
    expect((await book(booking({}, 20), 'x'.repeat(101))).json.code).toBe('rest_invalid_idempotency_key');
    const first = await book(booking({}, 20), 'idem-1');
    expect(first.status).toBe(201);
    // The same body with its keys in another order is the same request.
    const { contact, ...rest } = booking({}, 20);
    const replay = await book({ contact, ...rest }, 'idem-1');
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.json.id).toBe(first.json.id);
    const other = await book(booking({ travellers: { people: 1 } }, 20), 'idem-1');
    expect(other).toMatchObject({ status: 409, json: { code: 'rest_idempotency_conflict' } });
    // Keys are per user: another user's same key is another request.
    expect((await book(booking({}, 21), 'idem-1', '3')).status).toBe(201);
    expect(await ordersOf('peter20@example.test')).toHaveLength(1);
    // 24 hours later the key is free again: a new request.
    const start = clock;
    clock = start + 24 * 3_600_000 + 1000;
    try {
      const later = await book(booking({ travellers: { people: 1 } }, 20), 'idem-1');
      expect(later.status).toBe(201);
      expect(later.json.id).not.toBe(first.json.id);
    } finally {
      clock = start;
    }
  });

  it('writes one order for concurrent identical requests', async () => {
    const replies = await Promise.all(Array.from({ length: 6 }, () => book(booking({}, 30), 'idem-concurrent')));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(replies.map((r) => r.json.id)).size).toBe(1);
    expect(await ordersOf('peter30@example.test')).toHaveLength(1);
  });

  it('refuses counts the tour does not price, huge text, and bad parameters', async () => {
    const adults = await book(booking({ travellers: { adult: 2 } }, 40), 'bad-1');
    expect(adults).toMatchObject({ status: 400, json: { code: 'tourmaster_invalid_booking' } });
    const many = await book(booking({ travellers: { people: 300 } }, 40), 'bad-2');
    expect(many).toMatchObject({ status: 400, json: { code: 'rest_invalid_param' } });
    const kind = await book(booking({ travellers: { dragons: 1 } }, 40), 'bad-3');
    expect(kind).toMatchObject({ status: 400, json: { code: 'rest_invalid_param' } });
    const huge = booking({}, 40);
    (huge.contact as Record<string, string>).first_name = 'A'.repeat(5000);
    expect((await book(huge, 'bad-4')).json.code).toBe('rest_invalid_param');
    const pkg = await book(booking({ package: 'Private Yacht VIP' }, 40), 'bad-5');
    expect(pkg).toMatchObject({ status: 400, json: { code: 'tourmaster_invalid_booking' } });
    const expired = await book(booking({ coupon: 'EXPIRED2025' }, 40), 'bad-7');
    expect(expired).toMatchObject({ status: 400, json: { code: 'tourmaster_invalid_coupon' } });
    const coupon = await book(booking({ coupon: 'NO-SUCH-COUPON' }, 40), 'bad-6');
    expect(coupon).toMatchObject({ status: 400, json: { code: 'tourmaster_invalid_coupon' } });
    expect(await ordersOf('peter40@example.test')).toHaveLength(0);
  });

  it('refuses list dates and instants that are not in the calendar (not rolled over to another day)', async () => {
    for (const query of [
      'modified_after=2027-02-30T00:00:00Z',
      'modified_after=2027-01-01T24:00:00Z',
      'modified_after=2027-01-01T10:60:00Z',
      'date_from=2027-13-45',
      'date_to=2027-02-29',
    ]) {
      const answer = await call('GET', `/bookings?${query}`);
      expect(answer, query).toMatchObject({ status: 400, json: { code: 'rest_invalid_param' } });
    }
    expect((await call('GET', '/bookings?modified_after=2028-02-29T23:59:59%2B02:00&date_to=2028-02-29')).status).toBe(
      200,
    );
  });

  it('books a package by its group slug with a coupon, priced as its quote with the discount', async () => {
    const over = { tour_id: 8, date: '2027-06-03', package: 'vip', travellers: { adult: 2 }, coupon: 'SUMMER10' };
    const { traveller_details, contact, payment, ...q } = booking(over);
    const quote = await call('POST', '/quote', q);
    expect(quote.status, JSON.stringify(quote.json)).toBe(200);
    expect(quote.json).toMatchObject({ package: 'Private Yacht VIP', coupon: { code: 'SUMMER10' } });
    expect(quote.json.lines).toEqual([expect.objectContaining({ kind: 'adult', count: 2 })]);
    const byTitle = await call('POST', '/quote', { ...q, package: 'Private Yacht VIP' });
    expect(byTitle.json).toEqual(quote.json);
    const created = await book(booking(over, 70), 'package-1');
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(created.json).toMatchObject({ package: 'Private Yacht VIP', coupon: 'SUMMER10', total: quote.json.total });
    const row = await tdb.wp.knex(tdb.wp.t.orders).first().where('id', created.json.id);
    expect(row.package_group_slug).toBe('vip');
  });

  it('quotes rooms as the legacy booking bar priced them (captured: 2 rooms of 2 on Meteora, $1,700.40)', async () => {
    const body = { tour_id: 7, date: '2027-06-11', travellers: { rooms: [{ people: 2 }, { people: 2 }] } };
    const quote = await call('POST', '/quote', body);
    expect(quote.status, JSON.stringify(quote.json)).toBe(200);
    expect(quote.json).toMatchObject({ total: '1700.40', travellers: 4 });
    expect((quote.json.lines as { room: number }[]).map((l) => l.room)).toContain(2);
    const empty = await call('POST', '/quote', { ...body, travellers: { rooms: [{ people: 2 }, {}] } });
    expect(empty.status).toBe(400);
  });

  it('answers 409 tourmaster_sold_out for a date with too few seats', async () => {
    const date = '2027-05-29';
    await tdb.wp.knex(tdb.wp.t.orders).insert({
      user_id: 0,
      booking_date: '2026-11-20 10:00:00',
      tour_id: SANTORINI,
      travel_date: date,
      package_group_slug: '',
      traveller_amount: 19,
      male_amount: 0,
      female_amount: 0,
      order_status: 'approved',
      total_price: '100.0000',
    });
    const full = await book(booking({ date }, 50), 'full-1');
    expect(full, JSON.stringify(full.json)).toMatchObject({ status: 409, json: { code: 'tourmaster_sold_out' } });
    const { traveller_details, contact, payment, ...q } = booking({ date });
    expect((await call('POST', '/quote', q)).json.code).toBe('tourmaster_sold_out');
  });

  it.runIf(engine === 'mariadb')('sells exactly the seats left to concurrent one-seat bookings', async () => {
    const date = '2027-05-15';
    await leaveSixSeats(tdb.wp.knex, tdb.wp.t.orders, date);
    const one = (n: number) =>
      booking(
        { date, travellers: { people: 1 }, traveller_details: [{ first_name: 'A', last_name: `B${n}` }] },
        100 + n,
      );
    const replies = await Promise.all(Array.from({ length: 12 }, (_, n) => book(one(n), `seat-${n}`)));
    expect(
      replies.filter((r) => r.status === 201),
      JSON.stringify(replies.map((r) => r.json)),
    ).toHaveLength(6);
    expect(replies.filter((r) => r.json.code === 'tourmaster_sold_out')).toHaveLength(6);
  });

  it('lists with modified_after the orders changed since, an admin edit in the table after the sweep', async () => {
    // Two days on: later than every order the other tests wrote (one of them a day on).
    const start = CAPTURE_NOW.getTime() + 48 * 3_600_000;
    clock = start;
    const created = await book(booking({}, 60), 'sync-1');
    const since = new Date(start - 1000).toISOString();
    // A change is listed once settled: a write stamped earlier may still be committing.
    expect(items(await call('GET', `/bookings?modified_after=${since}&per_page=100`)).map((x) => x.id)).not.toContain(
      created.json.id,
    );
    clock = start + SYNC_SETTLE_MS;
    const first = await call('GET', `/bookings?modified_after=${since}&per_page=100`);
    expect(items(first).map((x) => x.id)).toContain(created.json.id);
    // Later, the WordPress admin approves it by writing the row directly.
    clock = start + SYNC_SETTLE_MS + 10_000;
    const mark = new Date(start + 5_000).toISOString();
    expect((await call('GET', `/bookings?modified_after=${mark}`)).json).toEqual([]);
    await tdb.wp.knex(tdb.wp.t.orders).where('id', created.json.id).update({ order_status: 'approved' });
    const sweptAt = start + SYNC_SETTLE_MS + 20_000;
    clock = sweptAt;
    // The sweep stamps it now; listed a settle window later.
    expect((await call('GET', `/bookings?modified_after=${mark}`)).json).toEqual([]);
    clock = sweptAt + SYNC_SETTLE_MS;
    const seen = await call('GET', `/bookings?modified_after=${mark}`);
    expect(items(seen).map((x) => [x.id, x.status, x.modified])).toEqual([
      [created.json.id, 'approved', `${new Date(sweptAt).toISOString().slice(0, 19)}Z`],
    ]);
    // The keyset: after this item, nothing.
    const next = await call('GET', `/bookings?modified_after=${items(seen)[0]!.modified}&after_id=${created.json.id}`);
    expect(next.json).toEqual([]);
    clock = CAPTURE_NOW.getTime();
  });
});
