import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { screenshotPath } from '../../server/testing/browser';
import { browserSiteForFile } from '../../server/testing/browser-site';
import { islandReady, newContext } from './payment-flow';

/**
 * The account pages' layout in Chromium at 1280 and 390 px (issue 17, item 3): a booking's price
 * breakdown reads as rows (each label with its amount on one line, the amount on the right), its
 * status column beside the details (above them on a phone), the receipt button opening its form,
 * and the separators of the breadcrumbs and the status filter spaced from their entries.
 */
// Receipts posted here are stored in a folder of this file's own, not the project's `.data`.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'account-e2e-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const site = browserSiteForFile({ config: { dataDir } });

const SIZES = [
  { label: 'desktop', width: 1280, height: 900 },
  { label: 'mobile', width: 390, height: 844 },
] as const;

async function logIn(context: BrowserContext, login: string, password: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${site.server.baseUrl}/login/`);
  const form = page.locator('form.tourmaster-login-form').last();
  await form.locator('input[name="log"]').fill(login);
  await form.locator('input[name="pwd"]').fill(password);
  await Promise.all([page.waitForNavigation(), form.locator('input[type="submit"]').click()]);
  await page.close();
}

async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${site.server.baseUrl}${path}`);
  return page;
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not rendered');
  return b;
}

/** A label and its amount on one line: their boxes share a line, the amount right of the label with a gap. */
async function expectRow(row: Locator): Promise<void> {
  const head = await box(row.locator(':scope > .tourmaster-head'));
  const tail = await box(row.locator(':scope > .tourmaster-tail'));
  const whole = await box(row);
  expect(Math.abs(head.y + head.height / 2 - (tail.y + tail.height / 2))).toBeLessThan(6);
  expect(tail.x).toBeGreaterThanOrEqual(head.x + head.width + 12);
  // The amount ends at the row's right edge.
  expect(Math.abs(tail.x + tail.width - (whole.x + whole.width))).toBeLessThan(2);
}

describe.each(SIZES)('account pages at $width px', ({ label, width, height }) => {
  const viewport = { width, height };

  it('a pending booking: breakdown rows, the status column, the receipt form in its lightbox', async () => {
    const context = await newContext(site.browser, site.server, viewport);
    await logIn(context, 'customer2', 'Cust2#Pass2026');
    const page = await open(context, '/my-account/?page_type=my-booking&sub_page=single&id=3&tour_id=5');
    const breakdown = page.locator('.tourmaster-my-booking-single-price-breakdown');
    const rows = breakdown.locator(
      '.tourmaster-price-breakdown-base-price, .tourmaster-price-breakdown-sub-total, .tourmaster-price-breakdown-tax-rate, .tourmaster-price-breakdown-tax-due',
    );
    // Adult, child, infant, sub total, tax rate, tax due.
    expect(await rows.count()).toBe(6);
    for (const row of await rows.all()) await expectRow(row);
    await expectRow(breakdown.locator('.tourmaster-my-booking-single-total-price .tourmaster-my-booking-single-field'));
    // "2 x $65" and "$130.00" apart, not run together.
    const detail = await box(breakdown.locator('.tourmaster-price-detail').first());
    const price = await box(breakdown.locator('.tourmaster-price').first());
    expect(price.x).toBeGreaterThanOrEqual(detail.x + detail.width + 12);

    const sidebar = await box(page.locator('.tourmaster-my-booking-single-sidebar'));
    const content = await box(page.locator('.tourmaster-my-booking-single-content'));
    if (width > 1000) expect(sidebar.x).toBeGreaterThanOrEqual(content.x + content.width);
    else expect(sidebar.y + sidebar.height).toBeLessThanOrEqual(content.y);
    // "Make an Online Payment" under the receipt button, neither run into the heading above them.
    const heading = await box(page.locator('.tourmaster-my-booking-single-sub-title'));
    const receipt = await box(page.locator('.tourmaster-my-booking-single-receipt-button'));
    const pay = await box(page.locator('.tourmaster-my-booking-single-payment-button'));
    expect(receipt.y).toBeGreaterThanOrEqual(heading.y + heading.height);
    expect(pay.y).toBeGreaterThanOrEqual(receipt.y + receipt.height);
    await page.screenshot({ path: screenshotPath(`account-booking-pending-${label}`), fullPage: true });

    await islandReady(page, '[data-tmlb="payment-receipt"]');
    await page.locator('[data-tmlb="payment-receipt"]').click();
    const lightbox = page.locator('.tourmaster-lightbox-wrapper');
    await lightbox.waitFor({ state: 'visible' });
    expect(await lightbox.locator('.tourmaster-lightbox-title').textContent()).toBe('Submit Bank Payment Receipt');
    expect(await lightbox.locator('input[name="transaction-id"]').isVisible()).toBe(true);
    expect(await lightbox.locator('input[type="file"][name="receipt"]').count()).toBe(1);
    await page.waitForTimeout(350);
    await page.screenshot({ path: screenshotPath(`account-receipt-form-${label}`), fullPage: false });
    await context.close();
  });

  it('the breadcrumbs and the status filter: separators spaced from their entries, none before the first', async () => {
    const context = await newContext(site.browser, site.server, viewport);
    await logIn(context, 'customer1', 'Cust1#Pass2026');
    const page = await open(context, '/my-account/?page_type=my-booking');
    const crumbs = page.locator('.tourmaster-user-breadcrumbs');
    const first = await box(crumbs.locator('.tourmaster-user-breadcrumbs-item').first());
    const sep = await box(crumbs.locator('.tourmaster-sep').first());
    const last = await box(crumbs.locator('.tourmaster-user-breadcrumbs-item').last());
    expect(sep.x).toBeGreaterThanOrEqual(first.x + first.width + 8);
    expect(last.x).toBeGreaterThanOrEqual(sep.x + sep.width + 8);

    const filter = page.locator('.tourmaster-my-booking-filter');
    const seps = filter.locator('.tourmaster-sep');
    expect(await seps.first().isVisible()).toBe(false);
    const links = await filter.locator('a').all();
    for (let i = 1; i < links.length; i++) {
      const before = await box(links[i - 1]!);
      const between = await box(seps.nth(i));
      const after = await box(links[i]!);
      // On one line the separator sits between the two with room on each side.
      if (Math.abs(before.y - after.y) < 4) {
        expect(between.x).toBeGreaterThanOrEqual(before.x + before.width + 8);
        expect(after.x).toBeGreaterThanOrEqual(between.x + between.width + 8);
      }
    }
    await page.screenshot({ path: screenshotPath(`account-my-booking-${label}`), fullPage: true });
    await context.close();
  });
});

