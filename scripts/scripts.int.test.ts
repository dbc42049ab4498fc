import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PROJECT_ROOT } from '../server/core/config';
import { createEmptyDatabase, createTestDatabase } from '../server/testing/db';
import { MARIADB } from '../server/testing/test-db-config';

/**
 * The admin commands as an admin runs them: real processes, real databases, exit codes and output.
 */
const engine = inject('testDb').engine;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'dropin-scripts-'));
const cleanups: (() => Promise<void>)[] = [];
/** `npm start`'s script: builds what is stale, then execs Node on the compiled server. */
const START = ['sh', path.join(PROJECT_ROOT, 'scripts', 'start.sh')] as const;
afterAll(async () => {
  for (const c of cleanups) await c();
  rmSync(tmp, { recursive: true, force: true });
});

function run(script: string, args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  return runCommand([process.execPath, '--import', 'tsx', path.join(PROJECT_ROOT, 'scripts', script), ...args], env);
}

/** `npm start`'s script to its end (a start it refuses). */
function runStart(env: Record<string, string>): Promise<{ code: number; out: string }> {
  return runCommand(START, env);
}

function runCommand(command: readonly string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(command[0]!, command.slice(1), {
      cwd: PROJECT_ROOT,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ code: code ?? -1, out }));
  });
}

/** DATABASE_URL for a database of this run's engine. */
function urlFor(name: string): string {
  return engine === 'sqlite'
    ? `sqlite://${name}`
    : `mysql://${MARIADB.user}:${MARIADB.password}@${MARIADB.host}:${MARIADB.port}/${name}`;
}

async function emptyUrl(): Promise<string> {
  const empty = await createEmptyDatabase();
  cleanups.push(empty.drop);
  const name =
    engine === 'sqlite'
      ? (empty.db.knex.client.config.connection as { filename: string }).filename
      : (empty.db.knex.client.config.connection as { database: string }).database;
  return urlFor(name);
}

describe('npm run db:check', () => {
  it('reports a served database and exits 0', async () => {
    const tdb = await createTestDatabase();
    cleanups.push(tdb.drop);
    const { code, out } = await run('db-check.ts', [], { DATABASE_URL: urlFor(tdb.name) });
    expect(out).toContain('Result: this database can be served.');
    expect(out).toContain('8 published tours, 11 orders, 26 reviews, 4 users');
    expect(out).toMatch(/✓ wp_tourmaster_order/);
    expect(code).toBe(0);
  });

  it('exits 1 with the reason when the tables are not there', async () => {
    const { code, out } = await run('db-check.ts', [], { DATABASE_URL: await emptyUrl() });
    expect(code).toBe(1);
    expect(out).toContain('Table wp_posts is missing.');
    expect(out).toContain('CANNOT be served');
  });

  it('exits 1 with the reason when the table prefix is wrong', async () => {
    const tdb = await createTestDatabase();
    cleanups.push(tdb.drop);
    const { code, out } = await run('db-check.ts', [], { DATABASE_URL: urlFor(tdb.name), TABLE_PREFIX: 'shop_' });
    expect(code).toBe(1);
    expect(out).toContain('No WordPress tables with the prefix "shop_" were found');
  });

  it.runIf(engine === 'mariadb')('explains a refused connection without printing the password', async () => {
    const { code, out } = await run('db-check.ts', [], { DATABASE_URL: 'mysql://root:Sup3rSecret@127.0.0.1:1/wp' });
    expect(code).toBe(1);
    expect(out).toContain('connection refused');
    expect(out).not.toContain('Sup3rSecret');
  });
});

