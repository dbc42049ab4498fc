import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { runMigrations } from '../migrations/index';
import { DEFAULT_SEED_DUMP, PROJECT_ROOT } from '../server/core/config';
import { type Database, openDatabase } from '../server/data/db';
import { loadDump } from '../server/data/dump-loader';
import { serialize, unserialize } from '../server/php/serialize';
import { type Baseline, startBaseline } from './bench-baseline';
import { chooseLoadGenerator, type LoadGenerator, type LoadRequest, runLoad } from './bench-load';
import { serverMemorySettings } from './server-memory-settings';

/**
 * `npm run bench`: the booking actions, the tour page, the search page and a list section's paging
 * under load, measured, never asserted in tests.
 * The server runs in its own process on MariaDB (127.0.0.1:3306, a fresh database loaded with the
 * fixture site); the load comes from wrk when it is installed, else from autocannon in this process
 * (bench-load.ts), 8 connections, 10 s per scenario after a 2 s warm-up. Besides requests a second
 * and latency, each row gives the CPU time the server and MariaDB spent per request (from /proc):
 * this machine's speed drifts by half within an hour, the CPU per request much less.
 * BENCH_SECONDS and BENCH_CONNECTIONS override the defaults; BENCH_ONLY=text[,text…] runs the scenarios whose name has one;
 * BENCH_LOAD=wrk|autocannon picks the load generator; BENCH_WORKERS=n runs the server with WORKERS=n;
 * BENCH_PROFILE=dir writes the server's CPU profile there (`--cpu-prof`, open it in Chrome's DevTools);
 * BENCH_BASELINE=<git revision> also measures the rows marked `baseline` on the code at that
 * revision, in the same run (bench-baseline.ts), and prints their ratios against it.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const MARIADB = { host: '127.0.0.1', port: 3306, user: 'root', password: '' };
const database = `tmbench_${process.pid}`;

interface Scenario {
  name: string;
  /** An admin-ajax body (POST), or a page to GET, or pages to GET in turn. */
  body?: string;
  page?: string;
  pages?: readonly string[];
  headers?: Record<string, string>;
  expect: string;
  /**
   * Loads the bare probe (bench-probe.ts) instead of our server: the reference row; `memory` runs it
   * with the server's memory settings (scripts/start.sh), to show what they cost on their own.
   */
  probe?: 'bare' | 'memory';
  /** Measured on BENCH_BASELINE's code too (issue 21's rows). */
  baseline?: boolean;
}

const AVAILABILITY_BODY =
  'action=tourmaster_tour_booking_amount_check&tid=&tour_id=4&tour_date=2027-05-15&traveller=2&adult_amount=2&male_amount=0&female_amount=0&package=&max_traveller_per_room=2';

