import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../core/config';
import { startSession } from '../data/sessions';
import { loadSite } from '../data/site';
import { getUserByLogin } from '../data/users';
import { compareReply, sendExchange } from '../parity/compare';
import { DEVIATIONS, withDeviation } from '../parity/deviations';
import { type Exchange, exchangeAction, exchangeLogin, loadExchanges } from '../parity/exchanges';
import { pageComparison, SERVED_ROUTES } from '../parity/page-comparisons';
import { ACCOUNT_REPLAY_SETUP } from '../parity/replay/account';
import { fixtureSecrets, startTestServer, type TestServer } from '../testing/app';
import { createTestDatabase, type TestDatabase } from '../testing/db';
import { LISTING_REPLAY_SETUP } from '../testing/listing-replay';
import { encodeCookieValue } from '../wp/auth-cookie';
import { actions } from './registry';

/**
 * Protocol parity: every captured exchange is replayed, in name order, against a fresh copy of the
 * fixture site with the clock on the capture day. An exchange is in scope once we serve it: its
 * action is registered, or the legacy reply is WordPress's own `0`/400 for an action nobody
 * serves. In-scope exchanges must match the legacy reply; the rest are reported as not served yet,
 * by action, in test-results/replay-<engine>.json.
 */
const exchanges = loadExchanges();

let tdb: TestDatabase;
let server: TestServer;
const outcomes: { name: string; action: string; served: boolean; differences: string[] }[] = [];

beforeAll(async () => {
  tdb = await createTestDatabase();
  // The captured site's own keys and salts, as an admin's WP_CONFIG would give them.
  server = await startTestServer(tdb, { secrets: fixtureSecrets() });
});

afterAll(async () => {
  await server?.close();
  await tdb?.drop();
  writeReport();
});

const SERVED_ACTIONS = new Set(actions.map((a) => a.name));

function isServed(ex: Exchange): boolean {
  const action = exchangeAction(ex);
  if (action === undefined) return SERVED_ROUTES.has(`${ex.request.method} ${ex.request.path}`);
  if (SERVED_ACTIONS.has(action)) return true;
  return ex.response.status === 400 && ex.response.json === 0;
}

/** Fresh login cookies for the exchange's user (the captured sessions are not in the dump). */
async function cookiesFor(ex: Exchange): Promise<Record<string, string>> {
  const cookies = { ...ex.request.cookies };
  const login = exchangeLogin(ex);
  if (!login) return cookies;
  const user = await getUserByLogin(tdb.wp, login);
  if (!user) throw new Error(`Exchange ${ex.name} is logged in as unknown user ${login}`);
  const minted = await startSession(tdb.wp, user, {
    site: await loadSite(tdb.wp),
    salts: await server.deps.salts(),
    remember: true,
    https: false,
    ip: '127.0.0.1',
    ua: 'replay',
    now: server.deps.clock(),
  });
  for (const name of Object.keys(cookies)) {
    if (name.startsWith('wordpress_logged_in_')) cookies[name] = encodeCookieValue(minted.loggedInCookie);
    else if (/^wordpress_(sec_)?[0-9a-f]{32}$/.test(name)) cookies[name] = encodeCookieValue(minted.authCookie);
  }
  return cookies;
}

describe('legacy exchange replay', () => {
  for (const ex of exchanges) {
    it(`${ex.name}`, async () => {
      const action = exchangeAction(ex) ?? `${ex.request.method} ${ex.request.path.split('?')[0]}`;
      const served = isServed(ex);
      await ACCOUNT_REPLAY_SETUP[ex.name]?.(tdb.wp);
      await LISTING_REPLAY_SETUP[ex.name]?.(tdb.wp);
      const comparison = pageComparison(ex);
      const actual = await sendExchange(server.baseUrl, ex, await cookiesFor(ex));
      const deviation = DEVIATIONS[ex.name];
      const differences = deviation
        ? compareReply(withDeviation(ex, deviation), actual, undefined, comparison)
        : compareReply(ex, actual, undefined, comparison);
      outcomes.push({ name: ex.name, action, served, differences });
      // Whatever we serve or not, nothing is ever answered with a stack trace or an HTTP 500.
      expect(actual.status).not.toBe(500);
      expect(actual.text).not.toMatch(/\bat [\w.<>]+ \(.*:\d+:\d+\)|SQLSTATE|ER_[A-Z_]+|node_modules/);
      if (served) expect(differences).toEqual([]);
    });
  }
});

function writeReport(): void {
  const served = outcomes.filter((o) => o.served);
  const pending = new Map<string, number>();
  for (const o of outcomes) if (!o.served) pending.set(o.action, (pending.get(o.action) ?? 0) + 1);
  const report = {
    engine: tdb?.engine,
    total: outcomes.length,
    served: served.length,
    parity: served.filter((o) => o.differences.length === 0).length,
    notServedYet: Object.fromEntries([...pending].sort((a, b) => b[1] - a[1])),
    outcomes,
  };
  const dir = path.join(PROJECT_ROOT, 'test-results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `replay-${tdb?.engine ?? 'unknown'}.json`), `${JSON.stringify(report, null, 1)}\n`);
  process.stdout.write(
    `\nreplay (${report.engine}): ${report.parity}/${report.served} served exchanges at parity; ` +
      `${report.total - report.served} of ${report.total} not served yet (${pending.size} actions/routes)\n`,
  );
}
