import type { Knex } from 'knex';
import type { TestServer } from './app';

type Conn = { execute: (sql: string, ...rest: unknown[]) => unknown; __counted?: boolean };

/** The statements seen while a `statementsRunBy` call runs (the wrapped connections write here). */
let collecting: string[] | undefined;

/**
 * Every statement the server runs while `fn` runs: knex's queries and the prepared statements
 * (mysql2's `execute`, which knex does not report). For tests that bound what a request costs.
 */
export async function statementsRunBy(server: TestServer, fn: () => Promise<unknown>): Promise<string[]> {
  const knex = server.deps.wp.knex as Knex;
  const seen: string[] = [];
  const onQuery = (q: { sql: string }) => seen.push(q.sql);
  knex.on('query', onQuery);
  const client = knex.client as { acquireConnection: () => Promise<Conn> };
  const acquire = client.acquireConnection;
  client.acquireConnection = async function (this: unknown) {
    const conn = await acquire.call(this);
    if (typeof conn.execute === 'function' && !conn.__counted) {
      const execute = conn.execute;
      conn.execute = function (this: unknown, sql: string, ...rest: unknown[]) {
        collecting?.push(sql);
        return execute.call(this, sql, ...rest);
      };
      conn.__counted = true;
    }
    return conn;
  };
  collecting = seen;
  try {
    await fn();
  } finally {
    collecting = undefined;
    knex.removeListener('query', onQuery);
    client.acquireConnection = acquire;
  }
  return seen;
}
