import { inTransaction, type WpDb } from './tables';
import { attemptsTable, deliveriesTable, eventsTable } from './webhook-outbox';
import { subscriptionsTable, utcTime } from './webhook-subscriptions';

/** A delivery claimed for sending, with what sending needs. */
export interface ClaimedDelivery {
  id: number;
  attempts: number;
  subscriptionId: number;
  url: string;
  secret: string;
  msgId: string;
  type: string;
  payload: string;
  /** When the event happened (UTC `Y-m-d H:i:s`): retries stop 24 hours after it. */
  eventAt: string;
}

/**
 * Claims up to `limit` due deliveries of active subscriptions for this process until `leaseUntil`:
 * on MariaDB the candidates are locked with SKIP LOCKED (two processes take different rows), and
 * each is taken by a conditional UPDATE (due, and not leased to anyone: the only claim on SQLite,
 * whose one writer at a time serialises it). A process that dies leaves its lease to run out; the
 * delivery is then claimed again (at least once).
 */
export async function claimDueDeliveries(
  wp: WpDb,
  claim: { now: Date; leaseUntil: Date; token: string; limit: number },
): Promise<ClaimedDelivery[]> {
  const now = utcTime(claim.now);
  const ids = await inTransaction(
    wp,
    async (trx) => {
      const d = deliveriesTable(trx);
      const due = (await trx.dialect.claimForUpdate(
        trx
          .knex(d)
          .select('id')
          .where('state', 'pending')
          .where('next_attempt_at', '<=', now)
          .where((w) => w.whereNull('claimed_until').orWhere('claimed_until', '<=', now))
          .whereIn('subscription_id', trx.knex(subscriptionsTable(trx)).select('id').where('status', 'active'))
          .orderBy('next_attempt_at')
          .orderBy('id')
          .limit(claim.limit),
      )) as { id: number | string }[];
      const taken: number[] = [];
      for (const { id } of due) {
        const updated = await trx
          .knex(d)
          .where({ id: Number(id), state: 'pending' })
          .where((w) => w.whereNull('claimed_until').orWhere('claimed_until', '<=', now))
          .update({ claimed_until: utcTime(claim.leaseUntil), claimed_by: claim.token });
        if (updated > 0) taken.push(Number(id));
      }
      return taken;
    },
    { readCommitted: true },
  );
  if (!ids.length) return [];
  const rows = (await wp
    .knex(`${deliveriesTable(wp)} as d`)
    .join(`${eventsTable(wp)} as e`, 'e.id', 'd.event_id')
    .join(`${subscriptionsTable(wp)} as s`, 's.id', 'd.subscription_id')
    .select('d.id', 'd.attempts', 'd.subscription_id', 's.url', 's.secret', 'e.msg_id', 'e.type', 'e.payload')
    .select({ event_at: 'e.created_at' })
    .whereIn('d.id', ids)
    .orderBy('d.id')) as Record<string, unknown>[];
  return rows.map((r) => ({
    id: Number(r.id),
    attempts: Number(r.attempts),
    subscriptionId: Number(r.subscription_id),
    url: String(r.url),
    secret: String(r.secret),
    msgId: String(r.msg_id),
    type: String(r.type),
    payload: String(r.payload),
    eventAt: String(r.event_at),
  }));
}

/** One try's outcome: the receiver's HTTP status, or the error that kept it from answering. */
export interface AttemptOutcome {
  at: Date;
  status: number | null;
  error: string | null;
  durationMs: number;
}

/**
 * Records a try and the delivery's next state, only while this process still holds the lease
 * (`token`): `delivered`, `pending` again at `nextAt`, or `failed`. Returns false when the lease
 * was lost (ran out and another process claimed it): nothing is changed then.
 */
export async function settleAttempt(
  wp: WpDb,
  delivery: { id: number; attempts: number; token: string },
  outcome: AttemptOutcome,
  next: { state: 'delivered' | 'failed' } | { state: 'pending'; nextAt: Date },
): Promise<boolean> {
  return inTransaction(wp, async (trx) => {
    const at = utcTime(outcome.at);
    const error = outcome.error === null ? null : outcome.error.slice(0, 255);
    const updated = await trx
      .knex(deliveriesTable(trx))
      .where({ id: delivery.id, claimed_by: delivery.token, state: 'pending' })
      .update({
        state: next.state,
        attempts: delivery.attempts + 1,
        last_status: outcome.status,
        last_error: error,
        claimed_until: null,
        claimed_by: null,
        ...(next.state === 'pending' ? { next_attempt_at: utcTime(next.nextAt) } : {}),
        ...(next.state === 'delivered' ? { delivered_at: at } : {}),
      });
    if (!updated) return false;
    await trx.knex(attemptsTable(trx)).insert({
      delivery_id: delivery.id,
      attempted_at: at,
      status: outcome.status,
      error,
      duration_ms: Math.max(0, Math.round(outcome.durationMs)),
    });
    return true;
  });
}

/** A disabled subscription's pending deliveries end `failed`: nobody will send them. */
export async function failPendingDeliveries(wp: WpDb, subscriptionId: number, reason: string): Promise<void> {
  await wp
    .knex(deliveriesTable(wp))
    .where({ subscription_id: subscriptionId, state: 'pending' })
    .update({ state: 'failed', last_error: reason.slice(0, 255), claimed_until: null, claimed_by: null });
}

/** A deleted subscription's deliveries and their tries (its events stay for the others). */
export async function deleteDeliveriesOf(wp: WpDb, subscriptionId: number): Promise<void> {
  const ids = wp.knex(deliveriesTable(wp)).select('id').where('subscription_id', subscriptionId);
  await wp.knex(attemptsTable(wp)).whereIn('delivery_id', ids).delete();
  await wp.knex(deliveriesTable(wp)).where('subscription_id', subscriptionId).delete();
}

export interface DeliveryLogEntry {
  id: number;
  msgId: string;
  type: string;
  state: string;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: string;
  nextAttemptAt: string;
  deliveredAt: string | null;
}

/** A subscription's deliveries, newest first, a page at a time. */
export async function listDeliveries(
  wp: WpDb,
  subscriptionId: number,
  page: { offset: number; limit: number },
): Promise<{ items: DeliveryLogEntry[]; total: number }> {
  const [{ n }] = (await wp.knex(deliveriesTable(wp)).count({ n: '*' }).where('subscription_id', subscriptionId)) as [
    { n: number | string },
  ];
  const rows = (await wp
    .knex(`${deliveriesTable(wp)} as d`)
    .join(`${eventsTable(wp)} as e`, 'e.id', 'd.event_id')
    .select('d.*', 'e.msg_id', 'e.type')
    .where('d.subscription_id', subscriptionId)
    .orderBy('d.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)) as Record<string, unknown>[];
  const items = rows.map((r) => ({
    id: Number(r.id),
    msgId: String(r.msg_id),
    type: String(r.type),
    state: String(r.state),
    attempts: Number(r.attempts),
    lastStatus: r.last_status == null ? null : Number(r.last_status),
    lastError: r.last_error == null ? null : String(r.last_error),
    createdAt: String(r.created_at),
    nextAttemptAt: String(r.next_attempt_at),
    deliveredAt: r.delivered_at == null ? null : String(r.delivered_at),
  }));
  return { items, total: Number(n) };
}
