import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaymentPageProps } from '../../../client/common/islands/PaymentPage';
import { StripeFormProps } from '../../../client/common/islands/stripe-form';
import { getOption, updateOption } from '../../data/options';
import { getOrder } from '../../data/orders';
import { createMemoryMailer, type MemoryMailer } from '../../mail/mailer';
import { loadExchange } from '../../parity/exchanges';
import type { PhpValue } from '../../php/values';
import { postAjax, startTestServer, type TestServer } from '../../testing/app';
import { createTestDatabase, type TestDatabase } from '../../testing/db';

/**
 * Card payments through Stripe (issue 19), msw playing Stripe's API at api.stripe.com with the
 * fixture site's own test keys: the PaymentIntent made for the amount due and the card form.
 */
const STRIPE = 'https://api.stripe.com';
type Intent = {
  id: string;
  status: string;
  amount: number;
  amount_received: number;
  currency: string;
  metadata: Record<string, string>;
  client_secret: string;
};
const intents = new Map<string, Intent | 'down'>();
const created: { body: URLSearchParams; key: string | null; auth: string | null }[] = [];
let stripeDown = false;

const stripe = setupServer(
  http.post(`${STRIPE}/v1/payment_intents`, async ({ request }) => {
    if (stripeDown) return HttpResponse.json({ error: { type: 'api_error', message: 'down' } }, { status: 503 });
    const body = new URLSearchParams(await request.text());
    created.push({ body, key: request.headers.get('idempotency-key'), auth: request.headers.get('authorization') });
    const id = `pi_${created.length}`;
    const intent: Intent = {
      id,
      status: 'requires_payment_method',
      amount: Number(body.get('amount')),
      amount_received: 0,
      currency: String(body.get('currency')),
      metadata: { tid: String(body.get('metadata[tid]')) },
      client_secret: `${id}_secret_abc`,
    };
    intents.set(id, intent);
    return HttpResponse.json({ object: 'payment_intent', ...intent });
  }),
  http.get(`${STRIPE}/v1/payment_intents/:id`, ({ params }) => {
    const intent = intents.get(String(params.id));
    if (intent === 'down') return HttpResponse.json({ error: { type: 'api_error', message: 'down' } }, { status: 500 });
    if (!intent)
      return HttpResponse.json(
        { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } },
        { status: 404 },
      );
    return HttpResponse.json({ object: 'payment_intent', ...intent });
  }),
);

let tdb: TestDatabase;
let server: TestServer;
let mailer: MemoryMailer;

beforeAll(async () => {
  stripe.listen({
    onUnhandledRequest: (request, print) => {
      if (!new URL(request.url).hostname.match(/^(127\.0\.0\.1|localhost)$/)) print.error();
    },
  });
  tdb = await createTestDatabase();
  mailer = createMemoryMailer();
  server = await startTestServer(tdb, { mailer });
});

beforeEach(() => {
  created.length = 0;
  stripeDown = false;
});

afterEach(async () => {
  await tdb.wp.knex(tdb.wp.t.orders).where('order_status', 'pending').update({ order_status: 'cancel' });
});

afterAll(async () => {
  stripe.close();
  await server?.close();
  await tdb?.drop();
});

/** The captured Santorini booking, paid by card. */
function cardBooking(email: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(loadExchange('payment_selected-paypal-new').request.body!);
  params.set('type', 'stripe');
  params.set('booking_detail[email]', email);
  params.set('booking_detail[term-and-service]', 'on');
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  return params.toString();
}

async function withPaymentOptions(change: Record<string, string>, body: () => Promise<void>) {
  const saved = (await getOption(tdb.wp, 'tourmaster_payment')) as Record<string, PhpValue>;
  await updateOption(tdb.wp, 'tourmaster_payment', { ...saved, ...change });
  try {
    await body();
  } finally {
    await updateOption(tdb.wp, 'tourmaster_payment', saved);
  }
}

type SelectedReply = { content: string; cookie: { tid: number }; sidebar: string; props: PaymentPageProps };

