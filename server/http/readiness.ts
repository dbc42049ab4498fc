import type { RequestHandler } from 'express';
import { pendingMigrations } from '../../migrations/index';
import type { AppDeps } from './deps';

/** A load balancer's probe must get an answer even when the database hangs rather than refuses. */
export const READINESS_TIMEOUT_MS = 2_000;

/**
 * `/readyz`: 200 when the database answers and every migration is applied, else 503 with the
 * reason, within READINESS_TIMEOUT_MS whatever the database does. (While the process drains,
 * http/serve.ts answers 503 before the app sees the request.)
 */
export function readiness(deps: AppDeps, timeoutMs = READINESS_TIMEOUT_MS): RequestHandler {
  return async (_req, res) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    try {
      const pending = await Promise.race([pendingMigrations(deps.db, deps.config.tablePrefix), timeout]);
      if (pending === 'timeout') {
        deps.log.warn({ timeoutMs }, 'readiness check timed out');
        res.status(503).json({ ready: false, reason: 'The database did not answer in time.' });
      } else if (pending.length) {
        // A server refuses to start on such a database (boot.ts); this is one migrated backwards meanwhile.
        res.status(503).json({
          ready: false,
          reason: 'The database needs upgrading: run `npm run migrate`.',
          pendingMigrations: pending,
        });
      } else res.json({ ready: true });
    } catch (err) {
      deps.log.warn({ err }, 'readiness check failed');
      res.status(503).json({ ready: false, reason: 'The database is not reachable.' });
    } finally {
      clearTimeout(timer);
    }
  };
}
