import type { Database } from './db';
import { listTables } from './db';
import { type DumpLoadTarget, describeEntry, StatementError } from './dump-load-target';
import { DumpSyntaxError } from './dump-splitter';
import { type DumpEntry, forEachInsertRow, type SqlValue } from './mysql-dump';
import { quoteSqlite, sqliteCreateIndex, sqliteCreateTable } from './sqlite-ddl';

interface Statement {
  run(values: SqlValue[]): unknown;
}
interface Connection {
  exec(sql: string): unknown;
  prepare(sql: string): Statement & { all(...values: unknown[]): unknown[] };
}

/**
 * SQLite: the whole load is one transaction (SQLite's DDL is transactional too), so a failure
 * rolls it all back and --replace's old tables come back untouched. Rows go through one prepared
 * statement per table, bound values, so the dump's text is never run as SQL. The non-unique
 * indexes are built once at the end, from the loaded rows (faster than updating them row by
 * row); unique ones exist from the start, since INSERT IGNORE and REPLACE depend on them.
 */
export async function openSqliteTarget(db: Database): Promise<DumpLoadTarget> {
  const existing = await listTables(db);
  const conn = (await db.knex.client.acquireConnection()) as Connection;
  conn.exec('BEGIN');
  return new SqliteTarget(conn, existing, () => db.knex.client.releaseConnection(conn));
}

class SqliteTarget implements DumpLoadTarget {
  private readonly columnsOf = new Map<string, string[]>();
  private readonly statements = new Map<string, Statement>();
  /** Index DDL to run at the end, per table. */
  private readonly deferred = new Map<string, { line: number; ddl: string[] }>();

  constructor(
    private readonly conn: Connection,
    readonly existingTables: readonly string[],
    private readonly release: () => Promise<void>,
  ) {}

  async createTable(e: Extract<DumpEntry, { kind: 'create-table' }>, replacing: boolean): Promise<void> {
    const { def } = e;
    this.run(e.line, describeEntry(e), () => {
      if (replacing || this.columnsOf.has(e.table)) this.dropNow(e.table);
      for (const ddl of sqliteCreateTable({ ...def, indexes: def.indexes.filter((i) => i.unique) }))
        this.conn.exec(ddl);
    });
    this.columnsOf.set(
      e.table,
      def.columns.map((c) => c.name),
    );
    const later = def.indexes.filter((i) => !i.unique && !i.fulltext);
    const ddl = later.map((i) =>
      sqliteCreateIndex(
        def.name,
        i.name,
        i.columns.map((c) => c.name),
        false,
      ),
    );
    this.deferred.set(e.table, { line: e.line, ddl });
  }

  async dropTable(table: string): Promise<void> {
    this.dropNow(table);
  }

  async insert(e: Extract<DumpEntry, { kind: 'insert' }>): Promise<number> {
    const columns = e.columns ?? this.columns(e.table);
    const statement = this.statement(e, columns);
    let done = 0;
    const insertRow = (row: SqlValue[]) => {
      if (row.length !== columns.length) {
        throw new Error(`A row for ${e.table} has ${row.length} values but the table has ${columns.length} columns.`);
      }
      statement.run(row);
      done++;
    };
    // A syntax error part-way is the dump's (DumpSyntaxError, with its line), not the database's.
    try {
      return forEachInsertRow(e, insertRow);
    } catch (err) {
      if (err instanceof DumpSyntaxError) throw err;
      throw new StatementError(
        e.line,
        `the database refused ${describeEntry(e)} (row ${done + 1} of the statement): ${(err as Error).message}`,
      );
    }
  }

  async commit(): Promise<void> {
    for (const [table, { line, ddl }] of this.deferred) {
      for (const sql of ddl) this.run(line, `an index of ${table}`, () => this.conn.exec(sql));
    }
    this.conn.exec('COMMIT');
    await this.release();
  }

  async abort(): Promise<string> {
    try {
      this.conn.exec('ROLLBACK');
    } catch {
      // no transaction left to roll back: SQLite already did on the error
    }
    await this.release().catch(() => {});
    return 'Nothing was loaded: the load was rolled back; the tables that were there before are as they were.';
  }

  private dropNow(table: string): void {
    this.conn.exec(`DROP TABLE IF EXISTS ${quoteSqlite(table)}`);
    this.columnsOf.delete(table);
    this.deferred.delete(table);
    for (const key of this.statements.keys()) if (key.startsWith(`${table}\n`)) this.statements.delete(key);
  }

  private columns(table: string): string[] {
    let columns = this.columnsOf.get(table);
    if (!columns) {
      columns = (this.conn.prepare('SELECT name FROM pragma_table_info(?)').all(table) as { name: string }[]).map(
        (r) => r.name,
      );
      this.columnsOf.set(table, columns);
    }
    return columns;
  }

  private statement(e: Extract<DumpEntry, { kind: 'insert' }>, columns: string[]): Statement {
    const key = `${e.table}\n${e.mode}\n${columns.join('\n')}`;
    let statement = this.statements.get(key);
    if (!statement) {
      const verb = { insert: 'INSERT', ignore: 'INSERT OR IGNORE', replace: 'INSERT OR REPLACE' }[e.mode];
      const sql = `${verb} INTO ${quoteSqlite(e.table)} (${columns.map(quoteSqlite).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
      statement = this.run(e.line, describeEntry(e), () => this.conn.prepare(sql));
      this.statements.set(key, statement);
    }
    return statement;
  }

  /** Runs `work`, turning SQLite's error into the dump line's. */
  private run<T>(line: number, what: string, work: () => T): T {
    try {
      return work();
    } catch (err) {
      throw new StatementError(line, `the database refused ${what}: ${(err as Error).message}`);
    }
  }
}
