import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_SEED_DUMP, PROJECT_ROOT } from '../server/core/config';
import { type Database, listTables } from '../server/data/db';
import {
  BIG_DUMP_FIRST_META,
  BIG_DUMP_FIRST_POST,
  type BigDump,
  bigDumpMetaKey,
  bigDumpMetaValue,
  bigDumpPostContent,
  bigDumpPostTitle,
  writeBigDump,
} from '../server/testing/big-dump';
import { createEmptyDatabase } from '../server/testing/db';
import { createMariaDatabase, MARIADB, openMariaAdmin } from '../server/testing/test-db-config';

/**
 * `npm run db:load` at a real site's scale, as an admin runs it: a child process, a dump of more
 * than 50 MB, a fresh database. Its bounds: at most 200 MB resident, at most 3× the time the
 * mysql client takes to load the same file (measured here, right before, on the same machine).
 * And its failures: the line and the reason, and nothing half-loaded.
 */
const engine = inject('testDb').engine;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'dropin-dbload-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
  rmSync(tmp, { recursive: true, force: true });
});

const MAX_RSS_KB = 200 * 1024;
const TIME_BOUND = 3;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
  /** Peak resident memory of the loader, kB (the largest process npm started). */
  peakKb: number;
}

/** `npm run db:load -- …args`, its peak memory measured by GNU time (or sampled from /proc without it). */
function dbLoad(args: string[], databaseUrl: string): Promise<Run> {
  const gnuTime = existsSync('/usr/bin/time');
  const command = gnuTime ? '/usr/bin/time' : 'npm';
  const argv = ['run', '-s', 'db:load', '--', ...args];
  const child = spawn(command, gnuTime ? ['-f', 'PEAK_RSS_KB=%M', 'npm', ...argv] : argv, {
    cwd: PROJECT_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmp,
      LOG_LEVEL: 'silent',
      DATABASE_URL: databaseUrl,
    },
  });
  const started = Date.now();
  let stdout = '';
  let stderr = '';
  let sampled = 0;
  const sampler = gnuTime ? undefined : setInterval(() => (sampled = Math.max(sampled, peakOfTree(child.pid!))), 50);
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearInterval(sampler);
      const ms = Date.now() - started;
      const measured = /PEAK_RSS_KB=(\d+)\n?$/.exec(stderr);
      const peakKb = measured ? Number(measured[1]) : sampled;
      // GNU time's own lines go; the loader's stay.
      stderr = stderr.replace(/PEAK_RSS_KB=\d+\n?$/, '').replace(/^Command exited with non-zero status \d+\n/m, '');
      resolve({ code: code ?? -1, stdout, stderr, ms, peakKb });
    }),
  );
}

/** The largest VmHWM among `pid` and its descendants (Linux /proc). */
function peakOfTree(pid: number): number {
  const parents = new Map<number, number>();
  for (const entry of safeReaddir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = safeRead(`/proc/${entry}/stat`);
    const ppid = Number(/\) \S+ (\d+)/.exec(stat)?.[1]);
    if (ppid) parents.set(Number(entry), ppid);
  }
  let peak = 0;
  for (const [p] of parents) {
    let q: number | undefined = p;
    while (q && q !== pid) q = parents.get(q);
    if (q !== pid && p !== pid) continue;
    peak = Math.max(peak, Number(/VmHWM:\s+(\d+)/.exec(safeRead(`/proc/${p}/status`))?.[1] ?? 0));
  }
  return peak;
}

