import { addIndexIfMissing, dropIndexIfPresent, type Migration } from './helpers';

/** The webhook log's retention (data/webhook-retention.ts) finds old events by their time. */
export const addWebhookEventTimeIndex: Migration = {
  name: '20261128000300_add_webhook_event_time_index',
  async up(ctx) {
    await addIndexIfMissing(ctx, `${ctx.prefix}dropin_webhook_events`, 'created_at', ['created_at']);
  },
  async down(ctx) {
    await dropIndexIfPresent(ctx, `${ctx.prefix}dropin_webhook_events`, 'created_at');
  },
};