describe('tourmaster_payment_selected: Stripe card form', () => {
  it('creates a PaymentIntent for the amount due and answers the legacy form with its client secret and props', async () => {
    const r = await postAjax(server.baseUrl, cardBooking('card.full@example.test'));
    const reply = r.json() as SelectedReply;
    const tid = reply.cookie.tid;
    expect(created).toHaveLength(1);
    const { body, key, auth } = created[0]!;
    // 2 × $120 + 9 % tax, in cents; the fixture site charges no card fee.
    expect(Object.fromEntries(body)).toMatchObject({
      amount: '26160',
      currency: 'usd',
      'metadata[tid]': String(tid),
      'automatic_payment_methods[enabled]': 'true',
    });
    expect(key).toBe(`tourmaster-${tid}-1-full-26160-usd`);
    expect(auth).toBe('Bearer sk_test_sfwsrkYLeTPlbQLVoqsk9Ml6');
    expect(reply.content).toBe(
      `<div class="goodlayers-payment-form goodlayers-with-border"><form id="goodlayers-stripe-payment-form" data-ajax-url="http://127.0.0.1:8080/wp-admin/admin-ajax.php"><div id="card-element"></div><input type="hidden" name="tid" value="${tid}"/><div class="payment-errors"></div><div class="goodlayers-payment-req-field">Please fill all required fields</div><button id="card-button" data-secret="pi_1_secret_abc">Submit Payment</button><div class="goodlayers-payment-plugin-complete"></div></form></div>`,
    );
    expect(reply.content).not.toContain('<script');
    const props = PaymentPageProps.parse(reply.props);
    expect(props.step).toBe(3);
    expect(StripeFormProps.parse(props.stripe)).toEqual({
      publishableKey: 'pk_test_o60RnKRvMFmKQW5nemMtjmdI',
      clientSecret: 'pi_1_secret_abc',
      orderId: tid,
    });
    expect(await getOrder(tdb.wp, tid)).toMatchObject({ status: 'pending' });
  });

  it('charges the deposit with the card fee when the customer chooses the deposit', async () => {
    await withPaymentOptions({ 'credit-card-service-fee': '3' }, async () => {
      const r = await postAjax(
        server.baseUrl,
        cardBooking('card.deposit@example.test', { 'booking_detail[payment-type]': 'partial' }),
      );
      const tid = (r.json() as SelectedReply).cookie.tid;
      const order = await getOrder(tdb.wp, tid);
      // 30 % of 261.60 = 78.48, + 3 % = 80.8344 → 8083 cents.
      expect(order?.pricingInfo).toMatchObject({ 'deposit-price': 80.8344 });
      expect(created[0]!.body.get('amount')).toBe('8083');
      expect(created[0]!.key).toBe(`tourmaster-${tid}-1-deposit-8083-usd`);
    });
  });

  it('writes no order and says so when card payments are not set up', async () => {
    await withPaymentOptions({ 'stripe-secret-key': '' }, async () => {
      const r = await postAjax(server.baseUrl, cardBooking('card.unset@example.test'));
      expect(r.json()).toEqual({
        content:
          '<div class="tourmaster-tour-booking-error" >Card payments are not set up on this site. Nothing was charged; please choose another payment method or contact us.</div>',
      });
      expect(created).toHaveLength(0);
      const order = await tdb.wp
        .knex(tdb.wp.t.orders)
        .first()
        .whereRaw('contact_info LIKE ?', ['%card.unset@example.test%']);
      expect(order).toBeUndefined();
    });
  });

  it('keeps the booking pending and says so when Stripe is down', async () => {
    stripeDown = true;
    const r = await postAjax(server.baseUrl, cardBooking('card.down@example.test'));
    const reply = r.json() as SelectedReply;
    expect(reply.content).toContain('could not reach our card payment provider');
    expect(reply.props.stripe).toBeUndefined();
    expect((await getOrder(tdb.wp, reply.cookie.tid))?.status).toBe('pending');
  });
});