function safeRead(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** An empty database of this run's engine, and its DATABASE_URL. */
async function emptyTarget(): Promise<{ db: Database; url: string }> {
  const empty = await createEmptyDatabase();
  cleanups.push(empty.drop);
  const connection = empty.db.knex.client.config.connection as { filename?: string; database?: string };
  const url =
    engine === 'sqlite'
      ? `sqlite://${connection.filename}`
      : `mysql://${MARIADB.user}:${MARIADB.password}@${MARIADB.host}:${MARIADB.port}/${connection.database}`;
  return { db: empty.db, url };
}

/** Loads `file` with the mysql client into a fresh MariaDB database; its time in ms, or why it cannot. */
async function mysqlClientLoad(file: string): Promise<number | string> {
  const admin = openMariaAdmin();
  const name = `tmtest_dbload_mysql_${process.pid}_${Date.now().toString(36)}`;
  try {
    await createMariaDatabase(admin, name);
  } catch (err) {
    await admin.close();
    return `no MariaDB to compare with (${(err as Error).message})`;
  }
  cleanups.push(async () => {
    await admin.knex.raw(`DROP DATABASE IF EXISTS \`${name}\``);
    await admin.close();
  });
  const args = [
    '-h',
    MARIADB.host,
    '-P',
    String(MARIADB.port),
    '-u',
    MARIADB.user,
    '--default-character-set=utf8mb4',
    name,
  ];
  if (MARIADB.password) args.push(`--password=${MARIADB.password}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('mysql', args, { stdio: [openSync(file, 'r'), 'ignore', 'pipe'] });
    let err = '';
    child.stderr?.on('data', (d) => (err += d));
    child.on('error', (e) => resolve(`no mysql client (${e.message})`));
    child.on('close', (code) => resolve(code === 0 ? Date.now() - started : `the mysql client failed: ${err}`));
  });
}

async function count(db: Database, table: string): Promise<number> {
  const [row] = (await db.knex(table).count({ n: '*' })) as { n: number | string }[];
  return Number(row!.n);
}

describe('npm run db:load of a site-sized dump', () => {
  let dump: BigDump;
  beforeAll(() => {
    dump = writeBigDump(path.join(tmp, 'big.sql'));
  });

  it('loads more than 50 MB within 200 MB of memory and 3× the mysql client’s time', async () => {
    expect(dump.bytes).toBeGreaterThan(50 * 1024 * 1024);
    const reference = await mysqlClientLoad(dump.file);
    const { db, url } = await emptyTarget();
    const run = await dbLoad([dump.file], url);
    expect(run.stderr).not.toMatch(/error/i);
    expect(run.code).toBe(0);
    const rows = dump.posts + dump.postmeta + 539;
    expect(run.stdout).toContain(`17 tables created, ${rows} rows inserted`);

    const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
    const rate = (ms: number) => `${(dump.bytes / 1024 / 1024 / (ms / 1000)).toFixed(1)} MB/s`;
    console.info(
      `db:load (${engine}) of ${mb(dump.bytes / 1024)}: ${run.ms} ms (${rate(run.ms)}), peak ${mb(run.peakKb)}; ` +
        (typeof reference === 'number' ? `mysql client: ${reference} ms (${rate(reference)})` : reference),
    );
    expect(run.peakKb).toBeGreaterThan(0);
    expect(run.peakKb).toBeLessThanOrEqual(MAX_RSS_KB);
    if (typeof reference === 'number') expect(run.ms).toBeLessThanOrEqual(TIME_BOUND * reference);

    expect(await count(db, 'wp_posts')).toBe(dump.fixturePosts + dump.posts);
    expect(await count(db, 'wp_postmeta')).toBe(dump.fixturePostmeta + dump.postmeta);
    await expectSampledValues(db, dump);
    expectProgressLines(run.stderr, dump, rows);
  });
});

/** Rows spread over the dump, the long, NULL and awkward ones included, read back exactly. */
async function expectSampledValues(db: Database, dump: BigDump): Promise<void> {
  const firstNull = Math.ceil(BIG_DUMP_FIRST_META / 97) * 97;
  const firstLong = Math.ceil(BIG_DUMP_FIRST_META / 500) * 500;
  const metaIds = [firstNull, firstNull + 97 * 1000, firstLong, firstLong + 500 * 300];
  for (const k of [0, 1, 2, 3, 4, 5, 6, 7, 8, dump.postmeta - 1]) metaIds.push(BIG_DUMP_FIRST_META + k);
  for (let k = 7; k < dump.postmeta; k += 9973) metaIds.push(BIG_DUMP_FIRST_META + k);
  const ids = [...new Set(metaIds)];
  const meta = (await db.knex('wp_postmeta').whereIn('meta_id', ids)) as Record<string, unknown>[];
  expect(meta).toHaveLength(ids.length);
  for (const row of meta) {
    const id = Number(row.meta_id);
    expect({ id, key: row.meta_key, value: row.meta_value }).toStrictEqual({
      id,
      key: bigDumpMetaKey(id),
      value: bigDumpMetaValue(id),
    });
  }
  expect(meta.some((r) => r.meta_value === null)).toBe(true);
  const postIds = [0, 1, 2, 3, 5, 8, 777, dump.posts - 1].map((k) => BIG_DUMP_FIRST_POST + k);
  const posts = (await db.knex('wp_posts').whereIn('ID', postIds)) as Record<string, unknown>[];
  expect(posts).toHaveLength(postIds.length);
  for (const row of posts) {
    const id = Number(row.ID);
    expect({ id, title: row.post_title, content: row.post_content }).toStrictEqual({
      id,
      title: bigDumpPostTitle(id),
      content: bigDumpPostContent(id),
    });
  }
}

/** Not a terminal: plain lines (no carriage returns), from the start to the end. */
function expectProgressLines(stderr: string, dump: BigDump, rows: number): void {
  expect(stderr).not.toContain('\r');
  const lines = stderr.trim().split('\n');
  expect(lines[0]).toMatch(new RegExp(`^db:load ${dump.file} \\(\\d+\\.\\d MB\\)$`));
  expect(lines).toContainEqual(
    expect.stringMatching(
      new RegExp(
        `^db:load finishing \\(indexes, swapping the tables in\\), tables 17, rows ${rows.toLocaleString('en')}, line [\\d,]+, \\d`,
      ),
    ),
  );
  expect(lines.at(-1)).toMatch(/^db:load done in \d+\.\d s$/);
  for (const line of lines.slice(1, -2)) {
    expect(line).toMatch(
      /^db:load [\d.]+ [kM]B \/ [\d.]+ MB \[[#-]{20}\] \d+%, tables \d+, rows [\d,]+, line [\d,]+, /,
    );
  }
}

describe('npm run db:load of a dump it cannot load', () => {
  const fixture = readFileSync(DEFAULT_SEED_DUMP, 'utf8');
  const fixtureLines = fixture.split('\n').length;
  /** The fixture, then `tail` starting on the next line; returns the file and the line `tail` starts on. */
  const withTail = (name: string, tail: string) => {
    const file = path.join(tmp, name);
    writeFileSync(file, `${fixture}\n${tail}`);
    return { file, line: fixtureLines + 1 };
  };

  it('fails at a syntax error with its line and reason, and leaves no table behind', async () => {
    const { file, line } = withTail(
      'syntax.sql',
      "INSERT INTO `wp_postmeta` VALUES (900001,1,'k','v'),\n(900002,1,'k',now());\n",
    );
    const { db, url } = await emptyTarget();
    const run = await dbLoad([file], url);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${file}: line ${line + 1}: Unsupported value near "now())"`);
    expect(run.stderr).toMatch(/Nothing was loaded: the (17 tables this load had begun|load was rolled back)/);
    expect(await listTables(db)).toStrictEqual([]);
  });

  it('fails at a statement the database refuses with its line and the database’s message, and leaves no table behind', async () => {
    const { file, line } = withTail(
      'refused.sql',
      "SET @a = 1;\nINSERT INTO `wp_postmeta` VALUES (900001,1,'three values');\n",
    );
    const { db, url } = await emptyTarget();
    const run = await dbLoad([file], url);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${file}: line ${line + 1}: the database refused INSERT INTO wp_postmeta`);
    expect(run.stderr).toMatch(/Column count doesn't match|has 3 values but the table has 4 columns/);
    expect(await listTables(db)).toStrictEqual([]);
  });

  it('with --replace, leaves the tables that were there as they were', async () => {
    const { db, url } = await emptyTarget();
    expect((await dbLoad([DEFAULT_SEED_DUMP], url)).code).toBe(0);
    await db.knex('wp_options').where({ option_name: 'blogname' }).update({ option_value: 'Before the replace' });
    const before = (await listTables(db)).sort();

    const { file } = withTail('replace-refused.sql', "INSERT INTO `wp_postmeta` VALUES (900001,1,'three values');\n");
    const run = await dbLoad([file, '--replace'], url);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('the database refused INSERT INTO wp_postmeta');
    expect((await listTables(db)).sort()).toStrictEqual(before);
    const [blogname] = await db.knex('wp_options').where({ option_name: 'blogname' }).pluck('option_value');
    expect(blogname).toBe('Before the replace');
    expect(await count(db, 'wp_postmeta')).toBe(99);
  });
});
