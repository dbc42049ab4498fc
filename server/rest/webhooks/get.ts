import { findWebhookSubscription } from '../../services/webhooks/subscriptions';
import { defineRoute } from '../route';
import { idInput, notFound, subscriptionJson, subscriptionOut } from './json';

/** `GET /webhooks/{id}`: one subscription (without its secret). */
export const getWebhookRoute = defineRoute({
  method: 'get',
  path: '/webhooks/:id',
  summary: 'One webhook subscription (without its secret).',
  tag: 'webhooks',
  auth: 'admin',
  input: idInput,
  response: subscriptionJson,
  cacheControl: 'no-store',
  async handle({ id }, ctx) {
    const subscription = await findWebhookSubscription(ctx, id);
    if (!subscription) throw notFound();
    return subscriptionOut(subscription);
  },
});
