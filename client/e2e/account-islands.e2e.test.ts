import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath } from '../../server/testing/browser';
import { browserSiteForFile } from '../../server/testing/browser-site';
import { insertTourService, offerServices } from '../../server/testing/tour-services';
import {
  islandReady,
  newContext,
  openLegacyPage,
  setBookingCookie,
  WEBER_BOOKING_AT_STEP_3,
  waitForAjax,
} from './payment-flow';

/**
 * The account islands in Chromium against the real server, at 1280 and 390 px: the register form's
 * terms rule, the three date selects, the profile picture preview, a booking's payments, the
 * invoice's Print button, the logged-in top bar's menu, a lightbox form with an empty required
 * field, and unit amounts with a maximum. Then the same islands on the pages WordPress rendered.
 */
const site = browserSiteForFile();

const SIZES = [
  { label: 'desktop', width: 1280, height: 900 },
  { label: 'mobile', width: 390, height: 844 },
] as const;

/** Every `Element.animate` call, so a slide or a fade can be checked after it ran. */
const RECORD_ANIMATIONS = () => {
  const calls: { target: string; properties: string[] }[] = [];
  (window as unknown as { __animations: typeof calls }).__animations = calls;
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (this: Element, keyframes, options) {
    const frames = Array.isArray(keyframes) ? keyframes : [];
    calls.push({ target: this.className.toString(), properties: Object.keys(frames[0] ?? {}) });
    return animate.call(this, keyframes, options);
  };
};

const animations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __animations: { target: string; properties: string[] }[] }).__animations);

async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript(RECORD_ANIMATIONS);
  await page.addInitScript(HIDE_CONSENT);
  await page.goto(`${site.server.baseUrl}${path}`);
  return page;
}

/** The cookie banner (its own tests answer it) would cover what these tests click and photograph. */
const HIDE_CONSENT = () => {
  document.addEventListener('DOMContentLoaded', () => {
    const style = document.createElement('style');
    style.textContent = '#cc-main { display: none !important; }';
    document.head.append(style);
  });
};

