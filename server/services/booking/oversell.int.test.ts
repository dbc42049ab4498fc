import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PROJECT_ROOT } from '../../core/config';
import { payLaterBookingBody } from '../../testing/booking-body';
import { createTestDatabase, type TestDatabase } from '../../testing/db';
import { leaveSixSeats } from '../../testing/last-seats';
import { databaseUrlOf, type ServerProcess, startServerProcess } from '../../testing/server-process';
import { BOOKING_CLIENT_COOKIE } from './booking-client';

/**
 * Never oversold, across processes: two real server processes on one MariaDB database answer 64
 * concurrent one-seat bookings for the last 6 seats of a date; exactly 6 orders are written. And a
 * booking submitted twice at once (double click, retry) is written once.
 */
const engine = inject('testDb').engine;
let tdb: TestDatabase;
const servers: ServerProcess[] = [];

const TOUR = 4;
const DATE = '2027-05-15'; // Santorini, 20 seats

beforeAll(async () => {
  if (engine !== 'mariadb') return;
  tdb = await createTestDatabase();
  // 14 of the 20 seats are taken: 6 are left.
  await leaveSixSeats(tdb.wp.knex, tdb.wp.t.orders, DATE);
  const env = {
    DATABASE_URL: databaseUrlOf(tdb),
    MAIL_DIR: path.join(PROJECT_ROOT, 'test-results', 'oversell-mail'),
    TRUST_PROXY: '1',
  };
  for (let i = 0; i < 2; i++) servers.push(await startServerProcess(env));
}, 120_000);

afterAll(async () => {
  for (const s of servers) s.child.kill('SIGTERM');
  await tdb?.drop();
});

const bookingBody = (n: number) => payLaterBookingBody({ tourId: TOUR, date: DATE, n });

/**
 * Guest `n` posts from an address of its own (behind the proxy), so no write limit is met, with the
 * booking-client cookie its browser got at the contact step.
 */
function post(url: string, body: string, n: number) {
  return fetch(`${url}/wp-admin/admin-ajax.php`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8',
      'X-Forwarded-For': `198.51.100.${n % 250}`,
      Cookie: `${BOOKING_CLIENT_COOKIE}=${n.toString(16).padStart(32, '0')}`,
    },
    body,
  }).then(async (r) => ({ status: r.status, text: await r.text() }));
}

async function ordersOnDate(): Promise<number> {
  const rows = await tdb.wp
    .knex(tdb.wp.t.orders)
    .where({ tour_id: TOUR, travel_date: DATE })
    .whereNot('order_status', 'cancel');
  return rows.length;
}

describe.runIf(engine === 'mariadb')('never oversold, across two server processes', () => {
  it('sells exactly the last 6 seats to 64 concurrent bookings', async () => {
    const replies = await Promise.all(
      Array.from({ length: 64 }, (_, n) => post(servers[n % 2]!.url, bookingBody(n), n)),
    );
    expect(replies.every((r) => r.status === 200)).toBe(true);
    const booked = replies.filter((r) => r.text.includes('Booking Completed!'));
    const full = replies.filter((r) => r.text.includes('Sorry, this tour is now full'));
    expect(booked).toHaveLength(6);
    const reasons = [
      ...new Set(replies.filter((r) => !r.text.includes('Booking Completed!')).map((r) => r.text.slice(0, 300))),
    ];
    expect(full, reasons.join('\n')).toHaveLength(58);
    expect(await ordersOnDate()).toBe(1 + 6);
    const seats = await tdb.wp
      .knex(tdb.wp.t.orders)
      .where({ tour_id: TOUR, travel_date: DATE })
      .sum({ n: 'traveller_amount' });
    expect(Number(seats[0]!.n)).toBe(20);
  }, 60_000);

  it('writes a booking submitted twice at once only once', async () => {
    await tdb.wp
      .knex(tdb.wp.t.orders)
      .where({ tour_id: TOUR, travel_date: DATE })
      .whereNot('traveller_amount', 14)
      .update({ order_status: 'cancel' });
    const before = await ordersOnDate();
    const body = bookingBody(1000);
    const replies = await Promise.all([
      post(servers[0]!.url, body, 1000),
      post(servers[1]!.url, body, 1000),
      post(servers[0]!.url, body, 1000),
    ]);
    expect(replies.every((r) => r.text.includes('Booking Completed!'))).toBe(true);
    expect(await ordersOnDate()).toBe(before + 1);
  }, 60_000);
});
