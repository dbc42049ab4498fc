import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PROJECT_ROOT } from '../core/config';
import { fixtureSecrets, startTestServer, type TestServer } from '../testing/app';
import { createTestDatabase, type TestDatabase } from '../testing/db';
import { type LiveStandIn, startLiveStandIn } from '../testing/live-stand-in';
import { MARIADB } from '../testing/test-db-config';
import { parityMain } from './cli';
import { type Exchange, loadExchange, loadExchanges } from './exchanges';
import type { ParityReport } from './report';

/**
 * `npm run parity` against a stand-in for the admin's live site (it answers with the captured
 * replies and records what it receives) and our real server on a test database; and
 * `npm run parity:capture` turning a browser's HAR file into exchanges the parity run replays.
 */
const CAPTURED_SITE = 'http://127.0.0.1:8080';
const READ_ONLY = [
  'amount_check-corfu-ok',
  'amount_check-unknown-tour',
  'coupon-empty',
  'head_price-santorini-2',
  'page-search-keyword-cruise',
  'page-user-guest-dashboard',
  'payment_template-s3-santorini',
  'review-santorini-sort-date',
  'top_bar-guest',
  'tourmaster_tour_ajax-tour-list-paged-2',
];
const STATE_CHANGING: Record<string, string> = {
  'enquiry-corfu-ok': 'state-changing action',
  'form-login-tm-customer1-ok': 'POST to a page (a form)',
  'payment_template-s4-guest-booking-creates-order': 'state-changing action',
  'unknown-action': 'not on the read-only list',
  'wish_list-guest': 'state-changing action',
  'zz-state-29-form-booking-cancel-guest': 'page with ?action=',
};
/** The one exchange the stand-in answers differently from the capture: the live site's price changed. */
const ALTERED = 'head_price-santorini-2';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'dropin-parity-'));
let tdb: TestDatabase;
let ours: TestServer;

beforeAll(async () => {
  tdb = await createTestDatabase();
  ours = await startTestServer(tdb, { secrets: fixtureSecrets() });
});

afterAll(async () => {
  await ours?.close();
  await tdb?.drop();
  rmSync(tmp, { recursive: true, force: true });
});

/** A folder of exchanges as an admin would pass with --exchanges. */
function exchangeDir(name: string, exchanges: readonly Exchange[]): string {
  const dir = path.join(tmp, name);
  mkdirSync(dir);
  for (const ex of exchanges) writeFileSync(path.join(dir, `${ex.name}.json`), JSON.stringify(ex));
  return dir;
}

async function runCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; out: string }> {
  let out = '';
  const code = await parityMain(args, { env, out: (text) => (out += text) });
  return { code, out };
}

function readReport(file: string): ParityReport {
  return JSON.parse(readFileSync(file, 'utf8')) as ParityReport;
}

const key = (r: { method: string; path: string; body: string | null }) => `${r.method} ${r.path} ${r.body ?? ''}`;

