import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../core/logger';
import { getOption, updateOption } from '../../data/options';
import { getOrder } from '../../data/orders';
import { createMemoryMailer } from '../../mail/mailer';
import { loadExchange } from '../../parity/exchanges';
import type { PhpValue } from '../../php/values';
import { STRIPE_ALREADY_PAID, STRIPE_CURRENCY_MISMATCH } from '../../services/payment/stripe-payment';
import { postAjax, startTestServer, type TestServer } from '../../testing/app';
import { createTestDatabase, type TestDatabase } from '../../testing/db';

/**
 * The Stripe card form's creation (issue 19 audit): a PaymentIntent that already succeeded (the
 * visitor paid, nothing recorded it) is settled at once instead of answering a form that cannot
 * confirm; a Stripe currency other than the site's is refused, the admin told in the log. msw
 * plays Stripe's API.
 */
const STRIPE = 'https://api.stripe.com';
type Intent = Record<string, unknown> & { id: string; amount: number; metadata: Record<string, string> };
const intents = new Map<string, Intent>();
const created: URLSearchParams[] = [];
/** The status a PaymentIntent is created with (Stripe answers an idempotent replay with its current state). */
let createdStatus = 'requires_payment_method';

const stripe = setupServer(
  http.post(`${STRIPE}/v1/payment_intents`, async ({ request }) => {
    const body = new URLSearchParams(await request.text());
    created.push(body);
    const id = `pi_form_${created.length}`;
    const amount = Number(body.get('amount'));
    const intent: Intent = {
      object: 'payment_intent',
      id,
      status: createdStatus,
      amount,
      amount_received: createdStatus === 'succeeded' ? amount : 0,
      currency: String(body.get('currency')),
      metadata: { tid: String(body.get('metadata[tid]')), site: String(body.get('metadata[site]')) },
      client_secret: `${id}_secret_abc`,
    };
    intents.set(id, intent);
    return HttpResponse.json(intent);
  }),
  http.get(`${STRIPE}/v1/payment_intents/:id`, ({ params }) => {
    const intent = intents.get(String(params.id));
    return intent
      ? HttpResponse.json(intent)
      : HttpResponse.json(
          { error: { type: 'invalid_request_error', message: 'No such payment_intent' } },
          { status: 404 },
        );
  }),
);

let tdb: TestDatabase;
let server: TestServer;
const logLines: string[] = [];

beforeAll(async () => {
  stripe.listen({
    onUnhandledRequest: (request, print) => {
      if (!new URL(request.url).hostname.match(/^(127\.0\.0\.1|localhost)$/)) print.error();
    },
  });
  tdb = await createTestDatabase();
  const general = (await getOption(tdb.wp, 'tourmaster_general')) as Record<string, PhpValue>;
  await updateOption(tdb.wp, 'tourmaster_general', { ...general, 'admin-email-address': 'admin@example.test' });
  server = await startTestServer(tdb, {
    mailer: createMemoryMailer(),
    log: createLogger({ level: 'warn', destination: { write: (line: string) => void logLines.push(line) } }),
    config: {
      stripe: { secretKey: undefined, publishableKey: undefined, webhookSecret: undefined, apiBase: undefined },
    },
  });
});

beforeEach(() => {
  created.length = 0;
  logLines.length = 0;
  createdStatus = 'requires_payment_method';
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
function cardBooking(email: string): string {
  const params = new URLSearchParams(loadExchange('payment_selected-paypal-new').request.body!);
  params.set('type', 'stripe');
  params.set('booking_detail[email]', email);
  params.set('booking_detail[term-and-service]', 'on');
  return params.toString();
}

type SelectedReply = { content: string; cookie: { tid: number }; props?: { stripe?: unknown } };

describe('tourmaster_payment_selected: the Stripe card form', () => {
  it('settles a PaymentIntent that has already succeeded instead of answering a form for it', async () => {
    createdStatus = 'succeeded';
    const reply = (await postAjax(server.baseUrl, cardBooking('card.succeeded@example.test'))).json() as SelectedReply;
    expect(created).toHaveLength(1);
    expect(reply.content).toContain(STRIPE_ALREADY_PAID);
    expect(reply.content).not.toContain('goodlayers-stripe-payment-form');
    expect(reply.props?.stripe).toBeUndefined();
    const order = await getOrder(tdb.wp, reply.cookie.tid);
    expect(order?.status).toBe('online-paid');
    expect(JSON.stringify(order?.paymentInfo)).toContain('pi_form_1');
  });

  it('refuses a Stripe currency other than the site’s, with a sentence for the visitor and a warning for the admin', async () => {
    const saved = (await getOption(tdb.wp, 'tourmaster_payment')) as Record<string, PhpValue>;
    const general = (await getOption(tdb.wp, 'tourmaster_general')) as Record<string, PhpValue>;
    await updateOption(tdb.wp, 'tourmaster_payment', { ...saved, 'stripe-currency-code': 'eur' });
    await updateOption(tdb.wp, 'tourmaster_general', { ...general, 'currency-code': 'usd' });
    try {
      const reply = (await postAjax(server.baseUrl, cardBooking('card.eur@example.test'))).json() as SelectedReply;
      expect(created).toHaveLength(0);
      expect(reply.content).toContain(STRIPE_CURRENCY_MISMATCH);
      expect((await getOrder(tdb.wp, reply.cookie.tid))?.status).toBe('pending');
      const warning = logLines.map((l) => JSON.parse(l)).find((l) => l.stripeCurrency === 'eur');
      expect(warning).toMatchObject({ level: 40, siteCurrency: 'usd', stripeCurrency: 'eur' });
      expect(warning.msg).toContain('stripe-currency-code');
      // A site that names no main currency (most: the plugin reads it only to switch currencies)
      // charges in its Stripe currency, as the plugin did.
      await updateOption(tdb.wp, 'tourmaster_general', { ...general, 'currency-code': '' });
      const unnamed = (await postAjax(server.baseUrl, cardBooking('card.eur2@example.test'))).json() as SelectedReply;
      expect(unnamed.content).not.toContain(STRIPE_CURRENCY_MISMATCH);
      expect(created).toHaveLength(1);
    } finally {
      await updateOption(tdb.wp, 'tourmaster_payment', saved);
      await updateOption(tdb.wp, 'tourmaster_general', general);
    }
  });
});
