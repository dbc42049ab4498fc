import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDropinOrderAttribution } from '../../../migrations/20261123000100_create_dropin_order_attribution';
import { listTables } from '../../data/db';
import { attributionTable, getOrderAttribution } from '../../data/order-attribution';
import { CAPTURE_NOW, postAjax, startTestServer, type TestServer } from '../../testing/app';
import { createTestDatabase, type TestDatabase } from '../../testing/db';

/**
 * Orders written with their attribution (the booking form's and payment page's
 * `dropin_attribution[…]` fields): one row in `{prefix}dropin_order_attribution` per order, written
 * with the order, on "book and pay later" and on an online payment; bad input bounded or dropped;
 * the order's own booking detail and the detail echoed to the page without any of it.
 */
let tdb: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  tdb = await createTestDatabase();
  server = await startTestServer(tdb, { now: CAPTURE_NOW });
});

afterAll(async () => {
  await server?.close();
  await tdb?.drop();
});

/** A booking detail for one traveller on Santorini, as the payment page posts it. */
function booking(
  action: 'tourmaster_payment_template' | 'tourmaster_payment_selected',
  email: string,
  attribution: [string, string][],
  extra: Record<string, string> = {},
): URLSearchParams {
  const params = new URLSearchParams({ action });
  if (action === 'tourmaster_payment_selected') params.append('type', 'paypal');
  const detail: Record<string, string> = {
    'tour-id': '4',
    'tour-date': '2027-05-22',
    'tour-people': '1',
    first_name: 'Ana',
    last_name: 'Tester',
    email,
    phone: '+30 210 000 0000',
    country: 'Greece',
    contact_address: 'Athens',
    'term-and-service': 'on',
    step: action === 'tourmaster_payment_template' ? '4' : '3',
    ...(action === 'tourmaster_payment_template' ? { 'payment-method': 'booking' } : {}),
    ...extra,
  };
  for (const [k, v] of Object.entries(detail)) params.append(`booking_detail[${k}]`, v);
  params.append('booking_detail[traveller_first_name][]', 'Ana');
  params.append('booking_detail[traveller_last_name][]', 'Tester');
  for (const [k, v] of attribution) params.append(k, v);
  return params;
}

/** The visitor's cookie decision as the browser sends it (vanilla-cookieconsent's `cc_cookie`). */
const consent = (categories: string[]) =>
  `cc_cookie=${encodeURIComponent(JSON.stringify({ categories, revision: 0, consentId: 'int-test' }))}`;
const ACCEPTED = { cookie: consent(['necessary', 'marketing']) };

/** The payment page's hidden inputs, posted inside booking_detail as the island sends them. */
const fields = (values: Record<string, string>): [string, string][] =>
  Object.entries(values).map(([k, v]) => [`booking_detail[dropin_attribution[${k}]]`, v]);

async function orderOf(email: string) {
  return tdb.wp
    .knex(tdb.wp.t.orders)
    .first('id', 'booking_detail')
    .whereRaw('contact_info LIKE ?', [`%${email}%`]);
}

const NEWSLETTER = {
  source_type: 'utm',
  source: 'newsletter',
  medium: 'email',
  campaign: 'spring',
  landing_page: '/',
  first_source_type: 'organic',
  first_source: 'google',
  first_medium: 'organic',
  first_referrer: 'www.google.com',
  first_landing_page: '/tour/santorini-caldera-sunset-cruise/',
  session_pages: '5',
};

