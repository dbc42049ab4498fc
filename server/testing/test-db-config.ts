import { type Database, openDatabase } from '../data/db';

/**
 * Where the integration tier's databases live. MariaDB: the server CI and sessions run on
 * 127.0.0.1:3306 (root, no password); each run creates its own databases and drops them after.
 */
export const MARIADB = {
  host: process.env.TEST_MARIADB_HOST ?? '127.0.0.1',
  port: Number(process.env.TEST_MARIADB_PORT ?? 3306),
  user: process.env.TEST_MARIADB_USER ?? 'root',
  password: process.env.TEST_MARIADB_PASSWORD ?? '',
};

export type TestEngine = 'mariadb' | 'sqlite';

/** What the global setup hands to test files (vitest provide/inject). */
export interface ProvidedTestDb {
  engine: TestEngine;
  /** MariaDB: the template database's name. SQLite: the template file's path. */
  template: string;
  /** Prefix of every database or file this run creates, so teardown finds them all. */
  runPrefix: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: ProvidedTestDb;
  }
}

/** Connects to the MariaDB test server (no database selected) for creating and dropping databases. */
export function openMariaAdmin(database = ''): Database {
  return openDatabase({ engine: 'mysql', ...MARIADB, database, charset: 'utf8mb4', collate: '', poolMax: 1 });
}

/** Connects to one test database on the MariaDB test server. */
export function openMariaDatabase(database: string): Database {
  return openDatabase({ engine: 'mysql', ...MARIADB, database, charset: 'utf8mb4', collate: '' });
}

/** A new empty database with the collation WordPress picks. */
export async function createMariaDatabase(admin: Database, name: string): Promise<void> {
  await admin.knex.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci`);
}
