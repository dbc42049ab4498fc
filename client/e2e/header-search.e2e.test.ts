import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing/app';
import { launchBrowser, screenshotPath } from '../../server/testing/browser';
import { createTestDatabase, type TestDatabase } from '../../server/testing/db';
import { withStoredConsent } from './consent-cookie';

/**
 * The header's search in Chromium (client/islands/HeaderSearch, the theme's `#traveltour-top-search`):
 * the magnifier opens the overlay with the focus in its field, Escape closes it and gives the focus
 * back, and the form submits `/?s=` to WordPress's post search results. The overlay is saved as a
 * screenshot at 1280 and 390 px (test-results/screens/header-search-*.png).
 */
let tdb: TestDatabase;
let server: TestServer;
let browser: Browser;

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

const BUTTON = '#traveltour-top-search';
const DIALOG = 'dialog.traveltour-top-search-wrap';

async function openPage(width: number, path: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: width < 600 ? 844 : 900 } });
  await withStoredConsent(page, server.baseUrl);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${server.baseUrl}${path}`);
  await page.locator('[data-header-search][data-island-ready="HeaderSearch"]').waitFor({ state: 'attached' });
  expect(errors).toEqual([]);
  return page;
}

const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name') ?? null);

describe('the header search', () => {
  for (const width of [1280, 390]) {
    it(`opens from the keyboard, closes with Escape and searches the posts (${width} px)`, async () => {
      const page = await openPage(width, '/tour-category/islands/');
      expect(await page.isVisible(DIALOG)).toBe(false);
      await page.focus(BUTTON);
      await page.keyboard.press('Enter');
      await page.locator(DIALOG).waitFor({ state: 'visible' });
      await expect.poll(() => page.getAttribute(BUTTON, 'aria-expanded')).toBe('true');
      expect(await focusedName(page)).toBe('s');
      await page.keyboard.press('Escape');
      await page.locator(DIALOG).waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('traveltour-top-search');
      await expect.poll(() => page.getAttribute(BUTTON, 'aria-expanded')).toBe('false');

      await page.click(BUTTON);
      await page.locator(DIALOG).waitFor({ state: 'visible' });
      await page.keyboard.type('Corfu');
      await page.screenshot({ path: screenshotPath(`header-search-${width}`) });
      await Promise.all([page.waitForURL(/[?]s=Corfu$/), page.keyboard.press('Enter')]);
      expect(await page.title()).toMatch(/^Search Results for “Corfu” – /);
      expect(await page.textContent('.traveltour-page-title')).toBe('Search Results');
      const titles = await page.$$eval('.traveltour-content-area article .traveltour-single-article-title', (list) =>
        list.map((h) => h.textContent?.trim()),
      );
      expect(titles).toContain('Corfu’s Venetian Heritage');
      await page.close();
    });
  }

  it('closes from its close button and from the dark area around the form', async () => {
    const page = await openPage(1280, '/');
    await page.click(BUTTON);
    await page.locator(DIALOG).waitFor({ state: 'visible' });
    await page.click('.traveltour-top-search-close');
    await page.locator(DIALOG).waitFor({ state: 'hidden' });
    await page.click(BUTTON);
    await page.locator(DIALOG).waitFor({ state: 'visible' });
    await page.mouse.click(20, 850);
    await page.locator(DIALOG).waitFor({ state: 'hidden' });
    await page.close();
  });
});
