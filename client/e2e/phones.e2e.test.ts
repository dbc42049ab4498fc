import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing/app';
import { launchBrowser, screenshotPath } from '../../server/testing/browser';
import { createTestDatabase, type TestDatabase } from '../../server/testing/db';
import { islandReady, newContext, setBookingCookie, TOUR_PATH } from './payment-flow';

/**
 * Phones first (issue 17, item 6), measured in Chromium at 390x844 and 1280x900 on our pages: the
 * cookie bar is at most a fifth of the screen and never over the booking button; the payment page's
 * first field is on the first screen with the cookie bar shown; the search page shows results
 * before its filters on a phone, behind a "Filters" button; a tour page offers a "Book now" bar on
 * a phone while its booking form is off screen.
 */
let tdb: TestDatabase;
let server: TestServer;
let browser: Browser;

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SIZES = [
  { name: 'phone', viewport: PHONE },
  { name: 'desktop', viewport: DESKTOP },
] as const;

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

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not rendered');
  return b;
}

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const cookieBar = (page: Page) => page.locator('#cc-main .cm');
const bookingForm = (page: Page) => page.locator('form#tourmaster-single-tour-booking-fields');
const proceedButton = (page: Page) => bookingForm(page).locator('input[type="submit"]');
const bookNow = (page: Page) => page.locator('.dropin-book-now');

/** Once the cookie bar's and the page's transitions have ended. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/** Whether the element's centre is what the window shows there (nothing drawn over it). */
async function onTop(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

describe.each(SIZES)('the cookie bar on a tour page ($name)', ({ name, viewport }) => {
  it('is at most a fifth of the screen high and never over the booking button', async () => {
    const context = await newContext(browser, server, viewport, { undecided: true });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}${TOUR_PATH}`);
    await cookieBar(page).waitFor({ state: 'visible' });
    await islandReady(page, '#tourmaster-tour-booking-bar-wrap');
    await settled(page);
    const bar = await box(cookieBar(page));
    expect(bar.height).toBeLessThanOrEqual(viewport.height / 5);
    expect(bar.y + bar.height).toBeLessThanOrEqual(viewport.height);
    // Still the bar it was: three buttons and the privacy policy.
    for (const role of ['all', 'necessary', 'show']) {
      expect(await cookieBar(page).locator(`button[data-role="${role}"]`).isVisible()).toBe(true);
    }
    expect(await cookieBar(page).locator('a[href$="/privacy-policy/"]').isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath(`phones-cookie-bar-${name}`) });

    if (name === 'desktop') {
      // The booking column is on the first screen: its button is clear of the bar.
      expect(intersects(bar, await box(proceedButton(page)))).toBe(false);
      expect(await onTop(proceedButton(page))).toBe(true);
    } else {
      // The Book now bar leads to the form; the cookie bar sits above it, not over it.
      expect(await bookNow(page).isVisible()).toBe(true);
      const button = bookNow(page).getByRole('button', { name: 'Book now' });
      expect(intersects(bar, await box(button))).toBe(false);
      expect(await onTop(button)).toBe(true);
      await button.click();
      // The page scrolls there in 1.5 s (as the plugin's links did).
      await expect
        .poll(async () => intersects(await box(proceedButton(page)), { x: 0, y: 0, ...viewport }), { timeout: 5000 })
        .toBe(true);
      await bookNow(page).waitFor({ state: 'hidden' });
      await settled(page);
      expect(intersects(await box(cookieBar(page)), await box(proceedButton(page)))).toBe(false);
      // The calendar the date field opens may lie over the form for now: closed, the button is clear.
      await page.keyboard.press('Escape');
      expect(await onTop(proceedButton(page))).toBe(true);
    }
    await context.close();
  });
});

describe('the payment page on a phone', () => {
  it('shows the first field on the first screen, above the cookie bar', async () => {
    const context = await newContext(browser, server, PHONE, { undecided: true });
    // Where the tour page's "Proceed Booking" leaves a booking (its cookie): a date, two travellers.
    await setBookingCookie(context, server.baseUrl, { 'tour-id': '4', 'tour-date': '2027-05-29', 'tour-people': '2' });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/payment/`);
    await islandReady(page, '#tourmaster-payment-template-wrapper');
    await cookieBar(page).waitFor({ state: 'visible' });
    await settled(page);

    const first = page
      .locator('#tourmaster-tour-payment-content')
      .locator('input:not([type="hidden"]), select, textarea')
      .first();
    const field = await box(first);
    expect(field.y).toBeGreaterThanOrEqual(0);
    expect(field.y + field.height).toBeLessThanOrEqual(PHONE.height);
    expect(field.y + field.height).toBeLessThanOrEqual((await box(cookieBar(page))).y);
    expect(await onTop(first)).toBe(true);
    // The step bar says where the visitor is: the current step's title is shown.
    expect(
      await page
        .locator('.tourmaster-payment-step-item.tourmaster-current .tourmaster-payment-step-item-title')
        .isVisible(),
    ).toBe(true);
    await page.screenshot({ path: screenshotPath('phones-payment-first-screen') });
    await context.close();
  });
});

