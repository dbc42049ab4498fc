import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing/app';
import { launchBrowser, screenshotPath } from '../../server/testing/browser';
import { createTestDatabase, type TestDatabase } from '../../server/testing/db';
import { withStoredConsent } from './consent-cookie';

/**
 * The tour description's "Read More" fold (client/islands/ReadMore): folded under a gradient on a
 * phone until the visitor asks, by mouse or keyboard; never folded on a desktop.
 */
let tdb: TestDatabase;
let server: TestServer;
let browser: Browser;

/** A day-by-day description, as real tours have (the fixture tours' two short paragraphs fit unfolded). */
const LONG_DESCRIPTION = Array.from(
  { length: 6 },
  (_, i) =>
    `<h3>Day ${i + 1}</h3><p>Morning walk, a swim in a quiet bay, lunch in a village taverna and the sunset from the caldera rim.</p>`,
).join('\n');

beforeAll(async () => {
  tdb = await createTestDatabase();
  await tdb.wp
    .knex(tdb.wp.t.posts)
    .where('post_name', 'mykonos-delos-island-hopping')
    .update({ post_content: LONG_DESCRIPTION });
  server = await startTestServer(tdb, { config: { siteUrlFollowsRequest: true } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await tdb?.drop();
});

const TOUR = '/tour/mykonos-delos-island-hopping/';
const SHORT = '/tour/santorini-caldera-sunset-cruise/';

async function open(width: number, path = TOUR): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 844 } });
  await withStoredConsent(page, server.baseUrl);
  await page.goto(`${server.baseUrl}${path}`);
  await page.waitForSelector('.tourmaster-single-tour-read-more-wrap[data-island-ready]', { state: 'attached' });
  return page;
}

const folded = (page: Page) =>
  page.$eval('.tourmaster-single-tour-content-wrap', (e) => e.classList.contains('tourmaster-read-more-folded'));
const contentHeight = (page: Page) =>
  page.$eval('.tourmaster-single-tour-content-wrap > .tourmaster-container', (e) => e.getBoundingClientRect().height);

describe('Read More on the tour description', () => {
  it('folds a long description on a phone and unfolds it on click', async () => {
    const page = await open(390);
    expect(await folded(page)).toBe(true);
    expect(await contentHeight(page)).toBeLessThanOrEqual(150);
    const button = page.locator('.tourmaster-single-tour-read-more-wrap a');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await page.screenshot({ path: screenshotPath('read-more-folded-390'), fullPage: false });
    await button.click();
    expect(await folded(page)).toBe(false);
    expect(await contentHeight(page)).toBeGreaterThan(150);
    expect(await page.isVisible('.tourmaster-single-tour-read-more-wrap')).toBe(false);
    await page.close();
  });

  it('unfolds with the keyboard', async () => {
    const page = await open(390);
    expect(await folded(page)).toBe(true);
    await page.focus('.tourmaster-single-tour-read-more-wrap a');
    await page.keyboard.press('Enter');
    expect(await folded(page)).toBe(false);
    await page.close();
  });

  it('does not fold a description that fits', async () => {
    const page = await open(390, SHORT);
    expect(await folded(page)).toBe(false);
    expect(await page.isVisible('.tourmaster-single-tour-read-more-wrap')).toBe(false);
    await page.close();
  });

  it('never folds on a desktop', async () => {
    const page = await open(1280);
    expect(await folded(page)).toBe(false);
    expect(await page.isVisible('.tourmaster-single-tour-read-more-wrap')).toBe(false);
    await page.close();
  });
});
