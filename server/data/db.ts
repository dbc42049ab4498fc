import knexFactory, { type Knex } from 'knex';
import type { DbConfig } from '../core/config';
import { foldKey } from '../wp/fold-key';
import { createDialect, type Dialect, type Engine, SQLITE_FOLD_FUNCTION, wordpressSqlMode } from './dialect';

export type { DbConfig };

export interface Database {
  readonly engine: Engine;
  readonly knex: Knex;
  readonly dialect: Dialect;
  close(): Promise<void>;
}

type QueryCallback = (err: (Error & { code?: string }) | null, ...rest: unknown[]) => void;
type Statement = (sql: string | Record<string, unknown>, values?: unknown, cb?: QueryCallback) => unknown;
type MysqlConnection = { query: Statement; execute: Statement; destroy(): void };

type SqliteConnection = {
  pragma(sql: string): unknown;
  function(name: string, options: { deterministic: boolean }, fn: (value: unknown) => unknown): void;
};

/**
 * Opens a knex pool set up as WordPress sets up its own connection: utf8mb4 with the site's
 * collation, the loose sql_mode WordPress relies on, and dates read as strings so that zero
 * dates survive. SQLite gets WAL, a busy timeout and the fold function the dialect uses.
 */
export function openDatabase(config: DbConfig): Database {
  const knex = config.engine === 'mysql' ? openMysql(config) : openSqlite(config.filename);
  return {
    engine: config.engine,
    knex,
    dialect: createDialect(config.engine),
    close: () => knex.destroy(),
  };
}

/**
 * With the database down or hung, a request fails within these bounds (a 503, data/db-faults.ts)
 * instead of waiting on the drivers' defaults (10 s to connect, 60 s for a pooled connection, no
 * bound at all for a statement sent to a server that stopped answering).
 */
export const CONNECT_TIMEOUT_MS = 2_000;
export const ACQUIRE_TIMEOUT_MS = 4_000;
export const QUERY_TIMEOUT_MS = 4_000;

/**
 * Every statement on the connection (queries, and the prepared statements of data/tables.ts) must
 * answer within `timeoutMs`, whatever the driver is doing: a watchdog per call, since mysql2's own
 * `timeout` option starts only once a command runs (not while it waits behind another, nor during
 * the PREPARE of a first `execute`). On expiry the connection is destroyed (the pool drops it, and
 * MariaDB rolls back a transaction it held when it sees the socket close) and the caller gets a
 * fatal error, which the app answers as a 503 (data/db-faults.ts).
 */
function boundStatements(conn: MysqlConnection, timeoutMs: number): void {
  if (timeoutMs <= 0) return;
  for (const method of ['query', 'execute'] as const) {
    const send = conn[method].bind(conn);
    conn[method] = (sql, values, cb) => {
      const callback = typeof values === 'function' ? (values as QueryCallback) : cb;
      if (!callback) return send(sql, values, cb);
      let settled = false;
      const watchdog = setTimeout(() => {
        if (settled) return;
        settled = true;
        conn.destroy();
        const err = Object.assign(new Error(`The database did not answer within ${timeoutMs} ms.`), {
          code: STATEMENT_TIMEOUT_CODE,
          fatal: true,
        });
        callback(err);
      }, timeoutMs);
      const done: QueryCallback = (err, ...rest) => {
        if (settled) return;
        settled = true;
        clearTimeout(watchdog);
        callback(err, ...rest);
      };
      return typeof values === 'function' ? send(sql, done) : send(sql, values, done);
    };
  }
}

/** The code of a statement that outlived QUERY_TIMEOUT_MS (mysql2's own timeout error has it too). */
export const STATEMENT_TIMEOUT_CODE = 'PROTOCOL_SEQUENCE_TIMEOUT';

