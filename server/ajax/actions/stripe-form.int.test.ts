import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../core/logger';
import { getOption, updateOption } from '../../data/options';
import { getOrder } from '../../data/orders';
import { createMemoryMailer } from '../../mail/mailer';
import type { PhpValue } from '../../php/values';
import { STRIPE_ALREADY_PAID, STRIPE_CURRENCY_MISMATCH } from '../../services/payment/stripe-payment';
import { postAjax, startTestServer, type TestServer } from '../../testing/app';
import { capturedCardBooking } from '../../testing/booking-body';
import { createTestDatabase, type TestDatabase } from '../../testing/db';
import { StripeApiStandIn } from '../../testing/stripe-api';

/**
 * The Stripe card form's creation (issue 19 audit): a PaymentIntent that already succeeded (the
 * visitor paid, nothing recorded it) is settled at once instead of answering a form that cannot
 * confirm; a Stripe currency other than the site's is refused, the admin told in the log. msw
 * plays Stripe's API.
 */
const stripe = new StripeApiStandIn('https://api.stripe.com', 'pi_form_');

let tdb: TestDatabase;
let server: TestServer;
const logLines: string[] = [];

beforeAll(async () => {
  stripe.listen();
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
  stripe.reset();
  logLines.length = 0;
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
const cardBooking = (email: string) => capturedCardBooking(email);

type SelectedReply = { content: string; cookie: { tid: number }; props?: { stripe?: unknown } };

describe('tourmaster_payment_selected: the Stripe card form', () => {
  it('settles a PaymentIntent that has already succeeded instead of answering a form for it', async () => {
    stripe.createdStatus = 'succeeded';
    const reply = (await postAjax(server.baseUrl, cardBooking('card.succeeded@example.test'))).json() as SelectedReply;
    expect(stripe.created).toHaveLength(1);
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
      expect(stripe.created).toHaveLength(0);
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
      expect(stripe.created).toHaveLength(1);
    } finally {
      await updateOption(tdb.wp, 'tourmaster_payment', saved);
      await updateOption(tdb.wp, 'tourmaster_general', general);
    }
  });
});
