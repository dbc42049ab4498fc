import { describe, expect, it } from 'vitest';
import { screenshotPath } from '../../server/testing/browser';
import { browserSiteForFile } from '../../server/testing/browser-site';
import { islandReady, newContext, openTourPage } from './payment-flow';

/**
 * The booking calendar on our Santorini page with the availability API, in Chromium against the
 * real server: the first date filled by orders in the database is shown sold out and cannot be
 * picked, the form starts on the next date instead, and that date says how few seats are left.
 */
const site = browserSiteForFile();

const FORM = 'form#tourmaster-single-tour-booking-fields';

async function insertOrder(travelDate: string, travellers: number): Promise<void> {
  await site.tdb.wp.knex(site.tdb.wp.t.orders).insert({
    user_id: 0,
    booking_date: '2026-11-20 10:00:00',
    tour_id: 4,
    travel_date: travelDate,
    package_group_slug: '',
    traveller_amount: travellers,
    male_amount: 0,
    female_amount: 0,
    order_status: 'approved',
    total_price: '100.0000',
  });
}

describe('the booking calendar with seats counted by the availability API', () => {
  it('disables and marks a sold-out date, starts on the next one and shows its seats left', async () => {
    // Santorini's first date (15 May 2027, 20 seats) is full; 3 seats are left on 22 May.
    await insertOrder('2027-05-15', 20);
    await insertOrder('2027-05-22', 17);
    const context = await newContext(site.browser, site.server);
    const { page, ours } = await openTourPage(context, site.server);
    expect(ours).toBe(true);
    await islandReady(page, FORM);
    const form = page.locator(FORM);

    // The sold-out first date gives way to the next bookable one, whose fields are loaded.
    await page.waitForFunction(
      (selector) =>
        document.querySelector<HTMLInputElement>(`${selector} input[name="tour-date"]`)?.value === '2027-05-22',
      FORM,
    );
    expect(await form.locator('input.tourmaster-datepicker').inputValue()).toBe('22 May 2027');
    await form.locator('select[name="tour-people"]').waitFor();

    await form.locator('input.tourmaster-datepicker').click();
    const calendar = page.locator('.flatpickr-calendar.open');
    await calendar.waitFor();
    const fullDay = calendar.locator(
      '.flatpickr-day:not(.prevMonthDay):not(.nextMonthDay)[aria-label="May 15, 2027, sold out"]',
    );
    expect(await fullDay.getAttribute('class')).toMatch(
      /flatpickr-disabled.*tourmaster-sold-out|tourmaster-sold-out.*flatpickr-disabled/,
    );
    expect(await fullDay.getAttribute('title')).toBe('Sold out');
    expect(await fullDay.locator('.tourmaster-day-mark').textContent()).toBe('Full');
    expect(await fullDay.locator('.tourmaster-day-mark').isVisible()).toBe(true);
    const few = calendar.locator(
      '.flatpickr-day:not(.prevMonthDay):not(.nextMonthDay)[aria-label="May 22, 2027, 3 left"]',
    );
    expect(await few.locator('.tourmaster-day-left').textContent()).toBe('3 left');
    expect(await few.locator('.tourmaster-day-left').isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('availability-calendar'), fullPage: false });

    // A click on the sold-out day changes nothing.
    await fullDay.click({ force: true });
    expect(await form.locator('input[name="tour-date"]').inputValue()).toBe('2027-05-22');
    await context.close();
  });
});
