import type { Database } from './db';

/**
 * How far a long ALTER TABLE or CREATE INDEX running in this database has got, 0 to 100, as
 * MariaDB reports it (information_schema.PROCESSLIST.PROGRESS); undefined when none runs, on
 * MySQL (no such column) and on SQLite. Read on another connection than the one running it.
 */
export async function runningDdlProgress(db: Database): Promise<number | undefined> {
  if (db.engine !== 'mysql') return undefined;
  try {
    const [rows] = (await db.knex.raw(
      "SELECT MAX(PROGRESS) AS progress FROM information_schema.PROCESSLIST WHERE DB = DATABASE() AND INFO REGEXP '^[[:space:]]*(ALTER|CREATE)' AND ID <> CONNECTION_ID()",
    )) as [{ progress: number | string | null }[]];
    const progress = rows[0]?.progress;
    return progress === null || progress === undefined ? undefined : Number(progress);
  } catch {
    return undefined;
  }
}
