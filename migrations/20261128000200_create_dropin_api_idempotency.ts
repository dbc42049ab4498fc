import { createTableIfMissing, type Migration } from './helpers';

/**
 * Two tables of the REST API's bookings (server/rest/bookings/):
 * - `dropin_api_idempotency`: one row per `Idempotency-Key` a user sent to `POST /bookings`, with the
 *   hash of the request's canonical body and the order it wrote, inserted in the order's transaction
 *   (services/booking/api-booking.ts); a key is per user and lives 24 hours.
 * - `dropin_order_changes`: when each order last changed (UTC), for `GET /bookings?modified_after=`.
 *   The order table has no such column and WordPress's admin writes orders without us: a fingerprint
 *   of the columns that matter is stamped with every write of ours and compared by a sweep
 *   (services/booking/order-changes.ts). The row of `order_id` 0 is the sweep's own (cursor, time).
 */
export const createDropinApiIdempotency: Migration = {
  name: '20261128000200_create_dropin_api_idempotency',
  async up(ctx) {
    const tail = ctx.engine === 'mysql' ? ` ENGINE=InnoDB DEFAULT CHARSET=${ctx.charset} COLLATE=${ctx.collate}` : '';
    await createTableIfMissing(
      ctx,
      `CREATE TABLE \`${ctx.prefix}dropin_api_idempotency\` (
  \`user_id\` bigint(20) unsigned NOT NULL,
  \`idempotency_key\` varchar(191) NOT NULL,
  \`body_hash\` char(64) NOT NULL,
  \`order_id\` bigint(20) unsigned NOT NULL,
  \`created_at\` datetime NOT NULL,
  PRIMARY KEY (\`user_id\`,\`idempotency_key\`),
  KEY \`created_at\` (\`created_at\`)
)${tail}`,
    );
    await createTableIfMissing(
      ctx,
      `CREATE TABLE \`${ctx.prefix}dropin_order_changes\` (
  \`order_id\` bigint(20) unsigned NOT NULL,
  \`fingerprint\` char(64) NOT NULL,
  \`modified_at\` datetime NOT NULL,
  PRIMARY KEY (\`order_id\`),
  KEY \`modified_at\` (\`modified_at\`,\`order_id\`)
)${tail}`,
    );
  },
  async down(ctx) {
    await ctx.knex.schema.dropTableIfExists(`${ctx.prefix}dropin_api_idempotency`);
    await ctx.knex.schema.dropTableIfExists(`${ctx.prefix}dropin_order_changes`);
  },
};
