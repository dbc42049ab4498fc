import type { AnyRestRoute } from '../route';
import { createWebhookRoute } from './create';
import { deleteWebhookRoute } from './delete';
import { webhookDeliveriesRoute } from './deliveries';
import { getWebhookRoute } from './get';
import { listWebhooksRoute } from './list';
import { updateWebhookRoute } from './update';

/** The webhook subscription routes (admin keys only). */
export const webhookRoutes: readonly AnyRestRoute[] = [
  createWebhookRoute,
  listWebhooksRoute,
  getWebhookRoute,
  updateWebhookRoute,
  deleteWebhookRoute,
  webhookDeliveriesRoute,
];
