import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUDGETS,
  closure,
  ENTRY,
  type Manifest,
  readManifest,
  weigh,
  withOnDemand,
} from '../../scripts/bundle-budgets';
import { PROJECT_ROOT } from '../../server/core/config';
import { startTestServer, type TestServer } from '../../server/testing/app';
import { launchBrowser } from '../../server/testing/browser';
import { createTestDatabase, type TestDatabase } from '../../server/testing/db';
import { islands } from '../islands/registry';

/**
 * The weight budgets of a tour page (the item 6, scripts/bundle-budgets.ts), on the production
 * build this tier makes first: at most 40 KB of CSS and 80 KB of JavaScript, gzipped, for everything
 * the page loads.
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

describe('tour page weight', () => {
  it.each([
    'santorini-caldera-sunset-cruise',
    'mykonos-delos-island-hopping',
    'corfu-old-town-paleokastritsa',
    'meteora-monasteries-3-day-tour',
  ])('stays within 40 KB of CSS and 80 KB of JavaScript, gzipped (%s)', async (slug) => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const fetched = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/dropin-assets/')) fetched.add(url.pathname.slice('/dropin-assets/'.length));
    });
    await page.goto(`${server.baseUrl}/tour/${slug}/`);
    const present = await page.evaluate(
      (selectors) => selectors.map((s) => document.querySelector(s) !== null),
      islands.map((i) => i.selector),
    );
    // Every island the page can mount, including the ones waiting to be scrolled into view.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    await page.close();

    // As loaded (the budget), and with what a visitor's first use fetches later (the calendar).
    const files = { js: new Set<string>(), css: new Set<string>() };
    const withUse = { js: new Set<string>(), css: new Set<string>() };
    closure(manifest, ENTRY, files);
    closure(manifest, ENTRY, withUse);
    const mounted: string[] = [];
    islands.forEach((island, i) => {
      if (!present[i]) return;
      const key = islandModule(island.load);
      expect(key, `the manifest has no chunk for island ${island.name}`).toBeDefined();
      withOnDemand(manifest, key!, files, { firstUse: false });
      withOnDemand(manifest, key!, withUse, { firstUse: true });
      mounted.push(island.name);
    });
    const { js, css } = weigh(DIST, files);
    console.log(
      `${slug}: islands ${mounted.join(', ')}; JS ${(js / 1024).toFixed(1)} KB as loaded, ${(weigh(DIST, withUse).js / 1024).toFixed(1)} KB after first use; CSS ${(css / 1024).toFixed(1)} KB gzipped`,
    );
    expect(css).toBeLessThanOrEqual(BUDGETS.css);
    expect(js).toBeLessThanOrEqual(BUDGETS.js);

    // What Chromium fetched without any action of the visitor is what the page loads, as counted.
    const fetchedJs = [...fetched].filter((f) => f.endsWith('.js'));
    const fetchedCss = [...fetched].filter((f) => f.endsWith('.css'));
    for (const f of fetchedJs) expect(files.js, `${f} was fetched but is not counted`).toContain(f);
    for (const f of fetchedCss) expect(files.css, `${f} was fetched but is not counted`).toContain(f);
    for (const f of withUse.js) if (!files.js.has(f)) expect(fetchedJs, `${f} is for first use only`).not.toContain(f);
    expect(fetchedJs.reduce((sum, f) => sum + gzipped(f), 0)).toBeLessThanOrEqual(BUDGETS.js);
    expect(weigh(DIST, { js: new Set(), css: new Set(fetchedCss) }).css).toBeLessThanOrEqual(BUDGETS.css);
  });
});
