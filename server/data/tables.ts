import type { Knex } from 'knex';
import type { Dialect, Engine } from './dialect';

/** Every table name we touch, with the site's `$table_prefix` applied in this one place. */
export function tableNames(prefix: string) {
  return {
    posts: `${prefix}posts`,
    postmeta: `${prefix}postmeta`,
    options: `${prefix}options`,
    terms: `${prefix}terms`,
    termTaxonomy: `${prefix}term_taxonomy`,
    termRelationships: `${prefix}term_relationships`,
    termmeta: `${prefix}termmeta`,
    users: `${prefix}users`,
    usermeta: `${prefix}usermeta`,
    orders: `${prefix}tourmaster_order`,
    reviews: `${prefix}tourmaster_review`,
    roomOrders: `${prefix}tourmaster_room_order`,
  } as const;
}

export type TableNames = ReturnType<typeof tableNames>;

/**
 * What a repository function needs: a connection (or the transaction it runs in), the engine's
 * dialect and the prefixed table names. Passed explicitly, never held in a module singleton.
 */
export interface WpDb {
  readonly knex: Knex | Knex.Transaction;
  readonly dialect: Dialect;
  readonly engine: Engine;
  readonly prefix: string;
  readonly t: TableNames;
}

export function createWpDb(db: { knex: Knex; dialect: Dialect; engine: Engine }, prefix: string): WpDb {
  return { knex: db.knex, dialect: db.dialect, engine: db.engine, prefix, t: tableNames(prefix) };
}

/**
 * Runs `fn` in a transaction; the WpDb it receives binds every query to that transaction.
 * `readCommitted` makes every plain read see what other transactions committed (MariaDB's default,
 * REPEATABLE READ, would keep reading the snapshot of the first read).
 */
export async function inTransaction<T>(
  wp: WpDb,
  fn: (trx: WpDb) => Promise<T>,
  options: { readCommitted?: boolean } = {},
): Promise<T> {
  if (isTransaction(wp.knex)) return fn(wp);
  const config =
    options.readCommitted && wp.engine === 'mysql' ? { isolationLevel: 'read committed' as const } : undefined;
  return (wp.knex as Knex).transaction((trx) => fn({ ...wp, knex: trx }), config);
}

function isTransaction(knex: Knex | Knex.Transaction): knex is Knex.Transaction {
  return 'isTransaction' in knex && (knex as Knex.Transaction).isTransaction === true;
}

type MysqlPoolConnection = {
  execute(sql: string, params: unknown[], cb: (err: Error | null, rows?: unknown) => void): void;
};

/**
 * A read on the request's hot path, as a prepared statement: MariaDB parses it once per connection
 * and later calls send only the parameters. `sql` uses `?` for values only; table names are inlined
 * by the caller. Inside a transaction (or on SQLite) it is a plain knex query.
 */
export async function preparedRows<T>(wp: WpDb, sql: string, params: readonly (string | number)[]): Promise<T[]> {
  if (wp.engine !== 'mysql' || isTransaction(wp.knex)) {
    const result = await wp.knex.raw(sql, [...params]);
    return (wp.engine === 'mysql' ? (result as [T[]])[0] : result) as T[];
  }
  const client = (wp.knex as Knex).client as {
    acquireConnection(): Promise<MysqlPoolConnection>;
    releaseConnection(conn: MysqlPoolConnection): Promise<void>;
  };
  const conn = await client.acquireConnection();
  try {
    return await new Promise<T[]>((resolve, reject) =>
      conn.execute(sql, [...params], (err, rows) => (err ? reject(err) : resolve(rows as T[]))),
    );
  } finally {
    await client.releaseConnection(conn);
  }
}

/** `n` parameter marks for an `IN (…)` list. */
export function placeholders(n: number): string {
  return Array.from({ length: n }, () => '?').join(', ');
}

/** A table name quoted for the engine (for SQL text built once and reused). */
export function quoteTable(wp: Pick<WpDb, 'engine'>, name: string): string {
  return wp.engine === 'mysql' ? `\`${name.replaceAll('`', '``')}\`` : `"${name.replaceAll('"', '""')}"`;
}
