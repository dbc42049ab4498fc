import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CAPTURE_NOW } from '../../server/testing/app';
import { screenshotPath } from '../../server/testing/browser';
import { browserSiteForFile } from '../../server/testing/browser-site';
import { BERG_BOOKING_AT_STEP_3, islandReady, newContext, setBookingCookie, waitForAjax } from './payment-flow';

/**
 * "A confirmation worth keeping" (issue 18): a guest books and pays later; the completion screen
 * shows "Your booking" (checked at a phone's 390 px and at 1280 px); the mail's "Manage your
 * booking" link, opened in a fresh browser (none of the booking's cookies), shows the booking and
 * leads to the payment page for the balance; a tampered link is a clear error page.
 */
const site = browserSiteForFile();

async function bookAndPayLater(context: BrowserContext, detail: Record<string, unknown>, shot: string): Promise<Page> {
  await setBookingCookie(context, site.server.baseUrl, detail);
  const page = await context.newPage();
  await page.clock.setFixedTime(CAPTURE_NOW);
  await page.goto(`${site.server.baseUrl}/payment/`);
  await islandReady(page, '#tourmaster-payment-template-wrapper');
  const content = page.locator('.tourmaster-payment-step-content, #tourmaster-payment-template-wrapper').first();
  await content.locator('input[name="term-and-service"]').check();
  const reply = waitForAjax(page, 'tourmaster_payment_template');
  await content.locator('.tourmaster-payment-method-booking-button').click();
  await reply;
  await page.locator('.tourmaster-payment-complete-wrap .dropin-order-confirmation').waitFor();
  const phone = (page.viewportSize()?.width ?? 1280) < 500;
  await page.screenshot({ path: screenshotPath(shot), fullPage: !phone });
  if (phone) {
    await page.locator('.dropin-order-confirmation').scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath(`${shot}-details`) });
  }
  return page;
}

/** The "Manage your booking" link of the last mail sent to `email`, as its href says (entities decoded). */
function manageLinkMailedTo(email: string): string {
  const mail = [...site.mailer.sent].reverse().find((m) => m.to.includes(email));
  expect(mail, `a mail to ${email}`).toBeDefined();
  const href = /<a class="dropin-mail-manage-link"[^>]*href="([^"]+)"/.exec(mail!.html)?.[1];
  expect(href).toBeDefined();
  return href!.replace(/&#038;|&amp;/g, '&');
}

/** The "Pay the balance online" link of the last mail sent to `email`. */
function payLinkMailedTo(email: string): string {
  const mail = [...site.mailer.sent].reverse().find((m) => m.to.includes(email));
  expect(mail, `a mail to ${email}`).toBeDefined();
  const href = /<a [^>]*href="([^"]+)" >Pay the balance online<\/a>/.exec(mail!.html)?.[1];
  expect(href).toBeDefined();
  return href!.replace(/&#038;|&amp;/g, '&');
}

