import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../core/config';
import type { MemoryMailer } from '../mail/mailer';
import type { TestServer } from './app';
import { appSiteForFile, setUp } from './app-site';
import { launchBrowser } from './browser';
import type { TestDatabase } from './db';

/** What a browser test file runs against. */
export interface BrowserSite {
  readonly tdb: TestDatabase;
  readonly server: TestServer;
  readonly browser: Browser;
  /** Every mail the app sent, in order. */
  readonly mailer: MemoryMailer;
}

/**
 * The set-up most browser test files share, registered as the file's beforeAll/afterAll: a copy of
 * the fixture site, the app over it (its links following the address it is served on), and
 * Chromium (`config` adds to the app's, e.g. a data folder of its own for uploads). Call at the
 * top of the file; the fields are there once the tests run.
 */
export function browserSiteForFile(options: { config?: Partial<Config> } = {}): BrowserSite {
  const app = appSiteForFile({ config: { siteUrlFollowsRequest: true, ...options.config } });
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get tdb() {
      return app.tdb;
    },
    get server() {
      return app.server;
    },
    get browser() {
      return setUp(browser, 'browser');
    },
    mailer: app.mailer,
  };
}
