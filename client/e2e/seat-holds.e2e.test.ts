import { setTimeout as sleep } from 'node:timers/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSeatHoldTimer } from '../../server/services/booking/seat-holds';
import { CAPTURE_NOW } from '../../server/testing/app';
import { screenshotPath } from '../../server/testing/browser';
import { browserSiteForFile } from '../../server/testing/browser-site';
import { islandReady, newContext, openTourPage, setBookingCookie, waitForAjax } from './payment-flow';

/**
 * Seat holds in the browser, with a 10-second hold (SEAT_HOLD_MINUTES≈0.17): a visitor who starts a
 * PayPal payment for the last seat of a date holds it (another visitor's calendar shows the date
 * sold out); unpaid at the end of the hold, the server's timer cancels the order and the seat is
 * free again (the calendar shows "1 left" and the booking bar takes it).
 * The server's clock runs from the capture day; PayPal is a stand-in page.
 */
const site = browserSiteForFile({ config: { seatHoldMs: 10_000 } });
const DATE = '2027-06-12'; // Santorini, 20 seats
let timer: { stop(): Promise<void> } | undefined;

beforeAll(async () => {
  const started = Date.now();
  site.server.deps.clock = () => new Date(CAPTURE_NOW.getTime() + (Date.now() - started));
  timer = startSeatHoldTimer(site.server.deps);
  // 19 of the 20 seats are sold: one is left.
  await site.tdb.wp.knex(site.tdb.wp.t.orders).insert({
    user_id: 0,
    booking_date: '2026-11-20 10:00:00',
    tour_id: 4,
    travel_date: DATE,
    package_group_slug: '',
    traveller_amount: 19,
    male_amount: 0,
    female_amount: 0,
    order_status: 'approved',
    total_price: '2485.2000',
  });
});

afterAll(async () => {
  await timer?.stop();
});

/** How the tour page's calendar shows 12 June 2027 to another visitor ("June 12, 2027, sold out"). */
async function juneTwelve(context: BrowserContext, state: string): Promise<Page> {
  const { page } = await openTourPage(context, site.server);
  await islandReady(page, 'form#tourmaster-single-tour-booking-fields');
  await page.locator('form#tourmaster-single-tour-booking-fields input.tourmaster-datepicker').click();
  const calendar = page.locator('.flatpickr-calendar.open');
  await calendar.waitFor();
  await calendar.locator('select.flatpickr-monthDropdown-months').selectOption('5');
  await calendar.locator(`.flatpickr-day[aria-label="June 12, 2027, ${state}"]`).waitFor();
  await page.screenshot({ path: screenshotPath(`seat-holds-${state.replace(' ', '-')}`) });
  return page;
}

describe('seat holds', () => {
  it('holds the seat of a PayPal payment started, and frees it when the hold ends unpaid', async () => {
    const payer = await newContext(site.browser, site.server);
    await payer.route('https://www.sandbox.paypal.com/cgi-bin/webscr', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>PayPal</title><h1>PayPal (stand-in)</h1>' }),
    );
    await setBookingCookie(payer, site.server.baseUrl, {
      'tour-id': '4',
      'tour-date': DATE,
      'tour-people': '1',
      traveller_title: ['ms'],
      traveller_first_name: ['Lena'],
      traveller_last_name: ['Hold'],
      first_name: 'Lena',
      last_name: 'Hold',
      email: 'lena.hold@example.test',
      phone: '+49 30 1234 5678',
      country: 'Germany',
      contact_address: 'Unter den Linden 1, Berlin',
      step: '3',
    });
    const payment = await payer.newPage();
    await payment.goto(`${site.server.baseUrl}/payment/`);
    await islandReady(payment, '#tourmaster-payment-template-wrapper');
    await payment.locator('input[name="term-and-service"]').check();
    await Promise.all([
      payment.waitForURL('https://www.sandbox.paypal.com/cgi-bin/webscr'),
      payment.getByRole('button', { name: 'Pay with PayPal' }).click(),
    ]);
    const order = await site.tdb.wp
      .knex(site.tdb.wp.t.orders)
      .first('id', 'order_status')
      .where('contact_info', 'like', '%lena.hold@example.test%');
    expect(order).toMatchObject({ order_status: 'pending' });

    // Another visitor, while the payment is under way: the last seat is held.
    const other = await newContext(site.browser, site.server);
    await (await juneTwelve(other, 'sold out')).close();

    // Unpaid: the server's timer cancels the order once its hold ends, and the seat is free again.
    for (let waited = 0; ; waited += 250) {
      const now = await site.tdb.wp.knex(site.tdb.wp.t.orders).first('order_status').where('id', order.id);
      if (now.order_status === 'cancel') break;
      if (waited > 30_000) throw new Error('the hold was not released within 30 s');
      await sleep(250);
    }
    const page = await juneTwelve(other, '1 left');
    const form = page.locator('form#tourmaster-single-tour-booking-fields');
    const step = waitForAjax(page, 'tourmaster_tour_booking');
    await page.locator('.flatpickr-calendar.open .flatpickr-day[aria-label="June 12, 2027, 1 left"]').click();
    await step;
    await form.locator('select[name="tour-people"]').selectOption('1');
    const check = waitForAjax(page, 'tourmaster_tour_booking_amount_check');
    await form.locator('input[type="submit"]').click();
    expect(await (await check).json()).toEqual({ status: 'success' });
    await payer.close();
    await other.close();
  });
});
