import type { Server } from 'node:http';
import { createApp } from './app';
import { boot } from './boot';
import { ConfigError, describeConfig, loadConfig } from './config';
import { createLogger } from './logger';

/** The only file that listens: config → database → HTTP, and a graceful stop on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const log = createLogger({ level: config.logLevel });
  log.info({ config: describeConfig(config) }, 'starting');
  const deps = await boot(config, log, { migrateOnStart: process.env.MIGRATE_ON_START === '1' });
  const app = createApp(deps);
  const server: Server = app.listen(config.http.port, config.http.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.http.port;
    log.info({ url: `http://${config.http.host}:${port}/` }, 'listening');
    process.stdout.write(`Tour site running at http://${config.http.host}:${port}/\n`);
  });
  server.on('error', (err) => {
    log.fatal({ err }, 'cannot listen');
    process.exit(1);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping: finishing in-flight requests');
    server.close(() => {
      deps.db.close().finally(() => process.exit(0));
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err) => {
  process.stderr.write(`Failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
