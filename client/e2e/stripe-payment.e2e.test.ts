import type { BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotPath } from '../../server/testing/browser';
import { browserSiteForFile } from '../../server/testing/browser-site';
import { StripeApiStandIn } from '../../server/testing/stripe-api';
import { BERG_BOOKING_AT_STEP_3, islandReady, newContext, setBookingCookie, waitForAjax } from './payment-flow';

/**
 * Card payments on the payment page, in Chromium against the real server (issue 19). Stripe is
 * played twice, the machine's network being closed: msw in this process answers the Stripe API
 * calls of the server (which runs in this process too), and the browser gets a small stand-in for
 * Stripe.js from `https://js.stripe.com/v3/` (page.route) that mounts a frame from js.stripe.com in
 * `#card-element` and confirms the PaymentIntent with api.stripe.com, where this test marks it
 * succeeded (or declines it), as Stripe would. The fixture site has Stripe's test keys and gateway
 * `stripe`; its content-security policy is the one the page really gets.
 */
const site = browserSiteForFile();
const STRIPE_API = 'https://api.stripe.com';
const STRIPE_HOSTS = new Set(['https://js.stripe.com', 'https://api.stripe.com']);

/** Stripe's API as the server calls it: PaymentIntents created and retrieved. */
const stripeApi = new StripeApiStandIn(STRIPE_API, 'pi_e2e_');

/**
 * The stand-in for Stripe.js: `Stripe(key).elements({clientSecret}).create('payment')` mounts a
 * frame from js.stripe.com; `confirmPayment` confirms with api.stripe.com and answers as Stripe.js
 * does (`{paymentIntent}` or `{error}`).
 */
const STRIPE_JS = `(() => {
  window.Stripe = (key) => ({
    elements: ({ clientSecret }) => ({
      clientSecret,
      create: () => {
        let frame;
        return {
          mount(target) {
            frame = document.createElement('iframe');
            frame.title = 'Secure payment input frame';
            frame.src = 'https://js.stripe.com/v3/elements-inner-payment-stub.html';
            target.append(frame);
          },
          destroy() { frame?.remove(); },
        };
      },
    }),
    async confirmPayment({ elements, redirect }) {
      const id = elements.clientSecret.split('_secret_')[0];
      const body = new URLSearchParams({ key, client_secret: elements.clientSecret, redirect });
      const res = await fetch('https://api.stripe.com/v1/payment_intents/' + id + '/confirm', { method: 'POST', body });
      const json = await res.json();
      return json.error ? { error: json.error } : { paymentIntent: json };
    },
  });
})();`;
const CARD_FRAME = '<!doctype html><label>Card number <input name="cardnumber" value="4242 4242 4242 4242"></label>';

const CORS = { 'access-control-allow-origin': '*' };

/** What Stripe answers the browser's confirmation: the card paid, or declined. */
type Outcome = 'succeeded' | 'declined';

async function routeStripe(page: Page, outcome: Outcome, confirmed: string[]): Promise<void> {
  await page.route(
    (url) => url.origin === 'https://js.stripe.com' && url.pathname.startsWith('/v3/'),
    (route: Route) => {
      const frame = route.request().url().endsWith('/elements-inner-payment-stub.html');
      return route.fulfill({
        status: 200,
        contentType: frame ? 'text/html' : 'application/javascript',
        body: frame ? CARD_FRAME : STRIPE_JS,
      });
    },
  );
  await page.route(`${STRIPE_API}/v1/payment_intents/*/confirm`, async (route) => {
    const id = new URL(route.request().url()).pathname.split('/')[3]!;
    const form = new URLSearchParams(route.request().postData() ?? '');
    const intent = stripeApi.intents.get(id);
    confirmed.push(id);
    if (
      !intent ||
      typeof intent === 'string' ||
      form.get('client_secret') !== intent.client_secret ||
      form.get('key') !== stripeKey
    ) {
      return route.fulfill({ status: 400, headers: CORS, json: { error: { type: 'invalid_request_error' } } });
    }
    if (outcome === 'declined') {
      return route.fulfill({
        status: 402,
        headers: CORS,
        json: { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } },
      });
    }
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    return route.fulfill({ status: 200, headers: CORS, json: intent });
  });
}