describe('npm run parity against a live site', () => {
  const fixtures = [...READ_ONLY, ...Object.keys(STATE_CHANGING)].map((name) => loadExchange(name));
  let live: LiveStandIn;
  let dir: string;

  beforeAll(async () => {
    dir = exchangeDir('fixtures', fixtures);
    // The live site now answers the price of this exchange with another total.
    const liveReplies = fixtures.map((ex) => {
      if (ex.name !== ALTERED) return ex;
      const json = { ...(ex.response.json as Record<string, unknown>), price: '$999.00' };
      return { ...ex, response: { ...ex.response, json, body: JSON.stringify(json), raw_body: JSON.stringify(json) } };
    });
    live = await startLiveStandIn(liveReplies, CAPTURED_SITE);
  });
  afterAll(() => live?.close());

  it('compares read-only exchanges with the live site and never sends it a state-changing one', async () => {
    const json = path.join(tmp, 'report-skip.json');
    const { code, out } = await runCli([
      '--legacy',
      live.url,
      '--exchanges',
      dir,
      '--ours',
      ours.baseUrl,
      '--site-url',
      CAPTURED_SITE,
      '--json',
      json,
    ]);
    expect(code, out).toBe(1);
    const report = readReport(json);
    const result = Object.fromEntries(report.outcomes.map((o) => [o.name, o.result]));
    expect(result).toEqual({
      ...Object.fromEntries(READ_ONLY.map((name) => [name, 'match'])),
      [ALTERED]: 'difference',
      // DEVIATIONS.md "unknown tour": our reply differs from the live one on purpose.
      'amount_check-unknown-tour': 'deviation',
      ...Object.fromEntries(Object.keys(STATE_CHANGING).map((name) => [name, 'skipped'])),
    });
    for (const [name, reason] of Object.entries(STATE_CHANGING))
      expect(report.outcomes.find((o) => o.name === name)?.reason).toBe(reason);
    const altered = report.outcomes.find((o) => o.name === ALTERED)!;
    expect(altered.differences).toHaveLength(1);
    expect(altered.differences?.[0]).toMatch(/^body differs at character \d+:\n {4}ours: .*\n {4}legacy: .*\$999\.00/);

    // The live site received exactly the read-only requests, once each.
    expect(live.received.map(key).sort()).toEqual(READ_ONLY.map((name) => key(loadExchange(name).request)).sort());
    expect(report.totals).toEqual({ compared: 10, match: 8, deviation: 1, difference: 1, error: 0, skipped: 6 });
    expect(report.actions.tourmaster_update_head_price).toEqual({
      compared: 1,
      match: 0,
      deviation: 0,
      difference: 1,
      error: 0,
      skipped: 0,
    });

    expect(out).toMatch(/^tourmaster_update_head_price +1 +0 +0 +1 +0$/m);
    expect(out).toMatch(/^tourmaster_send_enquiry_form +0 +0 +0 +0 +1$/m);
    expect(out).toContain(`  ${ALTERED}  [tourmaster_update_head_price; live]\n    body differs at character`);
    expect(out).toContain('  amount_check-unknown-tour  [tourmaster_tour_booking_amount_check]: unknown tour');
    expect(out).toContain('  zz-state-29-form-booking-cancel-guest  [GET /my-account/]: page with ?action=');
    expect(out).toContain('Result: 9 of 10 compared match (1 different on purpose), 1 differ, 0 failed, 6 skipped.');
  });

  it('sends state-changing exchanges to our copy only with --state-changing=ours-only', async () => {
    live.received.length = 0;
    const sessionsBefore = await sessionTokenRows();
    const json = path.join(tmp, 'report-ours-only.json');
    const { code, out } = await runCli([
      ...['--legacy', live.url, '--exchanges', dir, '--ours', ours.baseUrl, '--site-url', CAPTURED_SITE],
      ...['--state-changing', 'ours-only', '--json', json],
    ]);
    expect(code, out).toBe(1);
    expect(out).toContain(`State-changing exchanges will be written by ${ours.baseUrl}: its database must be a copy.`);
    const report = readReport(json);
    const changing = report.outcomes.filter((o) => o.name in STATE_CHANGING);
    expect(changing.map((o) => [o.name, o.against])).toEqual(
      Object.keys(STATE_CHANGING).map((name) => [name, 'captured']),
    );
    // Each was compared with the reply captured with it: at parity, or different on purpose.
    expect(changing.filter((o) => o.result !== 'match' && o.result !== 'deviation')).toEqual([]);
    expect(live.received.map(key).sort()).toEqual(READ_ONLY.map((name) => key(loadExchange(name).request)).sort());
    // The login really happened, on our copy.
    expect(await sessionTokenRows()).toBe(sessionsBefore + 1);
  });

  it('reports a live site that does not answer, and refuses to treat our server as the live one', async () => {
    const stopped = await startLiveStandIn([], CAPTURED_SITE);
    await stopped.close();
    const down = await runCli([
      ...['--legacy', stopped.url, '--exchanges', dir, '--ours', ours.baseUrl, '--only', 'coupon-empty'],
    ]);
    expect(down.code).toBe(1);
    expect(down.out).toContain(
      `  coupon-empty  [tourmaster_validate_coupon_code; live]\n    the live site (${stopped.url}) did not answer: ECONNREFUSED`,
    );
    await expect(runCli(['--legacy', ours.baseUrl, '--exchanges', dir, '--ours', ours.baseUrl])).rejects.toThrow(
      /same address/,
    );
    const usage = await runCli(['--exchanges', dir]);
    expect(usage.code).toBe(2);
    expect(usage.out).toContain('--legacy is required');
    const mode = await runCli(['--legacy', live.url, '--state-changing', 'all']);
    expect(mode.code).toBe(2);
    expect(mode.out).toContain('--state-changing must be "skip" or "ours-only", not "all".');
  });
});

async function sessionTokenRows(): Promise<number> {
  const rows = await tdb.wp
    .knex(tdb.wp.t.usermeta)
    .where({ user_id: 2, meta_key: 'session_tokens' })
    .select('meta_value');
  return rows.reduce((n, r) => n + (String(r.meta_value).match(/s:\d+:"expiration"/g)?.length ?? 0), 0);
}

/** DATABASE_URL for this run's test database. */
function databaseUrl(): string {
  return inject('testDb').engine === 'sqlite'
    ? `sqlite://${tdb.name}`
    : `mysql://${MARIADB.user}:${MARIADB.password}@${MARIADB.host}:${MARIADB.port}/${tdb.name}`;
}

function runScript(
  script: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'scripts', script), ...args], {
      cwd: PROJECT_ROOT,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ code: code ?? -1, out }));
  });
}