const scenarios: Scenario[] = [
  {
    name: 'tourmaster_tour_booking_amount_check',
    body: AVAILABILITY_BODY,
    expect: '"status":"success"',
    baseline: true,
  },
  {
    // The reference: the same check's statement from a bare Express + mysql2 server.
    name: 'amount_check: bare Express + mysql2 probe',
    body: AVAILABILITY_BODY,
    expect: '"status":"success"',
    probe: 'bare',
  },
  {
    // The same probe with the server's memory settings (scripts/start.sh): what they cost alone.
    name: 'amount_check: the probe, server memory settings',
    body: AVAILABILITY_BODY,
    expect: '"status":"success"',
    probe: 'memory',
  },
  {
    name: 'tourmaster_update_head_price',
    body: 'action=tourmaster_update_head_price&data%5Btour-id%5D=8&data%5Btour-date%5D=2027-06-10&data%5Bpackage%5D=Afternoon+Premium&data%5Btour-adult%5D=2&data%5Btour-children%5D=2',
    expect: '"price"',
  },
  {
    name: 'tourmaster_tour_booking (step 1, rooms)',
    body: 'action=tourmaster_tour_booking&data%5Btour-id%5D=7&data%5Btour-date%5D=2027-06-11&data%5Btour-room%5D=2&data%5Bstep%5D=1',
    expect: 'tourmaster-tour-booking-room',
  },
  {
    name: 'tourmaster_tour_booking (step 1, packages)',
    body: 'action=tourmaster_tour_booking&data%5Btour-id%5D=8&data%5Btour-date%5D=2027-06-10&data%5Bstep%5D=1',
    expect: 'tourmaster-tour-booking-package',
  },
  {
    name: 'tourmaster_payment_template (step 1)',
    body: exchangeBody('payment_template-fixed-santorini-s1'),
    expect: '"cookie"',
  },
  {
    name: 'tourmaster_payment_template (step 3)',
    body: exchangeBody('payment_template-s3-santorini'),
    expect: 'tourmaster-payment-contact-detail',
  },
  {
    // A returning browser: it has the view cookie, so the page is read-only.
    name: 'GET /tour/santorini-caldera-sunset-cruise/',
    page: '/tour/santorini-caldera-sunset-cruise/',
    headers: { cookie: 'tourmaster-tour-4=1' },
    expect: 'tourmaster-single-tour-booking-fields',
    baseline: true,
  },
  {
    // A first view: one atomic increment of the view counter per request.
    name: 'GET /tour/santorini-…/ (first view, counted)',
    page: '/tour/santorini-caldera-sunset-cruise/',
    expect: 'tourmaster-single-tour-booking-fields',
  },
  {
    // The tour search page: the form, five tours and the list settings for the order filterer.
    name: 'GET /?tour-search=&tax-tour_category=islands',
    page: '/?tour-search=&tax-tour_category=islands',
    expect: 'tourmaster-tour-search-content-wrap',
  },
  {
    // The search page under many searches at once: 48 filter combinations, one after the other.
    name: 'GET /?tour-search=… (48 searches in turn)',
    pages: searchCombinations(),
    expect: 'tourmaster-tour-search',
  },
  {
    // The tour page's review list, page 2 by date (as its page numbers post it).
    name: 'get_single_tour_review (review list page 2)',
    body: exchangeBody('review-santorini-sort-date-p2'),
    expect: '"content"',
    baseline: true,
  },
  {
    // A list section's page 2 (the "Tour List" page's list, as its page numbers post it).
    name: 'tourmaster_tour_ajax (list page 2)',
    body: exchangeBody('tourmaster_tour_ajax-tour-list-paged-2'),
    expect: '"pagination"',
  },
];

/** Categories × activities × durations, and three keyword searches. */
function searchCombinations(): string[] {
  const pages: string[] = [];
  for (const category of ['', 'islands', 'mainland', 'day-trips', 'multi-day'])
    for (const activity of ['', 'hiking', 'cruise'])
      for (const duration of ['', '1', '2'])
        pages.push(`/?tour-search=&tax-tour_category=${category}&tax-tour-activity=${activity}&duration=${duration}`);
  return [...pages, '/?tour-search=santorini', '/?tour-search=old+town', '/?tour-search=monasteries+meteora'];
}

/** A captured exchange's request body (the payment page's real requests). */
function exchangeBody(name: string): string {
  const file = path.join(PROJECT_ROOT, 'legacy-fixtures', 'exchanges', `${name}.json`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { request: { body: string } }).request.body;
}