let stripeKey = '';

beforeAll(async () => {
  stripeApi.listen();
  const payment = (await site.tdb.wp
    .knex(site.tdb.wp.t.options)
    .first('option_value')
    .where('option_name', 'tourmaster_payment')) as { option_value: string };
  stripeKey = /"stripe-publishable-key";s:\d+:"([^"]+)"/.exec(payment.option_value)?.[1] ?? '';
});
afterAll(() => stripeApi.close());

/** A visitor at step 3 of the Santorini booking (`email` tells the orders apart), every request and CSP violation recorded. */
async function paymentStep(email: string, outcome: Outcome) {
  const context: BrowserContext = await newContext(site.browser, site.server);
  await setBookingCookie(context, site.server.baseUrl, { ...BERG_BOOKING_AT_STEP_3, email });
  const page = await context.newPage();
  const origins = new Set<string>();
  page.on('request', (request) => origins.add(new URL(request.url()).origin));
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const confirmed: string[] = [];
  await routeStripe(page, outcome, confirmed);
  await page.goto(`${site.server.baseUrl}/payment/`);
  await islandReady(page, '#tourmaster-payment-template-wrapper');
  await page.getByRole('checkbox', { name: /Terms of Service/ }).check();
  const selected = waitForAjax(page, 'tourmaster_payment_selected');
  await page.getByRole('button', { name: 'Pay by credit card' }).click();
  await selected;
  // The Payment Element: Stripe's frame in #card-element, the button usable once it is mounted.
  await page.frameLocator('#card-element iframe').getByLabel('Card number').waitFor();
  await expect.poll(() => page.getByRole('button', { name: 'Submit Payment' }).isEnabled()).toBe(true);
  return { context, page, origins, violations, confirmed };
}

const orderOf = (email: string) =>
  site.tdb.wp
    .knex(site.tdb.wp.t.orders)
    .first('id', 'order_status', 'payment_info')
    .where('contact_info', 'like', `%${email}%`);

describe('card payments with Stripe', () => {
  it('mounts the card form, pays, and the order is paid with Stripe’s word; only Stripe’s hosts are asked', async () => {
    const email = 'card.paid@example.test';
    const { context, page, origins, violations, confirmed } = await paymentStep(email, 'succeeded');
    expect((await orderOf(email))?.order_status).toBe('pending');
    await page.screenshot({ path: screenshotPath('stripe-card-form'), fullPage: true });

    const charge = waitForAjax(page, 'stripe_payment_charge');
    await page.getByRole('button', { name: 'Submit Payment' }).click();
    expect(await (await charge).json()).toEqual({ status: 'success' });
    await page.getByText('Booking Completed!').waitFor();
    await page.screenshot({ path: screenshotPath('stripe-paid'), fullPage: true });

    const order = await orderOf(email);
    expect(['online-paid', 'deposit-paid']).toContain(order?.order_status);
    expect(String(order?.payment_info)).toContain(confirmed[0]!);
    expect(confirmed).toHaveLength(1);
    expect(stripeApi.intent(confirmed[0]!).metadata.tid).toBe(String(order?.id));
    expect([...origins].filter((o) => o !== site.server.baseUrl && !STRIPE_HOSTS.has(o))).toEqual([]);
    expect(origins.has('https://js.stripe.com')).toBe(true);
    expect(violations).toEqual([]);
    await context.close();
  });

  it('a declined card: Stripe’s message, the button usable again, the order still pending', async () => {
    const email = 'card.declined@example.test';
    const { context, page, origins, violations } = await paymentStep(email, 'declined');
    await page.getByRole('button', { name: 'Submit Payment' }).click();
    await expect.poll(() => page.locator('.payment-errors').textContent()).toBe('Your card was declined.');
    await expect.poll(() => page.getByRole('button', { name: 'Submit Payment' }).isEnabled()).toBe(true);
    await page.screenshot({ path: screenshotPath('stripe-declined'), fullPage: true });
    expect((await orderOf(email))?.order_status).toBe('pending');
    expect([...origins].filter((o) => o !== site.server.baseUrl && !STRIPE_HOSTS.has(o))).toEqual([]);
    expect(violations).toEqual([]);
    await context.close();
  });
});
