import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { runMigrations } from '../../migrations/index';
import { DEFAULT_SEED_DUMP } from '../core/config';
import { openDatabase } from '../data/db';
import { loadDump } from '../data/dump-loader';
import { createMariaDatabase, MARIADB, openMariaAdmin, openMariaDatabase, type TestEngine } from './test-db-config';

/**
 * Once per integration project: a template database loaded from legacy-fixtures/wp-legacy.sql and
 * migrated. Test files clone it (testing/db.ts), so each file acts on its own copy. Everything the
 * run created is dropped at the end.
 */
export default async function setup(project: TestProject) {
  const engine: TestEngine = project.name.endsWith('mariadb') ? 'mariadb' : 'sqlite';
  const runPrefix = `tmtest_${process.pid}_${Date.now().toString(36)}`;
  const dump = readFileSync(DEFAULT_SEED_DUMP, 'utf8');

  if (engine === 'sqlite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), `${runPrefix}-`));
    const template = path.join(dir, 'template.sqlite');
    const db = openDatabase({ engine: 'sqlite', filename: template });
    await loadDump(db, dump);
    await runMigrations(db, 'wp_');
    await db.knex.raw('PRAGMA wal_checkpoint(TRUNCATE)');
    await db.close();
    project.provide('testDb', { engine, template, runPrefix: path.join(dir, 'copy') });
    return () => rmSync(dir, { recursive: true, force: true });
  }

  const admin = openMariaAdmin();
  const template = `${runPrefix}_tpl`;
  try {
    await createMariaDatabase(admin, template);
  } catch (err) {
    await admin.close();
    throw new Error(
      `The integration tier needs MariaDB on ${MARIADB.host}:${MARIADB.port} (root, no password): ${(err as Error).message}`,
    );
  }
  const db = openMariaDatabase(template);
  await loadDump(db, dump);
  await runMigrations(db, 'wp_');
  await db.close();
  project.provide('testDb', { engine, template, runPrefix });
  return async () => {
    const [rows] = (await admin.knex.raw('SHOW DATABASES LIKE ?', [`${runPrefix}%`])) as [Record<string, string>[]];
    for (const row of rows) await admin.knex.raw(`DROP DATABASE IF EXISTS \`${Object.values(row)[0]}\``);
    await admin.close();
  };
}
