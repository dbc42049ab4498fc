import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { PROJECT_ROOT } from '../core/config';
import type { TestDatabase } from './db';
import { MARIADB } from './test-db-config';

/** The real server (`node --import tsx server/main.ts`) in its own process, as a test started it. */
export interface ServerProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or signal) once the process has exited. */
  exited: Promise<number | NodeJS.Signals>;
}

/** DATABASE_URL for a test database, MariaDB or SQLite. */
export function databaseUrlOf(tdb: TestDatabase): string {
  if (tdb.config.db.engine === 'sqlite') return `sqlite://${tdb.config.db.filename}`;
  const { host, port, database } = tdb.config.db;
  return `mysql://${encodeURIComponent(MARIADB.user)}:${encodeURIComponent(MARIADB.password)}@${host}:${port}/${database}`;
}

/**
 * Starts server/main.ts on a free port with `env` (PORT=0 and a quiet log unless given) and
 * resolves once it prints where it listens; rejects if it exits first.
 */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'server', 'main.ts')], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', PORT: '0', LOG_LEVEL: 'warn', ...env },
  });
  let out = '';
  const exited = new Promise<number | NodeJS.Signals>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      const m = /running at (http:\/\/\S+?)\/\n/.exec(out);
      if (m) resolve({ child, url: m[1]!, output: () => out, exited });
    });
    child.stderr.on('data', (d) => (out += d));
    void exited.then((code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
}
