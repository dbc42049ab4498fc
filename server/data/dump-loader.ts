import type { Knex } from 'knex';
import { type Database, listColumns, listTables } from './db';
import { type DumpStatement, parseDump, type SqlValue } from './mysql-dump';
import { sqliteCreateTable } from './sqlite-ddl';

export interface LoadReport {
  tablesCreated: string[];
  tablesReplaced: string[];
  rowsInserted: number;
  /** Statements the loader does not run (SET, LOCK TABLES, triggers…), first 80 characters each. */
  skipped: string[];
}

export class DumpConflictError extends Error {
  constructor(readonly tables: string[]) {
    super(
      `These tables already exist in the target database: ${tables.join(', ')}. ` +
        'Load into an empty database, or pass --replace to drop and recreate them.',
    );
    this.name = 'DumpConflictError';
  }
}

const BATCH_ROWS = 200;

/**
 * Loads a MySQL dump into the database: tables are created (translated for SQLite), rows are
 * inserted with bound values in batches. Refuses to touch existing tables unless `replace`.
 */
export async function loadDump(db: Database, sql: string, options: { replace?: boolean } = {}): Promise<LoadReport> {
  const statements = parseDump(sql);
  const report: LoadReport = { tablesCreated: [], tablesReplaced: [], rowsInserted: 0, skipped: [] };
  const created = statements.flatMap((s) => (s.kind === 'create-table' ? [s.table] : []));
  const existing = new Set(await listTables(db));
  const conflicts = created.filter((t) => existing.has(t));
  if (conflicts.length && !options.replace) throw new DumpConflictError(conflicts);

  const columnsOf = new Map<string, string[]>();
  for (const s of statements)
    if (s.kind === 'create-table')
      columnsOf.set(
        s.table,
        s.def.columns.map((c) => c.name),
      );

  const run = async (trx: Knex) => {
    for (const table of conflicts) {
      await trx.schema.dropTableIfExists(table);
      report.tablesReplaced.push(table);
    }
    for (const batch of batchInserts(statements)) {
      if (batch.kind === 'create-table') {
        await createTable(db, trx, batch);
        report.tablesCreated.push(batch.table);
      } else if (batch.kind === 'drop-table') {
        if (options.replace) await trx.schema.dropTableIfExists(batch.table);
      } else if (batch.kind === 'insert') {
        const columns = batch.columns ?? columnsOf.get(batch.table) ?? (await listColumns(db, batch.table));
        columnsOf.set(batch.table, columns);
        await insertRows(db, trx, batch.table, batch.mode, columns, batch.rows);
        report.rowsInserted += batch.rows.length;
      } else {
        report.skipped.push(batch.sql.slice(0, 80));
      }
    }
  };
  // SQLite: one transaction makes the load atomic and fast. MySQL commits DDL implicitly anyway.
  if (db.engine === 'sqlite') await db.knex.transaction(run);
  else await run(db.knex);
  return report;
}

/** Merges consecutive INSERTs into the same table so rows travel in batches. */
function* batchInserts(statements: DumpStatement[]): Generator<DumpStatement> {
  let pending: Extract<DumpStatement, { kind: 'insert' }> | undefined;
  for (const s of statements) {
    if (
      s.kind === 'insert' &&
      pending &&
      pending.table === s.table &&
      pending.mode === s.mode &&
      String(pending.columns) === String(s.columns) &&
      pending.rows.length < BATCH_ROWS
    ) {
      pending.rows.push(...s.rows);
      continue;
    }
    if (pending) yield pending;
    pending = undefined;
    if (s.kind === 'insert') pending = { ...s, rows: [...s.rows] };
    else yield s;
  }
  if (pending) yield pending;
}

async function createTable(db: Database, trx: Knex, s: Extract<DumpStatement, { kind: 'create-table' }>) {
  if (db.engine === 'mysql') {
    // knex.raw treats `?` as a placeholder; the DDL has none, but defaults or comments might.
    await trx.raw(s.sql.replaceAll('?', '\\?'));
    return;
  }
  for (const ddl of sqliteCreateTable(s.def)) await trx.raw(ddl);
}

async function insertRows(
  db: Database,
  trx: Knex,
  table: string,
  mode: 'insert' | 'ignore' | 'replace',
  columns: string[],
  rows: SqlValue[][],
) {
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    const objects = rows.slice(i, i + BATCH_ROWS).map((row) => {
      if (row.length !== columns.length) {
        throw new Error(`A row for ${table} has ${row.length} values but the table has ${columns.length} columns.`);
      }
      return Object.fromEntries(columns.map((c, k) => [c, row[k]]));
    });
    const query = trx(table).insert(objects);
    if (mode === 'ignore') await query.onConflict().ignore();
    else if (mode === 'replace') {
      const verb = db.engine === 'mysql' ? 'replace' : 'insert or replace';
      await trx.raw(query.toString().replace(/^insert/i, verb));
    } else await query;
  }
}
