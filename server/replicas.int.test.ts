import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from './app';
import { boot } from './boot';
import { loadConfig } from './core/config';
import { createLogger } from './core/logger';
import { QUERY_TIMEOUT_MS } from './data/db';
import { getOption, updateOption } from './data/options';
import type { AppDeps } from './http/deps';
import { PRIMARY_READS_COOKIE } from './http/read-routing';
import { CAPTURE_NOW } from './testing/app';
import { payLaterBookingBody } from './testing/booking-body';
import { createReplicatedMariaDb, type ReplicatedMariaDb, replicationUnavailable } from './testing/mariadb-replication';

/**
 * Read replicas for real: a MariaDB primary and two replicas of it (testing/mariadb-replication.ts),
 * the app configured with both (`DATABASE_REPLICA_URL`). Each replica gets its own title for the
 * Santorini tour, written on it alone (`sql_log_bin = 0`), so a page says which server it was read
 * from; each also gets, on it alone, an order that fills a date, so a seat count says it too.
 */
const engine = inject('testDb').engine;
const missing = engine === 'mariadb' ? replicationUnavailable() : 'the int-sqlite project';
if (missing) console.log(`replicas.int.test.ts skipped: ${missing}`);

const DATABASE = 'replicas';
const TOUR = 4;
const TOUR_PAGE = '/tour/santorini-caldera-sunset-cruise/';
const PRIMARY_TITLE = 'Santorini Caldera Sunset Cruise';
const REPLICA_TITLES = ['Santorini read from replica one', 'Santorini read from replica two'] as const;
/** The first date the tour page offers (CAPTURE_NOW), with 20 seats on the primary; full on the replicas. */
const FULL_ON_REPLICAS = '2027-05-15';
const MAX_LAG_S = 1;
/** A request may take this long while a replica dies (a statement's bound, data/db.ts, then the primary). */
const BOUND_MS = 6_000;

let pair: ReplicatedMariaDb;
let deps: AppDeps;
let server: Server;
let baseUrl = '';

beforeAll(async () => {
  if (missing) return;
  pair = await createReplicatedMariaDb({ replicas: 2 });
  await pair.loadFixtureSite(DATABASE);
  for (const [i, replica] of pair.replicas.entries()) {
    await pair.sql(
      replica,
      [
        'SET SESSION sql_log_bin = 0',
        `UPDATE wp_posts SET post_title = '${REPLICA_TITLES[i]}' WHERE ID = ${TOUR}`,
        // An id far above the primary's, which would otherwise insert the same one and stop replication.
        `INSERT INTO wp_tourmaster_order (id, tour_id, travel_date, traveller_amount, order_status, booking_date) VALUES (${900_000 + i}, ${TOUR}, '${FULL_ON_REPLICAS}', 20, 'approved', '2026-11-20 10:00:00')`,
      ],
      DATABASE,
    );
  }
  const config = loadConfig({
    DATABASE_URL: pair.primary.url(DATABASE),
    DATABASE_REPLICA_URL: pair.replicas.map((r) => `mysql://127.0.0.1:${r.port}`).join(', '),
    REPLICA_MAX_LAG_S: String(MAX_LAG_S),
    MAIL_DIR: path.join(os.tmpdir(), 'tm-replicas-mail'),
  });
  const log = createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  deps = await boot(config, log, { clock: () => new Date(CAPTURE_NOW), requireMigrated: true });
  // The tour page shows the seats left (counted on the primary), whichever server its tour came from.
  const general = (await getOption(deps.wp, 'tourmaster_general')) as Record<string, unknown>;
  await updateOption(deps.wp, 'tourmaster_general', {
    ...general,
    'show-remaining-available-number': 'enable',
  } as never);
  await pair.caughtUp();
  server = await new Promise((resolve) => {
    const s = createApp(deps).listen(0, '127.0.0.1', () => resolve(s));
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  if (server) await new Promise((resolve) => server.close(resolve));
  await deps?.replicas?.close();
  await deps?.db.close();
  await pair?.destroy();
});

type Source = 'primary' | 'replica 1' | 'replica 2';

/** Which server the tour page's title came from. */
function sourceOf(html: string): Source | 'none' {
  if (html.includes(REPLICA_TITLES[0])) return 'replica 1';
  if (html.includes(REPLICA_TITLES[1])) return 'replica 2';
  return html.includes(PRIMARY_TITLE) ? 'primary' : 'none';
}

async function tourPage(
  cookie?: string,
): Promise<{ status: number; source: Source | 'none'; ms: number; html: string }> {
  const started = Date.now();
  const response = await fetch(`${baseUrl}${TOUR_PAGE}`, {
    headers: cookie ? { Cookie: cookie } : {},
    signal: AbortSignal.timeout(20_000),
  });
  const html = await response.text();
  return { status: response.status, source: sourceOf(html), ms: Date.now() - started, html };
}

/** The servers `n` page views in a row were read from. */
async function sources(n: number, cookie?: string): Promise<Source[]> {
  const out: Source[] = [];
  for (let i = 0; i < n; i++) {
    const page = await tourPage(cookie);
    expect(page.status).toBe(200);
    expect(page.source).not.toBe('none');
    out.push(page.source as Source);
  }
  return out;
}

/** Waits (generously: the machine is shared) until four views in a row are read from `expected` only. */
async function untilServedBy(expected: readonly Source[], timeoutMs = 30_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    const seen = await sources(4);
    if (seen.every((s) => expected.includes(s)) && expected.every((s) => seen.includes(s))) return Date.now() - started;
    if (Date.now() - started > timeoutMs)
      throw new Error(`still served by ${seen.join(', ')}: ${JSON.stringify(deps.replicas?.states())}`);
    await sleep(200);
  }
}

function ajax(body: string, cookie?: string): Promise<Response> {
  return fetch(`${baseUrl}/wp-admin/admin-ajax.php`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8',
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body,
    signal: AbortSignal.timeout(20_000),
  });
}

