import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { actions } from './ajax/registry';
import { createApp } from './app';
import { boot, PendingMigrationsError } from './boot';
import { runPrimary } from './cluster';
import { type Config, ConfigError, describeConfig, loadConfig } from './core/config';
import { createLogger, type Logger } from './core/logger';
import { serve } from './http/serve';
import { startSeatHoldTimer } from './services/booking/seat-holds';
import { startWebhookDispatcher } from './services/webhooks/dispatch';
import { createActionSwitch } from './upstream/action-switch';

/**
 * The only file that listens: config → database → HTTP, and a graceful stop on SIGTERM/SIGINT.
 * With `WORKERS` above 1 this process becomes the cluster's primary (cluster.ts) and each worker
 * runs this file again as a server.
 */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
    // SERVE_ACTIONS / FORWARD_ACTIONS must name actions we have: refused before anything starts.
    if (config.legacyUpstream)
      createActionSwitch(
        config.legacyUpstream,
        actions.map((action) => action.name),
      );
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const log = createLogger({ level: config.logLevel });
  const migrateOnStart = process.env.MIGRATE_ON_START === '1';
  if (cluster.isPrimary) log.info({ config: describeConfig(config), workers: config.workers }, 'starting');
  if (config.workers > 1 && cluster.isPrimary) {
    // The embedded database is created, and migrations are applied or found missing, once, before
    // any worker opens it.
    await (await boot(config, log, { migrateOnStart, requireMigrated: true, replicas: false })).db.close();
    runPrimary({
      workers: config.workers,
      exec: fileURLToPath(import.meta.url),
      shutdownTimeoutMs: config.shutdownTimeoutMs,
      log,
    });
    return;
  }
  await runServer(config, log, { migrateOnStart: migrateOnStart && cluster.isPrimary });
}

async function runServer(config: Config, log: Logger, options: { migrateOnStart: boolean }): Promise<void> {
  const deps = await boot(config, log, { ...options, requireMigrated: true });
  // Each serving process cancels the seat holds that ran out (several processes never take the same one).
  const seatHolds = startSeatHoldTimer(deps);
  // Each serving process sends due webhook deliveries (a delivery is claimed by one process at a time).
  const webhooks = startWebhookDispatcher(deps);
  const serving = await serve(createApp(deps), { host: config.http.host, port: config.http.port, log }).catch(
    (err: unknown) => {
      log.fatal({ err }, 'cannot listen');
      process.exit(1);
    },
  );
  log.info({ url: `${serving.url}/` }, 'listening');
  process.stdout.write(`Tour site running at ${serving.url}/\n`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping: finishing in-flight requests');
    serving
      .drain(config.shutdownTimeoutMs)
      .then(
        () => 0,
        () => 1,
      )
      .then((code) =>
        Promise.all([seatHolds.stop(), webhooks.stop()])
          .then(() => Promise.all([deps.replicas?.close(), deps.db.close()]))
          .finally(() => process.exit(code)),
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err) => {
  if (err instanceof PendingMigrationsError) {
    // One line an admin can act on; exit 2 as for a configuration error (not a crash to restart).
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`Failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
