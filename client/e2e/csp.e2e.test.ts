import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setWishList } from '../../server/data/profile';
import { getUserByLogin } from '../../server/data/users';
import { loginAs } from '../../server/testing/account';
import { CAPTURE_NOW } from '../../server/testing/app';
import { screenshotPath } from '../../server/testing/browser';
import { browserSiteForFile } from '../../server/testing/browser-site';
import {
  BERG_BOOKING_AT_STEP_3,
  islandReady,
  newContext,
  pickDate,
  setBookingCookie,
  TOUR_PATH,
  waitForAjax,
  withPayPalJsSdk,
} from './payment-flow';

/**
 * Our pages' content-security policy (server/http/security-headers.ts) in Chromium: the islands, the
 * booking flow, the payment page with PayPal's JS SDK (a stand-in served at PayPal's address), the
 * search page, the consent banner and the plugin's inline handlers all work under it, and the
 * browser reports no violation (`securitypolicyviolation` events and console errors) on any of them.
 */
const site = browserSiteForFile();

type Violations = { event: string[]; console: string[] };

/** A context whose pages record every CSP violation from their first script on. */
async function watchedContext(options: { undecided?: boolean; viewport?: { width: number; height: number } } = {}) {
  const context = await newContext(site.browser, site.server, options.viewport, {
    undecided: options.undecided ?? false,
  });
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => {
      seen.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return context;
}

/** A watched context with customer1's session, minted for the site at the test server's address. */
async function customerContext(options: { viewport: { width: number; height: number } }): Promise<BrowserContext> {
  const context = await watchedContext(options);
  const login = await loginAs(site.tdb, site.server, 'customer1', { siteUrl: site.server.baseUrl });
  await context.addCookies([
    { name: login.cookieName, value: encodeURIComponent(login.cookieValue), url: site.server.baseUrl },
  ]);
  return context;
}

function watch(page: Page): Violations {
  const v: Violations = { event: [], console: [] };
  page.on('console', (m) => {
    if (/Content[- ]Security[- ]Policy/i.test(m.text())) v.console.push(m.text());
  });
  return v;
}

async function expectNoViolations(page: Page, v: Violations): Promise<void> {
  v.event.push(...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)));
  expect(v).toEqual({ event: [], console: [] });
}

/** `fixedClock`: the page's clock is the capture day, for pages that pick a travel date of the fixtures. */
async function open(
  context: BrowserContext,
  path: string,
  options: { fixedClock?: boolean } = {},
): Promise<{ page: Page; v: Violations }> {
  const page = await context.newPage();
  if (options.fixedClock) await page.clock.setFixedTime(CAPTURE_NOW);
  const v = watch(page);
  const response = await page.goto(`${site.server.baseUrl}${path}`);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self' 'nonce-");
  return { page, v };
}

const FAKE_PAYPAL_SDK = `
window.paypal = {
  Buttons: function (options) {
    return {
      render: function (container) {
        var button = document.createElement('button');
        button.type = 'button';
        button.className = 'fake-paypal-button';
        button.textContent = 'PayPal';
        container.appendChild(button);
        return Promise.resolve();
      },
      close: function () { return Promise.resolve(); }
    };
  }
};`;

