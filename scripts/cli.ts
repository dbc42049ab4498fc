import { type Config, ConfigError, describeConfig, loadConfig } from '../server/core/config';
import { type Database, openDatabase } from '../server/data/db';

/** Shared start-up for the admin scripts: the configuration, a database handle, clean exits. */
export async function withDatabase(run: (config: Config, db: Database) => Promise<number | undefined>): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    fail(err instanceof ConfigError ? `Configuration error: ${err.message}` : String(err));
  }
  // The admin's scripts wait as long as a statement takes: an index added to a large orders table may take minutes.
  const db = openDatabase(config.db.engine === 'mysql' ? { ...config.db, queryTimeoutMs: 0 } : config.db);
  let code = 0;
  try {
    code = (await run(config, db)) ?? 0;
  } catch (err) {
    process.stderr.write(`${describeDbError(err, config)}\n`);
    code = 1;
  } finally {
    await db.close();
  }
  process.exit(code);
}

export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** A database error as a sentence an admin can act on; never the password. */
export function describeDbError(err: unknown, config: Config): string {
  const e = err as { code?: string; message?: string };
  const where = JSON.stringify(describeConfig(config).db);
  switch (e.code) {
    case 'ECONNREFUSED':
      return `Cannot connect to the database server (${where}): connection refused. Is MySQL/MariaDB running?`;
    case 'ENOENT':
      return `Cannot connect to the database (${where}): the socket or file does not exist.`;
    case 'ER_ACCESS_DENIED_ERROR':
      return `The database refused the user and password from the configuration (${where}).`;
    case 'ER_BAD_DB_ERROR':
      return `The database named in the configuration does not exist (${where}).`;
    default:
      return `Database error: ${e.message ?? String(err)}`;
  }
}
