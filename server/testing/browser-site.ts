import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from './app';
import { launchBrowser } from './browser';
import { createTestDatabase, type TestDatabase } from './db';

/** What a browser test file runs against. */
export interface BrowserSite {
  readonly tdb: TestDatabase;
  readonly server: TestServer;
  readonly browser: Browser;
}

/**
 * The set-up most browser test files share, registered as the file's beforeAll/afterAll: a copy of
 * the fixture site, the app over it (its links following the address it is served on), and
 * Chromium. Call at the top of the file; the fields are there once the tests run.
 */
export function browserSiteForFile(): BrowserSite {
  let tdb: TestDatabase | undefined;
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    tdb = await createTestDatabase();
    server = await startTestServer(tdb, { config: { siteUrlFollowsRequest: true } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await tdb?.drop();
  });
  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`browserSiteForFile: ${name} is read before the file's beforeAll ran`);
    return value;
  };
  return {
    get tdb() {
      return ready(tdb, 'tdb');
    },
    get server() {
      return ready(server, 'server');
    },
    get browser() {
      return ready(browser, 'browser');
    },
  };
}
