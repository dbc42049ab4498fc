import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PaymentPageProps } from '../../../client/common/islands/PaymentPage';
import { getOrder } from '../../data/orders';
import { createMemoryMailer, type MemoryMailer } from '../../mail/mailer';
import { loadExchange } from '../../parity/exchanges';
import { canonicalHtml } from '../../parity/html-dom';
import { clearPaypalTokenCache } from '../../payments/paypal';
import { postAjax, startTestServer, type TestServer } from '../../testing/app';
import { capturedPaymentSelected } from '../../testing/booking-body';
import { createTestDatabase, type TestDatabase } from '../../testing/db';

/**
 * Online payment: the order written for a gateway, the PayPal standard form, and the PayPal JS SDK
 * completion verified against PayPal's API (msw plays PayPal), ownership of existing orders.
 */
const PAYPAL = 'https://api-m.sandbox.paypal.com';
type PaypalOrder =
  | { status: string; amount: string; currency: string; captureStatus?: string; customId?: string }
  | 'down';
const paypalOrders = new Map<string, PaypalOrder>();

const paypal = setupServer(
  http.post(`${PAYPAL}/v1/oauth2/token`, () =>
    HttpResponse.json({ access_token: 'token-1', token_type: 'Bearer', expires_in: 3600 }),
  ),
  http.get(`${PAYPAL}/v2/checkout/orders/:id`, ({ params }) => {
    const order = paypalOrders.get(String(params.id));
    if (order === 'down') return HttpResponse.json({ name: 'INTERNAL_SERVER_ERROR' }, { status: 503 });
    if (!order) return HttpResponse.json({ name: 'RESOURCE_NOT_FOUND' }, { status: 404 });
    return HttpResponse.json({
      id: params.id,
      status: order.status,
      purchase_units: [
        {
          amount: { currency_code: order.currency, value: order.amount },
          ...(order.customId ? { custom_id: order.customId } : {}),
          payments: {
            captures: [
              {
                id: `CAP-${params.id}`,
                status: order.captureStatus ?? 'COMPLETED',
                amount: { currency_code: order.currency, value: order.amount },
              },
            ],
          },
        },
      ],
    });
  }),
);

let tdb: TestDatabase;
let server: TestServer;
let mailer: MemoryMailer;

beforeAll(async () => {
  paypal.listen({
    // Requests to the app under test are ours; anything else leaving the process is an error.
    onUnhandledRequest: (request, print) => {
      if (!new URL(request.url).hostname.match(/^(127\.0\.0\.1|localhost)$/)) print.error();
    },
  });
  tdb = await createTestDatabase();
  mailer = createMemoryMailer();
  server = await startTestServer(tdb, {
    config: { paypal: { clientId: 'test-client', secret: 'test-secret', mode: 'sandbox' } },
    mailer,
  });
});

afterEach(async () => {
  clearPaypalTokenCache();
  // Each test books the same captured date: its orders give their seats back for the next one.
  await tdb.wp.knex(tdb.wp.t.orders).where('order_status', 'pending').update({ order_status: 'cancel' });
});

afterAll(async () => {
  paypal.close();
  await server?.close();
  await tdb?.drop();
});

/** The captured Santorini booking, with the terms box ticked as the page's script requires. */
const bookingBody = (extra: Record<string, string> = {}, email = 'peter.novak@example.test') =>
  capturedPaymentSelected(email, extra);

const normalise = (html: string) => html.replace(/"01\d{12}\d+"/g, '"{invoice}"').replace(/tid=\d+/g, 'tid={tid}');

