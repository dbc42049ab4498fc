import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SEED_DUMP } from '../server/core/config';
import { type Database, listIndexes, listTables } from '../server/data/db';
import { loadDump } from '../server/data/dump-loader';
import { parseDump } from '../server/data/mysql-dump';
import { createEmptyDatabase } from '../server/testing/db';
import { migrations, migrationsTable, pendingMigrations, runMigrations } from './index';

const dump = readFileSync(DEFAULT_SEED_DUMP, 'utf8');
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function emptyDb() {
  const empty = await createEmptyDatabase();
  cleanups.push(empty.drop);
  return empty;
}

/** Each table's definition as the engine reports it (AUTO_INCREMENT counters left out). */
async function schemaOf(db: Database): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const table of (await listTables(db)).sort()) {
    if (db.engine === 'mysql') {
      const [rows] = (await db.knex.raw('SHOW CREATE TABLE ??', [table])) as [Record<string, string>[]];
      out.set(table, rows[0]!['Create Table']!.replace(/ AUTO_INCREMENT=\d+/, ''));
    } else {
      const rows = (await db.knex.raw(
        'SELECT sql FROM sqlite_master WHERE tbl_name = ? AND sql IS NOT NULL ORDER BY name',
        [table],
      )) as { sql: string }[];
      out.set(table, rows.map((r) => r.sql).join(';\n'));
    }
  }
  return out;
}

describe('migrations', () => {
  it('create the WordPress and Tour Master tables on an empty database, exactly as a real install has them', async () => {
    const { db, engine } = await emptyDb();
    expect(await pendingMigrations(db, 'wp_')).toHaveLength(migrations.length);
    await runMigrations(db, 'wp_');
    const tables = await listTables(db);
    const expected = parseDump(dump).flatMap((s) => (s.kind === 'create-table' ? [s] : []));
    for (const s of expected) expect(tables).toContain(s.table);
    expect(tables).toContain('wp_dropin_migrations');
    expect(await listIndexes(db, 'wp_tourmaster_order')).toContain('dropin_tour_travel_date');
    if (engine === 'mariadb') {
      // The same SHOW CREATE TABLE as the legacy site's own tables, our one index aside.
      const schema = await schemaOf(db);
      for (const s of expected) {
        const ours = schema
          .get(s.table)!
          .replace(/,\n {2}KEY `dropin_tour_travel_date` \(`tour_id`,`travel_date`\)/, '')
          .replace(/,\n {2}KEY `dropin_coupon_code` \(`coupon_code`\)/, '');
        expect(ours).toBe(s.sql.replace(/ AUTO_INCREMENT=\d+/, ''));
      }
    }
  });

  it('are idempotent: a second run does nothing and changes nothing', async () => {
    const { db } = await emptyDb();
    await runMigrations(db, 'wp_');
    const before = await schemaOf(db);
    expect(await runMigrations(db, 'wp_')).toEqual([]);
    expect(await pendingMigrations(db, 'wp_')).toEqual([]);
    expect(await schemaOf(db)).toEqual(before);
  });

  it('use the site prefix for every table, their own bookkeeping included', async () => {
    const { db } = await emptyDb();
    await runMigrations(db, 'shop_');
    const tables = await listTables(db);
    expect(tables).toContain('shop_posts');
    expect(tables).toContain('shop_tourmaster_order');
    expect(tables).toContain(migrationsTable('shop_'));
    expect(tables.filter((t) => !t.startsWith('shop_'))).toEqual([]);
  });

  it('never alter an existing WordPress database: they only add the missing index, rows untouched', async () => {
    const { db } = await emptyDb();
    await loadDump(db, dump);
    const before = await schemaOf(db);
    const orders = await db.knex('wp_tourmaster_order').select().orderBy('id');
    await runMigrations(db, 'wp_');
    const after = await schemaOf(db);
    for (const [table, definition] of before) {
      if (table === 'wp_tourmaster_order') continue;
      expect(after.get(table)).toBe(definition);
    }
    expect(after.get('wp_tourmaster_order')).not.toBe(before.get('wp_tourmaster_order'));
    expect(await listIndexes(db, 'wp_tourmaster_order')).toContain('dropin_tour_travel_date');
    expect(await db.knex('wp_tourmaster_order').select().orderBy('id')).toEqual(orders);
    expect([...after.keys()].filter((t) => !before.has(t)).sort()).toEqual([
      'wp_dropin_api_idempotency',
      'wp_dropin_gateway_payments',
      'wp_dropin_locks',
      'wp_dropin_migrations',
      'wp_dropin_migrations_lock',
      'wp_dropin_order_attribution',
      'wp_dropin_order_changes',
      'wp_dropin_order_keys',
      'wp_dropin_rate_limits',
      'wp_dropin_seat_holds',
      'wp_dropin_stripe_refunds',
      'wp_dropin_webhook_attempts',
      'wp_dropin_webhook_deliveries',
      'wp_dropin_webhook_events',
      'wp_dropin_webhook_subscriptions',
    ]);
  });
});