async function main() {
  const admin = openDatabase({
    engine: 'mysql',
    ...MARIADB,
    database: '',
    charset: 'utf8mb4',
    collate: '',
    poolMax: 1,
  });
  await admin.knex.raw(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci`);
  let server: ChildProcess | undefined;
  const probes: ChildProcess[] = [];
  let baseline: Baseline | undefined;
  try {
    await loadFixtureSite();
    const started = await startServer();
    server = started.child;
    const startedProbe = await startProbe(false);
    probes.push(startedProbe.child);
    const memoryProbe = await startProbe(true);
    probes.push(memoryProbe.child);
    const baselineRev = process.env.BENCH_BASELINE;
    if (baselineRev) {
      baseline = await startBaseline(baselineRev, {
        root: PROJECT_ROOT,
        serverUrl: `mysql://${MARIADB.user}:${MARIADB.password}@${MARIADB.host}:${MARIADB.port}`,
        database: `${database}_baseline`,
        sql: (statement) => admin.knex.raw(statement),
      });
    }
    const baselineUrl = baseline ? await untilRunning(baseline.child) : undefined;
    const generator = chooseLoadGenerator();
    const mariadbPid = await serverPid(admin);
    printHeader(started.url, generator);
    const only = process.env.BENCH_ONLY?.split(',');
    const rows = new Map<string, CpuPerRequest>();
    for (const s of scenarios.filter((x) => !only || only.some((text) => x.name.includes(text)))) {
      const target = s.probe === 'bare' ? startedProbe : s.probe === 'memory' ? memoryProbe : started;
      const request = scenarioRequest(s, target.url);
      await checkScenario(s, request, target.url);
      rows.set(s.name, await measureScenario(s, request, generator, { server: target.child.pid, mariadb: mariadbPid }));
      if (baseline && baselineUrl && s.baseline) {
        // Printed right under the row it repeats.
        const before = { ...s, name: `  the same at ${baseline.rev}` };
        const beforeRequest = scenarioRequest(s, baselineUrl);
        await checkScenario(before, beforeRequest, baselineUrl);
        const pids = { server: baseline.child.pid, mariadb: mariadbPid };
        rows.set(baselineKey(s.name, baseline.rev), await measureScenario(before, beforeRequest, generator, pids));
      }
    }
    printRatios(rows, baseline?.rev);
    console.log(`\nserver resident memory after the run: ${residentMemory(server.pid)}`);
  } finally {
    await baseline?.close();
    for (const probe of probes) if (probe.exitCode === null) await stopServer(probe);
    if (server && server.exitCode === null) await stopServer(server);
    await admin.knex.raw(`DROP DATABASE IF EXISTS \`${database}\``);
    await admin.close();
  }
  microBenchmarks();
}

/** The fixture site, migrated, in the bench's fresh database. */
async function loadFixtureSite(): Promise<void> {
  const db = openDatabase({
    engine: 'mysql',
    ...MARIADB,
    database,
    charset: 'utf8mb4',
    collate: '',
    queryTimeoutMs: 0,
  });
  await loadDump(db, readFileSync(DEFAULT_SEED_DUMP, 'utf8'));
  await runMigrations(db, 'wp_');
  await db.close();
}

function printHeader(serverUrl: string, generator: LoadGenerator): void {
  console.log(
    `server: ${serverUrl} (MariaDB ${database}${process.env.BENCH_WORKERS ? `, WORKERS=${process.env.BENCH_WORKERS}` : ''}), ` +
      `load: ${generator} ${CONNECTIONS} connections × ${SECONDS} s\n`,
  );
  console.log(
    `${'scenario'.padEnd(46)} ${'req/s'.padStart(6)}  ${'p50'.padStart(6)}  ${'p99'.padStart(6)}  CPU ms per request: server, MariaDB`,
  );
}

/** A scenario's request: its page(s) as GETs, or its admin-ajax body as a POST. */
function scenarioRequest(s: Scenario, serverUrl: string): LoadRequest {
  if (s.page || s.pages) {
    return {
      url: `${serverUrl}${s.page ?? s.pages?.[0]}`,
      method: 'GET',
      headers: s.headers ?? {},
      ...(s.pages ? { paths: s.pages } : {}),
    };
  }
  return {
    url: `${serverUrl}/wp-admin/admin-ajax.php`,
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', ...s.headers },
    body: s.body,
  };
}

/** Asks each of the scenario's URLs once and warns when an answer lacks what the scenario expects. */
async function checkScenario(s: Scenario, request: LoadRequest, serverUrl: string): Promise<void> {
  for (const url of s.pages ? s.pages.map((p) => `${serverUrl}${p}`) : [request.url]) {
    const check = await fetch(url, {
      method: request.method,
      headers: request.headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
    });
    const text = await check.text();
    if (!text.includes(s.expect)) console.log(`  warning: ${s.name} answered ${check.status} ${text.slice(0, 120)}`);
  }
}

/** CPU ms per request of a measured row: the server's (or the probe's) and MariaDB's. */
interface CpuPerRequest {
  server: number | undefined;
  mariadb: number | undefined;
}

