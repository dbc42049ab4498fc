import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath } from '../../server/testing/browser';
import { browserSiteForFile } from '../../server/testing/browser-site';
import { withStoredConsent } from './consent-cookie';

/**
 * The tour pages and the page shell in Chromium, at a desktop and a phone width: each page is
 * saved as a screenshot (test-results/screens/tour-<slug>-<width>.png, to compare with
 * the legacy site's screenshots), and the shell's islands are driven with the keyboard.
 */
const site = browserSiteForFile();

const TOURS = [
  'santorini-caldera-sunset-cruise',
  'athens-acropolis-plaka-walking-tour',
  'crete-samaria-gorge-private-hike',
  'meteora-monasteries-3-day-tour',
  'mykonos-delos-island-hopping',
  'delphi-oracle-arachova-day-trip',
  'rhodes-medieval-town-lindos',
  'corfu-old-town-paleokastritsa',
];

async function open(width: number, path: string): Promise<Page> {
  const page = await site.browser.newPage({ viewport: { width, height: width < 600 ? 844 : 900 } });
  await withStoredConsent(page, site.server.baseUrl);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${site.server.baseUrl}${path}`);
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
  return page;
}

/** Horizontal overflow: nothing may be wider than the viewport (a phone must not scroll sideways). */
async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

describe('tour pages in Chromium', () => {
  for (const slug of TOURS) {
    for (const width of [1280, 390]) {
      it(`shows ${slug} at ${width} px`, async () => {
        const page = await open(width, `/tour/${slug}/`);
        await page.locator('#tourmaster-tour-booking-bar-wrap').waitFor();
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        const bar = await page.locator('#tourmaster-tour-booking-bar-wrap').boundingBox();
        const content = await page.locator('.tourmaster-single-main-content').boundingBox();
        expect(bar && content).toBeTruthy();
        if (width >= 1000) {
          // The card in its own column, right of the description.
          expect(bar!.x).toBeGreaterThan(content!.x + content!.width);
        } else {
          // One column: the card under the description, as wide as the screen allows.
          expect(bar!.y).toBeGreaterThan(content!.y + content!.height);
          expect(bar!.width).toBeGreaterThan(300);
        }
        await page.screenshot({ path: screenshotPath(`tour-${slug}-${width}`), fullPage: true });
        await page.close();
      });
    }
  }

  for (const [name, path] of [
    ['login', '/login/'],
    ['register', '/register/'],
  ] as const) {
    it(`shows the ${name} page in the refined shell`, async () => {
      for (const width of [1280, 390]) {
        const page = await open(width, path);
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        await page.screenshot({ path: screenshotPath(`shell-${name}-${width}`), fullPage: true });
        await page.close();
      }
    });
  }

  it('shows the 404 page in the shell', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await withStoredConsent(page, site.server.baseUrl);
    const response = await page.goto(`${site.server.baseUrl}/tour/no-such-tour/`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.screenshot({ path: screenshotPath('not-found-1280'), fullPage: true });
    await page.close();
  });
});

describe('the shell islands', () => {
  it('opens the menu sidebar below 1000 px, keeps focus in it and closes on Escape', async () => {
    const page = await open(390, '/tour/santorini-caldera-sunset-cruise/');
    const button = page.locator('[data-mobile-menu-toggle]');
    await page.locator('[data-mobile-menu][data-island-ready="MobileMenu"]').waitFor();
    expect(await button.isVisible()).toBe(true);
    expect(await page.locator('.dropin-nav').isVisible()).toBe(false);
    expect(await button.getAttribute('aria-expanded')).toBe('false');

    await button.focus();
    await page.keyboard.press('Enter');
    const sidebar = page.getByRole('dialog', { name: 'Menu' });
    await sidebar.waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    await page.waitForTimeout(300);
    await page.screenshot({ path: screenshotPath('mobile-menu-open-390') });

    // Tab and Shift+Tab cycle inside the sidebar.
    const inside = () => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await inside()).toBe(true);
    }
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await inside()).toBe(true);
    }

    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await sidebar.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-mobile-menu-toggle'))).toBe(true);

    // The overlay closes it too.
    await button.click();
    await sidebar.waitFor();
    await page.locator('.dropin-mobile-menu-overlay').click({ position: { x: 10, y: 400 } });
    await page.waitForTimeout(300);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await page.close();
  });

  it('shows the full menu and no hamburger at 1280 px', async () => {
    const page = await open(1280, '/tour/santorini-caldera-sunset-cruise/');
    expect(await page.locator('.dropin-nav').isVisible()).toBe(true);
    expect(await page.locator('[data-mobile-menu-toggle]').isVisible()).toBe(false);
    await page.close();
  });

  it('shows the back-to-top button after scrolling; it is a keyboard button that scrolls to the top', async () => {
    const page = await open(1280, '/tour/santorini-caldera-sunset-cruise/');
    const button = page.locator('[data-scroll-to-top]');
    await page.locator('[data-scroll-to-top][data-island-ready="ScrollToTop"]').waitFor({ state: 'attached' });
    expect(await button.isVisible()).toBe(false);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await button.waitFor({ state: 'visible' });
    expect(await button.evaluate((b) => b.tagName)).toBe('BUTTON');
    expect(await button.getAttribute('tabindex')).toBeNull();
    await button.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => window.scrollY === 0, undefined, { timeout: 5000 });
    await button.waitFor({ state: 'hidden' });
    await page.close();
  });
});
