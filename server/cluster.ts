import cluster, { type Worker } from 'node:cluster';
import type { Logger } from './core/logger';

/** A worker that lived this long before dying was healthy: the next restart is immediate again. */
const HEALTHY_UPTIME_MS = 30_000;
const FIRST_RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** After the workers' own shutdown deadline, how long the primary waits before killing them. */
const KILL_MARGIN_MS = 2_000;

/**
 * The primary of `WORKERS=n`: forks n copies of the server (they share the listening port through
 * node:cluster), replaces a worker that dies unexpectedly, and stops them all on SIGTERM/SIGINT.
 * It holds no database connection and serves nothing. Restarts back off (1 s, 2 s, 4 s … 30 s)
 * while workers keep dying young, so a database that is down at boot never turns into a fork loop.
 */
export function runPrimary(options: {
  workers: number;
  /** The script each worker runs (the server's main module). */
  exec: string;
  shutdownTimeoutMs: number;
  log: Logger;
}): void {
  const { log } = options;
  cluster.setupPrimary({ exec: options.exec });
  const startedAt = new Map<Worker, number>();
  const pendingRestarts = new Set<NodeJS.Timeout>();
  let youngDeaths = 0;
  let stopping = false;
  let exitCode = 0;

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
  };

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? Date.now());
    startedAt.delete(worker);
    if (stopping) {
      if (code !== 0) exitCode = 1;
      if (startedAt.size === 0) {
        log.info('all workers stopped');
        process.exit(exitCode);
      }
      return;
    }
    youngDeaths = lived >= HEALTHY_UPTIME_MS ? 0 : youngDeaths + 1;
    const delay = Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** Math.max(0, youngDeaths - 1));
    log.error({ pid: worker.process.pid, code, signal, livedMs: lived, restartInMs: delay }, 'worker died');
    const timer = setTimeout(() => {
      pendingRestarts.delete(timer);
      if (!stopping) fork();
    }, delay);
    pendingRestarts.add(timer);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, workers: startedAt.size }, 'stopping workers');
    for (const timer of pendingRestarts) clearTimeout(timer);
    if (startedAt.size === 0) process.exit(0);
    for (const worker of startedAt.keys()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      log.warn({ workers: startedAt.size }, 'workers did not stop in time: killing them');
      for (const worker of startedAt.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, options.shutdownTimeoutMs + KILL_MARGIN_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  log.info({ workers: options.workers, pid: process.pid }, 'starting workers');
  for (let i = 0; i < options.workers; i++) fork();
}
