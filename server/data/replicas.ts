import type { MysqlDbConfig } from '../core/config';
import type { Logger } from '../core/logger';
import { type Database, openDatabase } from './db';
import { answerFromPrimaryOnFailure } from './replica-failover';
import { type ReplicaHealth, readReplicaStatus, replicaHealth } from './replica-health';
import { createWpDb, type WpDb } from './tables';

/** How often each replica's replication state is read, off the request path. */
export const REPLICA_POLL_MS = 1_000;
/** A check that has not answered within this is a failed check: the replica is skipped until one answers. */
export const REPLICA_CHECK_TIMEOUT_MS = 1_000;

/**
 * The read replicas the catalogue's reads may use (http/read-routing.ts picks one per request).
 * Each has a request pool set up as the primary's (data/db.ts: session, timeouts) and a one-connection
 * pool of its own for the health check, so a check never waits behind requests nor they behind it.
 */
export interface Replicas {
  /** The next usable replica's reader, in turn (round robin), or undefined when none is usable now. */
  next(): WpDb | undefined;
  /** Each replica's state now (for logs and tests). */
  states(): readonly ReplicaState[];
  /** Checks every replica now and waits for the answers (at most REPLICA_CHECK_TIMEOUT_MS each). */
  checkNow(): Promise<void>;
  close(): Promise<void>;
}

export interface ReplicaState {
  readonly name: string;
  /** Not checked yet, or the last check's answer (or the last failure seen by a request). */
  readonly health: ReplicaHealth | { usable: false; reason: 'not checked yet' };
}

interface Replica {
  name: string;
  pool: Database;
  monitor: Database;
  wp: WpDb;
  health: ReplicaState['health'];
  checking: Promise<void> | undefined;
}

export function openReplicas(
  configs: readonly MysqlDbConfig[],
  primary: Database,
  options: { prefix: string; maxLagS: number; log: Logger },
): Replicas {
  const { log, maxLagS } = options;
  const replicas = configs.map((config) => openReplica(config, primary, options.prefix, log));
  const check = (replica: Replica): Promise<void> => {
    replica.checking ??= checkOnce(replica, maxLagS, log).finally(() => {
      replica.checking = undefined;
    });
    return replica.checking;
  };
  const timer = setInterval(() => {
    for (const replica of replicas) void check(replica);
  }, REPLICA_POLL_MS);
  timer.unref();

  let turn = 0;
  return {
    next() {
      const usable = replicas.filter((r) => r.health.usable);
      if (usable.length === 0) return undefined;
      turn = (turn + 1) % usable.length;
      return usable[turn]!.wp;
    },
    states: () => replicas.map((r) => ({ name: r.name, health: r.health })),
    checkNow: async () => {
      await Promise.all(replicas.map(check));
    },
    async close() {
      clearInterval(timer);
      await Promise.all(replicas.flatMap((r) => [r.pool.close(), r.monitor.close()]));
    },
  };
}

/** One replica's request pool (answering from the primary when it cannot) and its health-check pool. */
function openReplica(config: MysqlDbConfig, primary: Database, prefix: string, log: Logger): Replica {
  // Read-only sessions: a write sent here by mistake fails loudly instead of forking the replica
  // (read_only on the server does not stop an account with SUPER, as the primary's often is).
  const pool = openDatabase({ ...config, readOnly: true });
  const replica: Replica = {
    name: config.socketPath ?? `${config.host}:${config.port}`,
    pool,
    monitor: openDatabase({ ...config, poolMax: 1, queryTimeoutMs: REPLICA_CHECK_TIMEOUT_MS }),
    wp: createWpDb(pool, prefix),
    health: { usable: false, reason: 'not checked yet' },
    checking: undefined,
  };
  answerFromPrimaryOnFailure(pool.knex, primary.knex, {
    usable: () => replica.health.usable,
    onFailure: (err) =>
      setHealth(replica, { usable: false, reason: `a request could not use it (${errorCode(err)})` }, log),
  });
  return replica;
}

/** Records a replica's health, logging when it starts or stops being used. */
function setHealth(replica: Replica, health: ReplicaHealth, log: Logger): void {
  const was = replica.health;
  replica.health = health;
  const changed = was.usable !== health.usable || (!was.usable && was.reason === 'not checked yet');
  if (!changed) return;
  if (health.usable) log.info({ replica: replica.name, lagS: health.lagS }, 'replica in use');
  else log.warn({ replica: replica.name, reason: health.reason }, 'replica skipped');
}

/**
 * One health check. The replica is skipped as soon as the check outlives REPLICA_CHECK_TIMEOUT_MS;
 * the check itself ends within the pool's bounds (connect 2 s, acquire 4 s, statement 1 s:
 * data/db.ts), and no second one starts meanwhile.
 */
async function checkOnce(replica: Replica, maxLagS: number, log: Logger): Promise<void> {
  let late = false;
  const timer = setTimeout(() => {
    late = true;
    setHealth(replica, { usable: false, reason: `no answer within ${REPLICA_CHECK_TIMEOUT_MS} ms` }, log);
  }, REPLICA_CHECK_TIMEOUT_MS);
  try {
    const row = await readReplicaStatus(replica.monitor);
    if (!late) setHealth(replica, replicaHealth(row, maxLagS), log);
  } catch (err) {
    if (!late) setHealth(replica, { usable: false, reason: `check failed (${errorCode(err)})` }, log);
  } finally {
    clearTimeout(timer);
  }
}

function errorCode(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown };
  return typeof e?.code === 'string' ? e.code : String(e?.message ?? err);
}
