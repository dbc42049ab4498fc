import type { Database } from './db';
import { listTables } from './db';
import { type DumpLoadTarget, describeEntry, StatementError } from './dump-load-target';
import { checkCreateTableAsWritten, loaderSqlMode } from './dump-sent-as-written';
import { countInsertRows, type DumpEntry } from './mysql-dump';

type Callback = (err: (Error & { code?: string; sqlMessage?: string }) | null, rows?: unknown) => void;
interface Connection {
  query(sql: string, cb: Callback): void;
}

/**
 * MariaDB/MySQL: every statement of the dump goes to the server as the dump wrote it (an extended
 * INSERT of a few MB is one round trip, as with the mysql client), once it has been read whole
 * and checked: an INSERT must be rows of literal values (no expressions, no ON DUPLICATE KEY, no
 * second statement), a CREATE TABLE columns and table options only, read by the server with the
 * checker's quoting (dump-sent-as-written.ts). A table that exists already (--replace) is loaded under a temporary name,
 * swapped in at the end; a new one under its own name (a failure drops it).
 * Statements are pipelined: the next one is read and checked while the server runs the last.
 *
 * All on one connection of the pool, with the session settings mysqldump's header asks for and the
 * loader otherwise skips: a 0 in an AUTO_INCREMENT column stays 0, and foreign keys are not checked
 * until the dump is all there. Rows are committed every COMMIT_EVERY_CHARS of statements rather
 * than one by one (a dump of one-row INSERTs would otherwise wait for a disk flush per row); the
 * tables are temporary until the end anyway.
 */
const COMMIT_EVERY_CHARS = 32 << 20;

export async function openMysqlTarget(db: Database): Promise<DumpLoadTarget> {
  const existing = await listTables(db);
  const conn = (await db.knex.client.acquireConnection()) as Connection;
  try {
    const [saved] = (await query(
      conn,
      'SELECT @@SESSION.sql_mode AS mode, @@SESSION.foreign_key_checks AS fk, @@SESSION.autocommit AS ac',
    )) as { mode: string; fk: number; ac: number }[];
    await query(
      conn,
      `SET SESSION sql_mode = ${quote(loaderSqlMode(saved!.mode))}, foreign_key_checks = 0, autocommit = 0`,
    );
    const release = async () => {
      await query(
        conn,
        `SET SESSION sql_mode = ${quote(saved!.mode)}, foreign_key_checks = ${Number(saved!.fk)}, autocommit = ${Number(saved!.ac)}`,
      );
      await db.knex.client.releaseConnection(conn);
    };
    return new MysqlTarget(conn, existing, release);
  } catch (err) {
    await db.knex.client.releaseConnection(conn);
    throw err;
  }
}

class MysqlTarget implements DumpLoadTarget {
  /** The tables this load created: the dump's name → the name it is loaded under (its own, or a temporary one). */
  private readonly temp = new Map<string, string>();
  /** Existing tables the dump dropped (with --replace) and did not create again. */
  private readonly dropped = new Set<string>();
  /** Existing tables the dump inserted rows into without creating them: not undoable. */
  private readonly touched = new Set<string>();
  private pending: Promise<unknown> = Promise.resolve();
  private count = 0;
  /** The RENAME went through: the load is in, whatever happens after. */
  private committed = false;
  private uncommitted = 0;

  constructor(
    private readonly conn: Connection,
    readonly existingTables: readonly string[],
    private readonly release: () => Promise<void>,
  ) {}

  async createTable(e: Extract<DumpEntry, { kind: 'create-table' }>, replacing: boolean): Promise<void> {
    checkCreateTableAsWritten(e);
    await this.dropTemp(e.table);
    const name = replacing ? `_dbload_${process.pid}_${++this.count}` : e.table;
    this.temp.set(e.table, name);
    await this.send(e, `CREATE TABLE ${ident(name)}${e.sql.slice(e.nameEnd)}`);
  }

  async dropTable(table: string): Promise<void> {
    if (this.temp.has(table)) await this.dropTemp(table);
    else if (this.existingTables.includes(table)) this.dropped.add(table);
  }