describe('a guest keeps the confirmation', () => {
  it('the completion screen shows "Your booking" at 1280 px; the mailed link opens it in a fresh browser', async () => {
    const booking = await newContext(site.browser, site.server);
    const page = await bookAndPayLater(booking, BERG_BOOKING_AT_STEP_3, 'manage-booking-1-complete-desktop');
    const block = page.locator('.dropin-order-confirmation');
    const text = (await block.innerText()).replace(/\s+/g, ' ');
    const orderId = /Order Number #(\d+)/.exec(text)?.[1];
    expect(orderId).toBeDefined();
    expect(text).toContain('Santorini Caldera Sunset Cruise');
    expect(text).toContain('May 29, 2027');
    expect(text).toContain('2 travellers');
    expect(text).toMatch(/Amount Paid \$0\.00/);
    expect(text).toMatch(/Amount Due \$\d/);
    expect(await block.getByRole('link', { name: 'Manage your booking' }).count()).toBe(1);
    expect(await block.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).toContain(
      `tourmaster-calendar=${orderId}`,
    );
    await booking.close();

    const link = manageLinkMailedTo(BERG_BOOKING_AT_STEP_3.email);
    expect(link).toContain(`tourmaster-manage=${orderId}.`);
    const fresh = await newContext(site.browser, site.server);
    expect((await fresh.cookies()).some((c) => c.name.startsWith('tourmaster-order-key-'))).toBe(false);
    const manage = await fresh.newPage();
    const opened = await manage.goto(link);
    expect(opened?.status()).toBe(200);
    const body = (await manage.locator('main').innerText()).replace(/\s+/g, ' ');
    expect(body).toContain(`Order Number #${orderId}`);
    expect(body).toContain('Mr Lukas Berg');
    expect(body).toContain('jonas.berg@example.test');
    await manage.screenshot({ path: screenshotPath('manage-booking-2-manage-page'), fullPage: true });

    // The balance: the payment page of the order, for this browser now.
    const payLink = manage.locator('a.tourmaster-my-booking-single-payment-button');
    await Promise.all([manage.waitForURL(/[?&]tid=\d+/), payLink.click()]);
    await islandReady(manage, '#tourmaster-payment-template-wrapper');
    const payment = await manage.locator('#tourmaster-payment-template-wrapper').innerText();
    expect(payment).not.toContain('belongs to another customer');
    expect(payment).toContain('Santorini Caldera Sunset Cruise');
    await manage.screenshot({ path: screenshotPath('manage-booking-3-pay-balance'), fullPage: true });

    // A link changed by one character is refused with a sentence and a way home.
    const tampered = link.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const stranger = await newContext(site.browser, site.server);
    const refused = await stranger.newPage();
    expect((await refused.goto(tampered))?.status()).toBe(403);
    expect(await refused.locator('main').innerText()).toContain('This link to manage a booking is not valid.');
    await refused.getByRole('link', { name: 'Go to the home page' }).waitFor();
    await refused.screenshot({ path: screenshotPath('manage-booking-4-tampered') });
    await stranger.close();
    await fresh.close();
  });

  it('the completion screen at a 390 px phone: nothing wider than the screen', async () => {
    const phone = await newContext(site.browser, site.server, { width: 390, height: 844 });
    const page = await bookAndPayLater(
      phone,
      { ...BERG_BOOKING_AT_STEP_3, email: 'lukas.berg@example.test', 'tour-people': '1' },
      'manage-booking-5-complete-phone',
    );
    expect(await page.locator('.dropin-order-confirmation').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.close();
  });

  it('the mail\'s "Pay the balance online" works in a fresh browser; the manage page\'s cancel form cancels', async () => {
    const email = 'ingrid.berg@example.test';
    const booking = await newContext(site.browser, site.server);
    await bookAndPayLater(booking, { ...BERG_BOOKING_AT_STEP_3, email }, 'manage-booking-6-complete');
    await booking.close();

    const fresh = await newContext(site.browser, site.server);
    const page = await fresh.newPage();
    const opened = await page.goto(payLinkMailedTo(email));
    expect(opened?.status()).toBe(200);
    expect(page.url()).toMatch(/[?&]tid=\d+&step=3$/);
    await islandReady(page, '#tourmaster-payment-template-wrapper');
    const payment = await page.locator('#tourmaster-payment-template-wrapper').innerText();
    expect(payment).not.toContain('belongs to another customer');
    expect(payment).toContain('Santorini Caldera Sunset Cruise');
    await page.screenshot({ path: screenshotPath('manage-booking-7-pay-from-mail'), fullPage: true });

    // The cancel form as the browser posts it (its nonce, same-origin).
    await page.goto(manageLinkMailedTo(email));
    const form = page.locator('form.dropin-manage-cancel');
    await form.locator('input[name="confirm"]').check();
    await Promise.all([
      page.waitForURL(/tourmaster-manage=/),
      form.getByRole('button', { name: 'Cancel this booking' }).click(),
    ]);
    await page.locator('.tourmaster-status-cancel').first().waitFor();
    expect(await page.locator('form.dropin-manage-cancel').count()).toBe(0);
    await fresh.close();
  });
});
