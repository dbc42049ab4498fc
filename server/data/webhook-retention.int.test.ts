import { setTimeout as sleep } from 'node:timers/promises';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/db';
import { attemptsTable, deliveriesTable, eventsTable, recordWebhookEvent } from './webhook-outbox';
import { pruneWebhookLog } from './webhook-retention';
import { insertSubscription } from './webhook-subscriptions';

/**
 * The webhook log's retention: settled events older than the cut-off go with their deliveries and
 * attempts; a pending delivery keeps its event whatever its age; newer events stay.
 */
let tdb: TestDatabase;
const DAY = 24 * 3_600_000;
const NOW = new Date('2027-06-30T12:00:00Z');

beforeAll(async () => {
  tdb = await createTestDatabase();
  await insertSubscription(tdb.wp, {
    url: 'https://hooks.example.test/',
    events: ['availability.changed'],
    secret: 'whsec_dGVzdA==',
    createdBy: 1,
    now: new Date(NOW.getTime() - 60 * DAY),
  });
}, 60_000);

afterAll(async () => {
  await tdb?.drop();
});

/** An event at `at` whose one delivery is in `state`, with one attempt logged. */
async function eventAt(at: Date, state: 'delivered' | 'failed' | 'pending', date: string): Promise<number> {
  await recordWebhookEvent(tdb.wp, { type: 'availability.changed', now: at, data: { tour_id: 4, date } });
  const { id } = (await tdb.wp.knex(eventsTable(tdb.wp)).max({ id: 'id' }).first()) as { id: number };
  const delivery = (await tdb.wp.knex(deliveriesTable(tdb.wp)).where('event_id', id).first('id')) as { id: number };
  await tdb.wp.knex(deliveriesTable(tdb.wp)).where('id', delivery.id).update({ state });
  await tdb.wp.knex(attemptsTable(tdb.wp)).insert({
    delivery_id: delivery.id,
    attempted_at: '2027-01-01 00:00:00',
    status: 200,
    error: null,
    duration_ms: 5,
  });
  return Number(id);
}

const ids = async (table: string, column = 'id') =>
  (await tdb.wp.knex(table).select(column)).map((r) => Number((r as Record<string, unknown>)[column]));

describe('pruneWebhookLog', () => {
  it('removes settled events older than the cut-off with their deliveries and attempts, and nothing else', async () => {
    const delivered = await eventAt(new Date(NOW.getTime() - 40 * DAY), 'delivered', '2027-05-01');
    const failed = await eventAt(new Date(NOW.getTime() - 35 * DAY), 'failed', '2027-05-02');
    const pending = await eventAt(new Date(NOW.getTime() - 40 * DAY), 'pending', '2027-05-03');
    const recent = await eventAt(new Date(NOW.getTime() - 2 * DAY), 'delivered', '2027-05-04');

    expect(await pruneWebhookLog(tdb.wp, new Date(NOW.getTime() - 30 * DAY))).toBe(2);

    expect((await ids(eventsTable(tdb.wp))).sort()).toEqual([pending, recent].sort());
    expect((await ids(deliveriesTable(tdb.wp), 'event_id')).sort()).toEqual([pending, recent].sort());
    const kept = await tdb.wp.knex(deliveriesTable(tdb.wp)).select('id');
    const attempts = await ids(attemptsTable(tdb.wp), 'delivery_id');
    expect(attempts.sort()).toEqual(kept.map((r) => Number(r.id)).sort());
    expect([delivered, failed].some((id) => id === pending || id === recent)).toBe(false);
    // Again: nothing more to remove.
    expect(await pruneWebhookLog(tdb.wp, new Date(NOW.getTime() - 30 * DAY))).toBe(0);
  });
});

/**
 * Whether the prune (another connection of this database) is running its DELETE of events; asked on
 * the test transaction's connection, the test pool having no other one free.
 */
async function pruneDeletingEvents(trx: Knex.Transaction): Promise<boolean> {
  const [rows] = (await trx.raw(
    'SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE db = DATABASE() AND id <> CONNECTION_ID() AND info LIKE ?',
    [`delete from \`${eventsTable(tdb.wp)}\` %`],
  )) as [{ n: number }[]];
  return Number(rows[0]?.n) > 0;
}

describe.runIf(inject('testDb').engine === 'mariadb')('pruneWebhookLog beside a booking writing its event', () => {
  it('never deadlocks with a transaction between writing an event and its deliveries', async () => {
    // The booking's transaction (services/webhooks/booking-events.ts) has written its event and
    // not yet its deliveries when a dispatcher's prune starts; then it writes them and commits.
    const knex = tdb.wp.knex as Knex;
    const trx = await knex.transaction();
    try {
      const at = '2027-06-30 12:00:00';
      const [eventId] = await trx(eventsTable(tdb.wp)).insert({
        msg_id: `msg_${'d'.repeat(32)}`,
        type: 'availability.changed',
        payload: '{}',
        created_at: at,
      });
      let settled = false;
      const prune = pruneWebhookLog(tdb.wp, new Date(NOW.getTime() - 30 * DAY)).finally(() => {
        settled = true;
      });
      prune.catch(() => {});
      // Until the prune is at its last statement, the DELETE of events, which waits for the event
      // row this transaction holds, its DELETE of deliveries done. Under REPEATABLE READ that one
      // kept a lock on the gap after the last delivery, so the insert below waited on it: deadlock.
      for (let waited = 0; !settled && !(await pruneDeletingEvents(trx)); waited += 20) {
        if (waited > 10_000) throw new Error('the prune neither reached its last statement nor finished');
        await sleep(20);
      }
      const [subscription] = await trx(`${tdb.wp.prefix}dropin_webhook_subscriptions`).select('id').limit(1);
      await trx(deliveriesTable(tdb.wp)).insert({
        event_id: Number(eventId),
        subscription_id: Number(subscription.id),
        state: 'pending',
        attempts: 0,
        next_attempt_at: at,
        created_at: at,
      });
      await trx.commit();
      await expect(prune).resolves.toBeTypeOf('number');
    } finally {
      if (!trx.isCompleted()) await trx.rollback();
    }
  });
});