async function logInCustomer1(context: BrowserContext): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${site.server.baseUrl}/login/`);
  const form = page.locator('form.tourmaster-login-form').last();
  await form.locator('input[name="log"]').fill('customer1');
  await form.locator('input[name="pwd"]').fill('Cust1#Pass2026');
  await Promise.all([page.waitForNavigation(), form.locator('input[type="submit"]').click()]);
  await page.close();
}

const isVisible = (page: Page, selector: string) => page.locator(selector).first().isVisible();

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core's serious and critical findings inside the islands' elements (the rest of the page is not theirs). */
async function axeIn(page: Page, selector: string): Promise<string[]> {
  // Evaluated by the browser's devtools protocol: a <script> tag would be refused by the page's CSP.
  await page.evaluate(readFileSync(AXE_PATH, 'utf8'));
  return page.evaluate(async (include) => {
    type Result = { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<Result> } }).axe;
    const found = await axe.run(
      { include: Array.from(document.querySelectorAll(include)) },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] },
    );
    return found.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, selector);
}

describe.each(SIZES)('account islands at $width px', ({ label, width, height }) => {
  const viewport = { width, height };

  it('register: no sign-up without the terms box; its notice slides down under it and away; ticked, the form is sent', async () => {
    const context = await newContext(site.browser, site.server, viewport);
    const page = await open(context, '/register/');
    const form = page.locator('.tourmaster-template-wrapper form.tourmaster-register-form');
    await islandReady(page, '.tourmaster-template-wrapper form.tourmaster-register-form');
    const suffix = `${label}${Date.now().toString(36)}`;
    await form.locator('input[name="username"]').fill(`e2e_${suffix}`);
    await form.locator('input[name="password"]').fill('Long enough 2027');
    await form.locator('input[name="confirm-password"]').fill('Long enough 2027');
    await form.locator('input[name="first_name"]').fill('Lena');
    await form.locator('input[name="last_name"]').fill('Berg');
    await form.locator('select[data-type="date"]').selectOption('7');
    await form.locator('select[data-type="month"]').selectOption('3');
    await form.locator('select[data-type="year"]').selectOption('1991');
    await form.locator('input[name="email"]').fill(`lena.${suffix}@example.test`);
    await form.locator('input[name="phone"]').fill('+46 8 123 456');
    // No country is chosen for the visitor (DEVIATIONS.md 98): the prompt is first, and required.
    expect(await form.locator('select[name="country"]').inputValue()).toBe('');
    await form.locator('select[name="country"]').selectOption('Sweden');
    expect(await form.locator('input[name="birth_date"]').inputValue()).toBe('1991-3-7');

    const box = form.locator('input[name="tourmaster-require-acceptance"]');
    const notice = form.locator('.tourmaster-register-term .tourmaster-notification-box');
    expect(await box.getAttribute('aria-label')).toMatch(/^Creating an account means you're okay with our Terms/);
    expect(await notice.isVisible()).toBe(false);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().startsWith(`${site.server.baseUrl}/register/`)) posts.push(r.url());
    });

    await form.locator('input[type="submit"]').click();
    await notice.waitFor({ state: 'visible' });
    expect(await notice.textContent()).toBe(
      'Please agree to all the terms and conditions before proceeding to the next step',
    );
    expect(posts).toEqual([]);
    expect(page.url()).toBe(`${site.server.baseUrl}/register/`);
    // Slid (height animated), under the box, announced and tied to the box, which has focus.
    expect(
      (await animations(page)).some(
        (a) => a.target.includes('tourmaster-notification-box') && a.properties.includes('height'),
      ),
    ).toBe(true);
    const [boxAt, noticeAt] = await Promise.all([box.boundingBox(), notice.boundingBox()]);
    expect(noticeAt!.y).toBeGreaterThan(boxAt!.y);
    expect(await notice.getAttribute('role')).toBe('alert');
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    expect(await box.getAttribute('aria-describedby')).toBe(await notice.getAttribute('id'));
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.waitForTimeout(250);
    await page.screenshot({ path: screenshotPath(`account-register-terms-${label}`), fullPage: false });
    expect(
      await axeIn(
        page,
        '.tourmaster-template-wrapper .tourmaster-register-term, .tourmaster-template-wrapper .tourmaster-date-select',
      ),
    ).toEqual([]);

    // Enter in a field is a submit too.
    await form.locator('input[name="phone"]').press('Enter');
    await page.waitForTimeout(100);
    expect(posts).toEqual([]);

    await box.check();
    await notice.waitFor({ state: 'hidden' });
    expect(await box.getAttribute('aria-invalid')).toBeNull();
    await Promise.all([page.waitForURL(/\/my-account\//), form.locator('input[type="submit"]').click()]);
    expect(posts.length).toBe(1);
    expect(await page.locator('.tourmaster-user-top-bar-name').textContent()).toBe('Lena Berg');
    await context.close();
  });

  it("the Sign Up lightbox's copy of the form keeps the terms rule and the date selects", async () => {
    const context = await newContext(site.browser, site.server, viewport);
    const page = await open(context, '/search-tours/');
    const opener = page.locator('.tourmaster-user-top-bar [data-tmlb="signup"]').filter({ visible: true }).first();
    await islandReady(page, '.tourmaster-user-top-bar [data-tmlb="signup"]');
    await opener.click();
    const box = page.locator('.tourmaster-lightbox-wrapper');
    await box.waitFor({ state: 'visible' });
    const form = box.locator('form.tourmaster-register-form');
    await page.waitForSelector('.tourmaster-lightbox-wrapper form.tourmaster-register-form[data-island-ready]', {
      state: 'attached',
    });
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r.url());
    });
    await form.locator('select[data-type="date"]').selectOption('1');
    await form.locator('select[data-type="month"]').selectOption('12');
    await form.locator('select[data-type="year"]').selectOption('2000');
    expect(await form.locator('input[name="birth_date"]').inputValue()).toBe('2000-12-1');
    await form.locator('input[type="submit"]').click();
    const notice = form.locator('.tourmaster-register-term .tourmaster-notification-box');
    await notice.waitFor({ state: 'visible' });
    expect(posts).toEqual([]);
    // The hidden template the copy came from is untouched.
    expect(await page.locator('[data-tmlb-id="signup"] input[name="birth_date"]').first().inputValue()).toBe('');
    await page.waitForTimeout(350);
    await page.screenshot({ path: screenshotPath(`account-signup-lightbox-${label}`), fullPage: false });
    await page.keyboard.press('Escape');
    await box.waitFor({ state: 'detached' });
    await context.close();
  });

  it('edit profile: the date selects write the hidden birth date; a picture is previewed, a non-image refused', async () => {
    const context = await newContext(site.browser, site.server, viewport);
    await logInCustomer1(context);
    const page = await open(context, '/my-account/?page_type=edit-profile');
    const form = page.locator('form.tourmaster-edit-profile-wrap');
    await islandReady(page, '.tourmaster-date-select');
    await islandReady(page, '.tourmaster-edit-profile-avatar');

    // The three selects: named, and the hidden input written only once all three are chosen.
    const group = form.locator('.tourmaster-date-select');
    expect(await group.getAttribute('role')).toBe('group');
    expect(await group.getAttribute('aria-label')).toBe('Birth Date');
    const day = form.locator('select[data-type="date"]');
    const month = form.locator('select[data-type="month"]');
    const year = form.locator('select[data-type="year"]');
    expect(await day.getAttribute('aria-label')).toBe('Birth Date, day');
    const hidden = form.locator('input[type="hidden"][name="birth_date"]');
    await day.selectOption('');
    expect(await hidden.inputValue()).toBe('');
    await day.selectOption('9');
    await month.selectOption('11');
    expect(await hidden.inputValue()).toBe('');
    await year.selectOption('1984');
    expect(await hidden.inputValue()).toBe('1984-11-9');
    await month.selectOption('');
    expect(await hidden.inputValue()).toBe('');
    // With the keyboard alone.
    await month.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await hidden.inputValue()).toBe('1984-2-9');

    // The picture: a PNG is shown in place of the avatar (object URL), a PDF refused with the server's sentence.
    const avatar = page.locator('.tourmaster-edit-profile-avatar');
    const img = avatar.locator('img').first();
    const file = avatar.locator('input[type="file"][name="profile-image"]');
    await page.evaluate(() => {
      const w = window as unknown as { __revoked: string[] };
      w.__revoked = [];
      const revoke = URL.revokeObjectURL.bind(URL);
      URL.revokeObjectURL = (url: string) => {
        w.__revoked.push(url);
        revoke(url);
      };
    });
    await file.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_RED });
    await page.waitForFunction(
      () =>
        document.querySelector<HTMLImageElement>('.tourmaster-edit-profile-avatar img')?.src.startsWith('blob:') &&
        document.querySelector<HTMLImageElement>('.tourmaster-edit-profile-avatar img')?.complete,
    );
    const first = await img.getAttribute('src');
    expect(await img.getAttribute('srcset')).toBeNull();
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(8);
    expect(await avatar.locator('[role="status"]').textContent()).toContain('me.png');
    await page.screenshot({ path: screenshotPath(`account-profile-${label}`), fullPage: false });
    expect(await axeIn(page, '.tourmaster-date-select, .tourmaster-edit-profile-avatar')).toEqual([]);

    await file.setInputFiles({ name: 'me-too.png', mimeType: 'image/png', buffer: PNG_RED });
    await page.waitForFunction((old) => {
      const src = document.querySelector<HTMLImageElement>('.tourmaster-edit-profile-avatar img')?.src;
      return src?.startsWith('blob:') && src !== old;
    }, first);
    expect(await page.evaluate(() => (window as unknown as { __revoked: string[] }).__revoked)).toEqual([first]);

    await file.setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    const message = avatar.locator('.tourmaster-profile-image-message');
    await message.waitFor({ state: 'visible' });
    expect(await message.textContent()).toBe('Please choose a JPG, PNG or GIF picture.');
    expect(await message.getAttribute('role')).toBe('alert');
    expect(await file.evaluate((el: HTMLInputElement) => el.files?.length ?? 0)).toBe(0);
    expect(await file.getAttribute('aria-invalid')).toBe('true');
    expect(await img.getAttribute('src')).not.toMatch(/^blob:/);
    expect((await page.evaluate(() => (window as unknown as { __revoked: string[] }).__revoked)).length).toBe(2);
    await page.screenshot({ path: screenshotPath(`account-profile-refused-${label}`), fullPage: false });
    await context.close();
  });

  it("booking page: a payment's details open and close with the pointer and the keyboard", async () => {
    const context = await newContext(site.browser, site.server, viewport);
    await logInCustomer1(context);
    const page = await open(context, '/my-account/?page_type=my-booking&sub_page=single&id=1&tour_id=4');
    await islandReady(page, '.tourmaster-deposit-item');
    const item = page.locator('.tourmaster-deposit-item').first();
    const head = item.locator('.tourmaster-deposit-item-head');
    const content = item.locator('.tourmaster-deposit-item-content');
    expect(await head.getAttribute('role')).toBe('button');
    expect(await head.getAttribute('aria-controls')).toBe(await content.getAttribute('id'));
    // Printed open (tourmaster-active).
    expect(await head.getAttribute('aria-expanded')).toBe('true');
    expect(await content.isVisible()).toBe(true);
    expect(await content.textContent()).toContain('DEMO-PP-0001');

    await head.click();
    expect(await head.getAttribute('aria-expanded')).toBe('false');
    await content.waitFor({ state: 'hidden' });
    expect(await item.getAttribute('class')).not.toContain('tourmaster-active');
    await page.screenshot({ path: screenshotPath(`account-deposit-closed-${label}`), fullPage: false });
    expect(await axeIn(page, '.tourmaster-deposit-item')).toEqual([]);

    await head.focus();
    await page.keyboard.press('Enter');
    await content.waitFor({ state: 'visible' });
    expect(await head.getAttribute('aria-expanded')).toBe('true');
    await page.waitForTimeout(250);
    await page.screenshot({ path: screenshotPath(`account-deposit-open-${label}`), fullPage: false });
    await page.keyboard.press(' ');
    await content.waitFor({ state: 'hidden' });
    expect(await head.getAttribute('aria-expanded')).toBe('false');
    expect(
      (await animations(page)).filter((a) => a.target.includes('tourmaster-deposit-item-content')).length,
    ).toBeGreaterThanOrEqual(3);
    await context.close();
  });

  it('invoice: Print prints the invoice alone', async () => {
    const context = await newContext(site.browser, site.server, viewport);
    await logInCustomer1(context);
    const page = await open(context, '/my-account/?page_type=invoices&sub_page=single&id=1');
    await islandReady(page, '.tourmaster-print');
    await page.evaluate(() => {
      const w = window as unknown as { __printed: number };
      w.__printed = 0;
      window.print = () => {
        w.__printed++;
      };
    });
    const button = page.locator('.tourmaster-print');
    expect(await button.getAttribute('role')).toBe('button');
    expect(await axeIn(page, '.tourmaster-invoice-button')).toEqual([]);
    await button.click();
    await button.focus();
    await page.keyboard.press(' ');
    expect(await page.evaluate(() => (window as unknown as { __printed: number }).__printed)).toBe(2);
    expect(page.url()).not.toContain('#');

    await page.emulateMedia({ media: 'print' });
    for (const hidden of [
      '.traveltour-top-bar',
      '.tourmaster-user-navigation',
      '.tourmaster-user-breadcrumbs',
      '.tourmaster-invoice-button',
      'footer',
    ]) {
      expect(await isVisible(page, hidden), hidden).toBe(false);
    }
    expect(await isVisible(page, '#tourmaster-invoice-wrap')).toBe(true);
    expect(await isVisible(page, '.tourmaster-invoice-total-price')).toBe(true);
    await page.screenshot({ path: screenshotPath(`account-invoice-print-${label}`), fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    expect(await isVisible(page, '.tourmaster-invoice-button')).toBe(true);
    await context.close();
  });

  it('top bar: the account menu opens on hover and from the keyboard, and closes on Escape, Tab away and outside clicks', async () => {
    const context = await newContext(site.browser, site.server, viewport);
    await logInCustomer1(context);
    const page = await open(context, '/my-account/?page_type=dashboard');
    await islandReady(page, '.tourmaster-user-top-bar.tourmaster-user');
    const bar = page.locator('.tourmaster-user-top-bar.tourmaster-user');
    const toggle = bar.locator('.tourmaster-user-top-bar-name');
    const nav = bar.locator('.tourmaster-user-top-bar-nav');
    const first = nav.locator('a').first();
    expect(await toggle.getAttribute('role')).toBe('button');
    expect(await toggle.getAttribute('aria-controls')).toBe(await nav.getAttribute('id'));
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);

    // Hover: in with a fade, out when the pointer leaves.
    await toggle.hover();
    await nav.waitFor({ state: 'visible' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(
      (await animations(page)).some(
        (a) => a.target.includes('tourmaster-user-top-bar-nav-inner') && a.properties.includes('opacity'),
      ),
    ).toBe(true);
    await page.waitForTimeout(250);
    await page.screenshot({ path: screenshotPath(`account-top-bar-hover-${label}`), fullPage: false });
    await page.mouse.move(5, height - 5);
    await nav.waitFor({ state: 'hidden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    // Keyboard: Enter opens with focus on the first link, arrows move, Escape closes back to the name.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await nav.waitFor({ state: 'visible' });
    expect(await first.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(
      await nav
        .locator('a')
        .nth(1)
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('End');
    expect(await nav.locator('a').last().textContent()).toBe('Sign Out');
    expect(
      await nav
        .locator('a')
        .last()
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await nav.waitFor({ state: 'hidden' });
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    // Space and Arrow Down open it too; Tab past the last link closes it.
    await page.keyboard.press(' ');
    await nav.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await nav.waitFor({ state: 'hidden' });
    await page.keyboard.press('ArrowDown');
    await nav.waitFor({ state: 'visible' });
    await page.waitForTimeout(250);
    await page.screenshot({ path: screenshotPath(`account-top-bar-keyboard-${label}`), fullPage: false });
    expect(await axeIn(page, '.tourmaster-user-top-bar')).toEqual([]);
    await nav.locator('a').last().focus();
    await page.keyboard.press('Tab');
    await nav.waitFor({ state: 'hidden' });

    // A click (a tap on a phone) toggles; a click elsewhere closes.
    if (width < 500) await toggle.tap();
    else await toggle.click();
    await nav.waitFor({ state: 'visible' });
    await page.mouse.click(5, height - 5);
    await nav.waitFor({ state: 'hidden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    // A link in the menu goes where it says.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await Promise.all([
      page.waitForURL(/page_type=edit-profile/),
      nav.locator('a', { hasText: 'Edit Profile' }).click(),
    ]);
    await context.close();
  });

  it('a form in a lightbox is not sent while a required field is empty, and says so', async () => {
    const context = await newContext(site.browser, site.server, viewport);
    await logInCustomer1(context);
    const page = await open(context, '/my-account/?page_type=my-booking&sub_page=single&id=1&tour_id=4');
    // The plugin's payment-receipt lightbox (engagement.md §5 item 5), with its required transaction id.
    const action = `${site.server.baseUrl}/__e2e/payment-receipt`;
    const posted: string[] = [];
    await page.route(action, async (route) => {
      posted.push(route.request().postData() ?? '');
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<p>received</p>' });
    });
    await page.evaluate((url) => {
      const sidebar = document.querySelector('.tourmaster-my-booking-single-sidebar') ?? document.body;
      const holder = document.createElement('div');
      holder.innerHTML = `<span class="tourmaster-my-booking-single-payment-receipt" data-tmlb="payment-receipt" >Submit Payment Receipt</span><div class="tourmaster-lightbox-content-wrap tourmaster-style-1" data-tmlb-id="payment-receipt" ><div class="tourmaster-lightbox-head" ><h3 class="tourmaster-lightbox-title" >Submit Payment Receipt</h3><i class="tourmaster-lightbox-close icon_close" ></i></div><div class="tourmaster-lightbox-content" ><form class="tourmaster-payment-receipt-form tourmaster-form-field tourmaster-with-border" method="post" action="${url}" ><div class="tourmaster-head" ><label for="e2e-transaction-id">Transaction ID *</label></div><div class="tourmaster-tail" ><input id="e2e-transaction-id" type="text" name="transaction-id" data-required /></div><div class="tourmaster-lb-submit-error" style="display: none;" >Please fill all required fields.</div><input type="hidden" name="action" value="payment-receipt" /><input type="submit" class="tourmaster-button" value="Submit" /></form></div></div>`;
      sidebar.append(holder);
      holder.dispatchEvent(new CustomEvent('island:content', { bubbles: true }));
    }, action);
    await islandReady(page, '[data-tmlb="payment-receipt"]');
    await page.locator('[data-tmlb="payment-receipt"]').click();
    const box = page.locator('.tourmaster-lightbox-wrapper');
    await box.waitFor({ state: 'visible' });
    const error = box.locator('.tourmaster-lb-submit-error');
    expect(await error.isVisible()).toBe(false);
    await box.locator('input[type="submit"]').click();
    await error.waitFor({ state: 'visible' });
    expect(await error.textContent()).toBe('Please fill all required fields.');
    expect(await box.locator('input[name="transaction-id"]').evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
    expect(posted).toEqual([]);
    await page.waitForTimeout(350);
    await page.screenshot({ path: screenshotPath(`account-lightbox-required-${label}`), fullPage: false });

    await box.locator('input[name="transaction-id"]').fill('TX-2027-0042');
    await Promise.all([page.waitForURL(action), box.locator('input[type="submit"]').click()]);
    expect(new URLSearchParams(posted[0]).get('transaction-id')).toBe('TX-2027-0042');
    await context.close();
  });

  it('the review form sends nothing untouched (no 5-star empty review), and publishes a written, rated one', async () => {
    // A departed Santorini trip of customer1 (user 2) to review, one per screen size.
    await site.tdb.wp.knex(site.tdb.wp.t.orders).insert({
      user_id: 2,
      booking_date: '2026-08-01 10:00:00',
      tour_id: 4,
      travel_date: width > 500 ? '2026-09-01' : '2026-09-02',
      package_group_slug: '',
      traveller_amount: 1,
      male_amount: 0,
      female_amount: 0,
      order_status: 'departed',
    });
    const context = await newContext(site.browser, site.server, viewport);
    await logInCustomer1(context);
    const page = await open(context, '/my-account/?page_type=reviews');
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r.url());
    });
    const opener = page.locator('[data-tmlb="submit-review"]').first();
    await islandReady(page, '[data-tmlb="submit-review"]');
    await opener.click();
    const box = page.locator('.tourmaster-lightbox-wrapper');
    await box.waitFor({ state: 'visible' });
    const rating = box.locator('.tourmaster-review-form-rating');
    await islandReady(page, '.tourmaster-lightbox-wrapper .tourmaster-review-form-rating');
    const stars = () =>
      rating.locator('i.tourmaster-rating-select').evaluateAll((icons) => icons.map((i) => i.className));
    // Untouched: no score, empty stars.
    expect(await box.locator('input[name="rating"]').inputValue()).toBe('');
    expect((await stars()).every((c) => c.includes('fa-star-o'))).toBe(true);
    await box.locator('input[type="submit"]').click();
    const error = box.locator('.tourmaster-lb-submit-error');
    await error.waitFor({ state: 'visible' });
    expect(await error.textContent()).toBe('Please fill all required fields.');
    expect(await box.locator('textarea[name="description"]').evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
    await page.waitForTimeout(350);
    await page.screenshot({ path: screenshotPath(`account-review-required-${label}`) });
    // A text alone is not enough: a score must be chosen too.
    await box.locator('textarea[name="description"]').fill('Calm sea, a kind crew and the best sunset of the trip.');
    await box.locator('input[type="submit"]').click();
    await error.waitFor({ state: 'visible' });
    expect(posts).toEqual([]);

    await rating.locator('[data-rating-score="7"]').click();
    await Promise.all([page.waitForNavigation(), box.locator('input[type="submit"]').click()]);
    expect(posts).toHaveLength(1);
    const review = await site.tdb.wp
      .knex(site.tdb.wp.t.reviews)
      .first('review_score', 'review_description')
      .where('review_description', 'like', 'Calm sea%')
      .orderBy('review_id', 'desc');
    expect(review).toMatchObject({ review_score: 7 });
    await context.close();
  });

  it('unit amounts stay within the service’s maximum', async () => {
    const service = await unitService(`Photo Package ${label}`, '4');
    const context = await newContext(site.browser, site.server, viewport);
    await setBookingCookie(context, site.server.baseUrl, WEBER_BOOKING_AT_STEP_3);
    try {
      const page = await open(context, '/payment/');
      await islandReady(page, '#tourmaster-payment-template-wrapper');
      const item = page.locator('.tourmaster-payment-service-form-item', {
        has: page.locator(`input[name="service[]"][value="${service.id}"]`),
      });
      const amount = item.getByRole('textbox', { name: `Photo Package ${label}: amount` });
      expect(await amount.getAttribute('aria-label')).toBe(`Photo Package ${label}: amount`);
      expect(await amount.getAttribute('title')).toBe('At most 4');
      expect(await amount.getAttribute('inputmode')).toBe('numeric');
      await item.locator('input[name="service[]"]').check();

      // Typing over the maximum: the maximum, and the summary is priced with it.
      const refresh = waitForAjax(page, 'tourmaster_payment_template');
      await amount.fill('');
      await amount.pressSequentially('9');
      expect(await amount.inputValue()).toBe('4');
      const sent = new URLSearchParams((await refresh).request().postData() ?? '');
      expect(sent.getAll('booking_detail[service-amount][]')).toContain('4');
      await page.screenshot({ path: screenshotPath(`account-max-unit-${label}`), fullPage: false });

      // Leaving the field with nothing usable: 1.
      await amount.fill('0');
      await amount.press('Tab');
      expect(await amount.inputValue()).toBe('1');
      await amount.fill('3');
      await amount.press('Tab');
      expect(await amount.inputValue()).toBe('3');
    } finally {
      await context.close();
      await service.remove();
    }
  });
});

describe('on the pages WordPress rendered', () => {
  it('the account islands mount on the captured markup and work there', async () => {
    const context = await newContext(site.browser, site.server);
    const profile = await openLegacyPage(context, site.server, 'user-edit-profile-customer1');
    await islandReady(profile, '.tourmaster-date-select');
    await islandReady(profile, '.tourmaster-edit-profile-avatar');
    await islandReady(profile, '.tourmaster-user-top-bar.tourmaster-user');
    await profile.locator('select[data-type="date"]').selectOption('30');
    await profile.locator('select[data-type="month"]').selectOption('6');
    await profile.locator('select[data-type="year"]').selectOption('1979');
    expect(await profile.locator('input[name="birth_date"]').inputValue()).toBe('1979-6-30');
    await profile
      .locator('input[name="profile-image"]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_RED });
    await profile.waitForFunction(() =>
      document.querySelector<HTMLImageElement>('.tourmaster-edit-profile-avatar img')?.src.startsWith('blob:'),
    );
    // The captured page prints the bar three times (top bar, mobile header, sticky header): the shown one.
    const bar = profile.locator('.tourmaster-user-top-bar.tourmaster-user').filter({ visible: true }).first();
    await bar.locator('.tourmaster-user-top-bar-name').focus();
    await profile.keyboard.press('Enter');
    await bar.locator('.tourmaster-user-top-bar-nav').waitFor({ state: 'visible' });
    await profile.keyboard.press('Escape');
    await bar.locator('.tourmaster-user-top-bar-nav').waitFor({ state: 'hidden' });

    const booking = await openLegacyPage(context, site.server, 'user-my-booking-single-customer1');
    await islandReady(booking, '.tourmaster-deposit-item');
    const head = booking.locator('.tourmaster-deposit-item-head');
    await head.click();
    await booking.locator('.tourmaster-deposit-item-content').waitFor({ state: 'hidden' });
    expect(await head.getAttribute('aria-expanded')).toBe('false');

    const invoice = await openLegacyPage(context, site.server, 'user-invoices-single-customer1');
    await islandReady(invoice, '.tourmaster-print');
    await invoice.evaluate(() => {
      window.print = () => document.documentElement.setAttribute('data-e2e-printed', '');
    });
    await invoice.locator('.tourmaster-print').click();
    expect(await invoice.locator('html[data-e2e-printed]').count()).toBe(1);
    await invoice.emulateMedia({ media: 'print' });
    expect(await invoice.locator('.tourmaster-user-navigation').isVisible()).toBe(false);
    expect(await invoice.locator('#tourmaster-invoice-wrap').isVisible()).toBe(true);

    const register = await openLegacyPage(context, site.server, 'register');
    await islandReady(register, '.tourmaster-template-wrapper form.tourmaster-register-form');
    const form = register.locator('.tourmaster-template-wrapper form.tourmaster-register-form').first();
    await form.locator('input[type="submit"]').click();
    await form.locator('.tourmaster-register-term .tourmaster-notification-box').waitFor({ state: 'visible' });
    expect(register.url()).toContain('/__legacy/register/');
    await context.close();
  });
});

/** An 8×8 red PNG. */
const PNG_RED = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGM4IaeBFTEMLQkAiE5DgcTIHLQAAAAASUVORK5CYII=',
  'base64',
);

/** A `tour_service` sold per unit with a maximum, offered on the Santorini tour (id 4). */
async function unitService(title: string, maxUnit: string): Promise<{ id: string; remove(): Promise<void> }> {
  const id = await insertTourService(site.tdb.wp, title, { price: '10', per: 'unit', 'max-unit': maxUnit });
  return { id, remove: await offerServices(site.tdb.wp, 4, [id]) };
}