/** The read-your-writes cookie a reply set, as a `Cookie` header, or undefined. */
function primaryReadsCookie(response: Response): string | undefined {
  const set = response.headers.getSetCookie().find((c) => c.startsWith(`${PRIMARY_READS_COOKIE}=`));
  return set?.split(';')[0];
}

describe.skipIf(missing)('read replicas', () => {
  it('reads the catalogue from the replicas in turn, and counts seats on the primary', async () => {
    const seen = await sources(6);
    // The seats shown are the primary's: on the replicas the order written there fills the date.
    const page = await tourPage();
    expect(page.source).toMatch(/^replica/);
    expect(page.html).toContain(
      '<div class="tourmaster-tour-booking-available" data-step="2" >Available: 20 seats</div>',
    );
    expect(seen.filter((s) => s === 'replica 1').length).toBeGreaterThanOrEqual(2);
    expect(seen.filter((s) => s === 'replica 2').length).toBeGreaterThanOrEqual(2);
    expect(seen).not.toContain('primary');

    // A list section's ajax page is a catalogue read too, and not a write: no read-your-writes cookie.
    const list = await ajax('action=tourmaster_tour_ajax&settings[num-fetch]=20&settings[tour-style]=medium');
    const content = String(((await list.json()) as { content?: string }).content);
    expect(REPLICA_TITLES.some((t) => content.includes(`>${t}</a>`))).toBe(true);
    expect(content).not.toContain(`>${PRIMARY_TITLE}</a>`);
    expect(primaryReadsCookie(list)).toBeUndefined();

    // Both replicas hold an order filling the date; the primary does not, and it is the one asked.
    const check = await ajax(
      `action=tourmaster_tour_booking_amount_check&tid=&tour_id=${TOUR}&tour_date=${FULL_ON_REPLICAS}&traveller=2&adult_amount=2&male_amount=0&female_amount=0&package=`,
    );
    expect(await check.json()).toEqual({ status: 'success' });
  });

  it('refuses a write through a replica’s reader (its sessions are read-only): a mistaken write never forks a replica', async () => {
    await deps.replicas!.checkNow();
    const reader = deps.replicas!.next();
    expect(reader).toBeDefined();
    // The replicas take the primary's account (root here): the server's read_only would not stop it.
    await expect(updateOption(reader!, 'blogdescription', 'written on a replica')).rejects.toMatchObject({
      code: 'ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION',
    });
    expect(await getOption(reader!, 'blogname')).toBeTypeOf('string');
    for (const replica of pair.replicas) {
      const rows = await pair.sql(
        replica,
        ["SELECT option_value FROM wp_options WHERE option_name = 'blogdescription'"],
        DATABASE,
      );
      expect(JSON.stringify(rows)).not.toContain('written on a replica');
    }
  });

  it("sends a visitor's catalogue reads to the primary for a few seconds after they write", async () => {
    const orders = async () =>
      Number((await pair.sql(pair.primary, ['SELECT COUNT(*) AS n FROM wp_tourmaster_order'], DATABASE))[0]!.n);
    const before = await orders();
    const booked = await ajax(payLaterBookingBody({ tourId: TOUR, date: '2027-05-15', n: 1 }));
    expect(booked.status).toBe(200);
    expect(await orders()).toBe(before + 1);
    const cookie = primaryReadsCookie(booked);
    expect(cookie).toBeDefined();

    const started = Date.now();
    expect(await sources(3, cookie)).toEqual(['primary', 'primary', 'primary']);
    // Another visitor is still served by the replicas.
    expect(await sources(2)).not.toContain('primary');
    // The window is REPLICA_MAX_LAG_S + 3 s; the browser drops the cookie then, and so does the server.
    const windowMs = (MAX_LAG_S + 3) * 1000;
    await sleep(Math.max(0, windowMs - (Date.now() - started)) + 100);
    expect(await sources(2, cookie)).not.toContain('primary');
  });

  it('skips a replica whose replication stops, reads the primary when none is left, and uses them again once they run', async () => {
    await pair.sql(pair.replicas[0]!, ['STOP SLAVE']);
    const oneSkipped = await untilServedBy(['replica 2']);
    await pair.sql(pair.replicas[1]!, ['STOP SLAVE']);
    const bothSkipped = await untilServedBy(['primary']);
    for (const replica of pair.replicas) await pair.sql(replica, ['START SLAVE']);
    const back = await untilServedBy(['replica 1', 'replica 2']);
    console.log(`replication stopped: skipped after ${oneSkipped} ms and ${bothSkipped} ms; back after ${back} ms`);
  });

  it('answers every request while a replica is killed, and uses it again once it is back', async () => {
    let skippedAfter = 0;
    const outcomes = await underLoad(async () => {
      await pair.replicas[0]!.stop('SIGKILL');
      const killedAt = Date.now();
      await untilServedBy(['replica 2']);
      skippedAfter = Date.now() - killedAt;
    });
    expect(outcomes.length).toBeGreaterThan(8);
    expect(outcomes.filter((o) => o.status !== 200)).toEqual([]);
    expect(outcomes.filter((o) => o.source === 'none')).toEqual([]);
    const slowest = Math.max(...outcomes.map((o) => o.ms));
    expect(slowest).toBeLessThan(BOUND_MS);

    await pair.replicas[0]!.start();
    const back = await untilServedBy(['replica 1', 'replica 2'], 60_000);
    console.log(
      `replica killed: ${outcomes.length} pages (${countBySource(outcomes)}), slowest ${slowest} ms, skipped after ${skippedAfter} ms; back ${back} ms after restart`,
    );
  });

  it('answers every request while a replica hangs (SIGSTOP), within the statement bound, and uses it again once it goes on', async () => {
    let skippedAfter = 0;
    const outcomes = await underLoad(async () => {
      pair.replicas[1]!.freeze(true);
      const frozenAt = Date.now();
      try {
        await untilServedBy(['replica 1']);
        skippedAfter = Date.now() - frozenAt;
        // Hung long enough for the requests waiting on it to reach the statement bound and go to the primary.
        await sleep(Math.max(0, QUERY_TIMEOUT_MS + 1000 - (Date.now() - frozenAt)));
      } finally {
        pair.replicas[1]!.freeze(false);
      }
    });
    expect(outcomes.filter((o) => o.status !== 200)).toEqual([]);
    expect(outcomes.filter((o) => o.source === 'none')).toEqual([]);
    const slowest = Math.max(...outcomes.map((o) => o.ms));
    expect(slowest).toBeLessThan(BOUND_MS);
    const back = await untilServedBy(['replica 1', 'replica 2'], 60_000);
    console.log(
      `replica frozen: ${outcomes.length} pages (${countBySource(outcomes)}), slowest ${slowest} ms, skipped after ${skippedAfter} ms; back ${back} ms after it went on`,
    );
  });
});

type Outcome = { status: number; source: string; ms: number };

/** Four clients loading the tour page one request after another while `during` runs (300 ms before, 500 ms after). */
async function underLoad(during: () => Promise<void>): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let running = true;
  const clients = Array.from({ length: 4 }, async () => {
    while (running) {
      const started = Date.now();
      const page = await tourPage().catch((err: Error) => ({
        status: 0,
        source: err.message,
        ms: Date.now() - started,
      }));
      outcomes.push({ status: page.status, source: page.source, ms: page.ms });
    }
  });
  try {
    await sleep(300);
    await during();
    await sleep(500);
  } finally {
    running = false;
    await Promise.all(clients);
  }
  return outcomes;
}

function countBySource(outcomes: readonly Outcome[]): string {
  const bySource = new Map<string, number>();
  for (const o of outcomes) bySource.set(o.source, (bySource.get(o.source) ?? 0) + 1);
  return [...bySource].map(([source, n]) => `${n} from ${source}`).join(', ');
}