describe('npm run db:load and npm run migrate', () => {
  it('load a dump into an empty database, refuse to overwrite, replace on request, then migrate', async () => {
    const url = await emptyUrl();
    const dump = path.join(PROJECT_ROOT, 'legacy-fixtures', 'wp-legacy.sql');
    const first = await run('db-load.ts', [dump], { DATABASE_URL: url });
    expect(first.out).toContain('17 tables created');
    expect(first.out).toContain('539 rows inserted');
    expect(first.code).toBe(0);

    const again = await run('db-load.ts', [dump], { DATABASE_URL: url });
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/already exist.*--replace/s);

    const replaced = await run('db-load.ts', [dump, '--replace'], { DATABASE_URL: url });
    expect(replaced.code).toBe(0);
    expect(replaced.out).toContain('(17 replaced)');

    const status = await run('migrate.ts', ['--status'], { DATABASE_URL: url });
    expect(status.out).toContain('20261121000300_add_order_tour_date_index');
    const migrate = await run('migrate.ts', [], { DATABASE_URL: url });
    expect(migrate.code).toBe(0);
    expect(migrate.out).toContain('Applied:');
    // Each step says when it starts and how long it took (an index on a big orders table can take minutes).
    expect(migrate.out).toContain('Migration 20261121000300_add_order_tour_date_index…');
    expect(migrate.out).toMatch(/Migration 20261121000300_add_order_tour_date_index: done in \d+\.\d s/);
    const noop = await run('migrate.ts', [], { DATABASE_URL: url });
    expect(noop.out).toContain('Nothing to do');
  });

  it('db:load explains a missing file and a missing argument', async () => {
    const missing = await run('db-load.ts', ['/nonexistent/dump.sql'], { DATABASE_URL: await emptyUrl() });
    expect(missing.code).toBe(1);
    expect(missing.out).toContain('Cannot read /nonexistent/dump.sql: ENOENT');
    const usage = await run('db-load.ts', [], { DATABASE_URL: await emptyUrl() });
    expect(usage.out).toContain('Usage: npm run db:load');
  });

  it('db:load refuses a directory, a gzip-compressed dump and a file with nothing to load', async () => {
    const url = await emptyUrl();
    const dir = await run('db-load.ts', [tmp], { DATABASE_URL: url });
    expect(dir.code).toBe(1);
    expect(dir.out).toContain(`${tmp} is a directory`);
    const gz = path.join(tmp, 'dump.sql.gz');
    writeFileSync(gz, gzipSync('CREATE TABLE a (x int);\n'));
    const compressed = await run('db-load.ts', [gz], { DATABASE_URL: url });
    expect(compressed.code).toBe(1);
    expect(compressed.out).toContain('is gzip-compressed: uncompress it first');
    const empty = path.join(tmp, 'empty.sql');
    writeFileSync(empty, '-- not a dump\nSET NAMES utf8mb4;\n');
    const nothing = await run('db-load.ts', [empty], { DATABASE_URL: url });
    expect(nothing.code).toBe(1);
    expect(nothing.out).toContain('Nothing was loaded');
  });
});

/** Runs `npm start`'s script (or `command`) and waits for the line with its address. */
function startSite(
  env: Record<string, string>,
  command: readonly string[] = START,
): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command[0]!, command.slice(1), {
      cwd: PROJECT_ROOT,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', PORT: '0', ...env },
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /running at (http:\/\/\S+?)\/\n/.exec(out);
      if (m) resolve({ child, url: m[1]! });
    });
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => reject(new Error(`start exited ${code}: ${out}`)));
  });
}

/** A process's children, from /proc. */
function childrenOf(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
}

