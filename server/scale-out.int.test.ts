import { execFileSync } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { payLaterBookingBody } from './testing/booking-body';
import { createTestDatabase, type TestDatabase } from './testing/db';
import { leaveSixSeats } from './testing/last-seats';
import { databaseUrlOf, type ServerProcess, startServerProcess } from './testing/server-process';

/**
 * `WORKERS=2`: the real server started as an operator starts it, one primary and two worker
 * processes sharing the port. Requests are answered by both; a worker killed is replaced; two
 * workers booking the last seats at once never oversell (MariaDB); SIGTERM lets a request in
 * flight finish while new connections are refused.
 */
const engine = inject('testDb').engine;
let tdb: TestDatabase;
let primary: ServerProcess;
let port: number;

const TOUR = 4;
const SEAT_DATE = '2027-05-22'; // Santorini, 20 seats a date
const AMOUNT_CHECK =
  'action=tourmaster_tour_booking_amount_check&tid=&tour_id=4&tour_date=2027-05-15&traveller=2&adult_amount=2&male_amount=0&female_amount=0&package=';

beforeAll(async () => {
  tdb = await createTestDatabase();
  primary = await startServerProcess({
    DATABASE_URL: databaseUrlOf(tdb),
    WORKERS: '2',
    SHUTDOWN_TIMEOUT: '15',
    TRUST_PROXY: '1',
  });
  port = Number(new URL(primary.url).port);
  // The second worker may still be starting when the first prints its address.
  await waitFor(async () => (await servedBy(8, '/healthz')).size === 2, 30_000);
}, 120_000);

afterAll(async () => {
  if (primary?.child.exitCode === null) {
    primary.child.kill('SIGKILL');
    for (const pid of childPids(primary.child.pid!)) process.kill(pid, 'SIGKILL');
  }
  await tdb?.drop();
});

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request on a new connection (the cluster hands out connections, not requests). */
function request(path: string, body?: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: body === undefined ? 'GET' : 'POST',
        agent: false,
        headers: {
          ...(body === undefined ? {} : { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' }),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The `X-Worker` ids that answered `n` requests. */
async function servedBy(n: number, path: string): Promise<Set<string>> {
  const replies = await Promise.all(Array.from({ length: n }, () => request(path)));
  for (const r of replies) expect(r.status).toBe(200);
  return new Set(replies.map((r) => String(r.headers['x-worker'])));
}

/** The primary's node children (its workers), from the process list; tsx's esbuild service is not one. */
function childPids(pid: number): number[] {
  try {
    const out = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(pid)], { encoding: 'utf8' });
    return out
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter(([, comm]) => comm === 'node')
      .map(([child]) => Number(child));
  } catch {
    return []; // ps exits 1 when there are none
  }
}

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** A raw connection that sends a request in pieces and collects the whole reply. */
function rawConnection(): { socket: net.Socket; reply: Promise<string> } {
  const socket = net.connect(port, '127.0.0.1');
  let data = '';
  socket.setEncoding('utf8');
  socket.on('data', (d) => (data += d));
  const reply = new Promise<string>((resolve, reject) => {
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
  return { socket, reply };
}

function connectionRefused(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}

describe('WORKERS=2', () => {
  it('runs two worker processes under the primary, and both answer requests', async () => {
    const pids = childPids(primary.child.pid!);
    expect(pids).toHaveLength(2);
    const workers = await servedBy(12, '/tour/santorini-caldera-sunset-cruise/');
    expect(workers.size).toBe(2);
    const ready = await request('/readyz');
    expect([ready.status, JSON.parse(ready.body)]).toEqual([200, { ready: true }]);
  });

  it('replaces a worker that dies, and the new one serves', async () => {
    const [victim, survivor] = childPids(primary.child.pid!);
    process.kill(victim!, 'SIGKILL');
    await waitFor(() => {
      const now = childPids(primary.child.pid!);
      return now.length === 2 && !now.includes(victim!) && now.includes(survivor!);
    }, 15_000);
    // Worker ids count up: the replacement is worker 3.
    await waitFor(async () => (await servedBy(8, '/healthz')).has('3'), 30_000);
    expect(primary.output()).toMatch(/worker died/);
  }, 60_000);

  it.runIf(engine === 'mariadb')(
    'never oversells: 40 concurrent bookings for the last 6 seats',
    async () => {
      await leaveSixSeats(tdb.wp.knex, tdb.wp.t.orders, SEAT_DATE);
      const replies = await Promise.all(
        Array.from({ length: 40 }, (_, n) =>
          // Forty guests, each from their own address (behind the proxy): no write limit is met.
          request('/wp-admin/admin-ajax.php', payLaterBookingBody({ tourId: TOUR, date: SEAT_DATE, n: 5000 + n }), {
            'X-Forwarded-For': `198.51.100.${n + 1}`,
          }),
        ),
      );
      expect(new Set(replies.map((r) => r.headers['x-worker'])).size).toBe(2);
      expect(replies.filter((r) => r.body.includes('Booking Completed!'))).toHaveLength(6);
      const others = replies.filter((r) => !/Booking Completed!|Sorry, this tour is now full/.test(r.body));
      expect(others.map((r) => `${r.status} ${r.body.slice(0, 200)}`)).toEqual([]);
      const [row] = await tdb.wp
        .knex(tdb.wp.t.orders)
        .where({ tour_id: TOUR, travel_date: SEAT_DATE })
        .whereNot('order_status', 'cancel')
        .sum({ seats: 'traveller_amount' })
        .count({ orders: '*' });
      expect([Number(row!.seats), Number(row!.orders)]).toEqual([20, 7]);
    },
    60_000,
  );

  it('on SIGTERM finishes the requests in flight, refuses new connections, then exits', async () => {
    const workers = childPids(primary.child.pid!);
    // A: an admin-ajax POST whose body is still arriving. B: a /readyz whose headers are.
    const slow = rawConnection();
    const half = Math.floor(AMOUNT_CHECK.length / 2);
    slow.socket.write(
      'POST /wp-admin/admin-ajax.php HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n' +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${AMOUNT_CHECK.length}\r\n\r\n` +
        AMOUNT_CHECK.slice(0, half),
    );
    const probe = rawConnection();
    probe.socket.write('GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await sleep(300);

    primary.child.kill('SIGTERM');
    await waitFor(connectionRefused, 5_000);

    probe.socket.write('\r\n');
    const draining = await probe.reply;
    expect(draining).toMatch(/^HTTP\/1\.1 503 /);
    expect(draining).toMatch(/\r\nConnection: close\r\n/i);
    expect(draining).toContain('"reason":"The server is shutting down."');

    slow.socket.write(AMOUNT_CHECK.slice(half));
    const finished = await slow.reply;
    expect(finished).toMatch(/^HTTP\/1\.1 200 /);
    expect(finished).toMatch(/\r\nConnection: close\r\n/i);
    expect(finished.endsWith('{"status":"success"}')).toBe(true);

    expect(await primary.exited).toBe(0);
    expect(workers.filter((pid) => isAlive(pid))).toEqual([]);
  }, 60_000);
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
