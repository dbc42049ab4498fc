import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing/app';
import { launchBrowser, screenshotPath } from '../../server/testing/browser';
import { createTestDatabase, type TestDatabase } from '../../server/testing/db';
import { withStoredConsent } from './consent-cookie';

/** The browser tier's harness: the real server, the built client, Debian's Chromium. */
let tdb: TestDatabase;
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  tdb = await createTestDatabase();
  // As on the embedded default, links follow the address the test server listens on.
  server = await startTestServer(tdb, { config: { siteUrlFollowsRequest: true } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await tdb?.drop();
});

describe('pages in Chromium', () => {
  it('shows the login page and logs a customer in to their account', async () => {
    const page = await browser.newPage();
    await withStoredConsent(page, server.baseUrl);
    await page.goto(`${server.baseUrl}/login/`);
    expect(await page.title()).toMatch(/Login/);
    const form = page.locator('form.tourmaster-login-form').last();
    await form.locator('input[name="log"]').fill('customer1');
    await form.locator('input[name="pwd"]').fill('Cust1#Pass2026');
    await Promise.all([page.waitForNavigation(), form.locator('input[type="submit"]').click()]);
    await page.goto(`${server.baseUrl}/my-account/?page_type=dashboard`);
    await expect(page.locator('body')).toBeDefined();
    expect(await page.content()).toContain('Maria Papadopoulou');
    await page.screenshot({ path: screenshotPath('account-dashboard'), fullPage: true });
    await page.close();
  });
});
