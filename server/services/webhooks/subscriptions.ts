import { randomBytes } from 'node:crypto';
import { inTransaction } from '../../data/tables';
import { type DeliveryLogEntry, deleteDeliveriesOf, listDeliveries } from '../../data/webhook-deliveries';
import {
  deleteSubscription,
  getSubscription,
  insertSubscription,
  listSubscriptions,
  updateSubscription,
  type WebhookEventType,
  type WebhookSubscription,
} from '../../data/webhook-subscriptions';
import type { RequestContext } from '../context';
import { resolveReceiver } from './receiver-address';

export { WEBHOOK_EVENT_TYPES, type WebhookEventType, type WebhookSubscription } from '../../data/webhook-subscriptions';
export type { DeliveryLogEntry };

/** A new signing secret: `whsec_` and the base64 of 32 random bytes (Standard Webhooks' form). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export type SubscriptionResult =
  | { ok: true; subscription: WebhookSubscription }
  | { ok: false; reason: 'bad-url'; message: string }
  | { ok: false; reason: 'not-found' };

/** A receiver's URL checked as a send will check it (loopback and private refused without the flag). */
async function checkUrl(ctx: RequestContext, url: string): Promise<string | undefined> {
  const checked = await resolveReceiver(url, ctx.deps.config.webhooksAllowPrivate);
  return checked.ok ? undefined : checked.message;
}

export async function createWebhookSubscription(
  ctx: RequestContext,
  input: { url: string; events: readonly WebhookEventType[]; createdBy: number },
): Promise<SubscriptionResult> {
  const refused = await checkUrl(ctx, input.url);
  if (refused) return { ok: false, reason: 'bad-url', message: refused };
  const id = await insertSubscription(ctx.wp, {
    url: input.url,
    events: [...new Set(input.events)],
    secret: newWebhookSecret(),
    createdBy: input.createdBy,
    now: ctx.now,
  });
  return { ok: true, subscription: (await getSubscription(ctx.wp, id))! };
}

export async function findWebhookSubscription(ctx: RequestContext, id: number) {
  return getSubscription(ctx.wp, id);
}

export async function webhookSubscriptionsPage(ctx: RequestContext, page: number, perPage: number) {
  return listSubscriptions(ctx.wp, { offset: (page - 1) * perPage, limit: perPage });
}

/** Changes a subscription's URL, events or status (`active` again re-enables a disabled one). */
export async function changeWebhookSubscription(
  ctx: RequestContext,
  id: number,
  patch: { url?: string; events?: readonly WebhookEventType[]; status?: 'active' | 'disabled' },
): Promise<SubscriptionResult> {
  if (!(await getSubscription(ctx.wp, id))) return { ok: false, reason: 'not-found' };
  if (patch.url !== undefined) {
    const refused = await checkUrl(ctx, patch.url);
    if (refused) return { ok: false, reason: 'bad-url', message: refused };
  }
  const events = patch.events ? [...new Set(patch.events)] : undefined;
  await updateSubscription(ctx.wp, id, { ...patch, events, now: ctx.now });
  const subscription = await getSubscription(ctx.wp, id);
  return subscription ? { ok: true, subscription } : { ok: false, reason: 'not-found' };
}

/** Removes a subscription with its deliveries (their events stay for the other subscriptions). */
export async function removeWebhookSubscription(ctx: RequestContext, id: number): Promise<boolean> {
  return inTransaction(ctx.wp, async (trx) => {
    await deleteDeliveriesOf(trx, id);
    return deleteSubscription(trx, id);
  });
}

export async function webhookDeliveriesPage(ctx: RequestContext, id: number, page: number, perPage: number) {
  return listDeliveries(ctx.wp, id, { offset: (page - 1) * perPage, limit: perPage });
}
