import { createTableIfMissing, type Migration } from './helpers';

/**
 * Webhooks (server/services/webhooks/, README "Webhooks"):
 * - `dropin_webhook_subscriptions`: a receiver's URL, the event types it wants (JSON array), its
 *   signing secret (`whsec_…`), `active` or `disabled` (with when and why).
 * - `dropin_webhook_events`: the outbox. One row per event, written in the transaction of the change
 *   that causes it; `msg_id` is the Standard Webhooks `webhook-id` (`msg_…`).
 * - `dropin_webhook_deliveries`: one row per event and subscription, written with the event: `state`
 *   `pending` → `delivered` or `failed`; a process sends it only while it holds the lease
 *   (`claimed_until`, `claimed_by` its random token). The index finds the due ones.
 * - `dropin_webhook_attempts`: each try (HTTP status or error), for the delivery log. Bounded by the
 *   retry schedule: about thirty tries in the 24 hours a delivery is retried.
 * Times are UTC `Y-m-d H:i:s`.
 */
export const createDropinWebhooks: Migration = {
  name: '20261128000100_create_dropin_webhooks',
  async up(ctx) {
    const p = ctx.prefix;
    const tail = ctx.engine === 'mysql' ? ` ENGINE=InnoDB DEFAULT CHARSET=${ctx.charset} COLLATE=${ctx.collate}` : '';
    await createTableIfMissing(
      ctx,
      `CREATE TABLE \`${p}dropin_webhook_subscriptions\` (
  \`id\` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  \`url\` varchar(2000) NOT NULL,
  \`events\` varchar(255) NOT NULL,
  \`secret\` varchar(100) NOT NULL,
  \`status\` varchar(10) NOT NULL,
  \`created_by\` bigint(20) unsigned NOT NULL,
  \`created_at\` datetime NOT NULL,
  \`disabled_at\` datetime DEFAULT NULL,
  \`disabled_reason\` varchar(255) DEFAULT NULL,
  PRIMARY KEY (\`id\`),
  KEY \`status\` (\`status\`)
)${tail}`,
    );
    await createTableIfMissing(
      ctx,
      `CREATE TABLE \`${p}dropin_webhook_events\` (
  \`id\` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  \`msg_id\` varchar(40) NOT NULL,
  \`type\` varchar(40) NOT NULL,
  \`payload\` longtext NOT NULL,
  \`created_at\` datetime NOT NULL,
  PRIMARY KEY (\`id\`),
  UNIQUE KEY \`msg_id\` (\`msg_id\`)
)${tail}`,
    );
    await createTableIfMissing(
      ctx,
      `CREATE TABLE \`${p}dropin_webhook_deliveries\` (
  \`id\` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  \`event_id\` bigint(20) unsigned NOT NULL,
  \`subscription_id\` bigint(20) unsigned NOT NULL,
  \`state\` varchar(10) NOT NULL,
  \`attempts\` int(11) NOT NULL DEFAULT 0,
  \`next_attempt_at\` datetime NOT NULL,
  \`claimed_until\` datetime DEFAULT NULL,
  \`claimed_by\` varchar(40) DEFAULT NULL,
  \`last_status\` int(11) DEFAULT NULL,
  \`last_error\` varchar(255) DEFAULT NULL,
  \`created_at\` datetime NOT NULL,
  \`delivered_at\` datetime DEFAULT NULL,
  PRIMARY KEY (\`id\`),
  UNIQUE KEY \`event_subscription\` (\`event_id\`,\`subscription_id\`),
  KEY \`state_next_attempt\` (\`state\`,\`next_attempt_at\`),
  KEY \`subscription\` (\`subscription_id\`,\`id\`)
)${tail}`,
    );
    await createTableIfMissing(
      ctx,
      `CREATE TABLE \`${p}dropin_webhook_attempts\` (
  \`id\` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  \`delivery_id\` bigint(20) unsigned NOT NULL,
  \`attempted_at\` datetime NOT NULL,
  \`status\` int(11) DEFAULT NULL,
  \`error\` varchar(255) DEFAULT NULL,
  \`duration_ms\` int(11) NOT NULL,
  PRIMARY KEY (\`id\`),
  KEY \`delivery\` (\`delivery_id\`,\`id\`)
)${tail}`,
    );
  },
  async down(ctx) {
    for (const table of ['webhook_attempts', 'webhook_deliveries', 'webhook_events', 'webhook_subscriptions'])
      await ctx.knex.schema.dropTableIfExists(`${ctx.prefix}dropin_${table}`);
  },
};
