import { z } from 'zod';
import { removeWebhookSubscription } from '../../services/webhooks/subscriptions';
import { defineRoute } from '../route';
import { idInput, notFound } from './json';

/** `DELETE /webhooks/{id}`: the subscription and its delivery log are removed. */
export const deleteWebhookRoute = defineRoute({
  method: 'delete',
  path: '/webhooks/:id',
  summary: 'Remove a webhook subscription and its delivery log.',
  tag: 'webhooks',
  auth: 'admin',
  input: idInput,
  response: z.object({ deleted: z.literal(true), id: z.number().int() }),
  cacheControl: 'no-store',
  async handle({ id }, ctx) {
    if (!(await removeWebhookSubscription(ctx, id))) throw notFound();
    return { deleted: true, id };
  },
});