describe('the search page', () => {
  const toggle = (page: Page) => page.getByRole('button', { name: 'Filters' });
  const filterForm = (page: Page) => page.locator('#dropin-search-filters form');
  const firstResult = (page: Page) => page.locator('.tourmaster-tour-item-holder .tourmaster-tour-title').first();

  it.each(['/search-tours/', '/?tour-search='])(
    'on a phone (%s) shows results first, filters behind a button',
    async (path) => {
      const context = await newContext(browser, server, PHONE);
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}${path}`);
      await islandReady(page, 'button.dropin-search-filters-toggle');
      const result = await box(firstResult(page));
      expect(result.y + result.height).toBeLessThanOrEqual(PHONE.height);
      expect(await filterForm(page).isVisible()).toBe(false);
      expect(await toggle(page).getAttribute('aria-expanded')).toBe('false');
      expect(await toggle(page).getAttribute('aria-controls')).toBe('dropin-search-filters');
      await page.screenshot({
        path: screenshotPath(`phones-search-folded${path === '/search-tours/' ? '' : '-query'}`),
      });

      await toggle(page).click();
      expect(await toggle(page).getAttribute('aria-expanded')).toBe('true');
      expect(await filterForm(page).isVisible()).toBe(true);
      expect(await filterForm(page).locator('input[name="tour-search"]').isVisible()).toBe(true);
      // With the keyboard too: Enter folds it again.
      await toggle(page).focus();
      await page.keyboard.press('Enter');
      expect(await toggle(page).getAttribute('aria-expanded')).toBe('false');
      expect(await filterForm(page).isVisible()).toBe(false);
      await context.close();
    },
  );

  it('on a phone opens the filters at once when the search found nothing', async () => {
    const context = await newContext(browser, server, PHONE);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/?tour-search=no-such-tour-anywhere`);
    await islandReady(page, 'button.dropin-search-filters-toggle');
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('true');
    expect(await filterForm(page).isVisible()).toBe(true);
    expect(await page.locator('.tourmaster-single-search-not-found-title').isVisible()).toBe(true);
    await context.close();
  });

  it('on a phone without scripts shows the form as printed, and no button', async () => {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/search-tours/`);
    expect(await filterForm(page).isVisible()).toBe(true);
    expect(await page.locator('button.dropin-search-filters-toggle').isVisible()).toBe(false);
    await context.close();
  });

  it('on a desktop shows the form beside the results, and no button', async () => {
    const context = await newContext(browser, server, DESKTOP);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/search-tours/`);
    await islandReady(page, 'button.dropin-search-filters-toggle');
    expect(await filterForm(page).isVisible()).toBe(true);
    expect(await page.locator('button.dropin-search-filters-toggle').isVisible()).toBe(false);
    expect((await box(firstResult(page))).y).toBeLessThan(DESKTOP.height);
    await context.close();
  });
});

describe('the Book now bar on a tour page', () => {
  it('on a phone shows while the booking form is off screen, and brings the form into view', async () => {
    const context = await newContext(browser, server, PHONE);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}${TOUR_PATH}`);
    await islandReady(page, '#tourmaster-tour-booking-bar-wrap');
    await bookNow(page).waitFor({ state: 'visible' });
    const bar = await box(bookNow(page));
    expect(bar.y + bar.height).toBe(PHONE.height);
    expect(await bookNow(page).textContent()).toMatch(/^From \$\d+Book now$/);
    expect(intersects(await box(bookingForm(page)), { x: 0, y: 0, ...PHONE })).toBe(false);
    await page.screenshot({ path: screenshotPath('phones-book-now-bar') });

    await bookNow(page).getByRole('button', { name: 'Book now' }).click();
    await expect
      .poll(
        async () => {
          const form = await box(bookingForm(page));
          return form.y >= 0 && form.y + form.height <= PHONE.height;
        },
        { timeout: 5000 },
      )
      .toBe(true);
    await bookNow(page).waitFor({ state: 'hidden' });
    // Far down the page again (the reviews): back. Scrolled again until it shows, as a visitor
    // would: on a busy machine the smooth scroll to the form may still be running at the first try.
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
          return bookNow(page).isVisible();
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    // Nothing of the page stays under it: at the very end, the footer ends above it.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const footer = await box(page.locator('footer').last());
    expect(footer.y + footer.height).toBeLessThanOrEqual((await box(bookNow(page))).y + 1);
    await context.close();
  });

  it('on a desktop never shows', async () => {
    const context = await newContext(browser, server, DESKTOP);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}${TOUR_PATH}`);
    await islandReady(page, '#tourmaster-tour-booking-bar-wrap');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(300);
    expect(await bookNow(page).isVisible()).toBe(false);
    await context.close();
  });
});