/** Runs the load (after a warm-up: JIT, connection pool), prints the scenario's row and returns its CPU. */
async function measureScenario(
  s: Scenario,
  request: LoadRequest,
  generator: LoadGenerator,
  pids: { server: number | undefined; mariadb: number | undefined },
): Promise<CpuPerRequest> {
  await runLoad(generator, request, { connections: CONNECTIONS, seconds: 2 });
  const before = { server: treeCpuMs(pids.server), mariadb: cpuMs(pids.mariadb) };
  const result = await runLoad(generator, request, { connections: CONNECTIONS, seconds: SECONDS });
  const perRequest = (after: number | undefined, then: number | undefined) =>
    after === undefined || then === undefined || result.requests === 0 ? undefined : (after - then) / result.requests;
  const cpu = {
    server: perRequest(treeCpuMs(pids.server), before.server),
    mariadb: perRequest(cpuMs(pids.mariadb), before.mariadb),
  };
  const shown = (ms: number | undefined) => (ms === undefined ? '?' : ms.toFixed(2)).padStart(6);
  console.log(
    `${s.name.padEnd(46)} ${result.perSecond.toFixed(0).padStart(6)}  ${`${result.p50}`.padStart(4)} ms  ${`${result.p99}`.padStart(4)} ms  ` +
      `${shown(cpu.server)}  ${shown(cpu.mariadb)}${result.errors ? `  (${result.errors} errors)` : ''}`,
  );
  return cpu;
}

/**
 * Issue 21's goals, from this run's rows: the availability check's server CPU per request against
 * the bare probe's (goal at most 1.15), and the tour page's and the review list's against the CPU
 * per request they took before it (goal at most half): against the same rows on the code before
 * the issue when BENCH_BASELINE gives it (59d3f31), else against the figures measured then on
 * another machine (README, 2026-11-22 run). MariaDB's CPU per request is printed beside each.
 */
const BEFORE_ISSUE_21 = {
  tourPage: { name: 'GET /tour/santorini-caldera-sunset-cruise/', serverMs: 1.26 },
  reviewList: { name: 'get_single_tour_review (review list page 2)', serverMs: 0.9 },
};

/** Where a scenario's row measured on BENCH_BASELINE's code is kept. */
function baselineKey(name: string, rev: string): string {
  return `${name} at ${rev}`;
}

function printRatios(rows: ReadonlyMap<string, CpuPerRequest>, baselineRev: string | undefined): void {
  const ratio = (a: number | undefined, b: number | undefined) =>
    a === undefined || b === undefined || b === 0 ? '?' : (a / b).toFixed(2);
  const lines: string[] = [];
  const check = rows.get(scenarios[0]!.name);
  const probe = rows.get(scenarios[1]!.name);
  if (check && probe)
    lines.push(
      `availability check ÷ bare probe, server CPU per request: ${ratio(check.server, probe.server)} (goal ≤ 1.15)`,
    );
  const memoryProbe = rows.get(scenarios[2]!.name);
  if (memoryProbe && probe)
    lines.push(
      `bare probe with the server's memory settings ÷ bare probe: ${ratio(memoryProbe.server, probe.server)} (what the 120 MB settings cost alone)`,
    );
  for (const { name, serverMs } of Object.values(BEFORE_ISSUE_21)) {
    const row = rows.get(name);
    if (!row) continue;
    const before = baselineRev ? rows.get(baselineKey(name, baselineRev)) : undefined;
    lines.push(
      before
        ? `${name.split(' (')[0]} ÷ the same at ${baselineRev}, server CPU per request: ${ratio(row.server, before.server)} (goal ≤ 0.5)`
        : `${name.split(' (')[0]} ÷ ${serverMs} ms before, server CPU per request: ${ratio(row.server, serverMs)} (goal ≤ 0.5)`,
    );
  }
  const checkBefore = baselineRev ? rows.get(baselineKey(scenarios[0]!.name, baselineRev)) : undefined;
  if (check && checkBefore)
    lines.push(`availability check ÷ the same at ${baselineRev}: ${ratio(check.server, checkBefore.server)}`);
  if (lines.length) console.log(`\n${lines.join('\n')}`);
}

/** A graceful stop, so a CPU profile is written before the database goes. */
async function stopServer(server: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

/** CPU time (user + system) a process has used, in ms; undefined when it cannot be read. */
function cpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/**
 * `cpuMs` of a process and all its descendants: the workers when BENCH_WORKERS is set; a
 * baseline's `npm start`, whose server runs under `sh` and tsx a few levels down.
 */
function treeCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  const own = cpuMs(pid);
  return own === undefined ? undefined : childrenOf(pid).reduce((sum, child) => sum + (treeCpuMs(child) ?? 0), own);
}

