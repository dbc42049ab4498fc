import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath } from '../../server/testing/browser';
import { browserSiteForFile } from '../../server/testing/browser-site';
import { insertTourService, offerServices } from '../../server/testing/tour-services';
import {
  BERG_BOOKING_AT_STEP_3,
  bookingCookie,
  type Contact,
  fillContactStep,
  headPrice,
  islandReady,
  newContext,
  openTourPage,
  pickDate,
  recordAjax,
  setBookingCookie,
  stepBar,
  type Traveller,
  WEBER_BOOKING_AT_STEP_3,
  waitForAjax,
  withPayPalJsSdk,
} from './payment-flow';

/**
 * A guest books the Santorini sunset cruise from the tour page to "Booking Completed!": date and
 * travellers (the price follows), a sold-out date shown so and not offered, the payment page's four steps with the contact
 * checks (a bad e-mail first), the terms box, "book and pay later", and the order row written. Once
 * on a desktop window, once at a phone's 390 px.
 */
const site = browserSiteForFile();

const SOLD_OUT = 'Sold out';

async function orderOf(email: string) {
  const rows: Record<string, unknown>[] = await site.tdb.wp
    .knex(site.tdb.wp.t.orders)
    .select(
      'id',
      'user_id',
      'tour_id',
      'travel_date',
      'traveller_amount',
      'order_status',
      'contact_info',
      'total_price',
    )
    .where('contact_info', 'like', `%${email}%`);
  return rows;
}

/** The tour page part: a sold-out date not offered, then the date and travellers chosen, on to the payment page. */
async function chooseOnTourPage(page: Page, people: string, shot: string): Promise<void> {
  await islandReady(page, 'form#tourmaster-single-tour-booking-fields');
  await page.waitForLoadState('networkidle');
  const form = page.locator('form#tourmaster-single-tour-booking-fields');

  // 5 June 2027 is sold out: the calendar says so (the availability API) and it cannot be picked.
  await form.locator('input.tourmaster-datepicker').click();
  const calendar = page.locator('.flatpickr-calendar.open');
  await calendar.locator('select.flatpickr-monthDropdown-months').selectOption('5');
  const full = calendar.locator(
    '.flatpickr-day:not(.prevMonthDay):not(.nextMonthDay)[aria-label="June 5, 2027, sold out"]',
  );
  expect(await full.getAttribute('class')).toContain('flatpickr-disabled');
  expect(await full.getAttribute('title')).toBe(SOLD_OUT);
  await page.screenshot({ path: screenshotPath(`${shot}-1-tour-full-date`) });
  await page.keyboard.press('Escape');

  // 22 May 2027: the head price follows the travellers.
  const step = waitForAjax(page, 'tourmaster_tour_booking');
  await pickDate(page, 'May 22, 2027');
  await step;
  await form.locator('select[name="tour-people"]').waitFor();
  const before = await headPrice(page).textContent();
  const price = waitForAjax(page, 'tourmaster_update_head_price');
  await form.locator('select[name="tour-people"]').selectOption(people);
  const priced = (await (await price).json()) as { price?: string };
  expect(priced.price).toMatch(/^\$\d/);
  await page.waitForFunction(
    (old) =>
      document.querySelector('.tourmaster-header-price .tourmaster-tour-price .tourmaster-tail')?.textContent !== old,
    before,
  );
  expect(await headPrice(page).textContent()).not.toBe(before);

  const check = waitForAjax(page, 'tourmaster_tour_booking_amount_check');
  await form.locator('input[type="submit"]').click();
  await check;
  // A guest is offered to log in or to continue as a guest.
  const dialog = page.locator('.tourmaster-lightbox-wrapper[role="dialog"]');
  await dialog.waitFor();
  await page.screenshot({ path: screenshotPath(`${shot}-2-tour-guest-prompt`) });
  await Promise.all([page.waitForURL(/\/payment\/$/), dialog.locator('a.tourmaster-continue-button').click()]);
}

/** A screenshot: the whole page on a desktop, what the phone's screen shows on a phone. */
async function shoot(page: Page, name: string): Promise<void> {
  const phone = (page.viewportSize()?.width ?? 1280) < 500;
  await page.screenshot({ path: screenshotPath(name), fullPage: !phone });
}

