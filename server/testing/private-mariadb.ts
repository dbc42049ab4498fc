import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import type { Database } from '../data/db';
import { loadFixtureSiteInto } from './fixture-site';
import { freeLoopbackPorts, openLoopbackRoot } from './loopback-mariadb';

const MARIADBD = '/usr/sbin/mariadbd';

/**
 * A MariaDB server of the test's own: its own data directory, socket and port, started, killed and
 * restarted by the test (the shared server on 3306 is never touched). Root on 127.0.0.1 has no
 * password, as on the shared one.
 */
export interface PrivateMariaDb {
  readonly port: number;
  /** DATABASE_URL of one database on it. */
  url(database: string): string;
  /** Starts mariadbd on the same data directory and port, and waits until it answers. */
  start(): Promise<void>;
  /** SIGKILL (a crash) or SIGTERM (a clean shutdown); resolves once the process has exited. */
  stop(signal: 'SIGKILL' | 'SIGTERM'): Promise<void>;
  /** SIGSTOP / SIGCONT: the server hangs (connections stay open, nothing answers), then carries on. */
  freeze(frozen: boolean): void;
  /** Creates `database`, loads the fixture site (legacy-fixtures/wp-legacy.sql) into it and migrates it. */
  loadFixtureSite(database: string): Promise<void>;
  /** Stops the server if it runs and deletes its data directory. */
  destroy(): Promise<void>;
}

/**
 * `args`: more server options (`--server-id=2`, `--log-bin`, …); without `--log-bin` among them
 * the server writes no binary log.
 */
export async function createPrivateMariaDb(options: { args?: readonly string[] } = {}): Promise<PrivateMariaDb> {
  const extra = options.args ?? [];
  const binlog = extra.some((a) => a.startsWith('--log-bin')) ? [] : ['--skip-log-bin'];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tm-private-mariadb-'));
  const datadir = path.join(dir, 'data');
  // Its own temporary directory: two servers bootstrapping at once in /tmp (two test runs on one
  // machine) removed each other's temporary tables, and mariadb-install-db aborted.
  const tmpdir = path.join(dir, 'tmp');
  mkdirSync(tmpdir);
  try {
    await promisify(execFile)('mariadb-install-db', [
      '--no-defaults',
      `--datadir=${datadir}`,
      `--tmpdir=${tmpdir}`,
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
    ]);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const [port] = (await freeLoopbackPorts(1)) as [number];
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let log = '';

  const open = (database: string): Database => openLoopbackRoot(port, database);

  const start = async () => {
    log = '';
    const proc = spawn(
      MARIADBD,
      [
        '--no-defaults',
        ...(process.getuid?.() === 0 ? ['--user=root'] : []),
        `--datadir=${datadir}`,
        `--tmpdir=${tmpdir}`,
        `--socket=${path.join(dir, 'sock')}`,
        `--pid-file=${path.join(dir, 'mariadbd.pid')}`,
        `--port=${port}`,
        '--bind-address=127.0.0.1',
        ...binlog,
        ...extra,
        '--innodb-buffer-pool-size=32M',
        '--innodb-log-file-size=16M',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    proc.stderr!.on('data', (d) => (log += d));
    child = proc;
    exited = new Promise((resolve) => proc.once('exit', () => resolve()));
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`mariadbd exited at start: ${log}`);
      const probe = open('');
      try {
        await probe.knex.raw('SELECT 1');
        return;
      } catch (err) {
        if (Date.now() > deadline) throw new Error(`mariadbd did not answer: ${(err as Error).message}\n${log}`);
      } finally {
        await probe.close();
      }
      await sleep(100);
    }
  };

  const stop = async (signal: 'SIGKILL' | 'SIGTERM') => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
    child = undefined;
  };

  // A test run that ends without afterAll (a crash, a timeout) must not leave the server running.
  const killOnExit = () => child?.kill('SIGKILL');
  process.once('exit', killOnExit);
  await start();
  return {
    port,
    url: (database) => `mysql://root:@127.0.0.1:${port}/${database}`,
    start,
    stop,
    freeze(frozen) {
      child?.kill(frozen ? 'SIGSTOP' : 'SIGCONT');
    },
    loadFixtureSite: (database) => loadFixtureSiteInto(open, database),
    async destroy() {
      process.off('exit', killOnExit);
      await stop('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