describe('submitting a payment receipt', () => {
  /** A 1×1 PNG, as a phone's picture of a bank slip would be (only its bytes matter). */
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );

  it('the lightbox form posts the picture; the booking then reads "Receipt Submitted" and shows it', async () => {
    const context = await newContext(site.browser, site.server, { width: 1280, height: 900 });
    await logIn(context, 'customer3', 'Cust3#Pass2026');
    const page = await open(context, '/my-account/?page_type=my-booking&sub_page=single&id=10&tour_id=9');
    expect((await page.locator('.tourmaster-booking-status').textContent())?.trim()).toBe('Rejected');
    await islandReady(page, '[data-tmlb="payment-receipt"]');
    await page.locator('[data-tmlb="payment-receipt"]').click();
    const lightbox = page.locator('.tourmaster-lightbox-wrapper');
    await lightbox.waitFor({ state: 'visible' });
    await lightbox.locator('input[type="file"][name="receipt"]').setInputFiles({
      name: 'slip.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await lightbox.locator('input[name="transaction-id"]').fill('BANK-2026-0042');
    await Promise.all([page.waitForURL(/receipt-submitted=1/), lightbox.locator('input[type="submit"]').click()]);
    expect((await page.locator('.tourmaster-booking-status').textContent())?.trim()).toBe('Receipt Submitted');
    const notice = page.locator('.tourmaster-user-update-notification.tourmaster-success');
    expect(await notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toContain('Your payment receipt has been submitted.');
    const picture = page.locator('.tourmaster-my-booking-single-payment-receipt img');
    await picture.waitFor({ state: 'attached' });
    // The picture is the stored file, served back by the site.
    const src = (await picture.getAttribute('src')) ?? '';
    const served = await page.request.get(src);
    expect([served.status(), served.headers()['content-type']]).toEqual([200, 'image/png']);
    await page.waitForFunction(
      (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 1,
      await picture.elementHandle(),
    );
    expect(await page.locator('[data-tmlb="payment-receipt"]').count()).toBe(0);
    await page.screenshot({ path: screenshotPath('account-receipt-submitted-desktop'), fullPage: true });
    // A reload shows the page again without posting anything.
    await page.reload();
    expect((await page.locator('.tourmaster-booking-status').textContent())?.trim()).toBe('Receipt Submitted');
    await context.close();
  });
});
