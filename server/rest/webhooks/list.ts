import { z } from 'zod';
import { webhookSubscriptionsPage } from '../../services/webhooks/subscriptions';
import { defineRoute, pageOf } from '../route';
import { pageInput, subscriptionJson, subscriptionOut } from './json';

/** `GET /webhooks`: the subscriptions, a page at a time (never their secrets). */
export const listWebhooksRoute = defineRoute({
  method: 'get',
  path: '/webhooks',
  summary: 'The webhook subscriptions (without secrets).',
  tag: 'webhooks',
  auth: 'admin',
  input: z.object(pageInput),
  response: z.array(subscriptionJson),
  cacheControl: 'no-store',
  async handle({ page, per_page }, ctx) {
    const { items, total } = await webhookSubscriptionsPage(ctx, page, per_page);
    return pageOf(items.map(subscriptionOut), total, per_page);
  },
});
