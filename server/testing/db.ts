import { randomBytes } from 'node:crypto';
import { copyFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { type Config, loadConfig } from '../core/config';
import { type Database, listTables, openDatabase } from '../data/db';
import { createWpDb, type WpDb } from '../data/tables';
import { createMariaDatabase, MARIADB, openMariaAdmin, openMariaDatabase, type TestEngine } from './test-db-config';

/** Mails written by tests (the .eml adapter) land here, outside the project. */
export const TEST_MAIL_DIR = path.join(os.tmpdir(), 'tourmaster-dropin-test-mail');

/** A private copy of the fixture site for one test file (or one replay). */
export interface TestDatabase {
  engine: TestEngine;
  config: Config;
  db: Database;
  wp: WpDb;
  /** MariaDB database name or SQLite file path. */
  name: string;
  drop(): Promise<void>;
}

/**
 * The settings tests run with: quiet, mails to the test folder, and listing pages that read the
 * site's options on every request (tests edit them between requests; the listing snapshot's own
 * tests turn it on, wp/listing-site.int.test.ts).
 */
const TEST_ENV = { LOG_LEVEL: 'silent', MAIL_DIR: TEST_MAIL_DIR, SITE_CACHE_MS: '0' };

/** Clones the run's template database (loaded from wp-legacy.sql and migrated). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const provided = inject('testDb');
  const suffix = randomBytes(4).toString('hex');
  if (provided.engine === 'sqlite') {
    const file = `${provided.runPrefix}-${suffix}.sqlite`;
    copyFileSync(provided.template, file);
    const config = loadConfig({ DATABASE_URL: `sqlite://${file}`, ...TEST_ENV });
    const db = openDatabase(config.db);
    return { engine: 'sqlite', config, db, wp: createWpDb(db, 'wp_'), name: file, drop: () => db.close() };
  }
  const name = `${provided.runPrefix}_${suffix}`;
  const admin = openMariaAdmin(provided.template);
  try {
    await createMariaDatabase(admin, name);
    for (const table of await listTables(admin)) {
      await admin.knex.raw(`CREATE TABLE \`${name}\`.\`${table}\` LIKE \`${provided.template}\`.\`${table}\``);
      await admin.knex.raw(`INSERT INTO \`${name}\`.\`${table}\` SELECT * FROM \`${provided.template}\`.\`${table}\``);
    }
  } finally {
    await admin.close();
  }
  const url = `mysql://${encodeURIComponent(MARIADB.user)}:${encodeURIComponent(MARIADB.password)}@${MARIADB.host}:${MARIADB.port}/${name}`;
  const config = loadConfig({ DATABASE_URL: url, ...TEST_ENV });
  const db = openDatabase(config.db);
  return {
    engine: 'mariadb',
    config,
    db,
    wp: createWpDb(db, 'wp_'),
    name,
    drop: () => dropMariaDatabase(db, name),
  };
}

async function dropMariaDatabase(db: Database, name: string): Promise<void> {
  await db.knex.raw(`DROP DATABASE IF EXISTS \`${name}\``);
  await db.close();
}

/** An empty database (no tables) of the run's engine, for migration and loader tests. */
export async function createEmptyDatabase(): Promise<{ engine: TestEngine; db: Database; drop(): Promise<void> }> {
  const provided = inject('testDb');
  const suffix = randomBytes(4).toString('hex');
  if (provided.engine === 'sqlite') {
    const file = `${provided.runPrefix}-empty-${suffix}.sqlite`;
    const db = openDatabase({ engine: 'sqlite', filename: file });
    return { engine: 'sqlite', db, drop: () => db.close() };
  }
  const name = `${provided.runPrefix}_empty_${suffix}`;
  const admin = openMariaAdmin();
  try {
    await createMariaDatabase(admin, name);
  } finally {
    await admin.close();
  }
  const db = openMariaDatabase(name);
  return { engine: 'mariadb', db, drop: () => dropMariaDatabase(db, name) };
}
