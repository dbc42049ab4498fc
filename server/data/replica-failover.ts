import type { Knex } from 'knex';
import { isDatabaseUnavailable } from './db-faults';

type QueryCallback = (err: unknown, ...rest: unknown[]) => void;
type Statement = (sql: unknown, values?: unknown, cb?: QueryCallback) => unknown;
type MysqlConnection = { query: Statement; execute: Statement };
type PoolClient = {
  acquireConnection(): Promise<MysqlConnection>;
  releaseConnection(conn: MysqlConnection): Promise<void>;
};

/**
 * Makes a replica's pool answer from the primary when the replica cannot: a connection the replica
 * pool cannot give (refused, reset, connect or acquire timeout) is borrowed from the primary's
 * pool instead, and a statement that fails on a replica connection because the server went away
 * (data/db-faults.ts) is sent again on a primary connection. So a replica that dies between two
 * health checks (data/replicas.ts) costs the requests that hit it a retry, never an error; each
 * such failure is reported (`onFailure`) so the replica is skipped at once. While it is skipped
 * (`usable` false), a request that chose it before goes on with primary connections: a page's later
 * reads do not wait on a hung server again.
 *
 * Only for the catalogue's plain reads: every knex query, raw statement and prepared statement
 * (data/tables.ts preparedRows) goes through `acquireConnection` and the connection's `query` or
 * `execute`, which is where this hooks in. A read that fails is safe to send twice.
 */
export function answerFromPrimaryOnFailure(
  replica: Knex,
  primary: Knex,
  health: { usable: () => boolean; onFailure: (err: unknown) => void },
): void {
  const { onFailure } = health;
  const client = replica.client as PoolClient;
  const primaryClient = primary.client as PoolClient;
  const acquire = client.acquireConnection.bind(client);
  const release = client.releaseConnection.bind(client);
  const borrowed = new WeakSet<MysqlConnection>();
  const hooked = new WeakSet<MysqlConnection>();
  const borrow = async () => {
    const conn = await primaryClient.acquireConnection();
    borrowed.add(conn);
    return conn;
  };
  client.acquireConnection = async () => {
    if (!health.usable()) return borrow();
    try {
      const conn = await acquire();
      if (!hooked.has(conn)) {
        hooked.add(conn);
        retryOnPrimary(conn, primaryClient, onFailure);
      }
      return conn;
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      onFailure(err);
      return borrow();
    }
  };
  client.releaseConnection = (conn) => {
    if (!borrowed.delete(conn)) return release(conn);
    return primaryClient.releaseConnection(conn);
  };
}

/** Wraps a replica connection's `query` and `execute`: a statement the server did not answer goes to the primary. */
function retryOnPrimary(conn: MysqlConnection, primary: PoolClient, onFailure: (err: unknown) => void): void {
  for (const method of ['query', 'execute'] as const) {
    const send = conn[method].bind(conn);
    conn[method] = (sql, values, cb) => {
      const valuesGiven = typeof values !== 'function';
      const callback = valuesGiven ? cb : (values as QueryCallback);
      // Streams and promise-less calls without a callback are passed through as they are.
      if (!callback) return send(sql, values, cb);
      const fallback: QueryCallback = (err, ...rest) => {
        if (!err || !isDatabaseUnavailable(err)) return callback(err, ...rest);
        onFailure(err);
        primary.acquireConnection().then(
          (other) => {
            const done: QueryCallback = (otherErr, ...otherRest) => {
              void primary.releaseConnection(other);
              callback(otherErr, ...otherRest);
            };
            if (valuesGiven) other[method](sql, values, done);
            else other[method](sql, done);
          },
          (acquireErr: unknown) => callback(acquireErr),
        );
      };
      return valuesGiven ? send(sql, values, fallback) : send(sql, fallback);
    };
  }
}
