import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { z } from 'zod';
import { assembleDeps } from '../boot';
import type { Config } from '../core/config';
import { createLogger } from '../core/logger';
import type { AppDeps } from '../http/deps';
import { type AnyRestRoute, type Authenticate, defineRoute } from '../rest/route';
import { REST_NAMESPACE, restRouter, restRoutes } from '../rest/router';
import type { TestDatabase } from './db';

/**
 * Test-only routes that answer who called them, one per kind of access, so authentication is
 * tested on `orders` and `admin` routes whatever routes the API has.
 */
const principalJson = z.object({ principal: z.unknown() });
const probe = (auth: 'public' | 'orders' | 'admin') =>
  defineRoute({
    method: 'get',
    path: `/test-probe/${auth}`,
    summary: `Who called (${auth})`,
    tag: 'tests',
    auth,
    input: z.object({}),
    response: principalJson,
    cacheControl: 'no-store',
    handle: async (_input, _ctx, { principal }) => ({ principal }),
  });

export const PROBE_ROUTES: readonly AnyRestRoute[] = [probe('public'), probe('orders'), probe('admin')];

export interface RestTestServer {
  baseUrl: string;
  deps: AppDeps;
  /** Moves the server's clock. */
  setNow(now: Date): void;
  close(): Promise<void>;
}

/** The REST router alone over a test database: the API's routes plus the probes, a movable clock. */
export async function startRestTestServer(
  tdb: TestDatabase,
  options: { now: Date; config?: Partial<Config>; authenticate?: Authenticate },
): Promise<RestTestServer> {
  let now = options.now;
  const log = createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const deps = assembleDeps({ ...tdb.config, ...options.config }, tdb.db, log, () => new Date(now));
  const app = express();
  app.set('trust proxy', deps.config.trustProxy ? 1 : false); // as app.ts: the proxy in front, one hop
  app.use(REST_NAMESPACE, restRouter(deps, [...restRoutes, ...PROBE_ROUTES], options.authenticate));
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${REST_NAMESPACE}`,
    deps,
    setNow: (next) => {
      now = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An `Authorization: Basic` header. */
export function basicAuth(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
}

/** `GET` a path under the REST namespace of a server at `baseUrl`: status, headers and parsed body. */
export async function restGet(
  baseUrl: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; body: unknown }> {
  const response = await fetch(`${baseUrl}${REST_NAMESPACE}/${path}`, { headers });
  return { status: response.status, headers: response.headers, body: await response.json() };
}
