import type { Database } from './db';

/**
 * Whether a read replica may serve reads, from its `SHOW REPLICA STATUS` row: both replication
 * threads running and `Seconds_Behind_Master` (MySQL 8: `Seconds_Behind_Source`) within the limit.
 * A server that is no replica at all (no row) is refused too: nothing says its data is current.
 */
export type ReplicaHealth = { usable: true; lagS: number } | { usable: false; reason: string };

type StatusRow = Record<string, unknown>;

/** The row's value under its MariaDB / MySQL 5.7 name or its MySQL 8.0.22+ name. */
function column(row: StatusRow, legacy: string, current: string): unknown {
  return row[legacy] ?? row[current];
}

export function replicaHealth(row: StatusRow | undefined, maxLagS: number): ReplicaHealth {
  if (!row) return { usable: false, reason: 'not a replica (SHOW REPLICA STATUS is empty)' };
  const io = String(column(row, 'Slave_IO_Running', 'Replica_IO_Running') ?? '');
  const sql = String(column(row, 'Slave_SQL_Running', 'Replica_SQL_Running') ?? '');
  if (io !== 'Yes') return { usable: false, reason: `replication IO thread not running (${io || 'unknown'})` };
  if (sql !== 'Yes') return { usable: false, reason: `replication SQL thread not running (${sql || 'unknown'})` };
  const behind = column(row, 'Seconds_Behind_Master', 'Seconds_Behind_Source');
  // NULL while the threads are connecting or the SQL thread waits on a broken relay log: unknown lag.
  if (behind === null || behind === undefined || behind === '') return { usable: false, reason: 'lag unknown' };
  const lagS = Number(behind);
  if (!Number.isFinite(lagS)) return { usable: false, reason: 'lag unknown' };
  if (lagS > maxLagS) return { usable: false, reason: `${lagS} s behind (more than ${maxLagS} s)` };
  return { usable: true, lagS };
}

const statusStatements = new WeakMap<Database, string>();

/**
 * The replica's status row. `SHOW REPLICA STATUS` (MariaDB 10.5+, MySQL 8.0.22+), else the older
 * `SHOW SLAVE STATUS`, remembered per server once known. The account needs `REPLICATION CLIENT`
 * (MySQL) or `SLAVE MONITOR` (MariaDB 10.5+).
 */
export async function readReplicaStatus(db: Database): Promise<StatusRow | undefined> {
  const known = statusStatements.get(db);
  const statements = known ? [known] : ['SHOW REPLICA STATUS', 'SHOW SLAVE STATUS'];
  for (const [i, sql] of statements.entries()) {
    try {
      const [rows] = (await db.knex.raw(sql)) as [StatusRow[]];
      statusStatements.set(db, sql);
      return rows[0];
    } catch (err) {
      const last = i === statements.length - 1;
      if (last || (err as { code?: string }).code !== 'ER_PARSE_ERROR') throw err;
    }
  }
  return undefined;
}
