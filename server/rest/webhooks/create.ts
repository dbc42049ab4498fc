import { z } from 'zod';
import { createWebhookSubscription } from '../../services/webhooks/subscriptions';
import { defineRoute, RestReply } from '../route';
import { eventsField, refused, subscriptionJson, subscriptionOut, urlField } from './json';

/**
 * `POST /webhooks` {url, events}: a subscription, answered 201 with its signing secret (`whsec_…`),
 * the only time it is shown. The receiver's address is checked (loopback and private ones refused
 * unless WEBHOOKS_ALLOW_PRIVATE=1).
 */
export const createWebhookRoute = defineRoute({
  method: 'post',
  path: '/webhooks',
  summary: 'Subscribe a receiver URL to events; answers the signing secret once.',
  tag: 'webhooks',
  auth: 'admin',
  status: 201,
  input: z.object({}),
  body: z.strictObject({ url: urlField, events: eventsField }),
  response: subscriptionJson.extend({ secret: z.string() }),
  cacheControl: 'no-store',
  async handle(_input, ctx, { body, principal }) {
    const result = await createWebhookSubscription(ctx, { ...body, createdBy: principal?.userId ?? 0 });
    if (!result.ok) throw refused(result);
    return new RestReply({ ...subscriptionOut(result.subscription), secret: result.subscription.secret }, 201);
  },
});
