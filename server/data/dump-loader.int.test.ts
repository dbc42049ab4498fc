import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createEmptyDatabase } from '../testing/db';
import { MARIADB } from '../testing/test-db-config';
import { type Database, listTables, openDatabase } from './db';
import { DumpLoadError, loadDump } from './dump-loader';

/**
 * The MariaDB loader sends a dump's statements as written once checked: a dump may carry only
 * tables and literal rows into the site, whatever it holds and however the server is set up.
 * Each case stands for a hostile dump that reads a table the dump does not carry (`secret`, made
 * here) into one it loads; loaded as written before the checks, it leaked the secret.
 */
const engine = inject('testDb').engine;
let empty: Awaited<ReturnType<typeof createEmptyDatabase>>;
let single: Database;

beforeAll(async () => {
  if (engine !== 'mariadb') return;
  empty = await createEmptyDatabase();
  await empty.db.knex.raw('CREATE TABLE secret (v text)');
  await empty.db.knex.raw("INSERT INTO secret VALUES ('hunter2')");
  const [[{ name }]] = (await empty.db.knex.raw('SELECT DATABASE() AS name')) as [[{ name: string }]];
  // One connection: a session setting made here is the loader's session too.
  single = openDatabase({ engine: 'mysql', ...MARIADB, database: name, charset: 'utf8mb4', collate: '', poolMax: 1 });
});

afterEach(async () => {
  await empty?.db.knex.raw('DROP TABLE IF EXISTS leak');
});

afterAll(async () => {
  await single?.close();
  await empty?.drop();
});

async function leaked(db: Database): Promise<string[]> {
  const tables = await listTables(db);
  if (!tables.includes('leak')) return [];
  const rows = (await db.knex('leak').select('*')) as Record<string, unknown>[];
  return rows.flatMap((r) => Object.values(r).map(String));
}

async function refused(db: Database, dump: string): Promise<DumpLoadError> {
  const err = await loadDump(db, dump).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DumpLoadError);
  return err as DumpLoadError;
}

describe.runIf(engine === 'mariadb')('db:load on MariaDB sends nothing but tables and literal rows', () => {
  it('refuses CREATE TABLE … SELECT (text after the columns that is no table option)', async () => {
    const err = await refused(empty.db, '-- a dump\nCREATE TABLE leak (v text) ENGINE=InnoDB SELECT v FROM secret;\n');
    expect(err.line).toBe(2);
    expect(err.message).toMatch(/only table options may follow/);
    expect(await leaked(empty.db)).toEqual([]);
  });

  it('refuses an executable comment in CREATE TABLE (one above the server version hides a SELECT from the checker)', async () => {
    const dump = 'CREATE TABLE leak (v text /*!99999 ( */ ) SELECT v FROM secret /*!99999 ) */;';
    const err = await refused(empty.db, dump);
    expect(err.message).toMatch(/comments inside CREATE TABLE/);
    expect(await leaked(empty.db)).toEqual([]);
  });

  it('still loads the table options mysqldump writes', async () => {
    const dump =
      "CREATE TABLE `ok` (`id` bigint(20) unsigned NOT NULL AUTO_INCREMENT, `v` text COMMENT 'a /* b */', PRIMARY KEY (`id`))" +
      " ENGINE=InnoDB AUTO_INCREMENT=7 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci ROW_FORMAT=DYNAMIC PAGE_CHECKSUM=1 COMMENT='it''s';\n" +
      "INSERT INTO `ok` VALUES (1,'a\\nb');";
    expect((await loadDump(empty.db, dump)).rowsInserted).toBe(1);
    expect(await empty.db.knex('ok').select('v')).toEqual([{ v: 'a\nb' }]);
    await empty.db.knex.raw('DROP TABLE ok');
  });

  it('reads strings with backslash escapes on a server with NO_BACKSLASH_ESCAPES or ANSI_QUOTES', async () => {
    await single.knex.raw("SET SESSION sql_mode = CONCAT(@@SESSION.sql_mode, ',NO_BACKSLASH_ESCAPES,ANSI_QUOTES')");
    const [[{ mode }]] = (await single.knex.raw('SELECT @@SESSION.sql_mode AS mode')) as [[{ mode: string }]];
    expect(mode).toMatch(/NO_BACKSLASH_ESCAPES/);
    // The checker reads one value ending in `# '`; read without backslash escapes, the server
    // would see two values, the second a subquery, and the rest a comment.
    const dump =
      "CREATE TABLE leak (a text, b text);\nINSERT INTO leak VALUES ('\\', (SELECT v FROM secret)) # ', 'x\\'y');";
    const report = await loadDump(single, dump);
    expect(report.rowsInserted).toBe(1);
    expect(await single.knex('leak').select('a', 'b')).toEqual([{ a: "', (SELECT v FROM secret)) # ", b: "x'y" }]);
    // The loader gives the session its own mode back.
    const [[after]] = (await single.knex.raw('SELECT @@SESSION.sql_mode AS mode')) as [[{ mode: string }]];
    expect(after.mode).toBe(mode);
  });
});
