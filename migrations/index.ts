import type { Knex } from 'knex';
import type { Database } from '../server/data/db';
import { createWordpressTables } from './20261121000100_create_wordpress_tables';
import { createTourmasterTables } from './20261121000200_create_tourmaster_tables';
import { addOrderTourDateIndex } from './20261121000300_add_order_tour_date_index';
import { createDropinBookingTables } from './20261122000100_create_dropin_booking_tables';
import { addOrderCouponIndex } from './20261122000200_add_order_coupon_index';
import { createDropinRateLimits } from './20261122000300_create_dropin_rate_limits';
import { createDropinOrderAttribution } from './20261123000100_create_dropin_order_attribution';
import { createDropinSeatHolds } from './20261127000100_create_dropin_seat_holds';
import { createDropinStripeRefunds } from './20261127000200_create_dropin_stripe_refunds';
import { createDropinWebhooks } from './20261128000100_create_dropin_webhooks';
import { createDropinApiIdempotency } from './20261128000200_create_dropin_api_idempotency';
import { addWebhookEventTimeIndex } from './20261128000300_add_webhook_event_time_index';
import { addDropinLockCount } from './20261128000500_add_dropin_lock_count';
import type { Migration, MigrationContext } from './helpers';

/** Every migration, in order. An explicit list, so the type checker sees each one. */
export const migrations: readonly Migration[] = [
  createWordpressTables,
  createTourmasterTables,
  addOrderTourDateIndex,
  createDropinBookingTables,
  addOrderCouponIndex,
  createDropinRateLimits,
  createDropinOrderAttribution,
  createDropinSeatHolds,
  createDropinStripeRefunds,
  createDropinWebhooks,
  createDropinApiIdempotency,
  addWebhookEventTimeIndex,
  addDropinLockCount,
];

/** Our own bookkeeping table, under the site's prefix, beside WordPress's tables. */
export function migrationsTable(prefix: string): string {
  return `${prefix}dropin_migrations`;
}

async function contextFor(db: Database, knex: Knex, prefix: string): Promise<MigrationContext> {
  if (db.engine === 'sqlite') return { knex, engine: 'sqlite', prefix, charset: 'utf8mb4', collate: '' };
  // The connection was opened with WordPress's charset and collation (db.ts): new tables match it.
  const [rows] = (await knex.raw(
    'SELECT @@character_set_connection AS charset, @@collation_connection AS collation',
  )) as [{ charset: string; collation: string }[]];
  return { knex, engine: 'mysql', prefix, charset: rows[0]!.charset, collate: rows[0]!.collation };
}

/**
 * Runs one migration step: the admin's `npm run migrate` wraps it with a line before, lines while
 * it runs and one after with its time (an index added to a large orders table can take minutes).
 */
export type StepRunner = (name: string, work: () => Promise<void>) => Promise<void>;

const runStep: StepRunner = (_name, work) => work();

function source(db: Database, prefix: string, step: StepRunner): Knex.MigrationSource<Migration> {
  return {
    getMigrations: async () => [...migrations],
    getMigrationName: (m) => m.name,
    getMigration: async (m) => ({
      // MySQL commits DDL implicitly; every step is idempotent instead of transactional.
      config: { transaction: false },
      up: async (knex: Knex) => step(m.name, async () => m.up(await contextFor(db, knex, prefix))),
      down: async (knex: Knex) => {
        if (!m.down) throw new Error(`Migration ${m.name} cannot be reverted: it only created what was missing.`);
        await m.down(await contextFor(db, knex, prefix));
      },
    }),
  };
}

function migratorConfig(db: Database, prefix: string, step: StepRunner = runStep): Knex.MigratorConfig {
  return { migrationSource: source(db, prefix, step), tableName: migrationsTable(prefix) };
}

/** Runs the pending migrations; returns the names it ran. Safe to call on every start. */
export async function runMigrations(db: Database, prefix: string, step?: StepRunner): Promise<string[]> {
  const [, ran] = (await db.knex.migrate.latest(migratorConfig(db, prefix, step))) as [number, string[]];
  return ran;
}

/** Names of migrations not yet applied to this database. */
export async function pendingMigrations(db: Database, prefix: string): Promise<string[]> {
  const [, pending] = (await db.knex.migrate.list(migratorConfig(db, prefix))) as [unknown[], Migration[]];
  return pending.map((m) => m.name);
}
