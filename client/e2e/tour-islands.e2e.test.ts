import path from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGETS, weigh } from '../../scripts/bundle-budgets';
import { PROJECT_ROOT } from '../../server/core/config';
import { CAPTURE_NOW, startTestServer, type TestServer } from '../../server/testing/app';
import { launchBrowser, screenshotPath } from '../../server/testing/browser';
import { createTestDatabase, type TestDatabase } from '../../server/testing/db';
import { legacyPageHtml, openLegacyPage, newContext as sharedNewContext } from './payment-flow';

/**
 * The tour page islands in Chromium, on the pages WordPress rendered (legacy-fixtures/pages): each
 * page is served at the test server's origin with its WordPress scripts and stylesheets replaced by
 * our built bundle (and a small stand-in for the plugin's CSS), its links pointing at the test server,
 * so every ajax call reaches our real admin-ajax. The browser's clock is the capture day.
 */
let tdb: TestDatabase;
let server: TestServer;
let browser: Browser;
let ajaxUrl: string;

const DIST = path.join(PROJECT_ROOT, 'dist', 'client');
/** The page as the server prints it for a logged-in customer: no login prompt, a live wish list button. */
function asCustomer(tourId: string) {
  return (html: string) =>
    html
      .replaceAll(' data-ask-login="proceed-without-login"', '')
      .replace(
        '<div class="tourmaster-save-wish-list" data-tmlb="wish-list-login" >',
        `<div class="tourmaster-save-wish-list" id="tourmaster-save-wish-list" data-ajax-url="${ajaxUrl}" data-tour-id="${tourId}" >`,
      );
}

const newContext = () => sharedNewContext(browser, server);

const openLegacy = (context: BrowserContext, name: string, transform?: (html: string) => string) =>
  openLegacyPage(context, server, name, transform);

