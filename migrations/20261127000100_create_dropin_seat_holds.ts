import { createTableIfMissing, type Migration } from './helpers';

/**
 * `dropin_seat_holds`: an order started for an online payment keeps its seats until `expires_at`
 * (UTC); unpaid by then it is cancelled (server/services/booking/seat-holds.ts). `state`: `held`
 * (waiting for the payment), `paid` (paid in time), `expired` (cancelled at the end of the hold),
 * `released` (at its end the order was no longer `pending`: paid or changed in the admin),
 * `late-paid` (paid after the hold, seats still free), `refund` (paid after the hold, seats gone:
 * the order stays cancelled and the admin is mailed to refund it). The index finds the due holds.
 */
export const createDropinSeatHolds: Migration = {
  name: '20261127000100_create_dropin_seat_holds',
  async up(ctx) {
    const tail = ctx.engine === 'mysql' ? ` ENGINE=InnoDB DEFAULT CHARSET=${ctx.charset} COLLATE=${ctx.collate}` : '';
    await createTableIfMissing(
      ctx,
      `CREATE TABLE \`${ctx.prefix}dropin_seat_holds\` (
  \`order_id\` bigint(20) unsigned NOT NULL,
  \`gateway\` varchar(20) NOT NULL,
  \`state\` varchar(10) NOT NULL,
  \`created_at\` datetime NOT NULL,
  \`expires_at\` datetime NOT NULL,
  \`settled_at\` datetime DEFAULT NULL,
  PRIMARY KEY (\`order_id\`),
  KEY \`state_expires_at\` (\`state\`,\`expires_at\`)
)${tail}`,
    );
  },
  async down(ctx) {
    await ctx.knex.schema.dropTableIfExists(`${ctx.prefix}dropin_seat_holds`);
  },
};
