import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getOption, updateOption } from '../../data/options';
import type { PhpValue } from '../../php/values';
import { CAPTURE_NOW, postAjax, startTestServer, type TestServer } from '../../testing/app';
import { createTestDatabase, type TestDatabase } from '../../testing/db';

/**
 * The payment page where Stripe takes card payments and where it does not (issue 19): its
 * content-security policy allows exactly what Stripe.js needs only on the payment page of a site
 * with Stripe configured, and the card method ("Credit Card", `data-action-type=stripe`) is offered
 * only there, on the page and in `tourmaster_payment_template`'s step 3 (style-1's methods and
 * style-2's payment box). The fixture site has Stripe's test keys and gateway `stripe`.
 */
let tdb: TestDatabase;
let server: TestServer;
let payment: Record<string, PhpValue>;
let general: Record<string, PhpValue>;

beforeAll(async () => {
  tdb = await createTestDatabase();
  server = await startTestServer(tdb, { now: CAPTURE_NOW });
  payment = (await getOption(tdb.wp, 'tourmaster_payment')) as Record<string, PhpValue>;
  general = (await getOption(tdb.wp, 'tourmaster_general')) as Record<string, PhpValue>;
});
afterEach(async () => {
  await updateOption(tdb.wp, 'tourmaster_payment', payment);
  await updateOption(tdb.wp, 'tourmaster_general', general);
});
afterAll(async () => {
  await server?.close();
  await tdb?.drop();
});

const santorini = {
  'tour-id': '4',
  'tour-date': '2027-05-22',
  'tour-people': '2',
  traveller_first_name: ['Peter', 'Jana'],
  traveller_last_name: ['Novak', 'Novakova'],
  first_name: 'Peter',
  last_name: 'Novak',
  email: 'peter.novak@example.test',
  phone: '+420 777 000 111',
  country: 'Czech Republic',
  contact_address: 'Vaclavske nam. 1, Praha',
  step: '3',
};
const step3Cookie = `tourmaster-booking-detail=${encodeURIComponent(JSON.stringify(santorini))}`;

function directives(header: string | null): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name, values);
  }
  return out;
}

async function paymentPage() {
  const res = await fetch(`${server.baseUrl}/payment/`, { headers: { Cookie: step3Cookie } });
  expect(res.status).toBe(200);
  return { csp: directives(res.headers.get('content-security-policy')), html: await res.text() };
}

/** Stripe as the site has it, with `over` changed (a key emptied, another gateway). */
const withPayment = (over: Record<string, PhpValue>) =>
  updateOption(tdb.wp, 'tourmaster_payment', { ...payment, ...over });

const stripeSources = (values: string[] | undefined) => (values ?? []).filter((v) => v.includes('stripe'));

describe('the content-security policy', () => {
  it('on the payment page of a site with Stripe configured: exactly Stripe.js’s sources added', async () => {
    const { csp } = await paymentPage();
    // Stripe's documented list (docs.stripe.com/security/guide), the frames in child-src too.
    const frames = ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'];
    expect(stripeSources(csp.get('script-src'))).toEqual(['https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(stripeSources(csp.get('frame-src'))).toEqual(frames);
    expect(stripeSources(csp.get('child-src'))).toEqual(frames);
    expect(stripeSources(csp.get('connect-src'))).toEqual(['https://api.stripe.com']);
    for (const [name, values] of csp) {
      if (['script-src', 'frame-src', 'child-src', 'connect-src'].includes(name)) continue;
      expect(stripeSources(values), name).toEqual([]);
    }
    // Still nonce-based, nothing loosened.
    expect(csp.get('script-src')?.some((v) => v.startsWith("'nonce-"))).toBe(true);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('default-src')).toEqual(["'self'"]);
  });

  it('no other page allows Stripe', async () => {
    const tour = await fetch(`${server.baseUrl}/tour/santorini-caldera-sunset-cruise/`);
    expect(tour.status).toBe(200);
    expect(tour.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(tour.headers.get('content-security-policy')).not.toContain('stripe');
  });

  it.each([
    ['no secret key', { 'stripe-secret-key': '' }],
    ['no publishable key', { 'stripe-publishable-key': '' }],
    ['another card gateway', { 'credit-card-payment-gateway': 'authorize' }],
  ])('not on the payment page of a site without Stripe (%s)', async (_name, over) => {
    await withPayment(over);
    const { csp } = await paymentPage();
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect([...csp.values()].flat().filter((v) => v.includes('stripe'))).toEqual([]);
  });
});

describe('the card method', () => {
  const cardButton = /data-action-type="stripe"/;

  it('is offered where Stripe is configured (style-1’s methods), beside PayPal', async () => {
    const { html } = await paymentPage();
    expect(html).toMatch(cardButton);
    expect(html).toContain('tourmaster-payment-credit-card');
    expect(html).toContain('tourmaster-payment-paypal');
  });

  it('is not offered without Stripe keys: PayPal and "book and pay later" remain', async () => {
    await withPayment({ 'stripe-secret-key': '' });
    const { html } = await paymentPage();
    expect(html).not.toMatch(cardButton);
    expect(html).not.toContain('tourmaster-payment-credit-card');
    expect(html).toContain('tourmaster-payment-paypal');
    expect(html).toContain('tourmaster-payment-method-booking-button');
  });

  it('a site whose only method is the card, without Stripe: booking only, not a blank step', async () => {
    await withPayment({ 'stripe-publishable-key': '', 'payment-method': ['booking', 'credit-card'] });
    const { html } = await paymentPage();
    expect(html).not.toMatch(cardButton);
    expect(html).not.toContain('tourmaster-payment-gateway');
    expect(html).toContain('"layout":"none"');
    expect(html).toContain('tourmaster-payment-method-booking-button');
  });

  it('in tourmaster_payment_template’s step 3 and style-2’s payment box alike', async () => {
    const step3 = async () => {
      const body = new URLSearchParams({ action: 'tourmaster_payment_template' });
      for (const [key, value] of Object.entries(santorini)) {
        if (Array.isArray(value)) for (const v of value) body.append(`booking_detail[${key}][]`, v);
        else body.append(`booking_detail[${key}]`, value);
      }
      const res = await postAjax(server.baseUrl, body.toString());
      return (await res.json()) as { content: string; sidebar: string };
    };
    expect((await step3()).content).toMatch(cardButton);
    await withPayment({ 'stripe-secret-key': '' });
    expect((await step3()).content).not.toMatch(cardButton);

    await updateOption(tdb.wp, 'tourmaster_general', { ...general, 'payment-page-style': 'style-2' });
    const side = (await step3()).sidebar;
    expect(side).toContain('tourmaster-payment-selection');
    expect(side).not.toContain('>Credit Card<');
    expect(side).toContain('>Paypal<');
    await withPayment({});
    expect((await step3()).sidebar).toContain('value="stripe"');
  });
});
