import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { inTransaction } from '../../data/tables';
import { recordWebhookEvent } from '../../data/webhook-outbox';
import { insertSubscription } from '../../data/webhook-subscriptions';
import { createTestDatabase, type TestDatabase } from '../../testing/db';
import { databaseUrlOf, type ServerProcess, startServerProcess } from '../../testing/server-process';

/**
 * The webhook dispatchers of two real server processes on one MariaDB (SQLite serves one process):
 * 50 events written over a few seconds, with a slow receiver, are each delivered exactly once per
 * subscription while both dispatchers run, and both take part.
 */
const engine = inject('testDb').engine;
const EVENTS = 50;
let tdb: TestDatabase;
const servers: ServerProcess[] = [];
let receiver: Server;
const received = new Map<string, number>();

beforeAll(async () => {
  if (engine !== 'mariadb') return;
  tdb = await createTestDatabase();
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const key = `${req.url} ${req.headers['webhook-id']}`;
      received.set(key, (received.get(key) ?? 0) + 1);
      // Slow enough that both processes' runs overlap.
      setTimeout(() => res.writeHead(204).end(), 150);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as AddressInfo).port;
  for (const path of ['/a', '/b'])
    await insertSubscription(tdb.wp, {
      url: `http://127.0.0.1:${port}${path}`,
      events: ['availability.changed'],
      secret: `whsec_${Buffer.alloc(24, path).toString('base64')}`,
      createdBy: 1,
      now: new Date(),
    });
  const env = { DATABASE_URL: databaseUrlOf(tdb), WEBHOOKS_ALLOW_PRIVATE: '1', LOG_LEVEL: 'info' };
  for (let i = 0; i < 2; i++) servers.push(await startServerProcess(env));
}, 120_000);

afterAll(async () => {
  for (const s of servers) s.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited));
  await new Promise((resolve) => receiver?.close(resolve));
  await tdb?.drop();
});

/** The delivery ids a process's log says it tried. */
function triedBy(server: ServerProcess): number[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.includes('webhook deliveries tried'))
    .flatMap((line) => (JSON.parse(line) as { deliveries: number[] }).deliveries);
}

describe.runIf(engine === 'mariadb')('webhook delivery across two server processes', () => {
  it('delivers each event exactly once per subscription, both dispatchers taking part', async () => {
    // Written from outside both processes (no in-process wake-up): only their timers find them.
    for (let i = 0; i < EVENTS; i++) {
      await inTransaction(tdb.wp, (trx) =>
        recordWebhookEvent(trx, { type: 'availability.changed', now: new Date(), data: { tour_id: 4, date: `d${i}` } }),
      );
      await sleep(240);
    }
    const deliveries = () => tdb.wp.knex(`${tdb.wp.prefix}dropin_webhook_deliveries`);
    for (let waited = 0; ; waited += 200) {
      const [{ n }] = (await deliveries().whereNot('state', 'delivered').count({ n: '*' })) as [{ n: number }];
      if (Number(n) === 0) break;
      if (waited > 60_000) throw new Error('not all deliveries were made within a minute');
      await sleep(200);
    }
    expect(received.size).toBe(EVENTS * 2);
    expect([...received.values()].every((n) => n === 1)).toBe(true);
    expect(await deliveries().distinct('attempts')).toEqual([{ attempts: 1 }]);
    // A process logs what it tried after the deliveries' rows are written: wait for its lines.
    for (let waited = 0; servers.flatMap(triedBy).length < EVENTS * 2 && waited < 10_000; waited += 100)
      await sleep(100);
    const [first, second] = servers.map(triedBy) as [number[], number[]];
    expect(first.length + second.length).toBe(EVENTS * 2);
    expect(new Set([...first, ...second]).size).toBe(EVENTS * 2);
    expect(first.length).toBeGreaterThan(0);
    expect(second.length).toBeGreaterThan(0);
  }, 120_000);
});