async function logInCustomer1(context: BrowserContext): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/login/`);
  const form = page.locator('form.tourmaster-login-form').last();
  await form.locator('input[name="log"]').fill('customer1');
  await form.locator('input[name="pwd"]').fill('Cust1#Pass2026');
  await Promise.all([page.waitForNavigation(), form.locator('input[type="submit"]').click()]);
  await page.close();
}

const isAjax = (action: string) => (request: Request) =>
  request.url().includes('/wp-admin/admin-ajax.php') && (request.postData() ?? '').includes(`action=${action}`);

function waitForAjax(page: Page, action: string) {
  return page.waitForResponse((response) => isAjax(action)(response.request()));
}

async function ready(page: Page, selector: string): Promise<void> {
  await page.waitForSelector(`${selector}[data-island-ready]`, { state: 'attached' });
}

/** Opens the booking calendar and clicks a date ("June 5, 2027"), moving month by month. */
async function pickDate(page: Page, label: string): Promise<void> {
  await page.locator('form#tourmaster-single-tour-booking-fields input.tourmaster-datepicker').click();
  const calendar = page.locator('.flatpickr-calendar.open');
  await calendar.waitFor();
  const day = calendar.locator(`.flatpickr-day:not(.prevMonthDay):not(.nextMonthDay)[aria-label="${label}"]`);
  const target = new Date(label);
  for (let i = 0; i < 24 && (await day.count()) === 0; i++) {
    const month = Number(await calendar.locator('.flatpickr-monthDropdown-months').inputValue());
    const year = Number(await calendar.locator('input.cur-year').inputValue());
    const later = target.getFullYear() * 12 + target.getMonth() > year * 12 + month;
    await calendar.locator(later ? '.flatpickr-next-month' : '.flatpickr-prev-month').click();
  }
  await day.click();
}

async function bookingCookie(context: BrowserContext): Promise<Record<string, unknown> | undefined> {
  const cookie = (await context.cookies()).find((c) => c.name === 'tourmaster-booking-detail');
  return cookie ? (JSON.parse(decodeURIComponent(cookie.value)) as Record<string, unknown>) : undefined;
}

const headPrice = (page: Page) =>
  page.locator('.tourmaster-tour-booking-bar-wrap .tourmaster-header-price .tourmaster-tour-price .tourmaster-tail');

beforeAll(async () => {
  tdb = await createTestDatabase();
  server = await startTestServer(tdb, { config: { siteUrlFollowsRequest: true } });
  ajaxUrl = `${server.baseUrl}/wp-admin/admin-ajax.php`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await tdb?.drop();
});

describe('booking form on the captured Santorini page', () => {
  it('picks a date and travellers, updates the head price, and asks a guest to log in or continue', async () => {
    const context = await newContext();
    const page = await openLegacy(context, 'tour-santorini-fixed');
    await ready(page, 'form#tourmaster-single-tour-booking-fields');
    const form = page.locator('form#tourmaster-single-tour-booking-fields');

    // The calendar shows the page's format, keeps `Y-m-d` in the hidden field, starts weeks on Monday.
    expect(await form.locator('input.tourmaster-datepicker').inputValue()).toBe('15 May 2027');
    expect(await form.locator('input[name="tour-date"]').inputValue()).toBe('2027-05-15');
    await form.locator('input.tourmaster-datepicker').click();
    const calendar = page.locator('.flatpickr-calendar.open');
    expect((await calendar.locator('.flatpickr-weekday').first().textContent())?.trim()).toBe('Mon');
    // Only the tour's dates are offered.
    expect(await calendar.locator('.flatpickr-day[aria-label="May 16, 2027"]').getAttribute('class')).toContain(
      'flatpickr-disabled',
    );
    await page.keyboard.press('Escape');

    const step = waitForAjax(page, 'tourmaster_tour_booking');
    await pickDate(page, 'May 22, 2027');
    const stepReply = await step;
    expect(stepReply.request().postData()).toContain('data%5Btour-date%5D=2027-05-22');
    expect(await form.locator('input[name="tour-date"]').inputValue()).toBe('2027-05-22');
    expect(await form.locator('input.tourmaster-datepicker').inputValue()).toBe('22 May 2027');
    await form.locator('select[name="tour-people"]').waitFor();

    const price = waitForAjax(page, 'tourmaster_update_head_price');
    await form.locator('select[name="tour-people"]').selectOption('2');
    expect(await (await price).json()).toHaveProperty('price');
    await page.waitForFunction(
      () =>
        document.querySelector('.tourmaster-tour-booking-bar-wrap .tourmaster-header-price .tourmaster-tail')
          ?.textContent !== '$120',
    );
    expect(await headPrice(page).textContent()).toMatch(/^\$2\d\d/);

    const check = waitForAjax(page, 'tourmaster_tour_booking_amount_check');
    await form.locator('input[type="submit"]').click();
    const checkBody = new URLSearchParams((await check).request().postData() ?? '');
    expect(Object.fromEntries(checkBody)).toMatchObject({
      tour_id: '4',
      tour_date: '2027-05-22',
      traveller: '2',
      max_traveller_per_room: '2',
      package: '',
      tid: '',
    });
    const dialog = page.locator('.tourmaster-lightbox-wrapper[role="dialog"]');
    await dialog.waitFor();
    expect(await dialog.locator('.tourmaster-lightbox-title').textContent()).toBe('Proceed Booking');
    expect(await dialog.locator('a.tourmaster-continue-button').getAttribute('href')).toBe(
      `${server.baseUrl}/payment/`,
    );
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('log');
    expect(await bookingCookie(context)).toMatchObject({
      'tour-id': '4',
      'tour-date': '2027-05-22',
      'tour-people': '2',
    });
    await page.waitForTimeout(350);
    await page.screenshot({ path: screenshotPath('tour-islands-santorini-guest-prompt') });

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe(
      'Proceed Booking',
    );
    await context.close();
  });

  it('says when the date is full (2027-06-05) and checks the fields before asking the server', async () => {
    const context = await newContext();
    const page = await openLegacy(context, 'tour-santorini-fixed');
    await ready(page, 'form#tourmaster-single-tour-booking-fields');
    const form = page.locator('form#tourmaster-single-tour-booking-fields');
    const checks: string[] = [];
    page.on('request', (r) => {
      if (isAjax('tourmaster_tour_booking_amount_check')(r)) checks.push(r.postData() ?? '');
    });

    // Nobody chosen: the static message, no request.
    await form.locator('input[type="submit"]').click();
    await form.locator('.tourmaster-tour-booking-submit-error:not(.tourmaster-temp)').waitFor({ state: 'visible' });
    expect(checks).toHaveLength(0);

    const step = waitForAjax(page, 'tourmaster_tour_booking');
    await pickDate(page, 'June 5, 2027');
    await step;
    await form.locator('select[name="tour-people"]').selectOption('2');
    await form.locator('input[type="submit"]').click();
    const temp = form.locator('.tourmaster-tour-booking-submit-error.tourmaster-temp');
    await temp.waitFor({ state: 'visible' });
    expect(await temp.textContent()).toBe('Sorry, this tour is now full. Please try to select another date');
    expect(await temp.getAttribute('role')).toBe('alert');
    expect(checks).toHaveLength(1);
    expect(await page.locator('.tourmaster-lightbox-wrapper').count()).toBe(0);
    await page.screenshot({
      path: screenshotPath('tour-islands-santorini-full'),
      clip: { x: 0, y: 0, width: 1280, height: 900 },
    });

    // Another date (a month back in the calendar) replaces the later steps and the message.
    const again = waitForAjax(page, 'tourmaster_tour_booking');
    await pickDate(page, 'May 29, 2027');
    await again;
    await form.locator('select[name="tour-people"]').waitFor();
    expect(await temp.count()).toBe(0);
    await context.close();
  });

  it('sends a logged-in customer to the payment page with the booking cookie', async () => {
    const context = await newContext();
    await logInCustomer1(context);
    const page = await openLegacy(context, 'tour-santorini-fixed', asCustomer('4'));
    await ready(page, 'form#tourmaster-single-tour-booking-fields');
    const form = page.locator('form#tourmaster-single-tour-booking-fields');
    const step = waitForAjax(page, 'tourmaster_tour_booking');
    await pickDate(page, 'May 29, 2027');
    await step;
    await form.locator('select[name="tour-people"]').selectOption('3');
    const payment = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/payment/');
    await form.locator('input[type="submit"]').click();
    const posted = new URLSearchParams((await payment).postData() ?? '');
    expect(posted.get('tour-id')).toBe('4');
    expect(posted.get('tour-date')).toBe('2027-05-29');
    expect(posted.get('tour-people')).toBe('3');
    await page.waitForURL(`${server.baseUrl}/payment/`);
    expect(await bookingCookie(context)).toMatchObject({
      'tour-id': '4',
      'tour-date': '2027-05-29',
      'tour-people': '3',
    });
    await page.screenshot({ path: screenshotPath('tour-islands-santorini-customer-payment') });
    await context.close();
  });
});

describe('weight', () => {
  it('keeps the JavaScript of a tour page within 80 KB gzipped, every island present loaded', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('response', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/dropin-assets/') && url.pathname.endsWith('.js')) scripts.add(url.pathname);
    });
    await page.clock.setFixedTime(CAPTURE_NOW);
    const url = `${server.baseUrl}/__legacy/weight/`;
    const body = legacyPageHtml(server, 'tour-santorini-fixed', (html) =>
      html.replace('</body>', '<div class="tourmaster-urgency-message" data-expire="60" >2 travellers</div></body>'),
    );
    await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=UTF-8', body }));
    await page.goto(url);
    await page.locator('#tourmaster-single-review').scrollIntoViewIfNeeded();
    for (const selector of [
      'form#tourmaster-single-tour-booking-fields',
      '#tourmaster-tour-booking-bar-wrap',
      '.tourmaster-save-wish-list',
      '.tourmaster-single-review',
      '.tourmaster-urgency-message',
      '[data-tmlb="login"]',
    ]) {
      await ready(page, selector);
    }
    // The calendar's code is loaded on first use: open it, as a visitor who books does.
    await page.locator('form#tourmaster-single-tour-booking-fields input.tourmaster-datepicker').click();
    await page.locator('.flatpickr-calendar.open').waitFor();
    await page.waitForLoadState('networkidle');
    const files = [...scripts].map((script) => script.slice('/dropin-assets/'.length));
    const { js } = weigh(DIST, { js: new Set(files), css: new Set() });
    console.info(
      `tour page JavaScript (WordPress's page): ${(js / 1024).toFixed(1)} KB gzipped, ${files.length} files`,
    );
    expect(js).toBeLessThanOrEqual(BUDGETS.js);
    await context.close();
  });
});

