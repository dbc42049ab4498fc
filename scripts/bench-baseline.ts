import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * `BENCH_BASELINE=<git revision>`: the code at that revision, served beside ours in the same bench
 * run, so "half of the CPU per request before" is a ratio of one machine in one hour instead of a
 * figure measured on another machine (this one's speed drifts by half within an hour). The
 * revision is checked out into a temporary worktree sharing our node_modules, given its own copy
 * of the demo site (loaded and migrated by its own `db:load` and `migrate`, so its schema is its
 * own), and started as its own `npm start` started it. Everything is removed at the end.
 */
export interface Baseline {
  /** The revision as given, for the rows' names. */
  rev: string;
  /** Its `npm start` (the serving process is this one or its child: CPU is read for the tree). */
  child: ChildProcess;
  close(): Promise<void>;
}

export interface BaselineOptions {
  root: string;
  /** mysql://user:password@host:port, without a database. */
  serverUrl: string;
  database: string;
  /** Runs SQL on the MariaDB server (no database selected). */
  sql(statement: string): Promise<unknown>;
}

export async function startBaseline(rev: string, o: BaselineOptions): Promise<Baseline> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-baseline-'));
  const removeWorktree = () => {
    execFileSync('git', ['-C', o.root, 'worktree', 'remove', '--force', dir], { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  execFileSync('git', ['-C', o.root, 'worktree', 'add', '--detach', dir, rev], { stdio: 'ignore' });
  symlinkSync(path.join(o.root, 'node_modules'), path.join(dir, 'node_modules'));
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: `${o.serverUrl}/${o.database}`,
  };
  try {
    await o.sql(`CREATE DATABASE \`${o.database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci`);
    const npm = (args: string[]) => execFileSync('npm', ['run', '-s', ...args], { cwd: dir, env, stdio: 'ignore' });
    npm(['db:load', '--', path.join('legacy-fixtures', 'wp-legacy.sql')]);
    npm(['migrate']);
  } catch (err) {
    await o.sql(`DROP DATABASE IF EXISTS \`${o.database}\``);
    removeWorktree();
    throw new Error(`BENCH_BASELINE=${rev} could not be prepared: ${(err as Error).message}`);
  }
  // Its own process group: its `npm start` runs the server a few processes down (sh, tsx), and the
  // signal must reach all of them.
  const child = spawn('npm', ['start'], {
    cwd: dir,
    env: { ...env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  return {
    rev,
    child,
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        process.kill(-(child.pid as number), 'SIGTERM');
        await exited;
      }
      await o.sql(`DROP DATABASE IF EXISTS \`${o.database}\``);
      removeWorktree();
    },
  };
}
