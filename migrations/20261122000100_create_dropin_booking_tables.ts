import { createTableIfMissing, type Migration } from './helpers';

/**
 * Tables of our own, beside WordPress's (never inside them):
 * - `dropin_locks`: one row per thing two servers must not change at once (a tour date's seats, a
 *   coupon's uses); a booking locks its rows with SELECT … FOR UPDATE before it counts and writes.
 * - `dropin_order_keys`: for each order we wrote, the nonce of its guest ownership key and the
 *   fingerprint that makes a repeated submit (double click, retry) return the same order.
 * - `dropin_gateway_payments`: every payment id a gateway reported, so one can never be used twice.
 */
export const createDropinBookingTables: Migration = {
  name: '20261122000100_create_dropin_booking_tables',
  async up(ctx) {
    const p = ctx.prefix;
    const tail = ctx.engine === 'mysql' ? ` ENGINE=InnoDB DEFAULT CHARSET=${ctx.charset} COLLATE=${ctx.collate}` : '';
    await createTableIfMissing(
      ctx,
      `CREATE TABLE \`${p}dropin_locks\` (
  \`lock_key\` varchar(191) NOT NULL,
  PRIMARY KEY (\`lock_key\`)
)${tail}`,
    );
    await createTableIfMissing(
      ctx,
      `CREATE TABLE \`${p}dropin_order_keys\` (
  \`order_id\` bigint(20) unsigned NOT NULL,
  \`nonce\` char(32) NOT NULL,
  \`fingerprint\` char(64) DEFAULT NULL,
  \`created_at\` datetime NOT NULL,
  PRIMARY KEY (\`order_id\`),
  UNIQUE KEY \`fingerprint\` (\`fingerprint\`)
)${tail}`,
    );
    await createTableIfMissing(
      ctx,
      `CREATE TABLE \`${p}dropin_gateway_payments\` (
  \`gateway\` varchar(20) NOT NULL,
  \`payment_id\` varchar(191) NOT NULL,
  \`order_id\` bigint(20) unsigned NOT NULL,
  \`created_at\` datetime NOT NULL,
  PRIMARY KEY (\`gateway\`,\`payment_id\`)
)${tail}`,
    );
  },
  async down(ctx) {
    for (const table of ['dropin_locks', 'dropin_order_keys', 'dropin_gateway_payments']) {
      await ctx.knex.schema.dropTableIfExists(`${ctx.prefix}${table}`);
    }
  },
};