describe('packages, rooms and tabs', () => {
  it('changes the package on Mykonos and books adults and children', async () => {
    const context = await newContext();
    const page = await openLegacy(context, 'tour-mykonos-packages');
    await ready(page, 'form#tourmaster-single-tour-booking-fields');
    const form = page.locator('form#tourmaster-single-tour-booking-fields');

    const step = waitForAjax(page, 'tourmaster_tour_booking');
    await pickDate(page, 'June 10, 2027');
    await step;
    const display = form.locator('.tourmaster-combobox-list-display');
    await display.waitFor();
    expect(await display.getAttribute('aria-expanded')).toBe('false');
    // Keyboard: open the list, move to the next package, choose it.
    await display.focus();
    await page.keyboard.press('Enter');
    expect(await display.getAttribute('aria-expanded')).toBe('true');
    const step2 = waitForAjax(page, 'tourmaster_tour_booking');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const body = new URLSearchParams((await step2).request().postData() ?? '');
    expect(body.get('data[package]')).toBe('Afternoon Premium');
    expect(body.get('data[step]')).toBe('2');
    expect(await form.locator('input[name="package"]').inputValue()).toBe('Afternoon Premium');
    expect(await display.textContent()).toBe('Afternoon Premium');

    await form.locator('select[name="tour-adult"]').waitFor();
    const price = waitForAjax(page, 'tourmaster_update_head_price');
    await form.locator('select[name="tour-adult"]').selectOption('2');
    await price;
    const price2 = waitForAjax(page, 'tourmaster_update_head_price');
    await form.locator('select[name="tour-children"]').selectOption('1');
    expect(((await (await price2).json()) as { price: string }).price).toMatch(/^\$\d/);
    await page.waitForFunction(
      () => document.querySelector('.tourmaster-header-price')?.classList.contains('tourmaster-price-updated') === true,
    );

    const check = waitForAjax(page, 'tourmaster_tour_booking_amount_check');
    await form.locator('input[type="submit"]').click();
    const checkBody = Object.fromEntries(new URLSearchParams((await check).request().postData() ?? ''));
    expect(checkBody).toMatchObject({
      tour_id: '8',
      package: 'Afternoon Premium',
      traveller: '3',
      tour_date: '2027-06-10',
    });
    expect(Number(checkBody.adult_amount)).toBeGreaterThan(0);
    await page.locator('.tourmaster-lightbox-wrapper[role="dialog"]').waitFor();
    expect(await bookingCookie(context)).toMatchObject({
      'tour-id': '8',
      package: 'Afternoon Premium',
      'tour-adult': '2',
      'tour-children': '1',
    });
    await context.close();
  });

  it('clones one traveller block per room (Meteora, room based, 3-day range)', async () => {
    const context = await newContext();
    // The Santorini page turned into the Meteora tour's booking bar (id 7, its dates, a 3-day tour).
    const page = await openLegacy(context, 'tour-santorini-fixed', (html) =>
      html
        .replace('<input type="hidden" name="tour-id" value="4" />', '<input type="hidden" name="tour-id" value="7" />')
        .replace(
          'value="2027-05-15" data-date-format="d M yy" data-tour-range="1"',
          'value="2027-05-14" data-date-format="d M yy" data-tour-range="3"',
        )
        .replace(
          /data-tour-date="[^"]*"/,
          'data-tour-date="[&quot;2027-05-14&quot;,&quot;2027-06-11&quot;,&quot;2027-07-09&quot;]"',
        ),
    );
    await ready(page, 'form#tourmaster-single-tour-booking-fields');
    const form = page.locator('form#tourmaster-single-tour-booking-fields');
    const step = waitForAjax(page, 'tourmaster_tour_booking');
    await pickDate(page, 'June 11, 2027');
    await step;
    const rooms = form.locator('.tourmaster-tour-booking-people-container > [data-step="4"]');
    await form.locator('select[name="tour-room"]').waitFor();
    expect(await rooms.count()).toBe(1);
    await form.locator('select[name="tour-room"]').selectOption('3');
    expect(await rooms.count()).toBe(3);
    expect(await rooms.locator('.tourmaster-tour-booking-room-text > span').allTextContents()).toEqual(['1', '2', '3']);
    await form.locator('select[name="tour-room"]').selectOption('2');
    expect(await rooms.count()).toBe(2);
    await rooms.nth(0).locator('select').first().selectOption('2');
    await rooms.nth(1).locator('select').first().selectOption('1');

    // The chosen date and the two days after it are marked in the calendar.
    await form.locator('input.tourmaster-datepicker').click();
    const marked = page.locator(
      '.flatpickr-calendar.open .flatpickr-day.tourmaster-highlight:not(.nextMonthDay):not(.prevMonthDay)',
    );
    expect(await marked.evaluateAll((days) => days.map((d) => d.getAttribute('aria-label')))).toEqual([
      'June 11, 2027',
      'June 12, 2027',
      'June 13, 2027',
    ]);
    await page.keyboard.press('Escape');

    const check = waitForAjax(page, 'tourmaster_tour_booking_amount_check');
    await form.locator('input[type="submit"]').click();
    const checkBody = Object.fromEntries(new URLSearchParams((await check).request().postData() ?? ''));
    expect(checkBody).toMatchObject({ tour_id: '7', traveller: '3', max_traveller_per_room: '2' });
    await page.locator('.tourmaster-lightbox-wrapper[role="dialog"]').waitFor();
    expect(await bookingCookie(context)).toMatchObject({ 'tour-room': '2', 'tour-people': ['2', '1', ''] });
    await context.close();
  });

  it('takes the date from the date-list select and checks required extra booking fields (Delphi)', async () => {
    const context = await newContext();
    // The Santorini page turned into Delphi's bar (id 9) with the "date-list" control.
    const page = await openLegacy(context, 'tour-santorini-fixed', (html) =>
      html
        .replace('<input type="hidden" name="tour-id" value="4" />', '<input type="hidden" name="tour-id" value="9" />')
        .replace(
          /<div class="tourmaster-datepicker-wrap" >.*?<\/div>/s,
          '<div class="tourmaster-combobox-wrap tourmaster-tour-date-combobox" ><select name="tour-date" ><option value="2027-04-10" selected >10 Apr 2027</option><option value="2027-04-17" >17 Apr 2027</option></select></div>',
        ),
    );
    await ready(page, 'form#tourmaster-single-tour-booking-fields');
    const form = page.locator('form#tourmaster-single-tour-booking-fields');
    const step = waitForAjax(page, 'tourmaster_tour_booking');
    await form.locator('select[name="tour-date"]').selectOption('2027-04-17');
    expect(new URLSearchParams((await step).request().postData() ?? '').get('data[tour-date]')).toBe('2027-04-17');
    const hotel = form.locator('.tourmaster-extra-booking-field input[name="pickup-hotel"]');
    await hotel.waitFor();
    await form.locator('select[name="tour-people"]').selectOption('2');

    const checks: string[] = [];
    page.on('request', (r) => {
      if (isAjax('tourmaster_tour_booking_amount_check')(r)) checks.push(r.postData() ?? '');
    });
    await form.locator('input[type="submit"]').click();
    await form.locator('.tourmaster-tour-booking-submit-error:not(.tourmaster-temp)').waitFor({ state: 'visible' });
    expect(await hotel.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('pickup-hotel');
    expect(checks).toHaveLength(0);

    await hotel.fill('Hotel Amalia');
    const check = waitForAjax(page, 'tourmaster_tour_booking_amount_check');
    await form.locator('input[type="submit"]').click();
    const body = new URLSearchParams((await check).request().postData() ?? '');
    expect(body.get('extra_booking_info[pickup-hotel]')).toBe('Hotel Amalia');
    expect(body.get('tour_date')).toBe('2027-04-17');
    expect(await hotel.getAttribute('aria-invalid')).toBeNull();
    await page.locator('.tourmaster-lightbox-wrapper[role="dialog"]').waitFor();
    expect(await bookingCookie(context)).toMatchObject({ 'tour-id': '9', 'pickup-hotel': 'Hotel Amalia' });
    await context.close();
  });

  it('keeps the booking bar in view on wide screens and scrolls to it from a link in 1500 ms', async () => {
    const context = await newContext();
    const page = await openLegacy(context, 'tour-santorini-fixed', (html) =>
      html.replace(
        '</footer>',
        '</footer><p><a href="#tourmaster-tour-booking-bar-wrap" id="go-book">Book this tour</a></p>',
      ),
    );
    await ready(page, '#tourmaster-tour-booking-bar-wrap');
    const bar = page.locator('#tourmaster-tour-booking-bar-wrap');
    expect(await bar.getAttribute('class')).toContain('tourmaster-start-script');
    await page.evaluate(() => window.scrollTo(0, 700));
    await page.waitForFunction(() =>
      document.querySelector('#tourmaster-tour-booking-bar-wrap')?.classList.contains('tourmaster-fixed'),
    );
    expect(await bar.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(
      () =>
        getComputedStyle(document.querySelector('#tourmaster-tour-booking-bar-wrap') as Element).position !== 'fixed',
    );

    // Below 1000 px the bar stays in the flow; the link scrolls to it, smoothly, in 1500 ms.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.locator('#go-book').scrollIntoViewIfNeeded();
    expect(await bar.evaluate((el) => getComputedStyle(el).position)).not.toBe('fixed');
    const from = await page.evaluate(() => window.scrollY);
    const start = Date.now();
    await page.locator('#go-book').click();
    await page.waitForTimeout(600);
    const midway = await page.evaluate(() => window.scrollY);
    await page.waitForFunction(() => {
      const top = document.querySelector('#tourmaster-tour-booking-bar-wrap')?.getBoundingClientRect().top ?? -1;
      return Math.abs(top) < 2;
    });
    expect(Date.now() - start).toBeGreaterThan(1200);
    expect(midway).toBeLessThan(from);
    expect(midway).toBeGreaterThan(await page.evaluate(() => window.scrollY));
    expect(page.url()).not.toContain('#');
    await context.close();
  });

  it('switches the Corfu booking tabs and sends an enquiry once', async () => {
    const context = await newContext();
    const page = await openLegacy(context, 'tour-corfu-booking-enquiry');
    await ready(page, '#tourmaster-tour-booking-bar-wrap');
    await ready(page, 'form.tourmaster-enquiry-form');
    const tab = page.locator('#tourmaster-booking-tab-title [data-tourmaster-tab="enquiry"]');
    expect(await tab.getAttribute('role')).toBe('tab');
    await page.locator('#tourmaster-booking-tab-title [data-tourmaster-tab="booking"]').focus();
    await page.keyboard.press('ArrowRight');
    expect(await tab.getAttribute('aria-selected')).toBe('true');
    const form = page.locator('form.tourmaster-enquiry-form');
    await form.waitFor({ state: 'visible' });
    expect(await page.locator('form#tourmaster-single-tour-booking-fields').isVisible()).toBe(false);

    const sent: string[] = [];
    page.on('request', (r) => {
      if (isAjax('tourmaster_send_enquiry_form')(r)) sent.push(r.postData() ?? '');
    });
    const submit = form.locator('input[type="submit"]');
    await submit.click();
    await form.locator('.tourmaster-enquiry-term-message').waitFor({ state: 'visible' });
    await form.locator('input[name="tourmaster-require-acceptance"]').check();
    await submit.click();
    const message = form.locator('.tourmaster-enquiry-form-message:not(.tourmaster-enquiry-term-message)');
    await message.waitFor({ state: 'visible' });
    expect(await message.textContent()).toBe('Please fill all required fields.');
    expect(await message.getAttribute('class')).toContain('tourmaster-failed');
    expect(sent).toHaveLength(0);

    await form.locator('input[name="full-name"]').fill('Eleni Test');
    await form.locator('input[name="email-address"]').fill('eleni@example.test');
    await form.locator('textarea[name="your-enquiry"]').fill('Is there a child discount?');
    const reply = waitForAjax(page, 'tourmaster_send_enquiry_form');
    await submit.dblclick();
    await reply;
    await page.waitForFunction(() =>
      document.querySelector('.tourmaster-enquiry-form-message.tourmaster-success')?.textContent?.includes('Thank you'),
    );
    expect(sent).toHaveLength(1);
    const body = new URLSearchParams(sent[0]);
    expect(body.get('data[full-name]')).toBe('Eleni Test');
    expect(body.get('data[tourmaster-require-acceptance]')).toBe('on');
    expect(body.get('data[tour-id]')).toBe('11');
    expect(await message.textContent()).toBe('Your enquiry has been sent. Thank you!');
    expect(await form.locator('input[name="full-name"]').inputValue()).toBe('');
    expect(await form.locator('textarea[name="your-enquiry"]').inputValue()).toBe('');
    expect(await form.locator('input[name="tourmaster-require-acceptance"]').isChecked()).toBe(false);
    expect(await form.locator('input[name="tour-id"]').inputValue()).toBe('11');
    await page.screenshot({
      path: screenshotPath('tour-islands-corfu-enquiry'),
      clip: { x: 0, y: 0, width: 1280, height: 1300 },
    });
    await context.close();
  });
});

describe('wish list, reviews, lightboxes', () => {
  it('asks a guest to log in and saves the tour for customer1 once', async () => {
    const guest = await newContext();
    const page = await openLegacy(guest, 'tour-mykonos-packages');
    await ready(page, '.tourmaster-save-wish-list');
    await ready(page, '.tourmaster-save-wish-list[data-tmlb]');
    await page.locator('.tourmaster-save-wish-list').click();
    const dialog = page.locator('.tourmaster-lightbox-wrapper[role="dialog"]');
    await dialog.waitFor();
    expect(await dialog.locator('.tourmaster-lightbox-title').textContent()).toBe(
      'Adding item to wishlist requires an account',
    );
    await guest.close();

    const customer = await newContext();
    await logInCustomer1(customer);
    const own = await openLegacy(customer, 'tour-mykonos-packages', asCustomer('8'));
    await ready(own, '#tourmaster-save-wish-list');
    const adds: string[] = [];
    own.on('request', (r) => {
      if (isAjax('tourmaster_add_wish_list')(r)) adds.push(r.postData() ?? '');
    });
    const button = own.locator('#tourmaster-save-wish-list');
    expect(await button.getAttribute('aria-pressed')).toBe('false');
    const saved = waitForAjax(own, 'tourmaster_add_wish_list');
    await button.focus();
    await own.keyboard.press('Enter');
    await saved;
    await button.click({ force: true });
    expect(await button.getAttribute('class')).toContain('tourmaster-active');
    expect(await button.getAttribute('aria-pressed')).toBe('true');
    expect(adds).toEqual(['action=tourmaster_add_wish_list&tour-id=8']);
    const list = await customer.newPage();
    await list.goto(`${server.baseUrl}/my-account/?page_type=wish-list`);
    expect(await list.content()).toContain('Mykonos');
    await customer.close();
  });

  it('sorts and pages the Santorini reviews without leaving the page', async () => {
    const context = await newContext();
    const page = await openLegacy(context, 'tour-santorini-fixed');
    await page.locator('#tourmaster-single-review').scrollIntoViewIfNeeded();
    await ready(page, '.tourmaster-single-review');
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    const items = page.locator('#tourmaster-single-review-content .tourmaster-single-review-content-item');
    expect(await items.count()).toBe(5);
    const byDate = await items.locator('.tourmaster-single-review-user-name').allTextContents();

    const sorted = waitForAjax(page, 'get_single_tour_review');
    await page.locator('[data-sort-by="rating"]').click();
    const sortBody = new URLSearchParams((await sorted).request().postData() ?? '');
    expect(Object.fromEntries(sortBody)).toEqual({
      action: 'get_single_tour_review',
      tour_id: '4',
      sort_by: 'rating',
      filter_by: '',
    });
    await page.waitForFunction(() => !document.querySelector('#tourmaster-single-review-content[aria-busy]'));
    const byRating = await items.locator('.tourmaster-single-review-user-name').allTextContents();
    expect(byRating).not.toEqual(byDate);
    expect(await page.locator('[data-sort-by="rating"]').getAttribute('aria-pressed')).toBe('true');

    const paged = waitForAjax(page, 'get_single_tour_review');
    await page.locator('#tourmaster-single-review-content [data-paged="2"]').first().click();
    expect(new URLSearchParams((await paged).request().postData() ?? '').get('paged')).toBe('2');
    await page.waitForFunction(() => !document.querySelector('#tourmaster-single-review-content[aria-busy]'));
    expect(await items.count()).toBe(3);

    const filtered = waitForAjax(page, 'get_single_tour_review');
    await page.locator('#tourmaster-filter-by').selectOption('couple');
    const filterBody = new URLSearchParams((await filtered).request().postData() ?? '');
    expect(filterBody.get('filter_by')).toBe('couple');
    expect(filterBody.get('paged')).toBeNull();
    await page.waitForFunction(() => !document.querySelector('#tourmaster-single-review-content[aria-busy]'));
    for (const type of await items.locator('.tourmaster-single-review-user-type').allTextContents()) {
      expect(type).toBe('Couple Traveller');
    }
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await page.locator('#tourmaster-single-review').screenshot({ path: screenshotPath('tour-islands-reviews-couple') });
    await context.close();
  });

  it('opens the top bar login from the keyboard, keeps focus inside, closes on Escape where it was', async () => {
    const context = await newContext();
    const page = await openLegacy(context, 'tour-santorini-fixed');
    const opener = page.locator('.tourmaster-user-top-bar [data-tmlb="login"]').first();
    await ready(page, '.tourmaster-user-top-bar [data-tmlb="login"]');
    expect(await opener.getAttribute('role')).toBe('button');
    await page.evaluate(() => window.scrollTo(0, 40));
    await opener.focus({});
    const scrolled = await page.evaluate(() => window.scrollY);
    // Every animation the page starts, recorded (a busy machine may finish the fade before we look).
    await page.evaluate(() => {
      const started: { className: string; keyframes: string; duration: unknown }[] = [];
      (window as unknown as { animations: typeof started }).animations = started;
      const animate = Element.prototype.animate;
      Element.prototype.animate = function (this: Element, keyframes, options) {
        started.push({
          className: this.className,
          keyframes: JSON.stringify(keyframes),
          duration: typeof options === 'number' ? options : options?.duration,
        });
        return animate.call(this, keyframes, options);
      };
    });
    await page.keyboard.press('Enter');
    const dialog = page.locator('.tourmaster-lightbox-wrapper[role="dialog"]');
    await dialog.waitFor();
    expect(await opener.getAttribute('aria-expanded')).toBe('true');
    expect(await dialog.getAttribute('aria-labelledby')).toBeTruthy();
    // Fading in over 300 ms.
    expect(
      await page.evaluate(
        () =>
          (window as unknown as { animations: { className: string; keyframes: string; duration: unknown }[] })
            .animations,
      ),
    ).toContainEqual({
      className: expect.stringContaining('tourmaster-lightbox-wrapper'),
      keyframes: JSON.stringify([{ opacity: 0 }, { opacity: 1 }]),
      duration: 300,
    });
    const inside = () =>
      page.evaluate(() => document.querySelector('.tourmaster-lightbox-wrapper')?.contains(document.activeElement));
    expect(await inside()).toBe(true);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await inside()).toBe(true);
    }
    await page.waitForTimeout(350);
    await page.screenshot({ path: screenshotPath('tour-islands-login-lightbox') });
    // Empty required fields: the form does not go.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-tmlb'))).toBe('login');
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await context.close();
  });

  it('shows and dismisses the urgency message for its data-expire seconds', async () => {
    const context = await newContext();
    const page = await openLegacy(context, 'tour-santorini-fixed', (html) =>
      html.replace(
        '</body>',
        '<div class="tourmaster-urgency-message" id="tourmaster-urgency-message" data-expire="86400" ><i class="tourmaster-urgency-message-icon fa fa-users" ></i><div class="tourmaster-urgency-message-text" >3 travellers are considering this tour right now!</div></div></body>',
      ),
    );
    await ready(page, '#tourmaster-urgency-message');
    await page.locator('#tourmaster-urgency-message button[aria-label="Dismiss"]').click();
    await page.locator('#tourmaster-urgency-message').waitFor({ state: 'detached' });
    const cookie = (await context.cookies()).find((c) => c.name === 'tourmaster-urgency-message');
    expect(cookie?.value).toBe('1');
    expect(cookie?.path).toBe('/');
    // A lifetime (max-age), counted by the browser from its own clock, not the page's fixed one.
    const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(86400 - 120);
    expect(lifetime).toBeLessThan(86400 + 120);
    await context.close();
  });

  it('rates a tour with the star input of the review lightbox (mouse and keyboard)', async () => {
    const context = await newContext();
    const page = await openLegacy(context, 'user-reviews-customer1');
    await ready(page, '[data-tmlb="submit-review"]');
    // The hidden template is not mounted; its copy in the lightbox is.
    expect(
      await page.locator('[data-tmlb-id="submit-review"] .tourmaster-review-form-rating[data-island-ready]').count(),
    ).toBe(0);
    await page.locator('[data-tmlb="submit-review"]').click();
    const rating = page.locator('.tourmaster-lightbox-wrapper .tourmaster-review-form-rating');
    await ready(page, '.tourmaster-lightbox-wrapper .tourmaster-review-form-rating');
    expect(await rating.getAttribute('role')).toBe('slider');
    await rating.locator('[data-rating-score="5"]').click();
    const input = rating.locator('input[name="rating"]');
    expect(await input.inputValue()).toBe('5');
    const classes = () =>
      rating
        .locator('i.tourmaster-rating-select')
        .evaluateAll((icons) => icons.map((i) => i.className.replace('tourmaster-rating-select ', '')));
    expect(await classes()).toEqual([
      'fa fa-star',
      'fa fa-star',
      'fa fa-star-half-empty',
      'fa fa-star-o',
      'fa fa-star-o',
    ]);
    await rating.focus();
    await page.keyboard.press('ArrowRight');
    expect(await input.inputValue()).toBe('6');
    expect(await classes()).toEqual(['fa fa-star', 'fa fa-star', 'fa fa-star', 'fa fa-star-o', 'fa fa-star-o']);
    expect(await rating.getAttribute('aria-valuenow')).toBe('6');
    await page.keyboard.press('End');
    expect(await input.inputValue()).toBe('10');
    await page.keyboard.press('ArrowLeft');
    expect(await input.inputValue()).toBe('9');
    expect(await classes()).toEqual(['fa fa-star', 'fa fa-star', 'fa fa-star', 'fa fa-star', 'fa fa-star-half-empty']);
    await page
      .locator('.tourmaster-lightbox-wrapper .tourmaster-lightbox-content-wrap')
      .screenshot({ path: screenshotPath('tour-islands-rating-input') });
    await context.close();
  });

  it('confirms a cancel link before following it', async () => {
    const context = await newContext();
    const target = '/my-account/?page_type=my-booking&action=remove&id=999';
    const page = await openLegacy(context, 'user-my-booking-customer1', (html) =>
      html.replace(
        '</body>',
        `<p><a class="tourmaster-my-booking-action fa fa-remove" href="${target}" data-confirm="Are you sure you want to cancel this booking?" >Cancel booking</a></p></body>`,
      ),
    );
    await ready(page, 'a[data-confirm]');
    const link = page.locator('a[data-confirm]');
    await link.click();
    const dialog = page.locator('.tourmaster-confirm-box-wrapper[role="alertdialog"]');
    await dialog.waitFor();
    expect(await dialog.locator('.tourmaster-confirm-box-head').textContent()).toBe(
      'Are you sure you want to cancel this booking?',
    );
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('No');
    await page.waitForTimeout(300);
    expect(
      Number(await page.locator('.tourmaster-conform-box-overlay').evaluate((el) => getComputedStyle(el).opacity)),
    ).toBeCloseTo(0.6, 1);
    await page.screenshot({ path: screenshotPath('tour-islands-confirm') });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toContain('/__legacy/');

    await link.click();
    await dialog.waitFor();
    const leave = page.waitForRequest((r) => r.url().endsWith(target));
    await dialog.locator('button.tourmaster-yes').click();
    await leave;
    await context.close();
  });
});