/** The payment page part: contact step (a bad e-mail first), review, terms, book and pay later. */
async function payLater(page: Page, travellers: Traveller[], contact: Contact, shot: string): Promise<void> {
  await islandReady(page, '#tourmaster-payment-template-wrapper');
  const actions = recordAjax(page);
  expect((await stepBar(page)).map((s) => [s.title, s.state, s.current, s.enabled])).toEqual([
    ['Select Tour', 'tourmaster-checked', false, true],
    ['Contact Details', 'tourmaster-current', true, true],
    ['Payment', '', false, false],
    ['Complete', '', false, false],
  ]);
  const content = page.locator('#tourmaster-tour-payment-content');
  expect(await content.locator('input[name="traveller_first_name[]"]').count()).toBe(travellers.length);

  // A malformed e-mail is caught in the page, with the page's own sentence, and nothing is sent.
  await fillContactStep(page, travellers, { ...contact, email: contact.email.replace(/\.test$/, ',test') });
  await content.locator('#tourmaster-payment-billing-copy').check();
  expect(await content.locator('input[name="billing_first_name"]').inputValue()).toBe(contact.firstName);
  await content.locator('.tourmaster-tour-booking-continue').click();
  const box = content.locator('.tourmaster-tour-booking-required-error');
  await box.waitFor({ state: 'visible' });
  expect(await box.textContent()).toBe('Invalid E-Mail, please try again.');
  expect(await box.getAttribute('role')).toBe('alert');
  expect(await content.locator('input[name="email"]').getAttribute('aria-invalid')).toBe('true');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
  expect(actions).toEqual([]);
  await shoot(page, `${shot}-3-payment-contact-error`);

  // Corrected: on to the review and payment step.
  await content.locator('input[name="email"]').fill(contact.email);
  expect(await content.locator('input[name="billing_email"]').inputValue()).toBe(contact.email);
  let reply = waitForAjax(page, 'tourmaster_payment_template');
  await content.locator('.tourmaster-tour-booking-continue').click();
  const body = new URLSearchParams((await reply).request().postData() ?? '');
  expect(body.get('booking_detail[step]')).toBe('3');
  expect(body.get('booking_detail[email]')).toBe(contact.email);
  expect(body.getAll('booking_detail[traveller_first_name][]')).toEqual(travellers.map((t) => t.first));
  await content.locator('.tourmaster-summary-info-outer').waitFor();
  expect(await content.textContent()).toContain(contact.email);
  expect((await stepBar(page)).map((s) => s.state)).toEqual([
    'tourmaster-checked',
    'tourmaster-enable',
    'tourmaster-current',
    '',
  ]);
  expect(await bookingCookie(page.context())).toMatchObject({ step: '3', email: contact.email });
  await shoot(page, `${shot}-4-payment-review`);

  // The terms box first.
  const payLaterButton = content.locator('.tourmaster-payment-method-booking-button');
  const before = actions.length;
  await payLaterButton.click();
  const terms = content.locator('.tourmaster-payment-terms .tourmaster-tour-booking-required-error');
  await terms.waitFor({ state: 'visible' });
  expect(await terms.textContent()).toBe(
    'Please agree to all the terms and conditions before proceeding to the next step.',
  );
  expect(actions.length).toBe(before);
  await content.locator('input[name="term-and-service"]').check();
  reply = waitForAjax(page, 'tourmaster_payment_template');
  await payLaterButton.click();
  const written = new URLSearchParams((await reply).request().postData() ?? '');
  expect(written.get('booking_detail[payment-method]')).toBe('booking');
  expect(written.get('booking_detail[step]')).toBe('4');
  await content.locator('.tourmaster-payment-complete-wrap').waitFor();
  expect(await content.locator('.tourmaster-payment-complete-head').textContent()).toBe('Booking Completed!');
  expect((await stepBar(page)).map((s) => s.state)).toEqual(Array(4).fill('tourmaster-checked'));
  expect((await stepBar(page))[3]?.current).toBe(true);
  expect(await bookingCookie(page.context())).toBe('');
  await shoot(page, `${shot}-5-payment-complete`);
}

