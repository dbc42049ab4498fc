import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PROJECT_ROOT } from '../config';
import { createTestDatabase, type TestDatabase } from '../testing/db';
import { MARIADB } from '../testing/test-db-config';

/**
 * Never oversold, across processes: two real server processes on one MariaDB database answer 64
 * concurrent one-seat bookings for the last 6 seats of a date; exactly 6 orders are written. And a
 * booking submitted twice at once (double click, retry) is written once.
 */
const engine = inject('testDb').engine;
let tdb: TestDatabase;
const servers: { child: ChildProcess; url: string }[] = [];

const TOUR = 4;
const DATE = '2027-05-15'; // Santorini, 20 seats

beforeAll(async () => {
  if (engine !== 'mariadb') return;
  tdb = await createTestDatabase();
  // 14 of the 20 seats are taken: 6 are left.
  await tdb.wp.knex(tdb.wp.t.orders).insert({
    user_id: 0,
    booking_date: '2026-11-20 10:00:00',
    tour_id: TOUR,
    travel_date: DATE,
    package_group_slug: '',
    traveller_amount: 14,
    male_amount: 0,
    female_amount: 0,
    order_status: 'approved',
    total_price: '1831.2000',
  });
  const url = `mysql://${MARIADB.user}:${MARIADB.password}@${MARIADB.host}:${MARIADB.port}/${tdb.name}`;
  for (let i = 0; i < 2; i++) servers.push(await startServer(url));
}, 120_000);

afterAll(async () => {
  for (const s of servers) s.child.kill('SIGTERM');
  await tdb?.drop();
});

function startServer(databaseUrl: string): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'server', 'main.ts')], {
      cwd: PROJECT_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        PORT: '0',
        LOG_LEVEL: 'warn',
        DATABASE_URL: databaseUrl,
        MAIL_DIR: path.join(PROJECT_ROOT, 'test-results', 'oversell-mail'),
      },
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /running at (http:\/\/\S+?)\/\n/.exec(out);
      if (m) resolve({ child, url: m[1]! });
    });
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
}

/** A guest's pay-later booking of one seat, as the payment page's script posts step 4. */
function bookingBody(n: number): string {
  const detail: [string, string][] = [
    ['tour-id', String(TOUR)],
    ['tour-date', DATE],
    ['tour-people', '1'],
    ['traveller_title][', 'mr'],
    ['traveller_first_name][', `Guest${n}`],
    ['traveller_last_name][', 'Concurrent'],
    ['first_name', `Guest${n}`],
    ['last_name', 'Concurrent'],
    ['email', `guest${n}@example.test`],
    ['phone', '+30 210 000 0000'],
    ['country', 'Greece'],
    ['contact_address', 'Athens'],
    ['billing_first_name', `Guest${n}`],
    ['billing_last_name', 'Concurrent'],
    ['billing_email', `guest${n}@example.test`],
    ['billing_phone', '+30 210 000 0000'],
    ['billing_country', 'Greece'],
    ['billing_contact_address', 'Athens'],
    ['additional_notes', ''],
    ['term-and-service', 'on'],
    ['step', '4'],
    ['payment-method', 'booking'],
  ];
  const params = new URLSearchParams({ action: 'tourmaster_payment_template' });
  for (const [k, v] of detail) params.append(`booking_detail[${k}]`, v);
  // `traveller_first_name][` becomes `booking_detail[traveller_first_name][]`, a PHP list.
  return params.toString();
}

function post(url: string, body: string) {
  return fetch(`${url}/wp-admin/admin-ajax.php`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' },
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
    const replies = await Promise.all(Array.from({ length: 64 }, (_, n) => post(servers[n % 2]!.url, bookingBody(n))));
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
      post(servers[0]!.url, body),
      post(servers[1]!.url, body),
      post(servers[0]!.url, body),
    ]);
    expect(replies.every((r) => r.text.includes('Booking Completed!'))).toBe(true);
    expect(await ordersOnDate()).toBe(before + 1);
  }, 60_000);
});
