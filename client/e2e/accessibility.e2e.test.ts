import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/core/config';
import { screenshotPath } from '../../server/testing/browser';
import { browserSiteForFile } from '../../server/testing/browser-site';
import { islandReady, newContext, openTourPage, setBookingCookie, stepBar, waitForAjax } from './payment-flow';

/**
 * axe-core on the tour page and on the payment page at steps 2 and 3 (no `serious` or `critical`
 * violation), and the payment page driven with the keyboard alone, from the contact step to
 * "Booking Completed!".
 */
const site = browserSiteForFile();

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

afterAll(() => {
  const dir = path.join(PROJECT_ROOT, 'test-results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'axe-report.json'), `${JSON.stringify(report, null, 1)}\n`);
});

/**
 * Whole-document findings, by page: none may be serious or critical. They are also written to
 * test-results/axe-report.json, so a failure can be read in full.
 */
const report: Record<string, string[]> = {};

function wholePage(name: string, violations: Violation[]): void {
  report[name] = describeViolations(violations);
  expect(report[name]).toEqual([]);
}

/** The violations whose nodes are inside the payment page's own markup. */
function inPaymentMarkup(violations: Violation[]): Violation[] {
  return violations.map((v) => ({ ...v, nodes: v.nodes.filter((n) => n.inPayment) })).filter((v) => v.nodes.length > 0);
}

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string; inPayment?: boolean }[];
}

/** Runs axe on the page (or part of it): the serious and critical violations, for a readable failure. */
async function axe(page: Page, include?: string): Promise<Violation[]> {
  // Evaluated by the browser's devtools protocol: a <script> tag would be refused by the page's CSP.
  await page.evaluate(readFileSync(AXE_PATH, 'utf8'));
  const result = (await page.evaluate(async (selector) => {
    type Run = (ctx: unknown, opts: unknown) => Promise<{ violations: Violation[] }>;
    const run = (window as unknown as { axe: { run: Run } }).axe.run;
    const found = await run(selector ? { include: [[selector]] } : document, {
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    const mine = document.getElementById('tourmaster-page-wrapper');
    for (const v of found.violations) {
      for (const n of v.nodes) {
        const el = document.querySelector(n.target.join(' '));
        n.inPayment = mine !== null && el !== null && mine.contains(el);
      }
    }
    return found;
  }, include ?? null)) as { violations: Violation[] };
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

function describeViolations(violations: Violation[]): string[] {
  return violations.map(
    (v) =>
      `${v.impact} ${v.id} (${v.help}): ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join(', ')}`,
  );
}

const SANTORINI = {
  'tour-id': '4',
  'tour-date': '2027-05-22',
  'tour-people': '2',
};

const CONTACT = {
  traveller_title: ['mr', 'mrs'],
  traveller_first_name: ['Peter', 'Jana'],
  traveller_last_name: ['Novak', 'Novakova'],
  first_name: 'Peter',
  last_name: 'Novak',
  email: 'peter.novak@example.test',
  phone: '+420 777 000 111',
  country: 'Czech Republic',
  contact_address: 'Vaclavske nam. 1, Praha',
  additional_notes: '',
};

/** The payment page with this booking in the cookie, as the tour page leaves it. */
async function openPayment(context: BrowserContext, detail: Record<string, unknown>): Promise<Page> {
  await setBookingCookie(context, site.server.baseUrl, detail);
  const page = await context.newPage();
  await page.goto(`${site.server.baseUrl}/payment/`);
  await islandReady(page, '#tourmaster-payment-template-wrapper');
  return page;
}

/** Presses Tab until the focused element matches `selector` (at most `max` times); fails if it never does. */
async function tabTo(page: Page, selector: string, max = 120): Promise<void> {
  const scoped = `#tourmaster-payment-template-wrapper ${selector}`;
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, scoped)) return;
  }
  throw new Error(`Tab never reached ${scoped}`);
}

describe('axe-core', () => {
  it('the tour page has none, as loaded and with every island mounted', async () => {
    const context = await newContext(site.browser, site.server);
    const { page, ours } = await openTourPage(context, site.server);
    await islandReady(page, 'form#tourmaster-single-tour-booking-fields');
    const name = ours ? 'tour page' : 'captured tour page';
    wholePage(name, await axe(page));
    // The islands that wait to be scrolled into view (the reviews, the star input).
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    if (await page.$('.tourmaster-single-review')) await islandReady(page, '.tourmaster-single-review');
    wholePage(`${name}, scrolled to the end`, await axe(page));
    await context.close();
  });

  it('the payment page at step 2 (contact details) has none', async () => {
    const context = await newContext(site.browser, site.server);
    const page = await openPayment(context, SANTORINI);
    expect(describeViolations(await axe(page, '#tourmaster-page-wrapper'))).toEqual([]);
    // With the check's errors shown too.
    await page.locator('#tourmaster-tour-payment-content .tourmaster-tour-booking-continue').click();
    await page.locator('.tourmaster-tour-booking-required-error.tourmaster-active').waitFor();
    expect(describeViolations(await axe(page, '#tourmaster-page-wrapper'))).toEqual([]);
    const all = await axe(page);
    expect(describeViolations(inPaymentMarkup(all))).toEqual([]);
    wholePage('payment page, step 2 (whole document)', all);
    await context.close();
  });

  it('the payment page at step 3 (review and payment) has none', async () => {
    const context = await newContext(site.browser, site.server);
    const page = await openPayment(context, { ...SANTORINI, ...CONTACT, step: '3' });
    await page.locator('.tourmaster-payment-method-wrap').waitFor();
    expect(describeViolations(await axe(page, '#tourmaster-page-wrapper'))).toEqual([]);
    const all = await axe(page);
    expect(describeViolations(inPaymentMarkup(all))).toEqual([]);
    wholePage('payment page, step 3 (whole document)', all);
    await context.close();
  });
});