describe('tourmaster_payment_selected: PayPal standard', () => {
  it('writes a pending order priced on the server and answers the PayPal form for the amount due', async () => {
    const r = await postAjax(server.baseUrl, bookingBody());
    const reply = r.json() as {
      content: string;
      cookie: Record<string, unknown>;
      sidebar: string;
      props: PaymentPageProps;
    };
    // The legacy keys, then the island's props: the order's summary beside the gateway's form.
    expect(Object.keys(reply)).toEqual(['content', 'cookie', 'sidebar', 'props']);
    const props = PaymentPageProps.parse(reply.props);
    expect(props.sidebar?.vars.transactionId).toBe(String(reply.cookie.tid));
    expect(reply.sidebar).toContain(`>${props.sidebar?.total.payAmount}</span>`);
    const legacy = loadExchange('payment_selected-paypal-new').response.json as { content: string };
    expect(canonicalHtml(normalise(reply.content))).toBe(canonicalHtml(normalise(legacy.content)));
    const tid = reply.cookie.tid as number;
    expect(typeof tid).toBe('number');
    expect(Object.keys(reply.cookie).slice(-2)).toEqual(['payment_method', 'tid']);
    const order = await getOrder(tdb.wp, tid);
    expect(order).toMatchObject({ status: 'pending', userId: 0, totalPrice: '261.6000' });
    expect(order?.pricingInfo).toMatchObject({
      'pay-amount': 269.448,
      'pay-amount-paypal-service-fee': 7.848,
      'total-price': 261.6,
    });
    expect(r.headers.getSetCookie().some((c) => c.startsWith(`tourmaster-order-key-${tid}=`))).toBe(true);
  });

  it('ignores any price the browser sends', async () => {
    const r = await postAjax(
      server.baseUrl,
      bookingBody({ 'booking_detail[total-price]': '1', 'booking_detail[pay-amount]': '1' }, 'cheap@example.test'),
    );
    const tid = (r.json() as { cookie: { tid: number } }).cookie.tid;
    expect((await getOrder(tdb.wp, tid))?.totalPrice).toBe('261.6000');
  });

  it("refuses to re-price or pay someone else's order, and lets its owner", async () => {
    const first = await postAjax(server.baseUrl, bookingBody({}, 'owner@example.test'));
    const tid = (first.json() as { cookie: { tid: number } }).cookie.tid;
    const key = first.headers
      .getSetCookie()
      .find((c) => c.startsWith(`tourmaster-order-key-${tid}=`))!
      .split(';')[0]!;
    const body = new URLSearchParams({
      action: 'tourmaster_payment_selected',
      type: 'paypal',
      'booking_detail[tid]': String(tid),
      'booking_detail[payment-type]': 'full',
    });
    const stranger = await postAjax(server.baseUrl, body);
    expect(stranger.json()).toEqual({
      content: '<div class="tourmaster-tour-booking-error" >This booking belongs to another customer.</div>',
    });
    const otherKey = await postAjax(server.baseUrl, body, { cookie: `tourmaster-order-key-${tid}=${'0'.repeat(64)}` });
    expect(otherKey.text).toContain('belongs to another customer');
    const owner = await postAjax(server.baseUrl, body, { cookie: key });
    expect((owner.json() as { content: string }).content).toContain('goodlayers-paypal-redirection-form');
    // Repeated "pay now" clicks never compound the PayPal fee.
    await postAjax(server.baseUrl, body, { cookie: key });
    expect((await getOrder(tdb.wp, tid))?.pricingInfo).toMatchObject({ 'pay-amount': 269.448 });
  });

  it("never re-prices a paid order: the owner's partial payment request leaves its pricing as paid (the audit)", async () => {
    const first = await postAjax(server.baseUrl, bookingBody({}, 'paid.owner@example.test'));
    const tid = (first.json() as { cookie: { tid: number } }).cookie.tid;
    const key = first.headers
      .getSetCookie()
      .find((c) => c.startsWith(`tourmaster-order-key-${tid}=`))!
      .split(';')[0]!;
    await tdb.wp.knex(tdb.wp.t.orders).where('id', tid).update({ order_status: 'online-paid' });
    const before = await tdb.wp.knex(tdb.wp.t.orders).first('pricing_info', 'booking_detail').where('id', tid);
    const body = new URLSearchParams({
      action: 'tourmaster_payment_selected',
      type: 'paypal',
      'booking_detail[tid]': String(tid),
      'booking_detail[payment-type]': 'partial',
    });
    const r = await postAjax(server.baseUrl, body, { cookie: key });
    expect(r.json()).toEqual({
      content: '<div class="tourmaster-tour-booking-error" >There is nothing left to pay on this booking.</div>',
    });
    expect(await tdb.wp.knex(tdb.wp.t.orders).first('pricing_info', 'booking_detail').where('id', tid)).toEqual(before);
  });

  it('answers [] without a booking, and nothing for a gateway this server does not implement', async () => {
    expect((await postAjax(server.baseUrl, 'action=tourmaster_payment_selected&type=paypal')).json()).toEqual([]);
    const authorize = await postAjax(server.baseUrl, bookingBody({ type: 'authorize' }, 'authorize@example.test'));
    expect((authorize.json() as { content: string }).content).toBe('');
  });
});

