import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { getOption, updateOption } from '../../server/data/options';
import type { PhpValue } from '../../server/php/values';
import { screenshotPath } from '../../server/testing/browser';
import { browserSiteForFile } from '../../server/testing/browser-site';
import { withStoredConsent } from './consent-cookie';

/**
 * The tour page's price box in Chromium (issue 18): on the fixture site (tax 9 %, deposits of
 * 30 %), choosing travellers prices the booking, the box under the price says "incl. 9% tax", and
 * its breakdown opens from the keyboard and fits a phone and a desktop.
 */
const site = browserSiteForFile();
const TOUR = '/tour/santorini-caldera-sunset-cruise/';

async function open(width: number): Promise<Page> {
  const page = await site.browser.newPage({ viewport: { width, height: width < 600 ? 844 : 900 } });
  await withStoredConsent(page, site.server.baseUrl);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${site.server.baseUrl}${TOUR}`);
  await page.waitForSelector('form#tourmaster-single-tour-booking-fields[data-island-ready]', { state: 'attached' });
  expect(errors).toEqual([]);
  return page;
}

const box = (page: Page) => page.locator('#tourmaster-tour-booking-bar-wrap .dropin-price-box');

/** axe-core's serious and critical findings in the open box (as accessibility.e2e.test.ts runs it). */
async function axeOnBox(page: Page): Promise<string[]> {
  await page.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
  return page.evaluate(async () => {
    type Found = { violations: { id: string; impact: string | null }[] };
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<Found> } }).axe;
    const found = await axe.run(
      { include: [['#tourmaster-tour-booking-bar-wrap .dropin-price-box']] },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } },
    );
    return found.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
  });
}

async function choosePeople(page: Page, count: string): Promise<void> {
  const priced = page.waitForResponse(
    (r) =>
      r.url().includes('/wp-admin/admin-ajax.php') &&
      /action=tourmaster_update_head_price/.test(r.request().postData() ?? ''),
  );
  await page.locator('form#tourmaster-single-tour-booking-fields select[name="tour-people"]').selectOption(count);
  await priced;
}

describe('the price box on a tour page', () => {
  for (const width of [1280, 390]) {
    it(`says "incl. 9% tax" and opens its breakdown at ${width} px`, async () => {
      const page = await open(width);
      expect(await box(page).count()).toBe(0);
      await choosePeople(page, '2');
      await box(page).getByText('incl. 9% tax').waitFor();
      expect(
        await page.locator('#tourmaster-tour-booking-bar-wrap .tourmaster-header-price .tourmaster-tail').textContent(),
      ).toBe('$261.60');

      const summary = box(page).locator('summary');
      expect(await summary.textContent()).toBe('Price breakdown');
      const details = box(page).locator('details');
      expect(await details.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
      // A disclosure named by its summary alone (the chevron is drawn, not read out), shut at first.
      expect(await details.ariaSnapshot()).toBe('- group: Price breakdown');
      await summary.focus();
      await page.keyboard.press('Enter');
      expect(await details.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
      const table = details.locator('table');
      await table.waitFor();
      expect(await table.getByRole('row').allTextContents()).toEqual([
        'Traveller Base Price 2 x $120$240.00',
        'Sub Total$240.00',
        'Tax (9%)$21.60',
        'Total$261.60',
        'Or pay a 30% deposit now$78.48',
      ]);
      // The open breakdown stays inside the booking card and the window: nothing scrolls sideways.
      const card = (await page.locator('#tourmaster-tour-booking-bar-wrap').boundingBox())!;
      const shown = (await table.boundingBox())!;
      expect(shown.x).toBeGreaterThanOrEqual(card.x);
      expect(shown.x + shown.width).toBeLessThanOrEqual(card.x + card.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      expect(await axeOnBox(page)).toEqual([]);
      await table.scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath(`price-box-${width}`) });

      // Another count: the box follows.
      await choosePeople(page, '3');
      await table.getByText('3 x $120').waitFor();
      await page.close();
    });
  }

  it('says nothing of tax where the site charges none', async () => {
    const general = (await getOption(site.tdb.wp, 'tourmaster_general')) as Record<string, PhpValue>;
    await updateOption(site.tdb.wp, 'tourmaster_general', { ...general, 'tax-rate': '' });
    try {
      const page = await open(1280);
      await choosePeople(page, '2');
      await box(page).locator('summary').waitFor();
      expect(
        await box(page)
          .getByText(/incl\./)
          .count(),
      ).toBe(0);
      await box(page).locator('summary').click();
      expect(await box(page).getByRole('row').allTextContents()).toContain('Total$240.00');
      await page.close();
    } finally {
      await updateOption(site.tdb.wp, 'tourmaster_general', general);
    }
  });
});
