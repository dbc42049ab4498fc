import type { WpDb } from './tables';

/**
 * Webhook subscriptions (`{prefix}dropin_webhook_subscriptions`, migration 20261128000100). Times
 * are UTC `Y-m-d H:i:s` (see {@link utcTime}).
 */
export const WEBHOOK_EVENT_TYPES = [
  'booking.created',
  'booking.paid',
  'booking.cancelled',
  'availability.changed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export interface WebhookSubscription {
  id: number;
  url: string;
  events: WebhookEventType[];
  secret: string;
  status: 'active' | 'disabled';
  createdBy: number;
  createdAt: string;
  disabledAt: string | null;
  disabledReason: string | null;
}

export const subscriptionsTable = (wp: Pick<WpDb, 'prefix'>) => `${wp.prefix}dropin_webhook_subscriptions`;

/** A UTC instant as the webhook tables store it (`Y-m-d H:i:s`; compared as text on SQLite). */
export function utcTime(at: Date): string {
  return at.toISOString().slice(0, 19).replace('T', ' ');
}

export async function insertSubscription(
  wp: WpDb,
  s: { url: string; events: readonly WebhookEventType[]; secret: string; createdBy: number; now: Date },
): Promise<number> {
  const [id] = await wp.knex(subscriptionsTable(wp)).insert({
    url: s.url,
    events: JSON.stringify(s.events),
    secret: s.secret,
    status: 'active',
    created_by: s.createdBy,
    created_at: utcTime(s.now),
  });
  return Number(id);
}

export async function getSubscription(wp: WpDb, id: number): Promise<WebhookSubscription | undefined> {
  const row = (await wp.knex(subscriptionsTable(wp)).first().where('id', id)) as Record<string, unknown> | undefined;
  return row ? subscriptionOf(row) : undefined;
}

/** The active subscriptions (a site has a handful: read whole, filtered by event type in code). */
export async function activeSubscriptions(wp: WpDb): Promise<WebhookSubscription[]> {
  const rows = (await wp.knex(subscriptionsTable(wp)).select().where('status', 'active').orderBy('id')) as Record<
    string,
    unknown
  >[];
  return rows.map(subscriptionOf);
}

export async function listSubscriptions(
  wp: WpDb,
  page: { offset: number; limit: number },
): Promise<{ items: WebhookSubscription[]; total: number }> {
  const [{ n }] = (await wp.knex(subscriptionsTable(wp)).count({ n: '*' })) as [{ n: number | string }];
  const rows = (await wp
    .knex(subscriptionsTable(wp))
    .select()
    .orderBy('id')
    .offset(page.offset)
    .limit(page.limit)) as Record<string, unknown>[];
  return { items: rows.map(subscriptionOf), total: Number(n) };
}

export async function updateSubscription(
  wp: WpDb,
  id: number,
  patch: { url?: string; events?: readonly WebhookEventType[]; status?: 'active' | 'disabled'; now: Date },
): Promise<void> {
  const row: Record<string, unknown> = {};
  if (patch.url !== undefined) row.url = patch.url;
  if (patch.events !== undefined) row.events = JSON.stringify(patch.events);
  if (patch.status === 'active') Object.assign(row, { status: 'active', disabled_at: null, disabled_reason: null });
  if (patch.status === 'disabled')
    Object.assign(row, {
      status: 'disabled',
      disabled_at: utcTime(patch.now),
      disabled_reason: 'Disabled through the API.',
    });
  if (Object.keys(row).length) await wp.knex(subscriptionsTable(wp)).where('id', id).update(row);
}

/**
 * Disables an active subscription (its deliveries kept failing for 24 hours). Conditional, so of
 * two processes failing at once only one gets true (and mails the admin).
 */
export async function disableSubscription(wp: WpDb, id: number, reason: string, now: Date): Promise<boolean> {
  const updated = await wp
    .knex(subscriptionsTable(wp))
    .where({ id, status: 'active' })
    .update({ status: 'disabled', disabled_at: utcTime(now), disabled_reason: reason.slice(0, 255) });
  return updated > 0;
}

export async function deleteSubscription(wp: WpDb, id: number): Promise<boolean> {
  return (await wp.knex(subscriptionsTable(wp)).where('id', id).delete()) > 0;
}

function subscriptionOf(row: Record<string, unknown>): WebhookSubscription {
  let events: unknown;
  try {
    events = JSON.parse(String(row.events));
  } catch {
    events = [];
  }
  return {
    id: Number(row.id),
    url: String(row.url),
    events: (Array.isArray(events) ? events : []).filter((e): e is WebhookEventType =>
      (WEBHOOK_EVENT_TYPES as readonly unknown[]).includes(e),
    ),
    secret: String(row.secret),
    status: row.status === 'active' ? 'active' : 'disabled',
    createdBy: Number(row.created_by),
    createdAt: String(row.created_at),
    disabledAt: row.disabled_at == null ? null : String(row.disabled_at),
    disabledReason: row.disabled_reason == null ? null : String(row.disabled_reason),
  };
}
