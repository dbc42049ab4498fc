import { randomBytes } from 'node:crypto';
import type { WpDb } from './tables';
import { activeSubscriptions, utcTime, type WebhookEventType } from './webhook-subscriptions';

export const eventsTable = (wp: Pick<WpDb, 'prefix'>) => `${wp.prefix}dropin_webhook_events`;
export const deliveriesTable = (wp: Pick<WpDb, 'prefix'>) => `${wp.prefix}dropin_webhook_deliveries`;
export const attemptsTable = (wp: Pick<WpDb, 'prefix'>) => `${wp.prefix}dropin_webhook_attempts`;

/** An event as the outbox keeps it: the Standard Webhooks body `{type, timestamp, data}`. */
export interface WebhookEventInput {
  type: WebhookEventType;
  data: Record<string, unknown>;
  now: Date;
}

/**
 * Writes an event to the outbox AND one pending delivery per active subscription that wants its
 * type, with `trx`: the transaction of the change that causes the event. Committed together with
 * the change or rolled back with it, so there is never an event without its change nor a change
 * without its event. Returns the event's `msg_…` id, or undefined when nobody subscribes to it
 * (nothing is written then: the outbox holds only what someone will receive).
 */
export async function recordWebhookEvent(
  trx: WpDb,
  event: WebhookEventInput,
  /** The subscribers of the event's type, when the caller has just read them (not read again). */
  known?: readonly Subscriber[],
): Promise<string | undefined> {
  const subscribers = known ?? (await subscribersOf(trx, event.type));
  if (!subscribers.length) return undefined;
  const msgId = `msg_${randomBytes(16).toString('hex')}`;
  const at = utcTime(event.now);
  const payload = JSON.stringify({ type: event.type, timestamp: event.now.toISOString(), data: event.data });
  const [eventId] = await trx
    .knex(eventsTable(trx))
    .insert({ msg_id: msgId, type: event.type, payload, created_at: at });
  await trx.knex(deliveriesTable(trx)).insert(
    subscribers.map((s) => ({
      event_id: Number(eventId),
      subscription_id: s.id,
      state: 'pending',
      attempts: 0,
      next_attempt_at: at,
      created_at: at,
    })),
  );
  return msgId;
}

type Subscriber = Awaited<ReturnType<typeof activeSubscriptions>>[number];

/** The active subscriptions that want events of `type`. */
export async function subscribersOf(trx: WpDb, type: WebhookEventType): Promise<Subscriber[]> {
  return (await activeSubscriptions(trx)).filter((s) => s.events.includes(type));
}

/**
 * Runs `fn` once `trx`'s transaction commits (never on a rollback); right away outside one. For
 * hints only (waking the dispatcher): a process may stop between the commit and the call.
 */
export function afterCommit(trx: WpDb, fn: () => void): void {
  const execution = (trx.knex as { executionPromise?: Promise<unknown> }).executionPromise;
  if (execution) execution.then(fn, () => {});
  else fn();
}
