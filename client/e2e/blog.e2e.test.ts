import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing/app';
import { launchBrowser, screenshotPath } from '../../server/testing/browser';
import { createTestDatabase, type TestDatabase } from '../../server/testing/db';
import { addOlderPosts, setOption } from '../../server/testing/posts';
import { withStoredConsent } from './consent-cookie';

/**
 * The blog in Chromium: the posts index's infinite scroll (client/islands/BlogInfiniteScroll) loads
 * the next pages as the loader comes into view, stops after the last one and hides its loader, can be
 * driven from the keyboard, and leaves the link pagination usable when a page fails; without script
 * the link pagination works as on WordPress. The index (list and masonry), a post and a page are
 * saved as screenshots at 1280 and 390 px (test-results/screens/blog-*.png, to compare with
 * the legacy site's blog screenshot).
 */
let tdb: TestDatabase;
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  tdb = await createTestDatabase();
  // The fixture's 12 posts make two pages of ten: 15 older ones make three (10 + 10 + 7).
  await addOlderPosts(tdb.wp, 15);
  server = await startTestServer(tdb, { config: { siteUrlFollowsRequest: true } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await tdb?.drop();
});

const ISLAND = '.traveltour-content-area[data-island-ready="BlogInfiniteScroll"]';
const LOADER = '.dropin-blog-loader';

async function openIndex(width: number, path = '/'): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: width < 600 ? 844 : 900 } });
  await withStoredConsent(page, server.baseUrl);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${server.baseUrl}${path}`);
  await page.waitForSelector(ISLAND, { state: 'attached' });
  expect(errors).toEqual([]);
  return page;
}

const articleCount = (page: Page) => page.locator('.traveltour-content-area > article').count();
const articleIds = (page: Page) => page.$$eval('.traveltour-content-area > article', (list) => list.map((a) => a.id));

async function scrollToLoaderAndWait(page: Page, count: number): Promise<void> {
  await page.locator(LOADER).scrollIntoViewIfNeeded();
  await page.waitForFunction((n) => document.querySelectorAll('.traveltour-content-area > article').length >= n, count);
}

describe('the posts index with script', () => {
  for (const width of [1280, 390]) {
    it(`loads page 2 and 3 as the visitor scrolls, then hides the loader (${width} px)`, async () => {
      const page = await openIndex(width);
      expect(await articleCount(page)).toBe(10);
      // The link pagination gives way to the loader.
      expect(await page.isVisible('nav.navigation.pagination')).toBe(false);
      expect(await page.isVisible(LOADER)).toBe(true);
      await page.screenshot({ path: screenshotPath(`blog-index-${width}`), fullPage: true });

      await scrollToLoaderAndWait(page, 20);
      expect(await articleCount(page)).toBe(20);
      expect(await page.getAttribute(`${LOADER} a`, 'href')).toMatch(/\/page\/3\/$/);
      await expect.poll(() => page.textContent('[role="status"]')).toBe('10 more posts loaded.');

      await scrollToLoaderAndWait(page, 27);
      expect(await articleCount(page)).toBe(27);
      await page.waitForSelector(LOADER, { state: 'detached' });
      expect(await page.isVisible('nav.navigation.pagination')).toBe(false);
      await expect.poll(() => page.textContent('[role="status"]')).toBe('All posts are shown.');
      const ids = await articleIds(page);
      expect(new Set(ids).size).toBe(27);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await page.screenshot({ path: screenshotPath(`blog-index-all-${width}`), fullPage: true });
      await page.close();
    });
  }

  it('loads the next posts from the keyboard and moves focus to the first of them', async () => {
    const page = await openIndex(1280);
    await page.focus(`${LOADER} a`);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('.traveltour-content-area > article').length === 20);
    const focused = await page.evaluate(() => document.activeElement?.closest('article')?.id);
    expect(focused).toBe((await articleIds(page))[10]);
    await page.close();
  });

  it('starts from the page it is opened on', async () => {
    const page = await openIndex(1280, '/page/2/');
    expect(await articleCount(page)).toBe(10);
    await scrollToLoaderAndWait(page, 17);
    await page.waitForSelector(LOADER, { state: 'detached' });
    await page.close();
  });

  it('shows the link pagination again when a page fails to load', async () => {
    const page = await openIndex(1280);
    await page.route('**/page/2/', (route) => route.fulfill({ status: 500, body: 'down' }));
    await page.locator(LOADER).scrollIntoViewIfNeeded();
    await page.waitForSelector('nav.navigation.pagination', { state: 'visible' });
    expect(await page.isVisible(LOADER)).toBe(false);
    expect(await articleCount(page)).toBe(10);
    const next = page.locator('nav.navigation.pagination a.next');
    expect(await next.getAttribute('href')).toMatch(/\/page\/2\/$/);
    await page.unroute('**/page/2/');
    await next.click();
    await page.waitForURL(/\/page\/2\/$/);
    expect(await articleCount(page)).toBe(10);
    await page.close();
  });
});

describe('the posts index without script', () => {
  for (const width of [1280, 390]) {
    it(`pages through the link pagination (${width} px)`, async () => {
      const context = await browser.newContext({
        javaScriptEnabled: false,
        viewport: { width, height: width < 600 ? 844 : 900 },
      });
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/`);
      expect(await articleCount(page)).toBe(10);
      expect(await page.isVisible(LOADER)).toBe(false);
      const nav = page.locator('nav.navigation.pagination');
      expect(await nav.isVisible()).toBe(true);
      await nav.locator('a.next').click();
      await page.waitForURL(/\/page\/2\/$/);
      expect(await articleCount(page)).toBe(10);
      await page.locator('nav.navigation.pagination a.page-numbers', { hasText: '3' }).click();
      await page.waitForURL(/\/page\/3\/$/);
      expect(await articleCount(page)).toBe(7);
      expect(await page.locator('nav.navigation.pagination a.next').count()).toBe(0);
      await page.screenshot({ path: screenshotPath(`blog-index-nojs-page3-${width}`), fullPage: true });
      await context.close();
    });
  }
});

describe('the other blog pages', () => {
  it('lays the index out as masonry cards when the site asks for it', async () => {
    await setOption(tdb.wp, 'dropin_blog_layout', 'masonry');
    try {
      for (const width of [1280, 390]) {
        const page = await openIndex(width);
        await page.waitForSelector('.dropin-blog-masonry.dropin-blog-masonry-ready');
        const lefts = await page.$$eval('.traveltour-content-area > article', (list) =>
          list.map((a) => Math.round(a.getBoundingClientRect().left)),
        );
        expect(new Set(lefts).size).toBe(width >= 1000 ? 3 : 1);
        await scrollToLoaderAndWait(page, 20);
        await page.screenshot({ path: screenshotPath(`blog-masonry-${width}`), fullPage: true });
        await page.close();
      }
    } finally {
      await tdb.wp.knex(tdb.wp.t.options).where('option_name', 'dropin_blog_layout').delete();
    }
  });

  for (const [name, path] of [
    ['post', '/10-things-to-know-before-visiting-santorini/'],
    ['page', '/privacy-policy/'],
  ] as const) {
    it(`shows a ${name} at 1280 and 390 px`, async () => {
      for (const width of [1280, 390]) {
        const page = await browser.newPage({ viewport: { width, height: width < 600 ? 844 : 900 } });
        await withStoredConsent(page, server.baseUrl);
        const response = await page.goto(`${server.baseUrl}${path}`);
        expect(response?.status()).toBe(200);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
        await page.screenshot({ path: screenshotPath(`blog-${name}-${width}`), fullPage: true });
        await page.close();
      }
    });
  }
});