describe('our own tour page', () => {
  it('books on GET /tour/santorini-caldera-sunset-cruise/ when the server renders it', async (ctx) => {
    const probe = await fetch(`${server.baseUrl}/tour/santorini-caldera-sunset-cruise/`);
    const html = await probe.text();
    if (probe.status !== 200 || !html.includes('tourmaster-single-tour-booking-fields')) ctx.skip();
    const context = await newContext();
    const page = await context.newPage();
    await page.clock.setFixedTime(CAPTURE_NOW);
    await page.goto(`${server.baseUrl}/tour/santorini-caldera-sunset-cruise/`);
    await ready(page, 'form#tourmaster-single-tour-booking-fields');
    const form = page.locator('form#tourmaster-single-tour-booking-fields');
    const step = waitForAjax(page, 'tourmaster_tour_booking');
    await pickDate(page, 'May 22, 2027');
    await step;
    await form.locator('select[name="tour-people"]').selectOption('2');
    await form.locator('input[type="submit"]').click();
    await page.locator('.tourmaster-lightbox-wrapper[role="dialog"]').waitFor();
    expect(await bookingCookie(context)).toMatchObject({
      'tour-id': '4',
      'tour-date': '2027-05-22',
      'tour-people': '2',
    });
    await page.waitForTimeout(350);
    await page.screenshot({ path: screenshotPath('tour-islands-own-page-guest-prompt') });
    await context.close();
  });
});
