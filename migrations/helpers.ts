import type { Knex } from 'knex';
import type { Engine } from '../server/data/dialect';
import { parseDump } from '../server/data/mysql-dump';
import { sqliteCreateIndex, sqliteCreateTable, sqliteIndexName } from '../server/data/sqlite-ddl';

/** What every migration receives: the connection and the site's naming facts. */
export interface MigrationContext {
  knex: Knex;
  engine: Engine;
  prefix: string;
  charset: string;
  collate: string;
}

export interface Migration {
  /** `<YYYYMMDDHHMMSS>_<verb>_<noun>`, the name recorded in `{prefix}dropin_migrations`. */
  name: string;
  up(ctx: MigrationContext): Promise<void>;
  /**
   * Migrations only add. `down` removes only what `up` added when it was missing, so it is
   * irreversible for tables that already belonged to WordPress; those migrations omit `down`.
   */
  down?(ctx: MigrationContext): Promise<void>;
}

/** Creates a table from its MySQL DDL unless a table of that name exists. Never alters one that does. */
export async function createTableIfMissing(ctx: MigrationContext, ddl: string): Promise<boolean> {
  const [statement] = parseDump(ddl);
  if (statement?.kind !== 'create-table') throw new Error('createTableIfMissing needs a CREATE TABLE statement');
  if (await ctx.knex.schema.hasTable(statement.table)) return false;
  if (ctx.engine === 'mysql') await ctx.knex.raw(ddl.replaceAll('?', '\\?'));
  else for (const sql of sqliteCreateTable(statement.def)) await ctx.knex.raw(sql);
  return true;
}

/** Adds an index unless one of that name exists on the table. */
export async function addIndexIfMissing(
  ctx: MigrationContext,
  table: string,
  index: string,
  columns: string[],
): Promise<boolean> {
  if (await hasIndex(ctx, table, index)) return false;
  if (ctx.engine === 'mysql')
    await ctx.knex.raw(`ALTER TABLE ?? ADD INDEX ?? (${columns.map(() => '??').join(', ')})`, [
      table,
      index,
      ...columns,
    ]);
  else await ctx.knex.raw(sqliteCreateIndex(table, index, columns, false));
  return true;
}

export async function dropIndexIfPresent(ctx: MigrationContext, table: string, index: string): Promise<void> {
  if (!(await hasIndex(ctx, table, index))) return;
  if (ctx.engine === 'mysql') await ctx.knex.raw('ALTER TABLE ?? DROP INDEX ??', [table, index]);
  else await ctx.knex.raw('DROP INDEX IF EXISTS ??', [sqliteIndexName(table, index)]);
}

async function hasIndex(ctx: MigrationContext, table: string, index: string): Promise<boolean> {
  if (ctx.engine === 'mysql') {
    const [rows] = (await ctx.knex.raw('SHOW INDEX FROM ?? WHERE Key_name = ?', [table, index])) as [unknown[]];
    return rows.length > 0;
  }
  const rows = (await ctx.knex.raw("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?", [
    sqliteIndexName(table, index),
  ])) as unknown[];
  return rows.length > 0;
}
