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
