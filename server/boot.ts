import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pendingMigrations, runMigrations } from '../migrations/index';
import { actions } from './ajax/registry';
import type { Config } from './core/config';
import type { Logger } from './core/logger';
import { type Database, openDatabase } from './data/db';
import { loadDump } from './data/dump-loader';
import { openReplicas } from './data/replicas';
import { loadSalts, type Salts } from './data/salts';
import { createWpDb } from './data/tables';
import type { AppDeps } from './http/deps';
import { createMailer } from './mail/create-mailer';
import { createLegacyUpstream } from './upstream/legacy-upstream';

/** The server was asked to serve a database that lacks our migrations: it would fail every write. */
export class PendingMigrationsError extends Error {
  constructor(readonly pending: readonly string[]) {
    super(
      `The database needs upgrading before this version can serve it: run \`npm run migrate\` (or start with MIGRATE_ON_START=1). Pending: ${pending.join(', ')}.`,
    );
    this.name = 'PendingMigrationsError';
  }
}

/**
 * Opens the configured database and assembles the app's dependencies. The embedded default is
 * created from the seed dump on first start (built in a temporary file and renamed, so an
 * interrupted first start never leaves half a database) and migrated on every start. A real
 * WordPress database is never changed here: its pending migrations are run by `npm run migrate`
 * (or MIGRATE_ON_START=1), and the server (`requireMigrated`) refuses to start without them, since
 * every booking, login and account form would fail; the parity tool, which only reads, does not.
 * Configured read replicas are opened and checked once before the first request (`replicas: false`
 * for a process that serves nothing, as the cluster's primary).
 */
export async function boot(
  config: Config,
  log: Logger,
  options: { clock?: () => Date; migrateOnStart?: boolean; requireMigrated?: boolean; replicas?: boolean } = {},
): Promise<AppDeps> {
  if (config.db.engine === 'sqlite' && config.seedDump && !existsSync(config.db.filename)) {
    await createEmbeddedDatabase(config.db.filename, config.seedDump, log);
  }
  const db = openDatabase(config.db);
  if (config.source === 'embedded' || options.migrateOnStart) {
    // Migrations may add an index to a large table: not bounded by the requests' statement timeout.
    const unbounded = config.db.engine === 'mysql' ? openDatabase({ ...config.db, queryTimeoutMs: 0 }) : db;
    try {
      const ran = await runMigrations(unbounded, config.tablePrefix);
      if (ran.length) log.info({ migrations: ran }, 'migrations applied');
    } finally {
      if (unbounded !== db) await unbounded.close();
    }
  } else {
    const pending = await pendingMigrations(db, config.tablePrefix);
    if (pending.length && options.requireMigrated) {
      await db.close();
      throw new PendingMigrationsError(pending);
    }
    if (pending.length) log.warn({ pending }, 'database has pending migrations: run `npm run migrate`');
  }
  const deps = assembleDeps(config, db, log, options.clock);
  if (config.replicas.length && options.replicas !== false) {
    const { tablePrefix: prefix, replicaMaxLagS: maxLagS } = config;
    deps.replicas = openReplicas(config.replicas, db, { prefix, maxLagS, log });
    await deps.replicas.checkNow();
  }
  return deps;
}

export function assembleDeps(config: Config, db: Database, log: Logger, clock: () => Date = () => new Date()): AppDeps {
  const wp = createWpDb(db, config.tablePrefix);
  let salts: Promise<Salts> | undefined;
  return {
    config,
    db,
    wp,
    ...(config.legacyUpstream
      ? {
          upstream: createLegacyUpstream(
            config.legacyUpstream,
            actions.map((a) => a.name),
            log,
          ),
        }
      : {}),
    mailer: createMailer(config),
    log,
    clock,
    salts: () => {
      salts ??= loadSalts(wp, config.secrets).catch((err) => {
        salts = undefined;
        throw err;
      });
      return salts;
    },
  };
}

async function createEmbeddedDatabase(filename: string, dumpFile: string, log: Logger): Promise<void> {
  mkdirSync(path.dirname(filename), { recursive: true });
  const temp = `${filename}.creating-${process.pid}`;
  rmSync(temp, { force: true });
  log.info({ file: filename, from: dumpFile }, 'creating the embedded database');
  const db = openDatabase({ engine: 'sqlite', filename: temp });
  try {
    await loadDump(db, readFileSync(dumpFile, 'utf8'));
  } finally {
    await db.close();
  }
  for (const suffix of ['-wal', '-shm']) rmSync(temp + suffix, { force: true });
  renameSync(temp, filename);
}