describe('an order written with its attribution', () => {
  it('book and pay later: one row with the current and first touch, written with the order', async () => {
    const reply = await postAjax(
      server.baseUrl,
      booking('tourmaster_payment_template', 'attr.later@example.test', fields(NEWSLETTER)),
      ACCEPTED,
    );
    expect(reply.text).toContain('Booking Completed!');
    const order = await orderOf('attr.later@example.test');
    const row = await getOrderAttribution(tdb.wp, Number(order.id));
    expect(row).toMatchObject({
      order_id: Number(order.id),
      source_type: 'utm',
      source: 'newsletter',
      medium: 'email',
      campaign: 'spring',
      content: null,
      term: null,
      utm_id: null,
      referrer: null,
      landing_page: '/',
      first_source_type: 'organic',
      first_source: 'google',
      first_medium: 'organic',
      first_referrer: 'www.google.com',
      first_landing_page: '/tour/santorini-caldera-sunset-cruise/',
      session_pages: 5,
    });
    expect(String(row?.created_at)).toMatch(/^2026-11-2\d \d\d:\d\d:\d\d$/);
    expect(await tdb.wp.knex(attributionTable(tdb.wp)).count({ n: '*' }).where('order_id', order.id)).toEqual([
      { n: 1 },
    ]);
    // The plugin's booking detail stays the plugin's.
    expect(order.booking_detail).not.toContain('attribution');
    expect(JSON.parse(order.booking_detail)).toMatchObject({ email: 'attr.later@example.test', step: '4' });
  });

  it('an online payment (PayPal): the order written before the payment carries it too', async () => {
    // The booking form's POST, decoded the PHP way, gives a nested object: read as well.
    const nested: [string, string][] = [
      ['booking_detail[dropin_attribution][source_type]', 'referral'],
      ['booking_detail[dropin_attribution][source]', 'blog.example.org'],
      ['booking_detail[dropin_attribution][medium]', 'referral'],
      ['booking_detail[dropin_attribution][referrer]', 'blog.example.org'],
    ];
    const reply = await postAjax(
      server.baseUrl,
      booking('tourmaster_payment_selected', 'attr.paypal@example.test', nested),
      ACCEPTED,
    );
    const body = reply.json() as { content?: string; cookie?: Record<string, unknown> };
    expect(body.content).toContain('goodlayers-paypal-redirection-form');
    expect(Object.keys(body.cookie ?? {}).filter((k) => k.includes('attribution'))).toEqual([]);
    const order = await orderOf('attr.paypal@example.test');
    expect(await getOrderAttribution(tdb.wp, Number(order.id))).toMatchObject({
      source_type: 'referral',
      source: 'blog.example.org',
      medium: 'referral',
      referrer: 'blog.example.org',
      first_source_type: null,
      session_pages: null,
    });
  });

  it('bounds oversized text and drops what is not printable or not known', async () => {
    await postAjax(
      server.baseUrl,
      booking('tourmaster_payment_template', 'attr.bad@example.test', [
        ...fields({
          source_type: 'utm',
          source: 'x'.repeat(5000),
          medium: 'e\u0000mail',
          campaign: '<script>alert(1)</script>',
          referrer: 'not a host/',
          landing_page: `/${'p'.repeat(400)}`,
          session_pages: 'many',
          first_source_type: 'paid',
          first_source: 'ignored',
          order_status: 'approved',
        }),
        ['booking_detail[dropin_attribution][content][]', 'an array'],
      ]),
      ACCEPTED,
    );
    const order = await orderOf('attr.bad@example.test');
    const row = await getOrderAttribution(tdb.wp, Number(order.id));
    expect(row?.source).toBe('x'.repeat(100));
    expect(row?.landing_page).toBe(`/${'p'.repeat(190)}`);
    // Stored as text, never trusted: escaping is the reader's business.
    expect(row?.campaign).toBe('<script>alert(1)</script>');
    expect(row).toMatchObject({
      source_type: 'utm',
      medium: null,
      content: null,
      referrer: null,
      session_pages: null,
      first_source_type: null,
      first_source: null,
    });
    expect(order.booking_detail).not.toContain('attribution');
  });

  it('writes no row without attribution, or with one that has no known source type', async () => {
    await postAjax(server.baseUrl, booking('tourmaster_payment_template', 'attr.none@example.test', []), ACCEPTED);
    await postAjax(
      server.baseUrl,
      booking('tourmaster_payment_template', 'attr.invalid@example.test', fields({ source_type: 'paid', source: 'x' })),
      ACCEPTED,
    );
    for (const email of ['attr.none@example.test', 'attr.invalid@example.test']) {
      const order = await orderOf(email);
      expect(order).toBeDefined();
      expect(await getOrderAttribution(tdb.wp, Number(order.id))).toBeUndefined();
    }
  });

  it('keeps nothing without marketing consent (none stored, or declined), whatever the page sent', async () => {
    await postAjax(
      server.baseUrl,
      booking('tourmaster_payment_template', 'attr.nocookie@example.test', fields(NEWSLETTER)),
    );
    await postAjax(
      server.baseUrl,
      booking('tourmaster_payment_template', 'attr.declined@example.test', fields(NEWSLETTER)),
      { cookie: consent(['necessary']) },
    );
    for (const email of ['attr.nocookie@example.test', 'attr.declined@example.test']) {
      const order = await orderOf(email);
      expect(order).toBeDefined();
      expect(order.booking_detail).not.toContain('attribution');
      expect(await getOrderAttribution(tdb.wp, Number(order.id))).toBeUndefined();
    }
  });

  it('never changes the booking: the same price and status with or without it', async () => {
    const price = async (email: string) =>
      tdb.wp
        .knex(tdb.wp.t.orders)
        .first('total_price', 'order_status')
        .whereRaw('contact_info LIKE ?', [`%${email}%`]);
    expect(await price('attr.later@example.test')).toEqual(await price('attr.none@example.test'));
  });

  it('is not echoed in the detail the page stores (step 3)', async () => {
    const reply = await postAjax(
      server.baseUrl,
      booking('tourmaster_payment_template', 'attr.echo@example.test', fields(NEWSLETTER), { step: '3' }),
      ACCEPTED,
    );
    const cookie = (reply.json() as { cookie?: Record<string, unknown> }).cookie ?? {};
    expect(cookie.email).toBe('attr.echo@example.test');
    expect(Object.keys(cookie).filter((k) => k.includes('attribution'))).toEqual([]);
  });
});

describe('the attribution migration', () => {
  it('creates its table under the site prefix, and running it again changes nothing', async () => {
    expect(await listTables(tdb.db)).toContain('wp_dropin_order_attribution');
    const before = await tdb.wp.knex(attributionTable(tdb.wp)).count({ n: '*' });
    const ctx = {
      knex: tdb.db.knex,
      engine: tdb.db.engine,
      prefix: 'wp_',
      charset: 'utf8mb4',
      collate: 'utf8mb4_unicode_520_ci',
    } as const;
    await createDropinOrderAttribution.up(ctx);
    await createDropinOrderAttribution.up(ctx);
    expect(await tdb.wp.knex(attributionTable(tdb.wp)).count({ n: '*' })).toEqual(before);
  });
});
