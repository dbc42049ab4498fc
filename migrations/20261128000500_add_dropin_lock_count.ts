import type { Migration } from './helpers';

/**
 * `dropin_locks.taken`: how many times each lock was taken. Taking a lock adds one, so every
 * taking is a real change of the row. On one server the row lock alone serializes bookings; on a
 * Galera cluster a row lock is not replicated, and the nodes certify a transaction only against the
 * rows others changed: two bookings of one date through two nodes then conflict on this row, and
 * one of them is run again after the other, on counts that include it (data/order-writes.ts).
 */
export const addDropinLockCount: Migration = {
  name: '20261128000500_add_dropin_lock_count',
  async up(ctx) {
    const table = `${ctx.prefix}dropin_locks`;
    if (await ctx.knex.schema.hasColumn(table, 'taken')) return;
    await ctx.knex.schema.alterTable(table, (t) => {
      t.bigInteger('taken').unsigned().notNullable().defaultTo(0);
    });
  },
  async down(ctx) {
    const table = `${ctx.prefix}dropin_locks`;
    if (!(await ctx.knex.schema.hasColumn(table, 'taken'))) return;
    await ctx.knex.schema.alterTable(table, (t) => {
      t.dropColumn('taken');
    });
  },
};
