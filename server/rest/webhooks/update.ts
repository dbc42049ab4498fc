import { z } from 'zod';
import { changeWebhookSubscription } from '../../services/webhooks/subscriptions';
import { defineRoute } from '../route';
import { eventsField, idInput, refused, subscriptionJson, subscriptionOut, urlField } from './json';

/** `PUT /webhooks/{id}` {url?, events?, status?}: `status: "active"` re-enables a disabled subscription. */
export const updateWebhookRoute = defineRoute({
  method: 'put',
  path: '/webhooks/:id',
  summary: "Change a subscription's URL, events or status (re-enable a disabled one).",
  tag: 'webhooks',
  auth: 'admin',
  input: idInput,
  // Strict: a key it does not change (`secret`, a misspelt `event`) is refused, not silently ignored.
  body: z.strictObject({
    url: urlField.optional(),
    events: eventsField.optional(),
    status: z.enum(['active', 'disabled']).optional(),
  }),
  response: subscriptionJson,
  cacheControl: 'no-store',
  async handle({ id }, ctx, { body }) {
    const result = await changeWebhookSubscription(ctx, id, body);
    if (!result.ok) throw refused(result);
    return subscriptionOut(result.subscription);
  },
});
