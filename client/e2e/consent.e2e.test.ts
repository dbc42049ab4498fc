import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOrderAttribution } from '../../server/data/order-attribution';
import { CAPTURE_NOW, startTestServer, type TestServer } from '../../server/testing/app';
import { launchBrowser, screenshotPath } from '../../server/testing/browser';
import { createTestDatabase, type TestDatabase } from '../../server/testing/db';
import { insertPost } from '../../server/testing/posts';
import {
  fillContactStep,
  islandReady,
  newContext,
  openLegacyPage,
  pickDate,
  TOUR_PATH,
  waitForAjax,
} from './payment-flow';

/**
 * The cookie banner and what waits for it (client/islands/CookieConsent), at 1280 and 390 px: the
 * bar on a first visit, operated with the keyboard; declining leaves no attribution cookie even
 * after a campaign link; accepting on a campaign link, then booking with "pay later", stores the
 * campaign with the order; withdrawing in the settings erases the cookies; a video embed loads only
 * with consent. After a decision no page loads the banner's library.
 */
let tdb: TestDatabase;
let server: TestServer;
let browser: Browser;

const VIDEO = 'https://www.youtube-nocookie.com/embed/dropin-test';
const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const CAMPAIGN = '/?utm_source=newsletter&utm_medium=email&utm_campaign=spring';

beforeAll(async () => {
  tdb = await createTestDatabase();
  await insertPost(tdb.wp, {
    type: 'page',
    slug: 'santorini-on-film',
    title: 'Santorini on film',
    content: `<!-- wp:html --><iframe width="560" height="315" src="${VIDEO}" title="Santorini from the caldera" allowfullscreen></iframe><!-- /wp:html -->`,
  });
  server = await startTestServer(tdb, { config: { siteUrlFollowsRequest: true } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await tdb?.drop();
});

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

const bar = (page: Page) => page.locator('#cc-main .cm');
const settings = (page: Page) => page.locator('#cc-main .pm');

async function cookieNames(context: BrowserContext): Promise<string[]> {
  return (await context.cookies()).map((c) => c.name).sort();
}

async function attributionCookies(context: BrowserContext) {
  return (await context.cookies()).filter((c) => c.name.startsWith('dropin_attr_'));
}

/** Records which of the banner's files the page fetched. */
function recordBannerFiles(page: Page): string[] {
  const files: string[] = [];
  page.on('request', (r) => {
    const file = new URL(r.url()).pathname.split('/').pop() ?? '';
    if (/^banner-.*\.(js|css)$/.test(file)) files.push(file);
  });
  return files;
}

/** Presses Tab until the focused element matches `selector` (at most `limit` times). */
async function tabTo(page: Page, selector: string, limit = 12): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** A screenshot once the banner's transitions have ended. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await page.screenshot({ path: screenshotPath(name) });
}

async function seriousViolations(page: Page, selector: string): Promise<string[]> {
  // Evaluated by the browser's devtools protocol: a <script> tag would be refused by the page's CSP.
  await page.evaluate(readFileSync(AXE_PATH, 'utf8'));
  return page.evaluate(async (include) => {
    type Result = { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<Result> } }).axe;
    const found = await axe.run(
      { include: [[include]] },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } },
    );
    return found.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, selector);
}

/** The pay-later booking of one traveller on Santorini, from the tour page to "Booking Completed!". */
async function bookWithPayLater(page: Page, email: string): Promise<void> {
  await islandReady(page, 'form#tourmaster-single-tour-booking-fields');
  const form = page.locator('form#tourmaster-single-tour-booking-fields');
  const step = waitForAjax(page, 'tourmaster_tour_booking');
  await pickDate(page, 'May 22, 2027');
  await step;
  await form.locator('select[name="tour-people"]').selectOption('1');
  const check = waitForAjax(page, 'tourmaster_tour_booking_amount_check');
  await form.locator('input[type="submit"]').click();
  await check;
  const dialog = page.locator('.tourmaster-lightbox-wrapper[role="dialog"]');
  await dialog.waitFor();
  await Promise.all([page.waitForURL(/\/payment\/$/), dialog.locator('a.tourmaster-continue-button').click()]);

  await islandReady(page, '#tourmaster-payment-template-wrapper');
  const content = page.locator('#tourmaster-tour-payment-content');
  await fillContactStep(page, [{ first: 'Nia', last: 'Papadaki' }], {
    firstName: 'Nia',
    lastName: 'Papadaki',
    email,
    phone: '+30 210 123 4567',
    country: 'Greece',
    address: 'Ermou 10, Athens',
  });
  await content.locator('#tourmaster-payment-billing-copy').check();
  let reply = waitForAjax(page, 'tourmaster_payment_template');
  await content.locator('.tourmaster-tour-booking-continue').click();
  // The payment page sends the attribution inside the booking detail; the server does not echo it.
  const request = new URLSearchParams((await reply).request().postData() ?? '');
  expect(request.get('booking_detail[dropin_attribution[source]]')).toBe('newsletter');
  expect(JSON.stringify((await (await reply).json()) as unknown)).not.toContain('dropin_attribution');
  await content.locator('.tourmaster-summary-info-outer').waitFor();
  await content.locator('input[name="term-and-service"]').check();
  reply = waitForAjax(page, 'tourmaster_payment_template');
  await content.locator('.tourmaster-payment-method-booking-button').click();
  await reply;
  await content.locator('.tourmaster-payment-complete-wrap').waitFor();
}

