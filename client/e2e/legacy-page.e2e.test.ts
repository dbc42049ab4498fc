import { describe, expect, it } from 'vitest';
import { screenshotPath } from '../../server/testing/browser';
import { browserSiteForFile } from '../../server/testing/browser-site';
import {
  bookingCookie,
  fillContactStep,
  islandReady,
  newContext,
  openLegacyPage,
  pickDate,
  recordAjax,
  stepBar,
  waitForAjax,
} from './payment-flow';

/**
 * The legacy-page variant: pages WordPress rendered (legacy-fixtures/pages), with the plugin's
 * scripts swapped for our bundle as scripts/wp-mu-plugin/tourmaster-dropin.php does on a live site,
 * book through our server: the tour page up to our payment page, and WordPress's own payment pages
 * (step 2 and step 3) through to the written order.
 */
const site = browserSiteForFile();

describe('WordPress pages with the bundle instead of the plugin scripts', () => {
  it('the captured tour page books through our server up to the payment page', async () => {
    const context = await newContext(site.browser, site.server);
    const scripts: string[] = [];
    context.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    const page = await openLegacyPage(context, site.server, 'tour-santorini-fixed');
    await islandReady(page, 'form#tourmaster-single-tour-booking-fields');
    const form = page.locator('form#tourmaster-single-tour-booking-fields');
    const step = waitForAjax(page, 'tourmaster_tour_booking');
    await pickDate(page, 'May 29, 2027');
    await step;
    await form.locator('select[name="tour-people"]').selectOption('3');
    const check = waitForAjax(page, 'tourmaster_tour_booking_amount_check');
    await form.locator('input[type="submit"]').click();
    await check;
    const dialog = page.locator('.tourmaster-lightbox-wrapper[role="dialog"]');
    await dialog.waitFor();
    await Promise.all([
      page.waitForURL(`${site.server.baseUrl}/payment/`),
      dialog.locator('a.tourmaster-continue-button').click(),
    ]);

    // Our payment page, with the booking the WordPress page left in the cookie.
    await islandReady(page, '#tourmaster-payment-template-wrapper');
    const sidebar = page.locator('#tourmaster-tour-booking-bar-inner');
    expect(await sidebar.locator('.tourmaster-summary-travel-date .tourmaster-tail').textContent()).toContain(
      'May 29, 2027',
    );
    expect(
      await sidebar.locator('.tourmaster-tour-booking-bar-summary-people-amount .tourmaster-tail').textContent(),
    ).toBe('3');
    expect(await page.locator('input[name="traveller_first_name[]"]').count()).toBe(3);
    expect((await stepBar(page)).find((s) => s.current)?.title).toBe('Contact Details');
    // Only our bundle ran: none of the plugin's or theme's scripts were asked for.
    expect(scripts.filter((s) => s.includes('/wp-content/') || s.includes('/wp-includes/'))).toEqual([]);
    expect(scripts.some((s) => s.startsWith('/dropin-assets/'))).toBe(true);
    await page.screenshot({ path: screenshotPath('legacy-page-tour-to-payment') });
    await context.close();
  });

  it("WordPress's own payment page (step 2) moves to step 3 through our server", async () => {
    const context = await newContext(site.browser, site.server);
    const page = await openLegacyPage(context, site.server, 'payment-step1-traveller-details');
    await islandReady(page, '#tourmaster-payment-template-wrapper');
    const actions = recordAjax(page);
    expect((await stepBar(page)).map((s) => s.state)).toEqual(['tourmaster-checked', 'tourmaster-current', '', '']);
    await fillContactStep(
      page,
      [
        { first: 'Helga', last: 'Larsen' },
        { first: 'Sven', last: 'Larsen' },
        { first: 'Ida', last: 'Larsen' },
      ],
      {
        firstName: 'Helga',
        lastName: 'Larsen',
        email: 'helga.larsen@example.test',
        phone: 'call me',
        country: 'Denmark',
        address: 'Nyhavn 17, Copenhagen',
      },
    );
    const content = page.locator('#tourmaster-tour-payment-content');
    await content.locator('#tourmaster-payment-billing-copy').check();
    await content.locator('.tourmaster-tour-booking-continue').click();
    const box = content.locator('.tourmaster-tour-booking-required-error');
    await box.waitFor({ state: 'visible' });
    expect(await box.textContent()).toBe('Invalid phone number, please try again.');
    expect(actions).toEqual([]);

    await content.locator('input[name="phone"]').fill('+45 20 30 40 50');
    const reply = waitForAjax(page, 'tourmaster_payment_template');
    await content.locator('.tourmaster-tour-booking-continue').click();
    const sent = new URLSearchParams((await reply).request().postData() ?? '');
    expect(sent.get('booking_detail[tour-id]')).toBe('4');
    expect(sent.get('booking_detail[billing_phone]')).toBe('+45 20 30 40 50');
    await content.locator('.tourmaster-payment-method-wrap').waitFor();
    expect((await stepBar(page)).find((s) => s.current)?.title).toBe('Payment');
    expect(await bookingCookie(context)).toMatchObject({ 'tour-id': '4', step: '3', first_name: 'Helga' });
    await page.screenshot({ path: screenshotPath('legacy-page-wordpress-payment-step3') });
    await context.close();
  });

  it("WordPress's own payment page (step 3) applies a coupon and books through our server", async () => {
    const context = await newContext(site.browser, site.server);
    const page = await openLegacyPage(context, site.server, 'payment-step3-review-payment');
    await islandReady(page, '#tourmaster-payment-template-wrapper');
    const sidebar = page.locator('#tourmaster-tour-booking-bar-inner');
    const content = page.locator('#tourmaster-tour-payment-content');
    const total = sidebar.locator('.tourmaster-tour-booking-bar-total-price');
    expect(await total.textContent()).toBe('$353.16');

    // Back to step 2 and forward keeps the coupon in the detail.
    let reply = waitForAjax(page, 'tourmaster_payment_template');
    await page.locator('.tourmaster-payment-step-list button', { hasText: 'Contact Details' }).click();
    await reply;
    await content.locator('.tourmaster-payment-contact-wrap').waitFor();
    expect(await sidebar.locator('input[name="coupon-code"]').inputValue()).toBe('SUMMER10');

    // The coupon box: the server's message, then the sidebar priced with it.
    await sidebar.locator('input[name="coupon-code"]').fill('NOPE');
    const coupon = waitForAjax(page, 'tourmaster_validate_coupon_code');
    await sidebar.locator('.tourmaster-tour-booking-bar-coupon-validate').click();
    await coupon;
    const message = sidebar.locator('.tourmaster-tour-booking-coupon-message');
    await message.waitFor({ state: 'visible' });
    expect(await message.getAttribute('class')).toContain('tourmaster-failed');
    await sidebar.locator('input[name="coupon-code"]').fill('SUMMER10');
    const valid = waitForAjax(page, 'tourmaster_validate_coupon_code');
    const refreshed = waitForAjax(page, 'tourmaster_payment_template');
    await sidebar.locator('.tourmaster-tour-booking-bar-coupon-validate').click();
    expect(((await (await valid).json()) as { status: string }).status).toBe('success');
    expect(new URLSearchParams((await refreshed).request().postData() ?? '').get('sub_action')).toBe('update_sidebar');
    await page.waitForFunction(() =>
      document.querySelector('.tourmaster-tour-booking-coupon-message')?.classList.contains('tourmaster-success'),
    );
    expect(await sidebar.locator('.tourmaster-tour-booking-bar-total-price').textContent()).toBe('$353.16');

    reply = waitForAjax(page, 'tourmaster_payment_template');
    await sidebar.locator('.tourmaster-tour-booking-continue').click();
    await reply;
    await content.locator('.tourmaster-payment-method-wrap').waitFor();

    // The deposit choice toggles the deposit line; then book and pay later.
    await sidebar.locator('input[name="payment-type"][value="partial"]').check();
    expect(await sidebar.locator('.tourmaster-tour-booking-bar-deposit-text').getAttribute('class')).toContain(
      'tourmaster-active',
    );
    await content.locator('input[name="term-and-service"]').check();
    reply = waitForAjax(page, 'tourmaster_payment_template');
    await content.locator('.tourmaster-payment-method-booking-button').click();
    const written = new URLSearchParams((await reply).request().postData() ?? '');
    expect(written.get('booking_detail[payment-type]')).toBe('partial');
    expect(written.get('booking_detail[coupon-code]')).toBe('SUMMER10');
    await content.locator('.tourmaster-payment-complete-wrap').waitFor();
    const order = await site.tdb.wp
      .knex(site.tdb.wp.t.orders)
      .first('travel_date', 'coupon_code', 'order_status', 'traveller_amount')
      .where('contact_info', 'like', '%helga.larsen@example.test%')
      .orderBy('id', 'desc');
    expect(order).toMatchObject({ travel_date: '2027-05-29', coupon_code: 'SUMMER10', order_status: 'pending' });
    await page.screenshot({ path: screenshotPath('legacy-page-wordpress-payment-complete') });
    await context.close();
  });
});
