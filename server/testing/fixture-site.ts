import { readFileSync } from 'node:fs';
import { runMigrations } from '../../migrations/index';
import { DEFAULT_SEED_DUMP } from '../core/config';
import type { Database } from '../data/db';
import { loadDump } from '../data/dump-loader';
import { createMariaDatabase } from './test-db-config';

/**
 * Creates `database` on a MariaDB server of a test's own, loads the fixture site
 * (legacy-fixtures/wp-legacy.sql) into it and migrates it. `open` connects to a database there.
 */
export async function loadFixtureSiteInto(open: (database: string) => Database, database: string): Promise<void> {
  const admin = open('');
  try {
    await createMariaDatabase(admin, database);
  } finally {
    await admin.close();
  }
  const db = open(database);
  try {
    await loadDump(db, readFileSync(DEFAULT_SEED_DUMP, 'utf8'));
    await runMigrations(db, 'wp_');
  } finally {
    await db.close();
  }
}