  async insert(e: Extract<DumpEntry, { kind: 'insert' }>): Promise<number> {
    const rows = countInsertRows(e);
    const temp = this.temp.get(e.table);
    if (temp === undefined) this.touched.add(e.table);
    const verb = { insert: 'INSERT', ignore: 'INSERT IGNORE', replace: 'REPLACE' }[e.mode];
    // Unchanged where the name is the dump's: a copy of a statement of several MB saved.
    const sql = temp === undefined || temp === e.table ? e.sql : `${verb} INTO ${ident(temp)}${e.sql.slice(e.nameEnd)}`;
    // Pipelined: the caller reads the next statement while this one runs.
    await this.pending;
    this.pending = this.run(e, sql, rows);
    this.pending.catch(() => {}); // surfaces at the next await of `pending`
    return rows;
  }

  async commit(): Promise<void> {
    await this.pending;
    await query(this.conn, 'COMMIT');
    const now = new Set(await this.tables());
    const renames: string[] = [];
    const old: string[] = [];
    for (const [table, temp] of this.temp) {
      if (temp === table) continue;
      if (now.has(table)) {
        const aside = `_dbload_old_${process.pid}_${old.length + 1}`;
        renames.push(`${ident(table)} TO ${ident(aside)}`);
        old.push(aside);
      }
      renames.push(`${ident(temp)} TO ${ident(table)}`);
    }
    for (const table of this.dropped) if (!this.temp.has(table) && now.has(table)) old.push(table);
    // One RENAME TABLE is atomic: the dump's tables appear, and old ones go, all at once.
    if (renames.length) await query(this.conn, `RENAME TABLE ${renames.join(', ')}`);
    this.committed = true;
    if (old.length) await query(this.conn, `DROP TABLE ${old.map(ident).join(', ')}`);
    await this.release();
  }

  async abort(): Promise<string> {
    await this.pending.catch(() => {});
    if (this.committed) {
      await this.release().catch(() => {});
      return `The dump's tables were loaded, but the tables they replaced (renamed _dbload_old_${process.pid}_N) may need dropping by hand.`;
    }
    const temps = [...this.temp.values()];
    let left = '';
    try {
      await query(this.conn, 'ROLLBACK');
      if (temps.length) await query(this.conn, `DROP TABLE IF EXISTS ${temps.map(ident).join(', ')}`);
      await this.release();
    } catch (err) {
      left = ` The tables ${temps.join(', ')} could not be dropped (${(err as Error).message}); drop them by hand.`;
    }
    const created = [...this.temp.keys()];
    const undone = created.length
      ? `Nothing was loaded: the ${created.length} tables this load had begun (${created.join(', ')}) were dropped; the tables that were there before are as they were.`
      : 'Nothing was loaded; existing tables are as they were.';
    const touched = this.touched.size
      ? ` Rows had already been inserted into ${[...this.touched].join(', ')}, tables the dump does not create; those rows stay.`
      : '';
    return undone + touched + left;
  }

  private async tables(): Promise<string[]> {
    const rows = (await query(this.conn, 'SHOW TABLES')) as Record<string, string>[];
    return rows.map((r) => Object.values(r)[0]!);
  }

  private async dropTemp(table: string): Promise<void> {
    const temp = this.temp.get(table);
    if (temp === undefined) return;
    await this.pending;
    await query(this.conn, `DROP TABLE IF EXISTS ${ident(temp)}`);
    this.temp.delete(table);
  }

  private async send(e: DumpEntry, sql: string): Promise<void> {
    await this.pending;
    await this.run(e, sql);
  }

  private async run(e: DumpEntry, sql: string, rows?: number): Promise<void> {
    try {
      await query(this.conn, sql);
      this.uncommitted += sql.length;
      if (this.uncommitted > COMMIT_EVERY_CHARS) {
        this.uncommitted = 0;
        await query(this.conn, 'COMMIT');
      }
    } catch (err) {
      const message = (err as { sqlMessage?: string }).sqlMessage ?? (err as Error).message;
      throw new StatementError(e.line, `the database refused ${describeEntry(e, rows)}: ${message}`);
    }
  }
}

/** Runs SQL with no placeholders: mysql2's query() without values sends the text untouched. */
function query(conn: Connection, sql: string): Promise<unknown> {
  return new Promise((resolve, reject) => conn.query(sql, (err, rows) => (err ? reject(err) : resolve(rows))));
}

function ident(name: string): string {
  return `\`${name.replaceAll('`', '``')}\``;
}

function quote(text: string): string {
  return `'${text.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}