/** A process's children, from /proc; none where there is no /proc (not Linux). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** The server's resident memory now (VmRSS), and its workers' when it has some. */
function residentMemory(pid: number | undefined): string {
  const rssMb = (p: number) => {
    try {
      const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1];
      return kb ? `${(Number(kb) / 1024).toFixed(0)} MB` : '?';
    } catch {
      return '?';
    }
  };
  if (pid === undefined) return '?';
  const workers = childrenOf(pid);
  return workers.length ? `primary ${rssMb(pid)}, workers ${workers.map(rssMb).join(', ')}` : rssMb(pid);
}

/** Linux's clock ticks per second for /proc times (getconf CLK_TCK; 100 everywhere in practice). */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * The pid of the MariaDB the bench uses, from its own pid file when it is local (other mariadbd
 * processes may run on the machine: `pidof` would pick any of them), else of a local `mariadbd`.
 */
async function serverPid(admin: Database): Promise<number | undefined> {
  const valid = (pid: number) => (Number.isSafeInteger(pid) && pid > 0 ? pid : undefined);
  try {
    const [rows] = (await admin.knex.raw('SELECT @@pid_file AS file')) as [{ file: string }[]];
    return valid(Number(readFileSync(rows[0]!.file, 'utf8').trim()));
  } catch {
    try {
      return valid(Number(execFileSync('pidof', ['-s', 'mariadbd'], { encoding: 'utf8' }).trim()));
    } catch {
      return undefined;
    }
  }
}

function startServer(): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
    // As `npm start` runs it: the compiled bundle, built first if stale. The script execs Node, so
    // this child is the server.
    const child = spawn('sh', [path.join(PROJECT_ROOT, 'scripts', 'start.sh'), ...profile], {
      env: {
        ...process.env,
        // As a deployment runs it (React's production build renders the pages).
        NODE_ENV: 'production',
        PORT: '0',
        LOG_LEVEL: 'warn',
        DATABASE_URL: `mysql://${MARIADB.user}:${MARIADB.password}@${MARIADB.host}:${MARIADB.port}/${database}`,
        ...(process.env.BENCH_WORKERS ? { WORKERS: process.env.BENCH_WORKERS } : {}),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    untilRunning(child).then((url) => resolve({ child, url }), reject);
  });
}

/**
 * The bare probe (bench-probe.ts), in its own process on the same database; with `memorySettings`,
 * under the server's memory settings (serverMemorySettings).
 */
function startProbe(memorySettings: boolean): Promise<{ child: ChildProcess; url: string }> {
  const settings = memorySettings ? serverMemorySettings() : { flags: [], env: {} };
  const probeScript = path.join(PROJECT_ROOT, 'scripts', 'bench-probe.ts');
  const child = spawn(process.execPath, [...settings.flags, '--import', 'tsx', probeScript], {
    env: {
      ...process.env,
      ...settings.env,
      NODE_ENV: 'production',
      PORT: '0',
      DATABASE_URL: `mysql://${MARIADB.user}:${MARIADB.password}@${MARIADB.host}:${MARIADB.port}/${database}`,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return untilRunning(child).then((url) => ({ child, url }));
}

/** The URL a started server prints ("… running at URL/"); rejects if it exits first. */
function untilRunning(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
      const m = /running at (http:\/\/\S+?)\/\n/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}

function microBenchmarks() {
  const dump = readFileSync(DEFAULT_SEED_DUMP, 'utf8');
  const tourOption =
    /'tourmaster-tour-option','((?:[^'\\]|\\.)*)'/.exec(dump)?.[1]?.replace(/\\(.)/g, '$1') ?? 'a:0:{}';
  const parsed = unserialize(tourOption);
  const time = (name: string, iterations: number, fn: () => void) => {
    const t = performance.now();
    for (let i = 0; i < iterations; i++) fn();
    console.log(`${name.padEnd(44)} ${(((performance.now() - t) * 1000) / iterations).toFixed(1).padStart(6)} µs/op`);
  };
  console.log('');
  time(`unserialize a tour option (${tourOption.length} bytes)`, 2000, () => unserialize(tourOption));
  time('serialize it back', 2000, () => serialize(parsed));
  const mem = process.memoryUsage();
  console.log(`load generator memory: rss ${(mem.rss / 1048576).toFixed(1)} MB`);
}

await main();