function openMysql(config: Extract<DbConfig, { engine: 'mysql' }>): Knex {
  const charset = config.charset || 'utf8mb4';
  return knexFactory({
    client: 'mysql2',
    connection: {
      ...(config.socketPath ? { socketPath: config.socketPath } : { host: config.host, port: config.port ?? 3306 }),
      user: config.user,
      password: config.password,
      database: config.database,
      charset,
      dateStrings: true,
      supportBigNumbers: true,
      timezone: 'Z',
      connectTimeout: CONNECT_TIMEOUT_MS,
      // The statements preparedRows (tables.ts) prepares: a few dozen texts. mysql2's default cache
      // of 16,000 per connection allocates four arrays of that length up front (half a megabyte
      // per pooled connection), and would let MariaDB's server-wide limit (16,382) be reached.
      maxPreparedStatements: 256,
    },
    acquireConnectionTimeout: ACQUIRE_TIMEOUT_MS,
    pool: {
      min: 0,
      max: config.poolMax ?? 10,
      afterCreate(conn: MysqlConnection, done: (err: Error | null, conn: unknown) => void) {
        boundStatements(conn, config.queryTimeoutMs ?? QUERY_TIMEOUT_MS);
        run(conn, 'SELECT @@SESSION.sql_mode AS mode, @@collation_server AS server_collation')
          .then(async (rows) => {
            const row = (rows as { mode: string }[])[0];
            const collate = config.collate || (await wordpressCollation(conn, charset));
            await run(conn, `SET NAMES ${charset} COLLATE ${collate}`);
            await run(conn, `SET SESSION sql_mode = '${wordpressSqlMode(row?.mode ?? '')}'`);
            if (config.readOnly) await run(conn, 'SET SESSION TRANSACTION READ ONLY');
            done(null, conn);
          })
          .catch((err: Error) => done(err, conn));
      },
    },
  });
}

/** WordPress's pick: utf8mb4_unicode_520_ci when the server has it, else utf8mb4_unicode_ci. */
async function wordpressCollation(conn: MysqlConnection, charset: string): Promise<string> {
  if (charset !== 'utf8mb4') return `${charset}_general_ci`;
  const rows = (await run(conn, "SHOW COLLATION LIKE 'utf8mb4_unicode_520_ci'")) as unknown[];
  return rows.length ? 'utf8mb4_unicode_520_ci' : 'utf8mb4_unicode_ci';
}

function run(conn: MysqlConnection, sql: string): Promise<unknown> {
  return new Promise((resolve, reject) =>
    conn.query(sql, ((err, rows) => (err ? reject(err) : resolve(rows))) satisfies QueryCallback),
  );
}

function openSqlite(filename: string): Knex {
  return knexFactory({
    client: 'better-sqlite3',
    connection: { filename },
    useNullAsDefault: true,
    pool: {
      // One connection: better-sqlite3 is synchronous, and one writer keeps transactions serial.
      min: 1,
      max: 1,
      afterCreate(conn: SqliteConnection, done: (err: Error | null, conn: unknown) => void) {
        try {
          conn.pragma('journal_mode = WAL');
          conn.pragma('busy_timeout = 5000');
          conn.pragma('foreign_keys = OFF');
          conn.function(SQLITE_FOLD_FUNCTION, { deterministic: true }, (value) =>
            typeof value === 'string' ? foldKey(value) : value,
          );
          done(null, conn);
        } catch (err) {
          done(err as Error, conn);
        }
      },
    },
  });
}

/** Names of the tables in the connected database. */
export async function listTables(db: Database): Promise<string[]> {
  if (db.engine === 'mysql') {
    const [rows] = (await db.knex.raw('SHOW TABLES')) as [Record<string, string>[]];
    return rows.map((r) => Object.values(r)[0]!).filter(Boolean);
  }
  const rows = (await db.knex.raw("SELECT name FROM sqlite_master WHERE type = 'table'")) as { name: string }[];
  return rows.map((r) => r.name).filter((n) => !n.startsWith('sqlite_'));
}

/** Column names of one table, in order. */
export async function listColumns(db: Database, table: string): Promise<string[]> {
  if (db.engine === 'mysql') {
    const [rows] = (await db.knex.raw('SHOW COLUMNS FROM ??', [table])) as [{ Field: string }[]];
    return rows.map((r) => r.Field);
  }
  const rows = (await db.knex.raw('SELECT name FROM pragma_table_info(?)', [table])) as { name: string }[];
  return rows.map((r) => r.name);
}

/** Index names of one table (SQLite names are stored without our table prefix). */
export async function listIndexes(db: Database, table: string): Promise<string[]> {
  if (db.engine === 'mysql') {
    const [rows] = (await db.knex.raw('SHOW INDEX FROM ??', [table])) as [{ Key_name: string }[]];
    return [...new Set(rows.map((r) => r.Key_name))];
  }
  const rows = (await db.knex.raw('SELECT name FROM pragma_index_list(?)', [table])) as { name: string }[];
  return rows.map((r) => r.name.replace(`${table}__`, ''));
}
