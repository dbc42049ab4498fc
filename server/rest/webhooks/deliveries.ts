import { z } from 'zod';
import { findWebhookSubscription, webhookDeliveriesPage } from '../../services/webhooks/subscriptions';
import { defineRoute, pageOf } from '../route';
import { deliveryJson, deliveryOut, idInput, notFound, pageInput } from './json';

/** `GET /webhooks/{id}/deliveries`: the delivery log, newest first, a page at a time. */
export const webhookDeliveriesRoute = defineRoute({
  method: 'get',
  path: '/webhooks/:id/deliveries',
  summary: "A subscription's delivery log: event, tries, state, last status and error.",
  tag: 'webhooks',
  auth: 'admin',
  input: idInput.extend(pageInput),
  response: z.array(deliveryJson),
  cacheControl: 'no-store',
  async handle({ id, page, per_page }, ctx) {
    if (!(await findWebhookSubscription(ctx, id))) throw notFound();
    const { items, total } = await webhookDeliveriesPage(ctx, id, page, per_page);
    return pageOf(items.map(deliveryOut), total, per_page);
  },
});