describe('a guest books a tour and pays later', () => {
  it('from the tour page to "Booking Completed!" (desktop)', async () => {
    const context = await newContext(site.browser, site.server);
    const { page } = await openTourPage(context, site.server);
    await chooseOnTourPage(page, '2', 'booking-flow-desktop');
    const contact: Contact = {
      firstName: 'Helga',
      lastName: 'Larsen',
      email: 'helga.larsen@example.test',
      phone: '+45 20 30 40 50',
      country: 'Denmark',
      address: 'Nyhavn 17, Copenhagen',
    };
    await payLater(
      page,
      [
        { first: 'Helga', last: 'Larsen' },
        { first: 'Sven', last: 'Larsen' },
      ],
      contact,
      'booking-flow-desktop',
    );
    const orders = await orderOf(contact.email);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      user_id: 0,
      tour_id: 4,
      travel_date: '2027-05-22',
      traveller_amount: 2,
      order_status: 'pending',
    });
    expect(JSON.parse(String(orders[0]?.contact_info))).toMatchObject({ first_name: 'Helga', country: 'Denmark' });
    await context.close();
  });

  it('the same on a 390 px wide phone', async () => {
    const context = await newContext(site.browser, site.server, { width: 390, height: 844 });
    const { page } = await openTourPage(context, site.server);
    await chooseOnTourPage(page, '1', 'booking-flow-phone');
    const contact: Contact = {
      firstName: 'Aiko',
      lastName: 'Tanaka',
      email: 'aiko.tanaka@example.test',
      phone: '+81 90 1234 5678',
      country: 'Japan',
      address: '1-1 Marunouchi, Tokyo',
    };
    await payLater(page, [{ first: 'Aiko', last: 'Tanaka' }], contact, 'booking-flow-phone');
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const orders = await orderOf(contact.email);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ travel_date: '2027-05-22', traveller_amount: 1, order_status: 'pending' });
    await context.close();
  });

  it("pays with PayPal's buttons (JS SDK) for the amount the server computed", async () => {
    // The site switched to PayPal's JS SDK; PayPal itself is a stand-in (the network is closed).
    await withPayPalJsSdk(site.tdb.wp, async () => {
      const context = await newContext(site.browser, site.server);
      const sdkRequests: string[] = [];
      await context.route('https://www.paypal.com/sdk/js**', (route) => {
        sdkRequests.push(route.request().url());
        return route.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_PAYPAL_SDK });
      });
      await setBookingCookie(context, site.server.baseUrl, BERG_BOOKING_AT_STEP_3);
      const page = await context.newPage();
      await page.goto(`${site.server.baseUrl}/payment/`);
      await islandReady(page, '#tourmaster-payment-template-wrapper');
      const button = page.locator('#paypal-button-container .fake-paypal-button');
      await button.waitFor();
      expect(sdkRequests[0]).toMatch(/^https:\/\/www\.paypal\.com\/sdk\/js\?client-id=test-client-id&currency=USD/);
      const full = await page.evaluate(
        () => (window as unknown as Record<string, string>).tourmaster_paypal_full_amount,
      );
      expect(full).toMatch(/^\d+\.\d\d$/);

      // The terms box first: PayPal does not open without it.
      await button.click();
      const terms = page.locator('.tourmaster-payment-terms .tourmaster-tour-booking-required-error');
      await terms.waitFor({ state: 'visible' });
      expect(
        await page.evaluate(() => (window as unknown as { __paypalOrder?: unknown }).__paypalOrder),
      ).toBeUndefined();

      // The deposit: PayPal is asked for the server's deposit amount, then the capture goes to the server.
      await page.locator('input[name="payment-type"][value="partial"]').check();
      const deposit = await page.evaluate(
        () => (window as unknown as Record<string, string>).tourmaster_paypal_deposit_amount,
      );
      await page.locator('input[name="term-and-service"]').check();
      const selected = waitForAjax(page, 'tourmaster_payment_selected');
      await button.click();
      const body = new URLSearchParams((await selected).request().postData() ?? '');
      const order = await page.evaluate(
        () =>
          (window as unknown as { __paypalOrder: { purchase_units: { amount: { value: string } }[] } }).__paypalOrder,
      );
      expect(order.purchase_units[0]?.amount).toEqual({ value: deposit, currency_code: 'USD' });
      expect(body.get('type')).toBe('paypal');
      expect(body.get('paypal_type')).toBe('js-sdk');
      expect(body.get('order_data[id]')).toBe('FAKE-ORDER-1');
      expect(body.get('booking_detail[payment-type]')).toBe('partial');
      // PayPal cannot be reached from the test machine: the server says so, and nothing is marked paid.
      const alert = page.locator('.tourmaster-payment-alert');
      await alert.waitFor();
      expect(await alert.textContent()).not.toBe('');
      expect(await page.locator('.tourmaster-payment-complete-wrap').count()).toBe(0);
      await alert.scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath('booking-flow-paypal-sdk') });
      const written = await orderOf('jonas.berg@example.test');
      expect(written.every((o) => o.order_status !== 'online-paid' && o.order_status !== 'deposit-paid')).toBe(true);
      await context.close();
    });
  });
  it('pays online with PayPal (standard): the order is written and the browser is sent to PayPal', async () => {
    const context = await newContext(site.browser, site.server);
    const posted: string[] = [];
    await context.route('https://www.sandbox.paypal.com/cgi-bin/webscr', (route) => {
      posted.push(route.request().postData() ?? '');
      return route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<title>PayPal</title><h1>PayPal (stand-in)</h1>',
      });
    });
    await setBookingCookie(context, site.server.baseUrl, {
      'tour-id': '4',
      'tour-date': '2027-05-29',
      'tour-people': '1',
      traveller_title: ['ms'],
      traveller_first_name: ['Sofia'],
      traveller_last_name: ['Rossi'],
      first_name: 'Sofia',
      last_name: 'Rossi',
      email: 'sofia.rossi@example.test',
      phone: '+39 06 1234 5678',
      country: 'Italy',
      contact_address: 'Via del Corso 1, Roma',
      step: '3',
    });
    const page = await context.newPage();
    await page.goto(`${site.server.baseUrl}/payment/`);
    await islandReady(page, '#tourmaster-payment-template-wrapper');
    const paypal = page.getByRole('button', { name: 'Pay with PayPal' });
    expect(await paypal.getAttribute('src')).toMatch(/\/paypal\.png$/);
    await page.locator('input[name="term-and-service"]').check();
    const selected = waitForAjax(page, 'tourmaster_payment_selected');
    await Promise.all([page.waitForURL('https://www.sandbox.paypal.com/cgi-bin/webscr'), paypal.click()]);
    const request = new URLSearchParams((await selected).request().postData() ?? '');
    expect(request.get('type')).toBe('paypal');
    expect(request.get('booking_detail[email]')).toBe('sofia.rossi@example.test');
    const form = new URLSearchParams(posted[0]);
    const [order] = await orderOf('sofia.rossi@example.test');
    expect(order).toMatchObject({ travel_date: '2027-05-29', order_status: 'pending' });
    expect(form.get('cmd')).toBe('_xclick');
    expect(form.get('item_name')).toBe('Santorini Caldera Sunset Cruise');
    // The full price with the PayPal fee: 120 + 9% tax = 130.80, + 3% = 134.724.
    expect(Number(form.get('amount'))).toBeCloseTo(134.72, 2);
    expect(form.get('return')).toBe(`${site.server.baseUrl}/payment/?tid=${order?.id}&step=4&payment_method=paypal`);
    await context.close();
  });
  it('a name at the limit (100 characters, one word) keeps the review step within a 390 px phone', async () => {
    const long = 'Wolfeschlegelsteinhausenbergerdorff'.repeat(3).slice(0, 100);
    const context = await newContext(site.browser, site.server, { width: 390, height: 844 });
    await setBookingCookie(context, site.server.baseUrl, {
      ...WEBER_BOOKING_AT_STEP_3,
      last_name: long,
      traveller_last_name: [long, 'Weber'],
      email: `${'a'.repeat(60)}@example.test`,
    });
    const page = await context.newPage();
    await page.goto(`${site.server.baseUrl}/payment/`);
    await islandReady(page, '#tourmaster-payment-template-wrapper');
    await page.locator('#tourmaster-tour-payment-content').getByText(long).first().waitFor();
    await page.screenshot({ path: screenshotPath('booking-flow-phone-long-name') });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });

  it('additional services re-price the summary a second after they change', async () => {
    const dinner = await insertTourService(site.tdb.wp, 'Sunset Dinner', { price: '25', per: 'person' });
    const photos = await insertTourService(site.tdb.wp, 'Photo Package', { price: '10', per: 'unit', 'max-unit': '5' });
    const restore = await offerServices(site.tdb.wp, 4, [dinner, photos]);
    try {
      const context = await newContext(site.browser, site.server);
      await setBookingCookie(context, site.server.baseUrl, WEBER_BOOKING_AT_STEP_3);
      const page = await context.newPage();
      await page.goto(`${site.server.baseUrl}/payment/`);
      await islandReady(page, '#tourmaster-payment-template-wrapper');
      const total = page.locator('#tourmaster-tour-booking-bar-inner .tourmaster-tour-booking-bar-total-price');
      expect(await total.textContent()).toBe('$261.60');
      const form = page.locator('.tourmaster-payment-service-form-wrap');
      expect(
        await form.locator(`input[name="service[]"][value="${dinner}"]`).getAttribute('aria-labelledby'),
      ).toBeTruthy();

      const actions = recordAjax(page);
      let refresh = waitForAjax(page, 'tourmaster_payment_template');
      await form.locator(`input[name="service[]"][value="${dinner}"]`).check();
      const body = new URLSearchParams((await refresh).request().postData() ?? '');
      expect(body.get('sub_action')).toBe('update_sidebar');
      expect(body.getAll('booking_detail[service][]')).toEqual([dinner, '0']);
      // 2 × $120 + 2 × $25, then 9% tax.
      await page.waitForFunction(
        () => document.querySelector('.tourmaster-tour-booking-bar-total-price')?.textContent === '$316.10',
      );

      // Typing an amount waits for the visitor to stop: one refresh for several keystrokes.
      await form.locator(`input[name="service[]"][value="${photos}"]`).check();
      const amount = form.locator('input[name="service-amount[]"][type="text"]');
      refresh = waitForAjax(page, 'tourmaster_payment_template');
      await amount.fill('');
      await amount.pressSequentially('3', { delay: 100 });
      const typed = new URLSearchParams((await refresh).request().postData() ?? '');
      expect(typed.getAll('booking_detail[service-amount][]')).toEqual(['1', '3']);
      await page.waitForFunction(
        () => document.querySelector('.tourmaster-tour-booking-bar-total-price')?.textContent === '$348.80',
      );
      expect(actions.filter((a) => a === 'tourmaster_payment_template').length).toBe(2);
      await page.screenshot({ path: screenshotPath('booking-flow-services') });
      await context.close();
    } finally {
      await restore();
    }
  });
});

/** A stand-in for PayPal's SDK: one button that creates, approves and captures an order at once. */
const FAKE_PAYPAL_SDK = `
window.paypal = {
  Buttons: function (options) {
    var actions = {
      order: {
        create: function (order) { window.__paypalOrder = order; return Promise.resolve('FAKE-ORDER-1'); },
        capture: function () { return Promise.resolve({ id: 'FAKE-ORDER-1', status: 'COMPLETED', intent: 'CAPTURE' }); }
      }
    };
    return {
      render: function (container) {
        var button = document.createElement('button');
        button.type = 'button';
        button.className = 'fake-paypal-button';
        button.textContent = 'PayPal';
        button.onclick = function () {
          Promise.resolve(options.createOrder({}, actions))
            .then(function (id) { return options.onApprove({ orderID: id }, actions); })
            .catch(function (error) { if (options.onError) options.onError(error); });
        };
        container.appendChild(button);
        return Promise.resolve();
      },
      close: function () { return Promise.resolve(); }
    };
  }
};
`;
