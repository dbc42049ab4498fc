import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../data/db';
import { openLoopbackRoot } from './loopback-mariadb';
import { createPrivateMariaDb, type PrivateMariaDb } from './private-mariadb';

/**
 * A MariaDB primary and its read replicas, each a private `mariadbd` (testing/private-mariadb.ts):
 * row-based binary logs with GTIDs in strict mode, each replica following the primary from its first
 * transaction (`MASTER_USE_GTID=slave_pos`), so whatever the test writes on the primary reaches
 * them. A replica's own writes made with `sql_log_bin = 0` stay on it: that is how a test tells
 * which server answered.
 */
export interface ReplicatedMariaDb {
  readonly primary: PrivateMariaDb;
  readonly replicas: readonly PrivateMariaDb[];
  /** Loads the fixture site into `database` on the primary and waits until every replica has it. */
  loadFixtureSite(database: string): Promise<void>;
  /** Waits until every replica has applied all the primary wrote so far (replication must be running). */
  caughtUp(timeoutS?: number): Promise<void>;
  /** Runs statements, in order, on one connection to `server` as root; the last one's rows. */
  sql(server: PrivateMariaDb, statements: readonly string[], database?: string): Promise<Record<string, unknown>[]>;
  /** Kills every server and deletes their data directories. */
  destroy(): Promise<void>;
}

const REPLICATION_ARGS = ['--log-bin=mysql-bin', '--binlog-format=ROW', '--gtid-strict-mode=1'];

/** Why this machine cannot run the servers, or undefined when it can. */
export function replicationUnavailable(): string | undefined {
  if (!existsSync('/usr/sbin/mariadbd')) return 'no /usr/sbin/mariadbd';
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  if (!dirs.some((dir) => existsSync(path.join(dir, 'mariadb-install-db')))) return 'no mariadb-install-db on PATH';
  return undefined;
}

export async function createReplicatedMariaDb(options: { replicas?: number } = {}): Promise<ReplicatedMariaDb> {
  const count = options.replicas ?? 1;
  // One after another: mariadb-install-db runs collide on their temporary tables in /tmp.
  const started: PrivateMariaDb[] = [];
  try {
    for (let i = 0; i <= count; i++) {
      // Replicas also keep a binary log (as they would to be promoted); server ids must differ.
      started.push(await createPrivateMariaDb({ args: [`--server-id=${i + 1}`, ...REPLICATION_ARGS] }));
    }
  } catch (err) {
    await Promise.all(started.map((s) => s.destroy()));
    throw err;
  }
  const [primary, ...replicas] = started as [PrivateMariaDb, ...PrivateMariaDb[]];
  const pair: ReplicatedMariaDb = {
    primary,
    replicas,
    sql: (server, statements, database = '') => runOn(server, statements, database),
    async loadFixtureSite(database) {
      await primary.loadFixtureSite(database);
      await pair.caughtUp();
    },
    async caughtUp(timeoutS = 60) {
      const [row] = await runOn(primary, ['SELECT @@gtid_binlog_pos AS pos']);
      const pos = String(row?.pos ?? '');
      for (const replica of replicas) {
        const [wait] = await runOn(replica, [`SELECT MASTER_GTID_WAIT('${pos}', ${timeoutS}) AS waited`]);
        if (Number(wait?.waited) !== 0) throw new Error(`replica on ${replica.port} did not reach ${pos}`);
      }
    },
    async destroy() {
      await Promise.all(started.map((s) => s.destroy()));
    },
  };
  try {
    for (const replica of replicas) {
      await runOn(replica, [
        `CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=${primary.port}, MASTER_USER='root', MASTER_PASSWORD='', MASTER_USE_GTID=slave_pos, MASTER_CONNECT_RETRY=1`,
        'START SLAVE',
      ]);
    }
  } catch (err) {
    await pair.destroy();
    throw err;
  }
  return pair;
}

async function runOn(
  server: PrivateMariaDb,
  statements: readonly string[],
  database = '',
): Promise<Record<string, unknown>[]> {
  const db: Database = openLoopbackRoot(server.port, database, { queryTimeoutMs: 0 });
  try {
    let rows: Record<string, unknown>[] = [];
    // One connection (poolMax 1, reused while idle): session settings such as sql_log_bin hold for
    // the next statements.
    for (const sql of statements) [rows] = (await db.knex.raw(sql)) as [Record<string, unknown>[]];
    return rows;
  } finally {
    await db.close();
  }
}