describe('npm run parity:capture from a HAR file', () => {
  const har = path.join(PROJECT_ROOT, 'legacy-fixtures', 'har', 'live-site.har');
  const harSite = 'https://tours.example.com';
  let dir: string;
  let captureOut: string;

  beforeAll(async () => {
    dir = path.join(tmp, 'captured');
    const { code, out } = await runScript('parity-capture.ts', ['--har', har, '--out', dir]);
    expect(code, out).toBe(0);
    captureOut = out;
  });

  it('keeps the ajax calls and pages, skips the rest and says what it kept and dropped', () => {
    expect(captureOut).toContain('Site: https://tours.example.com');
    expect(captureOut).toContain('Kept 9 exchanges');
    expect(captureOut).toMatch(/^ +2 {2}GET page$/m);
    expect(captureOut).toMatch(
      /^ +1 {2}tourmaster_send_enquiry_form {2}\(1 state-changing: never sent to the live site\)$/m,
    );
    for (const line of [
      '2  static file',
      '2  another site',
      '1  REST API, feed or cron',
      '1  no reply (blocked or cancelled)',
    ])
      expect(captureOut).toContain(line);
    expect(captureOut).toContain(
      'Cookies dropped: _ga, _ga_X1Y2Z3, wordpress_logged_in_ef301f25d1b8e2bca70fafc1316f1a92.',
    );
    expect(captureOut).toMatch(/Personal data masked in: .*booking_detail\[email\].*data\[full-name\]/);
    expect(readdirSync(dir).sort()).toEqual([
      'har-0001-get-home.json',
      'har-0002-post-tourmaster_tour_booking_amount_check.json',
      'har-0003-post-tourmaster_update_head_price.json',
      'har-0004-post-get_single_tour_review.json',
      'har-0005-post-refresh_user_top_bar.json',
      'har-0006-post-tourmaster_send_enquiry_form.json',
      'har-0007-post-tourmaster_payment_template.json',
      'har-0008-post-tourmaster_add_wish_list.json',
      'har-0009-get-my-account.json',
    ]);
  });

  it('writes no login cookie and no personal detail, masked alike in requests and replies', () => {
    const text = readdirSync(dir)
      .map((f) => readFileSync(path.join(dir, f), 'utf8'))
      .join('\n');
    for (const secret of [
      'wordpress_logged_in',
      '_ga',
      'Peter',
      'Novak',
      'Laura',
      'Bianchi',
      'example.test',
      '777 000',
    ])
      expect(text).not.toContain(secret);
    const payment = loadExchanges(dir).find((ex) => ex.tags[0] === 'tourmaster_payment_template')!;
    expect(new URLSearchParams(payment.request.body ?? '').get('booking_detail[email]')).toBe(
      'xxxxx.xxxxx@example.com',
    );
    expect((payment.response.json as { cookie: Record<string, unknown> }).cookie).toMatchObject({
      first_name: 'Xxxxx',
      email: 'xxxxx.xxxxx@example.com',
      phone: '+555 555 555 555',
    });
    expect(payment.request.headers).toEqual({
      'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8',
      'X-Requested-With': 'XMLHttpRequest',
    });
  });

  it('gives exchanges the parity run replays: at parity with our server, state-changing ones skipped', async () => {
    const captured = loadExchanges(dir);
    const live = await startLiveStandIn(captured, harSite);
    try {
      const json = path.join(tmp, 'report-har.json');
      const { code, out } = await runCli([
        ...['--legacy', live.url, '--exchanges', dir, '--ours', ours.baseUrl, '--site-url', CAPTURED_SITE],
        ...['--json', json],
      ]);
      expect(code, out).toBe(0);
      const report = readReport(json);
      expect(report.totals).toEqual({ compared: 7, match: 7, deviation: 0, difference: 0, error: 0, skipped: 2 });
      expect(report.outcomes.filter((o) => o.result === 'skipped').map((o) => o.action)).toEqual([
        'tourmaster_send_enquiry_form',
        'tourmaster_add_wish_list',
      ]);
      expect(live.received).toHaveLength(7);
      expect(live.received.some((r) => /enquiry|wish_list/.test(r.body))).toBe(false);
    } finally {
      await live.close();
    }
  });

  it('starts our server itself from DATABASE_URL when --ours is not given', async () => {
    // Replies that do not depend on the day (the started server runs on the real clock).
    const dateless = ['coupon-empty', 'top_bar-guest', 'review-santorini-sort-date'].map((n) => loadExchange(n));
    const live = await startLiveStandIn(dateless, CAPTURED_SITE);
    try {
      const { code, out } = await runScript(
        'parity.ts',
        ['--legacy', live.url, '--exchanges', exchangeDir('self-started', dateless)],
        { DATABASE_URL: databaseUrl() },
      );
      expect(out).toContain('Result: 3 of 3 compared match, 0 differ, 0 failed, 0 skipped.');
      expect(code).toBe(0);
    } finally {
      await live.close();
    }
  });
});