describe('the keyboard alone', () => {
  it('books from the contact step to "Booking Completed!"', async () => {
    const context = await newContext(site.browser, site.server);
    const page = await openPayment(context, { 'tour-id': '4', 'tour-date': '2027-05-29', 'tour-people': '1' });
    const type = async (selector: string, text: string) => {
      await tabTo(page, selector);
      await page.keyboard.type(text);
    };
    await type('input[name="traveller_first_name[]"]', 'Ines');
    await type('input[name="traveller_last_name[]"]', 'Moreau');
    await type('input[name="first_name"]', 'Ines');
    await type('input[name="last_name"]', 'Moreau');
    await type('input[name="email"]', 'ines.moreau@example.test');
    await type('input[name="phone"]', '+33 6 12 34 56 78');
    await tabTo(page, 'select[name="country"]');
    await page.keyboard.type('France');
    await tabTo(page, '#tourmaster-payment-billing-copy');
    await page.keyboard.press('Space');
    const form = page.locator('#tourmaster-payment-template-wrapper');
    expect(await form.locator('input[name="billing_email"]').inputValue()).toBe('ines.moreau@example.test');
    expect(await form.locator('select[name="billing_country"]').inputValue()).toBe('France');

    // "Next Step" (an anchor without href in the plugin's markup) is reached and pressed with Enter.
    await tabTo(page, '#tourmaster-tour-payment-content .tourmaster-tour-booking-continue');
    const focusRing = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
    expect(focusRing).not.toBe('none');
    let reply = waitForAjax(page, 'tourmaster_payment_template');
    await page.keyboard.press('Enter');
    await reply;
    await page.locator('.tourmaster-payment-method-wrap').waitFor();
    // Focus moved to the new step, and the step bar says where we are.
    expect(
      await page.evaluate(() => document.activeElement?.closest('#tourmaster-tour-payment-content') !== null),
    ).toBe(true);
    expect((await stepBar(page)).find((s) => s.current)?.title).toBe('Payment');
    expect(await page.locator('.tourmaster-payment-status').textContent()).toBe('Step 3 of 4: Payment');

    // Back to step 2 through the step bar, and forward again.
    await page.keyboard.press('Shift+Tab');
    for (let i = 0; i < 40; i++) {
      const text = await page.evaluate(() => document.activeElement?.textContent ?? '');
      if (text.includes('Contact Details')) break;
      await page.keyboard.press('Shift+Tab');
    }
    reply = waitForAjax(page, 'tourmaster_payment_template');
    await page.keyboard.press('Enter');
    await reply;
    await page.locator('.tourmaster-payment-contact-wrap').waitFor();
    expect(await form.locator('input[name="email"]').inputValue()).toBe('ines.moreau@example.test');
    await tabTo(page, '#tourmaster-tour-payment-content .tourmaster-tour-booking-continue');
    reply = waitForAjax(page, 'tourmaster_payment_template');
    await page.keyboard.press('Enter');
    await reply;
    await page.locator('.tourmaster-payment-method-wrap').waitFor();

    // The terms box with Space, then "book and pay later" with Enter.
    await tabTo(page, 'input[name="term-and-service"]');
    await page.keyboard.press('Space');
    await tabTo(page, '.tourmaster-payment-method-booking-button');
    reply = waitForAjax(page, 'tourmaster_payment_template');
    await page.keyboard.press('Enter');
    await reply;
    await page.locator('.tourmaster-payment-complete-wrap').waitFor();
    expect(await page.evaluate(() => document.activeElement?.className)).toContain('tourmaster-payment-complete-head');
    await page.screenshot({ path: screenshotPath('accessibility-keyboard-complete') });
    const order = await site.tdb.wp
      .knex(site.tdb.wp.t.orders)
      .first('travel_date', 'order_status')
      .where('contact_info', 'like', '%ines.moreau@example.test%');
    expect(order).toEqual({ travel_date: '2027-05-29', order_status: 'pending' });
    await context.close();
  });
});