describe.each(SIZES)('cookie consent ($name)', ({ name, viewport }) => {
  it('shows the bar on a first visit, operable with the keyboard; declining leaves no attribution cookie', async () => {
    const context = await newContext(browser, server, viewport, { undecided: true });
    const page = await context.newPage();
    const bannerFiles = recordBannerFiles(page);
    await page.goto(`${server.baseUrl}${CAMPAIGN}`);
    await bar(page).waitFor({ state: 'visible' });
    expect(await bar(page).getAttribute('role')).toBe('dialog');
    expect(await bar(page).locator('a[href$="/privacy-policy/"]').textContent()).toBe('Privacy Policy');
    expect(bannerFiles.some((f) => f.endsWith('.js'))).toBe(true);
    expect(bannerFiles.some((f) => f.endsWith('.css'))).toBe(true);
    // Nothing of marketing before a decision.
    expect(await attributionCookies(context)).toEqual([]);
    expect(await seriousViolations(page, '#cc-main')).toEqual([]);
    await shoot(page, `consent-${name}-1-first-visit`);

    // The bar is first in the tab order: Tab, Tab reaches "Reject marketing", Enter declines.
    await tabTo(page, '#cc-main .cm button[data-role="necessary"]', 4);
    await page.keyboard.press('Enter');
    await bar(page).waitFor({ state: 'hidden' });
    const consent = (await context.cookies()).find((c) => c.name === 'cc_cookie');
    expect(JSON.parse(decodeURIComponent(consent?.value ?? '{}')).categories).toEqual(['necessary']);
    // Kept for a year.
    expect((consent?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(364 * 86_400_000);
    expect(await cookieNames(context)).not.toContain('dropin_attr_current');

    // Another campaign link, a tour page: still nothing, and no banner code loaded any more.
    bannerFiles.length = 0;
    await page.goto(`${server.baseUrl}${TOUR_PATH}?utm_source=adwords&utm_medium=cpc`);
    await islandReady(page, 'button[data-cookie-consent]');
    await islandReady(page, 'form#tourmaster-single-tour-booking-fields');
    expect(await attributionCookies(context)).toEqual([]);
    expect(await page.locator('input[name^="dropin_attribution["]').count()).toBe(0);
    expect(bannerFiles).toEqual([]);
    expect(await page.locator('#cc-main').count()).toBe(0);
    await shoot(page, `consent-${name}-2-declined`);
    await context.close();
  });

  it('a page WordPress renders asks too (the mu-plugin prints the marker) and keeps the decision', async () => {
    const context = await newContext(browser, server, viewport, { undecided: true });
    const page = await openLegacyPage(context, server, 'blog-index', undefined, { realClock: true });
    await bar(page).waitFor({ state: 'visible' });
    expect(await bar(page).locator('a[href$="/privacy-policy/"]').textContent()).toBe('Privacy Policy');
    await shoot(page, `consent-${name}-0-wordpress-page`);
    await bar(page).locator('button[data-role="all"]').click();
    await bar(page).waitFor({ state: 'hidden' });
    const consent = (await context.cookies()).find((c) => c.name === 'cc_cookie');
    expect(JSON.parse(decodeURIComponent(consent?.value ?? '{}')).categories).toEqual(['necessary', 'marketing']);
    // The marker is shown for changing one's mind later, and our own pages know the decision.
    await page.locator('.tourmaster-dropin-cookie-settings button[data-cookie-consent]').waitFor({ state: 'visible' });
    await page.goto(`${server.baseUrl}/`);
    await islandReady(page, 'button[data-cookie-consent]');
    expect(await page.locator('#cc-main .cm').count()).toBe(0);
    await context.close();
  });

  it('accepting on a campaign link stores the campaign with the order booked later', async () => {
    const context = await newContext(browser, server, viewport, { undecided: true });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}${CAMPAIGN}`);
    await bar(page).locator('button[data-role="all"]').click();
    await bar(page).waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await cookieNames(context)).filter((n) => n.startsWith('dropin_attr_')))
      .toEqual(['dropin_attr_current', 'dropin_attr_first', 'dropin_attr_session']);
    const current = (await context.cookies()).find((c) => c.name === 'dropin_attr_current');
    expect(JSON.parse(decodeURIComponent(current?.value ?? ''))).toMatchObject({
      type: 'utm',
      source: 'newsletter',
      medium: 'email',
      campaign: 'spring',
      landing: '/',
    });
    // Six months.
    expect((current?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(180 * 86_400_000);

    // On to a tour (typed in, inside the session: the campaign stays the source), on the capture
    // day's clock so the fixtures' travel dates are ahead whatever day the test runs.
    await page.clock.setFixedTime(CAPTURE_NOW);
    await page.goto(`${server.baseUrl}${TOUR_PATH}`);
    await islandReady(page, 'form#tourmaster-single-tour-booking-fields');
    const form = page.locator('form#tourmaster-single-tour-booking-fields');
    expect(await form.locator('input[type="hidden"][name="dropin_attribution[source]"]').inputValue()).toBe(
      'newsletter',
    );
    expect(await form.locator('input[name="dropin_attribution[session_pages]"]').inputValue()).toBe('2');
    const email = `consent.${name}@example.test`;
    await bookWithPayLater(page, email);
    await page.screenshot({ path: screenshotPath(`consent-${name}-3-booked`), fullPage: name === 'desktop' });

    const order = await tdb.wp
      .knex(tdb.wp.t.orders)
      .first('id', 'booking_detail')
      .whereRaw('contact_info LIKE ?', [`%${email}%`]);
    expect(order).toBeDefined();
    expect(String(order.booking_detail)).not.toContain('attribution');
    expect(await getOrderAttribution(tdb.wp, Number(order.id))).toMatchObject({
      source_type: 'utm',
      source: 'newsletter',
      medium: 'email',
      campaign: 'spring',
      landing_page: '/',
      first_source_type: 'utm',
      first_source: 'newsletter',
    });
    await context.close();
  });

  it('withdrawing consent in the settings (keyboard only) erases the cookies', async () => {
    const context = await newContext(browser, server, viewport, { undecided: true });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/?utm_source=partner&utm_medium=referral`);
    await bar(page).locator('button[data-role="all"]').click();
    await expect.poll(async () => (await attributionCookies(context)).length).toBe(3);

    // Another page: the footer's "Cookie settings" opens the settings, focus moves into them.
    const bannerFiles = recordBannerFiles(page);
    await page.goto(`${server.baseUrl}/santorini-on-film/`);
    await islandReady(page, 'button[data-cookie-consent]');
    expect(bannerFiles).toEqual([]);
    const opener = page.locator('button[data-cookie-consent]');
    await opener.focus();
    await page.keyboard.press('Enter');
    await settings(page).waitFor({ state: 'visible' });
    expect(bannerFiles.some((f) => f.endsWith('.js'))).toBe(true);
    await expect
      .poll(() =>
        page.evaluate(() => document.querySelector('#cc-main .pm')?.contains(document.activeElement) ?? false),
      )
      .toBe(true);
    const toggle = settings(page).locator('input.section__toggle[value="marketing"]');
    expect(await toggle.isChecked()).toBe(true);
    expect(await seriousViolations(page, '#cc-main')).toEqual([]);
    await shoot(page, `consent-${name}-4-settings`);

    // Tab to the marketing switch, Space turns it off, then "Save my choice".
    await tabTo(page, 'input.section__toggle[value="marketing"]', 20);
    await page.keyboard.press('Space');
    expect(await toggle.isChecked()).toBe(false);
    await tabTo(page, '#cc-main .pm button[data-role="save"]', 20);
    await page.keyboard.press('Enter');
    await settings(page).waitFor({ state: 'hidden' });
    await expect.poll(async () => attributionCookies(context)).toEqual([]);
    // Focus comes back to the footer's button.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.hasAttribute('data-cookie-consent') ?? false))
      .toBe(true);
    // The video is taken away again.
    expect(await page.locator('iframe[data-category="marketing"]').getAttribute('src')).toBeNull();
    expect(await page.locator('[data-consent-placeholder="marketing"]').isVisible()).toBe(true);

    // A campaign link now records nothing.
    await page.goto(`${server.baseUrl}/?utm_source=again`);
    await islandReady(page, 'button[data-cookie-consent]');
    expect(await attributionCookies(context)).toEqual([]);
    await context.close();
  });

  it('a video from another site loads only after marketing consent', async () => {
    const context = await newContext(browser, server, viewport, { undecided: true });
    const page = await context.newPage();
    const videoRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(VIDEO)) videoRequests.push(r.url());
    });
    await page.goto(`${server.baseUrl}/santorini-on-film/`);
    await bar(page).waitFor({ state: 'visible' });
    const frame = page.locator('iframe[data-category="marketing"]');
    expect(await frame.getAttribute('data-src')).toBe(VIDEO);
    expect(await frame.getAttribute('src')).toBeNull();
    expect(await frame.isVisible()).toBe(false);
    const note = page.locator('[data-consent-placeholder="marketing"]');
    expect(await note.textContent()).toContain('youtube-nocookie.com');
    expect(videoRequests).toEqual([]);
    await shoot(page, `consent-${name}-5-video-waiting`);

    // The note's own button opens the settings; accepting everything there loads the video.
    await note.locator('button[data-cookie-settings]').click();
    await settings(page).waitFor({ state: 'visible' });
    await settings(page).locator('button[data-role="all"]').click();
    await settings(page).waitFor({ state: 'hidden' });
    await expect.poll(() => frame.getAttribute('src')).toBe(VIDEO);
    await expect.poll(() => videoRequests.length).toBeGreaterThan(0);
    expect(await frame.isVisible()).toBe(true);
    expect(await note.isVisible()).toBe(false);
    await shoot(page, `consent-${name}-6-video-loaded`);
    await context.close();
  });
});
