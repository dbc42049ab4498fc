import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUDGETS,
  closure,
  ENTRY,
  type Files,
  isModuleOf,
  type Manifest,
  PAGES,
  readManifest,
  weigh,
  withOnDemand,
} from '../../scripts/bundle-budgets';
import { PROJECT_ROOT } from '../../server/core/config';
import { startTestServer, type TestServer } from '../../server/testing/app';
import { launchBrowser } from '../../server/testing/browser';
import { createTestDatabase, type TestDatabase } from '../../server/testing/db';
import { islands } from '../islands/registry';
import { newContext, setBookingCookie, WEBER_BOOKING_AT_STEP_3 } from './payment-flow';

/**
 * The weight budgets (the issue's item 6 and issue 16's item 4, scripts/bundle-budgets.ts), on the
 * production build this tier makes first: at most 40 KB of CSS gzipped on every page, and at most
 * 80 KB of JavaScript gzipped as a tour page loads, 60 KB as the payment page loads (a first visit:
 * the consent banner included).
 * "Loads" is computed from the Vite manifest (the entry, plus the chunks and styles of every island
 * whose marker is on the page, with their imports) and checked against what Chromium fetched.
 */
const DIST = path.join(PROJECT_ROOT, 'dist', 'client');

let tdb: TestDatabase;
let server: TestServer;
let browser: Browser;
let manifest: Manifest;

beforeAll(async () => {
  manifest = readManifest(DIST);
  tdb = await createTestDatabase();
  server = await startTestServer(tdb, { config: { siteUrlFollowsRequest: true } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await tdb?.drop();
});

const gzipped = (file: string) => weigh(DIST, { js: new Set([file]), css: new Set() }).js;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const budgetOf = (name: string) => PAGES.find((p) => p.name === name)?.js ?? BUDGETS.js;

/**
 * The manifest key of an island's module, from its loader: `() => import('./Name/index')` as
 * written, or as the test runner rewrote it (`/client/islands/Name/index.ts`).
 */
function islandModule(load: () => unknown): string | undefined {
  const spec = /["']((?:\.\/|\/)[^"']+)["']/.exec(String(load))?.[1];
  if (!spec) return undefined;
  const base = spec.startsWith('./') ? path.posix.join('client/islands', spec) : spec.slice(1);
  const bare = (key: string) => key.replace(/\.[cm]?[jt]sx?$/, '');
  return Object.keys(manifest).find((key) => key === base || bare(key) === bare(base));
}

/** The assets a page fetches from the bundle, recorded from before its first request. */
function recordAssets(page: Page): Set<string> {
  const fetched = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/dropin-assets/')) fetched.add(url.pathname.slice('/dropin-assets/'.length));
  });
  return fetched;
}

/**
 * Checks the page (loaded, every island it can mount scrolled into view, the network idle) against
 * its budget: as counted from the manifest for the islands whose markers it has, and as fetched.
 * `without`: the modules of the page's other states (scripts/bundle-budgets.ts), not counted.
 */
async function checkWeight(
  page: Page,
  fetched: Set<string>,
  label: string,
  jsBudget: number,
  without: readonly string[] = [],
): Promise<void> {
  // Markers in a lightbox's template mount in its copy, when a visitor opens it (client/main.ts).
  const present = await page.evaluate(
    (selectors) =>
      selectors.map((s) =>
        [...document.querySelectorAll(s)].some(
          (el) => !(el.closest('[data-tmlb-id]') && !el.closest('.tourmaster-lightbox-wrapper')),
        ),
      ),
    islands.map((i) => i.selector),
  );
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');

  // As loaded (the budget), and with what a visitor's first use fetches later (the calendar).
  const files: Files = { js: new Set(), css: new Set() };
  const withUse: Files = { js: new Set(), css: new Set() };
  closure(manifest, ENTRY, files);
  closure(manifest, ENTRY, withUse);
  const mounted: string[] = [];
  const skip = (key: string) => without.some((name) => isModuleOf(key, name));
  islands.forEach((island, i) => {
    if (!present[i]) return;
    const key = islandModule(island.load);
    expect(key, `the manifest has no chunk for island ${island.name}`).toBeDefined();
    withOnDemand(manifest, key!, files, { firstUse: false, skip });
    withOnDemand(manifest, key!, withUse, { firstUse: true, skip });
    mounted.push(island.name);
  });
  const { js, css } = weigh(DIST, files);
  const fetchedJs = [...fetched].filter((f) => f.endsWith('.js'));
  const fetchedCss = [...fetched].filter((f) => f.endsWith('.css'));
  const fetchedWeight = fetchedJs.reduce((sum, f) => sum + gzipped(f), 0);
  console.log(
    `${label}: islands ${mounted.join(', ')}; JS ${kb(js)} as loaded (${kb(fetchedWeight)} fetched), ${kb(weigh(DIST, withUse).js)} after first use; CSS ${kb(css)} gzipped`,
  );
  expect(css).toBeLessThanOrEqual(BUDGETS.css);
  expect(js).toBeLessThanOrEqual(jsBudget);

  // What Chromium fetched without any action of the visitor is what the page loads, as counted.
  for (const f of fetchedJs) expect(files.js, `${f} was fetched but is not counted`).toContain(f);
  for (const f of fetchedCss) expect(files.css, `${f} was fetched but is not counted`).toContain(f);
  for (const f of withUse.js) if (!files.js.has(f)) expect(fetchedJs, `${f} is for first use only`).not.toContain(f);
  expect(fetchedWeight).toBeLessThanOrEqual(jsBudget);
  expect(weigh(DIST, { js: new Set(), css: new Set(fetchedCss) }).css).toBeLessThanOrEqual(BUDGETS.css);
}

describe('tour page weight', () => {
  it.each([
    'santorini-caldera-sunset-cruise',
    'mykonos-delos-island-hopping',
    'corfu-old-town-paleokastritsa',
    'meteora-monasteries-3-day-tour',
  ])('stays within 40 KB of CSS and 80 KB of JavaScript, gzipped (%s)', async (slug) => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const fetched = recordAssets(page);
    await page.goto(`${server.baseUrl}/tour/${slug}/`);
    await checkWeight(page, fetched, slug, budgetOf('tour page'));
    await page.close();
  });
});

describe('payment page weight', () => {
  const payment = PAGES.find((p) => p.name === 'payment page');
  const [contactStep = [], paymentStep = []] = payment?.states ?? [];
  const fresh = { 'tour-id': '4', 'tour-date': '2027-05-29', 'tour-people': '2', step: '2' };
  it.each([
    ['at the contact step', fresh, paymentStep],
    ['at the review step', WEBER_BOOKING_AT_STEP_3, contactStep],
  ])(
    'stays within 40 KB of CSS and 60 KB of JavaScript, gzipped, on a first visit (%s)',
    async (label, detail, without) => {
      // A guest's first visit: no cookie decision yet, so the consent banner loads too.
      const context = await newContext(browser, server, undefined, { undecided: true });
      await setBookingCookie(context, server.baseUrl, detail);
      const page = await context.newPage();
      const fetched = recordAssets(page);
      await page.goto(`${server.baseUrl}/payment/`);
      await page.waitForSelector('#tourmaster-payment-template-wrapper[data-island-ready]', { state: 'attached' });
      // The modules it never fetches (the tour page's bar) are not counted: fetched, they fail the check.
      const never = payment?.never ?? [];
      await checkWeight(page, fetched, `payment page ${label}`, budgetOf('payment page'), [...without, ...never]);
      await context.close();
    },
  );
});
