import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payLaterBookingBody } from '../../testing/booking-body';
import { type GaleraCluster, galeraUnavailable, startGaleraCluster } from '../../testing/galera-cluster';
import { leaveSixSeats } from '../../testing/last-seats';
import { type ServerProcess, startServerProcess } from '../../testing/server-process';

/**
 * The README's cluster claim: on a three-node MariaDB Galera cluster, two server processes each
 * writing through a different node never sell more seats than a date has. Galera certifies a
 * transaction against the rows the others wrote, not the rows they locked, so this holds only if
 * the booking's seat lock is a real write (data/order-writes.ts, lockKeys).
 */
const unavailable = galeraUnavailable();
if (unavailable) console.warn(`Galera cluster test skipped: ${unavailable}`);

const DATABASE = 'tm_galera';
const TOUR = 4;
const SEAT_DATE = '2027-05-22'; // Santorini, 20 seats a date
const BOOKINGS = 64;
let cluster: GaleraCluster | undefined;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  if (unavailable) return;
  cluster = await startGaleraCluster(3);
  await cluster.loadFixtureSite(DATABASE);
  const db = cluster.nodes[0]!.open(DATABASE);
  try {
    // 14 of the date's 20 seats sold: 6 left.
    await leaveSixSeats(db.knex, 'wp_tourmaster_order', SEAT_DATE);
  } finally {
    await db.close();
  }
  for (const node of cluster.nodes.slice(0, 2)) {
    servers.push(await startServerProcess({ DATABASE_URL: node.url(DATABASE), TRUST_PROXY: '1' }));
  }
}, 240_000);

afterAll(async () => {
  for (const s of servers) s.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited));
  await cluster?.destroy();
}, 60_000);

interface Reply {
  status: number;
  body: string;
}

/** One booking POST; a reply that does not come within a minute is a hang. */
function book(server: ServerProcess, n: number): Promise<Reply> {
  const body = payLaterBookingBody({ tourId: TOUR, date: SEAT_DATE, n: 7000 + n });
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${server.url}/wp-admin/admin-ajax.php`,
      {
        method: 'POST',
        agent: false,
        timeout: 60_000,
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8',
          // Each guest from their own address (behind the proxy): no write limit is met.
          'X-Forwarded-For': `198.51.100.${n + 1}`,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`booking ${n} had no reply within a minute`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** The date's seat-holding orders as `node` sees them once it has applied every write before the query. */
async function soldOn(node: GaleraCluster['nodes'][number]): Promise<[number, number]> {
  const db = node.open(DATABASE);
  try {
    await db.knex.raw('SET SESSION wsrep_sync_wait = 1');
    const [row] = await db
      .knex('wp_tourmaster_order')
      .where({ tour_id: TOUR, travel_date: SEAT_DATE })
      .whereNot('order_status', 'cancel')
      .sum({ seats: 'traveller_amount' })
      .count({ orders: '*' });
    return [Number(row!.seats), Number(row!.orders)];
  } finally {
    await db.close();
  }
}

describe.skipIf(unavailable)('seats on a three-node Galera cluster, written through two nodes', () => {
  it(`sells exactly the last 6 seats to ${BOOKINGS} concurrent one-seat bookings`, async () => {
    const replies = await Promise.all(Array.from({ length: BOOKINGS }, (_, n) => book(servers[n % 2]!, n)));
    const completed = replies.filter((r) => r.body.includes('Booking Completed!'));
    const full = replies.filter((r) => r.body.includes('Sorry, this tour is now full'));
    const unclear = replies.filter((r) => !completed.includes(r) && !full.includes(r));
    expect(unclear.map((r) => `${r.status} ${r.body.slice(0, 200)}`)).toEqual([]);
    expect(completed).toHaveLength(6);
    // Every node agrees: 14 + 6 seats in 1 + 6 orders.
    for (const node of cluster!.nodes) expect(await soldOn(node)).toEqual([20, 7]);
  }, 150_000);
});
