import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { AnyAjaxAction } from '../ajax/action';
import { actions, createRegistry } from '../ajax/registry';
import { createApp } from '../app';
import { assembleDeps } from '../boot';
import { type Config, PROJECT_ROOT } from '../core/config';
import { createLogger, type Logger } from '../core/logger';
import type { AppDeps } from '../http/deps';
import type { Mailer } from '../mail/mailer';
import { parseWpConfig, wpSiteSettings } from '../wp/wp-config-file';
import type { TestDatabase } from './db';

/** The day every legacy exchange was captured (the replay's clock; see legacy-fixtures/README). */
export const CAPTURE_NOW = new Date('2026-11-21T23:30:00Z');

export interface TestServer {
  baseUrl: string;
  deps: AppDeps;
  close(): Promise<void>;
}

/**
 * The real app over a test database, listening on 127.0.0.1:0. `actions` replaces the registry
 * (for dispatcher tests); `now` fixes the clock.
 */
export async function startTestServer(
  tdb: TestDatabase,
  options: {
    now?: Date;
    actions?: readonly AnyAjaxAction[];
    secrets?: Config['secrets'];
    config?: Partial<Config>;
    mailer?: Mailer;
    /** The app's logger (default: silent, or TEST_LOG_LEVEL), for tests of what is logged. */
    log?: Logger;
  } = {},
): Promise<TestServer> {
  const log = options.log ?? createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const now = options.now ?? CAPTURE_NOW;
  const config: Config = { ...tdb.config, ...options.config, ...(options.secrets ? { secrets: options.secrets } : {}) };
  const deps = assembleDeps(config, tdb.db, log, () => new Date(now));
  if (options.mailer) deps.mailer = options.mailer;
  const server: Server = await new Promise((resolve) => {
    const s = createApp(deps, createRegistry(options.actions ?? actions)).listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    deps,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The keys and salts of the captured site (legacy-fixtures/wp-config.php), read by our own parser. */
export function fixtureSecrets(): Config['secrets'] {
  const source = readFileSync(path.join(PROJECT_ROOT, 'legacy-fixtures', 'wp-config.php'), 'utf8');
  return wpSiteSettings(parseWpConfig(source)).secrets;
}

/** Posts a jQuery-style urlencoded body to admin-ajax. */
export async function postAjax(
  baseUrl: string,
  body: string | URLSearchParams,
  init: { cookie?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; text: string; json: () => unknown }> {
  const response = await fetch(`${baseUrl}/wp-admin/admin-ajax.php`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8',
      'X-Requested-With': 'XMLHttpRequest',
      ...(init.cookie ? { Cookie: init.cookie } : {}),
      ...init.headers,
    },
    body: String(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
}