describe('our pages under their content-security policy', () => {
  it('the tour page: calendar, travellers, the guest prompt, on to the payment page', async () => {
    const context = await watchedContext();
    const { page, v } = await open(context, TOUR_PATH, { fixedClock: true });
    await islandReady(page, 'form#tourmaster-single-tour-booking-fields');
    await page.waitForLoadState('networkidle');
    const form = page.locator('form#tourmaster-single-tour-booking-fields');
    const step = waitForAjax(page, 'tourmaster_tour_booking');
    await pickDate(page, 'May 22, 2027');
    await step;
    const price = waitForAjax(page, 'tourmaster_update_head_price');
    await form.locator('select[name="tour-people"]').selectOption('2');
    await price;
    const check = waitForAjax(page, 'tourmaster_tour_booking_amount_check');
    await form.locator('input[type="submit"]').click();
    await check;
    const dialog = page.locator('.tourmaster-lightbox-wrapper[role="dialog"]');
    await dialog.waitFor();
    await Promise.all([page.waitForURL(/\/payment\/$/), dialog.locator('a.tourmaster-continue-button').click()]);
    await islandReady(page, '#tourmaster-payment-template-wrapper');
    await page.waitForLoadState('networkidle');
    await expectNoViolations(page, v);
    await context.close();
  });

  it("the payment page with PayPal's JS SDK: its inline values run with the nonce, the SDK loads", async () => {
    await withPayPalJsSdk(site.tdb.wp, async () => {
      const context = await watchedContext();
      await context.route('https://www.paypal.com/sdk/js**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_PAYPAL_SDK }),
      );
      await setBookingCookie(context, site.server.baseUrl, BERG_BOOKING_AT_STEP_3);
      const { page, v } = await open(context, '/payment/');
      await islandReady(page, '#tourmaster-payment-template-wrapper');
      await page.locator('#paypal-button-container .fake-paypal-button').waitFor();
      // The server's inline script ran (its nonce matched) before the islands did.
      expect(await page.evaluate(() => document.querySelector('script[nonce]') !== null)).toBe(true);
      await expectNoViolations(page, v);
      await context.close();
    });
  });

  it('the search page and its form', async () => {
    const context = await watchedContext();
    const { page, v } = await open(context, '/?tour-search=&tax-tour_category=islands');
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.tourmaster-tour-search-wrap, .tourmaster-tour-item').count()).toBeGreaterThan(0);
    await expectNoViolations(page, v);
    await context.close();
  });

  it('the consent banner of a first visit, accepted', async () => {
    const context = await watchedContext({ undecided: true });
    const { page, v } = await open(context, TOUR_PATH);
    const accept = page.locator('#cc-main button[data-role="all"]');
    await accept.waitFor();
    await accept.click();
    await page.waitForLoadState('networkidle');
    await expectNoViolations(page, v);
    await context.close();
  });

  it("the account page's section picker (the plugin's inline onchange, now an island) on a phone", async () => {
    const context = await customerContext({ viewport: { width: 390, height: 844 } });
    const { page, v } = await open(context, '/my-account/?page_type=dashboard');
    const picker = page.locator('.tourmaster-user-mobile-navigation select');
    await islandReady(page, '.tourmaster-user-mobile-navigation select');
    expect(await picker.getAttribute('aria-label')).toBe('Account section');
    const target = await picker.locator('option', { hasText: /Edit Profile/i }).getAttribute('value');
    await Promise.all([page.waitForURL((url) => url.href === target), picker.selectOption(target!)]);
    await expectNoViolations(page, v);
    await context.close();
  });

  it("the wish list's Remove removes the tour (the plugin's inline onClick did nothing under the policy)", async () => {
    await setWishList(site.tdb.wp, (await getUserByLogin(site.tdb.wp, 'customer1'))!.id, ['4', '7', '6']);
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const context = await customerContext({ viewport });
      const { page, v } = await open(context, '/my-account/?page_type=wish-list');
      const rows = page.locator('.tourmaster-wish-list-table tr:has(.tourmaster-wish-list-item)');
      const before = await rows.count();
      expect(before).toBeGreaterThan(0);
      const remove = rows.first().locator('button.tourmaster-wish-list-remove-button');
      expect(await remove.textContent()).toBe('Remove');
      await page.screenshot({ path: screenshotPath(`csp-wish-list-${viewport.width}`) });
      await Promise.all([page.waitForLoadState('load'), page.waitForEvent('framenavigated'), remove.click()]);
      await expect.poll(() => rows.count()).toBe(before - 1);
      await expectNoViolations(page, v);
      await context.close();
    }
  });
});