describe('npm start', () => {
  // Built once up front (a fresh clone has no dist/), so each start below prints only its own lines.
  beforeAll(async () => {
    const build = await runCommand(
      [process.execPath, path.join(PROJECT_ROOT, 'scripts', 'build.mjs'), '--if-stale'],
      {},
    );
    expect(build.code, build.out).toBe(0);
  }, 300_000);

  it.runIf(engine === 'sqlite')(
    'serves the compiled bundle with Node alone: no TypeScript loader in the serving process',
    async () => {
      const { child, url } = await startSite({ DATA_DIR: path.join(tmp, 'npm-start'), HOME: process.env.HOME ?? tmp }, [
        'npm',
        'start',
        '--silent',
      ]);
      const stopped = new Promise((resolve) => child.once('close', resolve));
      // package.json execs the script and the script execs Node: npm's own child is the server.
      const [server, ...others] = childrenOf(child.pid!);
      try {
        const page = await fetch(`${url}/tour/santorini-caldera-sunset-cruise/`);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('Santorini Caldera Sunset Cruise');
        expect(others).toEqual([]);
        const argv = readFileSync(`/proc/${server}/cmdline`, 'utf8').split('\0').filter(Boolean);
        expect(path.basename(argv[0]!)).toBe('node');
        expect(argv.at(-1)).toBe(path.join(PROJECT_ROOT, 'dist', 'server', 'main.js'));
        expect(argv.join(' ')).not.toMatch(/tsx|--import|--loader|--require|--experimental|\.tsx?\b/);
        const nodeOptions = readFileSync(`/proc/${server}/environ`, 'utf8')
          .split('\0')
          .filter((entry) => entry.startsWith('NODE_OPTIONS='));
        expect(nodeOptions.join(' ')).not.toMatch(/tsx|--import|--loader|--require/);
        // tsx transforms through an esbuild service process: the server has no child at all.
        expect(childrenOf(server!)).toEqual([]);
      } finally {
        child.kill('SIGTERM');
      }
      await stopped;
    },
    120_000,
  );

  it.runIf(engine === 'sqlite')(
    'creates the embedded default on first start and answers admin-ajax as WordPress does',
    async () => {
      const file = path.join(tmp, 'site.sqlite');
      const { child, url } = await startSite({ SQLITE_FILE: file });
      try {
        const r = await fetch(`${url}/wp-admin/admin-ajax.php`, { method: 'POST' });
        expect(r.status).toBe(400);
        expect(await r.text()).toBe('0');
        expect((await fetch(`${url}/healthz`)).status).toBe(200);
        expect(await (await fetch(`${url}/readyz`)).json()).toEqual({ ready: true });
        expect((await fetch(`${url}/no-such-page/`)).status).toBe(404);
      } finally {
        child.kill('SIGTERM');
      }
      // A second start reuses the database it created.
      const second = await startSite({ SQLITE_FILE: file });
      second.child.kill('SIGTERM');
    },
    60_000,
  );

  it.runIf(engine === 'mariadb')('serves a WordPress database named by WP_CONFIG', async () => {
    const tdb = await createTestDatabase();
    cleanups.push(tdb.drop);
    const wpConfig = path.join(tmp, 'wp-config.php');
    writeFileSync(
      wpConfig,
      [
        '<?php',
        `define( 'DB_NAME', '${tdb.name}' );`,
        `define( 'DB_USER', '${MARIADB.user}' );`,
        `define( 'DB_PASSWORD', '${MARIADB.password}' );`,
        `define( 'DB_HOST', '${MARIADB.host}:${MARIADB.port}' );`,
        "define( 'DB_CHARSET', 'utf8mb4' );",
        "$table_prefix = 'wp_';",
        "require_once ABSPATH . 'wp-settings.php';",
      ].join('\n'),
    );
    const { child, url } = await startSite({ WP_CONFIG: wpConfig });
    try {
      const r = await fetch(`${url}/wp-admin/admin-ajax.php`, { method: 'POST' });
      expect([r.status, await r.text()]).toEqual([400, '0']);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('refuses to start on a database that lacks our migrations, naming the command; starts with MIGRATE_ON_START=1', async () => {
    const tdb = await createTestDatabase();
    cleanups.push(tdb.drop);
    // The site as it was before this version: its newest migration not applied yet.
    await tdb.wp.knex(`${tdb.wp.prefix}dropin_migrations`).where('name', 'like', '20261123000100%').delete();
    await tdb.wp.knex.schema.dropTable(`${tdb.wp.prefix}dropin_order_attribution`);
    const url = tdb.engine === 'sqlite' ? `sqlite://${tdb.name}` : urlFor(tdb.name);
    const refused = await runStart({ DATABASE_URL: url, PORT: '0' });
    expect(refused.code).toBe(2);
    expect(refused.out.trim().split('\n')).toEqual([
      'The database needs upgrading before this version can serve it: run `npm run migrate` (or start with MIGRATE_ON_START=1). Pending: 20261123000100_create_dropin_order_attribution.',
    ]);
    const { child, url: site } = await startSite({ DATABASE_URL: url, MIGRATE_ON_START: '1' });
    try {
      expect(await (await fetch(`${site}/readyz`)).json()).toEqual({ ready: true });
      // A migration record lost while it runs: not ready, and why.
      await tdb.wp.knex(`${tdb.wp.prefix}dropin_migrations`).where('name', 'like', '20261123000100%').delete();
      const probe = await fetch(`${site}/readyz`);
      expect(probe.status).toBe(503);
      expect(await probe.json()).toEqual({
        ready: false,
        reason: 'The database needs upgrading: run `npm run migrate`.',
        pendingMigrations: ['20261123000100_create_dropin_order_attribution'],
      });
    } finally {
      child.kill('SIGTERM');
    }
  }, 60_000);

  it('refuses to start with a clear message when the configuration is wrong', async () => {
    const { code, out } = await runStart({ WP_CONFIG: '/nonexistent/wp-config.php' });
    expect(code).toBe(2);
    expect(out).toContain('Configuration error: Cannot read WP_CONFIG file /nonexistent/wp-config.php: ENOENT');
  });
});
