import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { holdTime } from '../../data/seat-holds';
import { createTestDatabase, type TestDatabase } from '../../testing/db';
import { databaseUrlOf, type ServerProcess, startServerProcess } from '../../testing/server-process';

/**
 * The seat-hold timers of two real server processes on one MariaDB (SQLite serves one process):
 * holds coming due one after another over a few seconds are cancelled by whichever timer runs
 * first, each exactly once, and both timers take part.
 */
const engine = inject('testDb').engine;
let tdb: TestDatabase;
const servers: ServerProcess[] = [];
const HOLDS = 24;
const holds = () => tdb.wp.knex(`${tdb.wp.prefix}dropin_seat_holds`);

beforeAll(async () => {
  if (engine !== 'mariadb') return;
  tdb = await createTestDatabase();
  // SEAT_HOLD_MINUTES=0.05: each timer runs every second.
  const env = { DATABASE_URL: databaseUrlOf(tdb), SEAT_HOLD_MINUTES: '0.05', LOG_LEVEL: 'info' };
  for (let i = 0; i < 2; i++) servers.push(await startServerProcess(env));
}, 120_000);

afterAll(async () => {
  for (const s of servers) s.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited));
  await tdb?.drop();
});

/** The order ids a process's log says its timer cancelled. */
function cancelledBy(server: ServerProcess): number[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.includes('unpaid orders cancelled at the end of their seat hold'))
    .flatMap((line) => (JSON.parse(line) as { orders: number[] }).orders);
}

describe.runIf(engine === 'mariadb')('seat holds across two server processes', () => {
  it('cancels every due hold exactly once, both timers taking part', async () => {
    const start = Date.now();
    const ids: number[] = [];
    for (let i = 0; i < HOLDS; i++) {
      const [id] = await tdb.wp.knex(tdb.wp.t.orders).insert({
        user_id: 0,
        booking_date: '2026-11-27 10:00:00',
        tour_id: 4,
        travel_date: '2027-05-15',
        package_group_slug: '',
        traveller_amount: 1,
        order_status: 'pending',
        total_price: '120.0000',
      });
      ids.push(Number(id));
    }
    // One hold due every 500 ms for 12 s, from a second from now: many timer runs of each process.
    await holds().insert(
      ids.map((orderId, i) => ({
        order_id: orderId,
        gateway: 'paypal',
        state: 'held',
        created_at: holdTime(new Date(start)),
        expires_at: holdTime(new Date(start + 1_000 + i * 500)),
      })),
    );
    for (let waited = 0; Number((await holds().where('state', 'held').count({ n: '*' }))[0]!.n) !== 0; waited += 200) {
      if (waited > 60_000) throw new Error('the holds were not expired within a minute');
      await sleep(200);
    }

    expect(await holds().distinct('state').whereIn('order_id', ids)).toEqual([{ state: 'expired' }]);
    const statuses = await tdb.wp.knex(tdb.wp.t.orders).distinct('order_status').whereIn('id', ids);
    expect(statuses).toEqual([{ order_status: 'cancel' }]);
    const [first, second] = servers.map(cancelledBy) as [number[], number[]];
    expect([...first, ...second].sort((a, b) => a - b)).toEqual(ids);
    expect(first.length).toBeGreaterThan(0);
    expect(second.length).toBeGreaterThan(0);
  }, 120_000);
});
