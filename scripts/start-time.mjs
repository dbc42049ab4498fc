// How long `npm start` takes, on a built checkout, from spawn to its first answers: /healthz, then
// the home page and a tour page (rendered from the database). Measured, never asserted.
// `node scripts/start-time.mjs [runs]`: each run on a fresh port; the first creates the embedded
// database in a temporary DATA_DIR, the others reuse it. Prints each run and the server's memory.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './build-state.mjs';

const runs = Number(process.argv[2] ?? 3);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'start-time-'));

/** A port nothing listens on now. */
function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Asks `url` until it answers 200 (the server is still starting while connections are refused). */
async function firstAnswer(url, since) {
  for (;;) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return performance.now() - since;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function run(label) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const since = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    // Its own process group, stopped as one: npm does not pass SIGTERM through its shell.
    detached: true,
  });
  try {
    const health = await firstAnswer(`${base}/healthz`, since);
    const home = await firstAnswer(`${base}/`, since);
    const tour = await firstAnswer(`${base}/tour/santorini-caldera-sunset-cruise/`, since);
    const ms = (x) => `${(x / 1000).toFixed(2)} s`;
    console.log(
      `${label}: /healthz ${ms(health)}, home page ${ms(home)}, tour page ${ms(tour)}, ${serverRss(child.pid)}`,
    );
  } finally {
    await stop(child);
  }
}

/** The resident memory of the serving process (npm's child: `npm start` execs Node), from /proc. */
function serverRss(npmPid) {
  const server = descendants(npmPid).find((pid) =>
    readProc(pid, 'cmdline')
      .split('\0')
      .includes(path.join(ROOT, 'dist', 'server', 'main.js')),
  );
  if (server === undefined) return 'server process not found';
  const rss = /VmRSS:\s+(\d+) kB/.exec(readProc(server, 'status'))?.[1];
  return `server resident ${(Number(rss) / 1024).toFixed(0)} MB`;
}

function descendants(pid) {
  const children = readProc(pid, `task/${pid}/children`).split(' ').filter(Boolean).map(Number);
  return children.flatMap((child) => [child, ...descendants(child)]);
}

function readProc(pid, file) {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return '';
  }
}

function stop(child) {
  return new Promise((resolve) => {
    child.once('exit', resolve);
    process.kill(-child.pid, 'SIGTERM');
  });
}

try {
  for (let i = 1; i <= runs; i++) await run(i === 1 ? 'first start (creates the database)' : `start ${i}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
