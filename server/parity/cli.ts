import { writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { createApp } from '../app';
import { boot } from '../boot';
import { ConfigError, loadConfig } from '../core/config';
import { createLogger } from '../core/logger';
import { loadSite } from '../data/site';
import { EXCHANGES_DIR, loadExchanges } from './exchanges';
import { buildReport, formatReport, reportPasses } from './report';
import { runParity, type StateChangingMode } from './run';

const USAGE = `Usage: npm run parity -- --legacy URL [--exchanges DIR] [--ours URL] [options]

  --legacy URL              the live WordPress site (only read-only requests are sent to it)
  --exchanges DIR           the exchanges to replay (default: legacy-fixtures/exchanges)
  --ours URL                our server, already running on a copy of the database; without it the
                            command starts one from DATABASE_URL / WP_CONFIG, as npm start does
  --site-url URL            another address the replies may use for the site (repeatable); the
                            started server's own (its "home" option) is added by itself
  --state-changing MODE     skip (default): bookings, payments, enquiries, logins and every action
                            not on the read-only list are not sent at all; ours-only: sent to our
                            server only (it must run on a copy) and compared with the captured reply
  --only TEXT               replay only exchanges whose name contains TEXT
  --timeout MS              per request and site (default 30000)
  --json FILE               write the full report as JSON
`;

export interface CliIo {
  env: NodeJS.ProcessEnv;
  out: (text: string) => void;
}

/**
 * `npm run parity`: the exit code is 0 when every compared exchange matches (or differs only as
 * DEVIATIONS.md says), 1 when one differs or a site did not answer, 2 for a usage error.
 */
export async function parityMain(argv: string[], io: CliIo): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(argv);
  } catch (err) {
    io.out(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const exchanges = loadExchanges(args.exchanges).filter((ex) => !args.only || ex.name.includes(args.only));
  if (exchanges.length === 0) {
    io.out(`No exchanges to replay in ${args.exchanges}${args.only ? ` matching "${args.only}"` : ''}.\n`);
    return 2;
  }
  let ours: { url: string; siteUrl?: string; close(): Promise<void> };
  try {
    ours = args.ours ? { url: args.ours, close: async () => {} } : await startOurServer(io.env);
  } catch (err) {
    io.out(`Cannot start our server: ${(err as Error).message}\n`);
    return 2;
  }
  try {
    if (args.stateChanging === 'ours-only')
      io.out(`State-changing exchanges will be written by ${ours.url}: its database must be a copy.\n`);
    const startedAt = new Date();
    const outcomes = await runParity(exchanges, {
      legacyUrl: args.legacy,
      oursUrl: ours.url,
      siteUrls: [...args.siteUrls, ...(ours.siteUrl ? [ours.siteUrl] : [])],
      stateChanging: args.stateChanging,
      timeoutMs: args.timeoutMs,
      now: startedAt,
    });
    const report = buildReport(outcomes, {
      legacy: args.legacy,
      ours: ours.url,
      stateChanging: args.stateChanging,
      startedAt,
    });
    io.out(formatReport(report));
    if (args.json) writeFileSync(args.json, `${JSON.stringify(report, null, 1)}\n`);
    return reportPasses(report) ? 0 : 1;
  } finally {
    await ours.close();
  }
}

function parse(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      legacy: { type: 'string' },
      exchanges: { type: 'string' },
      ours: { type: 'string' },
      'site-url': { type: 'string', multiple: true },
      'state-changing': { type: 'string' },
      only: { type: 'string' },
      timeout: { type: 'string' },
      json: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  if (!values.legacy) throw new Error('--legacy is required: the address of the live site.');
  const url = (name: string, value: string) => {
    if (!/^https?:\/\/[^/]/.test(value) || !URL.canParse(value))
      throw new Error(`--${name} must be an http:// or https:// address, not "${value}".`);
    return value;
  };
  const mode = values['state-changing'] ?? 'skip';
  if (mode !== 'skip' && mode !== 'ours-only')
    throw new Error(`--state-changing must be "skip" or "ours-only", not "${mode}".`);
  const timeoutMs = Number(values.timeout ?? 30_000);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1)
    throw new Error('--timeout must be a whole number of milliseconds.');
  return {
    legacy: url('legacy', values.legacy),
    ours: values.ours ? url('ours', values.ours) : undefined,
    exchanges: values.exchanges ?? EXCHANGES_DIR,
    siteUrls: (values['site-url'] ?? []).map((v) => url('site-url', v)),
    stateChanging: mode as StateChangingMode,
    only: values.only,
    timeoutMs,
    json: values.json,
  };
}

/**
 * Our server in this process on a free port, configured as `npm start` is, but never forwarding to
 * a LEGACY_UPSTREAM: an exchange we do not serve must not reach the live site through us.
 */
async function startOurServer(
  env: NodeJS.ProcessEnv,
): Promise<{ url: string; siteUrl: string; close(): Promise<void> }> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = { ...loadConfig(env), legacyUpstream: undefined };
  } catch (err) {
    throw new Error(err instanceof ConfigError ? `configuration: ${err.message}` : String(err));
  }
  // Compared with WordPress reading the primary: no replica, whose lag would show as differences.
  const deps = await boot(config, createLogger({ level: env.LOG_LEVEL ?? 'warn' }), { replicas: false });
  const server: Server = await new Promise((resolve, reject) => {
    const s = createApp(deps).listen(0, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const site = await loadSite(deps.wp);
  return {
    url,
    siteUrl: site.homeUrl,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await deps.db.close();
    },
  };
}
