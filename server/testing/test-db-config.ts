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