describe('tourmaster_payment_selected: PayPal JS SDK, verified with PayPal', () => {
  const sdk = (paypalOrderId: string, email: string) =>
    postAjax(server.baseUrl, bookingBody({ paypal_type: 'js-sdk', 'order_data[id]': paypalOrderId }, email));

  it('marks the order online-paid when PayPal confirms the full amount, once, and mails the customer', async () => {
    paypalOrders.set('PAY-FULL', { status: 'COMPLETED', amount: '269.45', currency: 'USD' });
    const before = mailer.sent.length;
    const r = await sdk('PAY-FULL', 'paid.full@example.test');
    const reply = r.json() as { content: string; cookie: string };
    expect(reply.cookie).toBe('');
    expect(reply.content).toContain('Booking Completed!');
    const order = await tdb.wp
      .knex(tdb.wp.t.orders)
      .first()
      .whereRaw('contact_info LIKE ?', ['%paid.full@example.test%']);
    expect(order.order_status).toBe('online-paid');
    expect(JSON.parse(order.payment_info)).toEqual([
      expect.objectContaining({ payment_method: 'paypal', transaction_id: 'PAY-FULL', payment_status: 'paid' }),
    ]);
    expect(mailer.sent.length).toBeGreaterThan(before);
    expect(mailer.sent.at(-1)?.to).toContain('paid.full@example.test');

    // The same PayPal payment cannot pay a second booking.
    const replay = await sdk('PAY-FULL', 'replay@example.test');
    expect((replay.json() as { content: string }).content).toContain('already been used');
    const second = await tdb.wp
      .knex(tdb.wp.t.orders)
      .first()
      .whereRaw('contact_info LIKE ?', ['%replay@example.test%']);
    expect(second.order_status).toBe('pending');
  });

  it('answers paid to every completion of the same payment for the same order: concurrent, then again', async () => {
    const first = await postAjax(server.baseUrl, bookingBody({}, 'double.click@example.test'));
    const tid = (first.json() as { cookie: { tid: number } }).cookie.tid;
    const key = first.headers
      .getSetCookie()
      .find((c) => c.startsWith(`tourmaster-order-key-${tid}=`))!
      .split(';')[0]!;
    paypalOrders.set('PAY-TWICE', { status: 'COMPLETED', amount: '269.45', currency: 'USD' });
    const complete = new URLSearchParams({
      action: 'tourmaster_payment_selected',
      type: 'paypal',
      paypal_type: 'js-sdk',
      'order_data[id]': 'PAY-TWICE',
      'booking_detail[tid]': String(tid),
      'booking_detail[payment-type]': 'full',
    });
    const mailsBefore = mailer.sent.length;
    const racing = await Promise.all([1, 2, 3].map(() => postAjax(server.baseUrl, complete, { cookie: key })));
    const again = await postAjax(server.baseUrl, complete, { cookie: key });
    for (const r of [...racing, again])
      expect((r.json() as { content: string }).content).toContain('Booking Completed!');
    const order = await getOrder(tdb.wp, tid);
    expect(order?.status).toBe('online-paid');
    const payments = JSON.parse(
      (await tdb.wp.knex(tdb.wp.t.orders).first('payment_info').where('id', tid)).payment_info,
    );
    expect(payments).toEqual([expect.objectContaining({ transaction_id: 'PAY-TWICE' })]);
    // One payment, one set of mails (the customer's and the admin's), however many completions.
    const customerMails = mailer.sent.slice(mailsBefore).filter((m) => String(m.to).includes('double.click@'));
    expect(customerMails).toHaveLength(1);
  });

  it('refuses a short payment, a wrong currency and an unfinished payment: the order stays pending', async () => {
    paypalOrders.set('PAY-SHORT', { status: 'COMPLETED', amount: '100.00', currency: 'USD' });
    paypalOrders.set('PAY-EUR', { status: 'COMPLETED', amount: '269.45', currency: 'EUR' });
    paypalOrders.set('PAY-PENDING', {
      status: 'APPROVED',
      amount: '269.45',
      currency: 'USD',
      captureStatus: 'PENDING',
    });
    for (const [id, message] of [
      ['PAY-SHORT', 'does not match the amount due'],
      ['PAY-EUR', 'another currency'],
      ['PAY-PENDING', 'not completed this payment'],
    ] as const) {
      const email = `${id.toLowerCase()}@example.test`;
      const r = await sdk(id, email);
      expect((r.json() as { content: string }).content).toContain(message);
      const order = await tdb.wp
        .knex(tdb.wp.t.orders)
        .first()
        .whereRaw('contact_info LIKE ?', [`%${email}%`]);
      expect(order.order_status).toBe('pending');
      expect(order.payment_info).toBeNull();
    }
  });

  it('refuses a PayPal order made out to another booking (custom_id): the order stays pending', async () => {
    paypalOrders.set('PAY-OTHER', { status: 'COMPLETED', amount: '269.45', currency: 'USD', customId: '1' });
    const r = await sdk('PAY-OTHER', 'other.booking@example.test');
    expect((r.json() as { content: string }).content).toContain('made for another booking');
    const order = await tdb.wp
      .knex(tdb.wp.t.orders)
      .first()
      .whereRaw('contact_info LIKE ?', ['%other.booking@example.test%']);
    expect(order.order_status).toBe('pending');
  });

  it('keeps the booking and says so when PayPal is down', async () => {
    paypalOrders.set('PAY-DOWN', 'down');
    const r = await sdk('PAY-DOWN', 'down@example.test');
    expect(r.status).toBe(200);
    expect((r.json() as { content: string }).content).toContain('could not reach PayPal');
    const order = await tdb.wp.knex(tdb.wp.t.orders).first().whereRaw('contact_info LIKE ?', ['%down@example.test%']);
    expect(order.order_status).toBe('pending');
  });
});
