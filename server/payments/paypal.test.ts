import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Money } from '../tourmaster/money';
import { paypalTransactionIds } from './payment-info';
import { clearPaypalTokenCache, createPaypalClient, PaypalRefused, PaypalUnavailable } from './paypal';
import { type PaypalCredentials, readPaypalSettings, resolvePaypalCredentials } from './paypal-settings';
import { type PaypalExpectation, paymentInfoEntry, verifyPaypalOrder } from './paypal-verification';

/**
 * PayPal's token and order endpoints, mimicked with msw (no real network: an unhandled request
 * fails the test). Orders have the shape `GET /v2/checkout/orders/{id}` returns after the JS SDK
 * captured them.
 */
const SANDBOX = 'https://api-m.sandbox.paypal.com';
const LIVE = 'https://api-m.paypal.com';
const CREDENTIALS: PaypalCredentials = {
  clientId: 'AbCdClientId',
  secret: 'S3cr3t-never-logged',
  mode: 'sandbox',
  source: 'config',
};

function paypalOrder(
  id: string,
  o: { status?: string; captureStatus?: string; value?: string; currency?: string; captures?: boolean } = {},
) {
  const amount = { currency_code: o.currency ?? 'USD', value: o.value ?? '269.45' };
  return {
    id,
    intent: 'CAPTURE',
    status: o.status ?? 'COMPLETED',
    payment_source: { paypal: { email_address: 'buyer@example.test', account_id: 'QYR5Z8XDVJNXQ' } },
    purchase_units: [
      {
        reference_id: 'default',
        amount,
        payee: { email_address: 'merchant@example.test', merchant_id: 'MERCHANT1' },
        ...(o.captures === false
          ? {}
          : {
              payments: {
                captures: [
                  {
                    id: `CAP-${id}`,
                    status: o.captureStatus ?? 'COMPLETED',
                    amount,
                    final_capture: true,
                    seller_protection: { status: 'ELIGIBLE' },
                    create_time: '2026-11-21T23:30:00Z',
                  },
                ],
              },
            }),
      },
    ],
    create_time: '2026-11-21T23:29:00Z',
    update_time: '2026-11-21T23:30:00Z',
  };
}

const ORDERS = new Map<string, unknown>([
  ['5O190127TN364715T', paypalOrder('5O190127TN364715T')],
  ['DEPOSIT0000000001', paypalOrder('DEPOSIT0000000001', { value: '80.83' })],
  ['SHORT000000000001', paypalOrder('SHORT000000000001', { value: '80.83' })],
  ['EURO0000000000001', paypalOrder('EURO0000000000001', { currency: 'EUR' })],
  ['APPROVED000000001', paypalOrder('APPROVED000000001', { status: 'APPROVED', captures: false })],
  ['PENDING0000000001', paypalOrder('PENDING0000000001', { captureStatus: 'PENDING' })],
]);

let tokenRequests = 0;
let orderRequests = 0;
let issuedToken = 'A21AAtoken-1';

const handlers = [
  http.post(`${SANDBOX}/v1/oauth2/token`, async ({ request }) => {
    tokenRequests++;
    const basic = Buffer.from(`${CREDENTIALS.clientId}:${CREDENTIALS.secret}`).toString('base64');
    if (request.headers.get('authorization') !== `Basic ${basic}`)
      return HttpResponse.json(
        { error: 'invalid_client', error_description: 'Client Authentication failed' },
        { status: 401 },
      );
    if ((await request.text()) !== 'grant_type=client_credentials')
      return HttpResponse.json({ error: 'unsupported_grant_type' }, { status: 400 });
    return HttpResponse.json({
      scope: 'https://uri.paypal.com/services/payments/payment',
      access_token: issuedToken,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: 32400,
      nonce: '2026-11-21T23:30:00Z',
    });
  }),
  http.get(`${SANDBOX}/v2/checkout/orders/:id`, ({ request, params }) => {
    orderRequests++;
    if (request.headers.get('authorization') !== `Bearer ${issuedToken}`)
      return HttpResponse.json({ error: 'invalid_token' }, { status: 401 });
    const order = ORDERS.get(String(params.id));
    if (!order)
      return HttpResponse.json(
        { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.', debug_id: 'f00' },
        { status: 404, headers: { 'paypal-debug-id': 'f00' } },
      );
    return HttpResponse.json(order);
  }),
];

const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  clearPaypalTokenCache();
  tokenRequests = 0;
  orderRequests = 0;
  issuedToken = 'A21AAtoken-1';
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** The Santorini order of payment_selected-paypal-new after the 3 % PayPal fee. */
const PRICING_FULL = {
  'deposit-rate': 30,
  'paid-amount': 0,
  'pay-amount': 269.448,
  'pay-amount-paypal-service-rate': '3',
  'pay-amount-paypal-service-fee': 7.848,
  'pay-amount-raw': 261.6,
  'total-price': 261.6,
};
const PRICING_DEPOSIT = {
  'deposit-rate': 30,
  'deposit-price': 80.8344,
  'deposit-price-raw': 78.48,
  'deposit-paypal-service-rate': '3',
  'deposit-paypal-service-fee': 2.3544,
  'paid-amount': 0,
  'pay-amount': 261.6,
  'total-price': 261.6,
};

function expectation(paypalOrderId: string, o: Partial<PaypalExpectation> = {}): PaypalExpectation {
  return {
    orderId: 14,
    paypalOrderId,
    kind: 'full',
    amountDue: Money.of('269.448'),
    currency: 'USD',
    paypalOrderIdsAlreadyUsed: new Set(),
    ...o,
  };
}

async function verify(paypalOrderId: string, o: Partial<PaypalExpectation> = {}) {
  const client = createPaypalClient(CREDENTIALS);
  return verifyPaypalOrder(await client.getOrder(paypalOrderId), expectation(paypalOrderId, o));
}

describe('PayPal JS-SDK payments verified against PayPal', () => {
  it('accepts a completed full payment and records it as the plugin does', async () => {
    const result = await verify('5O190127TN364715T');
    expect(result).toMatchObject({
      ok: true,
      status: 'online-paid',
      captureId: 'CAP-5O190127TN364715T',
      paypalOrderId: '5O190127TN364715T',
    });
    if (!result.ok) throw new Error('unreachable');
    expect(result.amount.toString()).toBe('269.45');
    const entry = paymentInfoEntry({
      transactionId: result.paypalOrderId,
      amount: result.amount,
      submissionDate: '2026-11-21 23:30:00',
      status: result.status,
      pricingInfo: PRICING_FULL,
    });
    expect(JSON.stringify(entry)).toBe(
      '{"payment_method":"paypal","submission_date":"2026-11-21 23:30:00","transaction_id":"5O190127TN364715T",' +
        '"amount":269.45,"payment_status":"paid","pay_amount":261.6,"pay_paypal_service_rate":"3","pay_paypal_service_fee":7.848}',
    );
  });

  it('accepts a completed deposit as deposit-paid', async () => {
    const result = await verify('DEPOSIT0000000001', { kind: 'deposit', amountDue: Money.of('80.8344') });
    expect(result).toMatchObject({ ok: true, status: 'deposit-paid' });
    if (!result.ok) throw new Error('unreachable');
    const entry = paymentInfoEntry({
      transactionId: result.paypalOrderId,
      amount: result.amount,
      submissionDate: '2026-11-21 23:31:00',
      status: result.status,
      pricingInfo: PRICING_DEPOSIT,
    });
    expect(Object.keys(entry)).toEqual([
      'payment_method',
      'submission_date',
      'transaction_id',
      'amount',
      'payment_status',
      'deposit_amount',
      'deposit_paypal_service_rate',
      'deposit_paypal_service_fee',
    ]);
    expect(entry).toMatchObject({ amount: 80.83, deposit_amount: 78.48, deposit_paypal_service_fee: 2.3544 });
  });

  it('refuses a short payment (the legacy site marked it deposit-paid)', async () => {
    const result = await verify('SHORT000000000001');
    expect(result).toMatchObject({ ok: false, reason: 'AMOUNT_MISMATCH' });
    if (result.ok) throw new Error('unreachable');
    expect(result.message).toMatch(/paid 80\.83 USD; order 14 owes 269\.45/);
  });

  it('refuses a payment in another currency', async () => {
    expect(await verify('EURO0000000000001')).toMatchObject({ ok: false, reason: 'CURRENCY_MISMATCH' });
  });

  it('refuses an order that is not completed, or whose capture is pending', async () => {
    expect(await verify('APPROVED000000001')).toMatchObject({ ok: false, reason: 'NOT_COMPLETED' });
    expect(await verify('PENDING0000000001')).toMatchObject({ ok: false, reason: 'NOT_COMPLETED' });
  });

  it('refuses a PayPal order id already recorded on an order (replay)', async () => {
    const stored = [
      { payment_method: 'paypal', transaction_id: '5O190127TN364715T', amount: 269.45, payment_status: 'paid' },
    ];
    const result = await verify('5O190127TN364715T', { paypalOrderIdsAlreadyUsed: paypalTransactionIds(stored) });
    expect(result).toMatchObject({ ok: false, reason: 'ALREADY_USED' });
  });

  it('answers NOT_FOUND for an order PayPal does not know, and never sends a malformed id', async () => {
    const client = createPaypalClient(CREDENTIALS);
    expect(await client.getOrder('UNKNOWN0000000001')).toBeUndefined();
    expect(verifyPaypalOrder(undefined, expectation('UNKNOWN0000000001'))).toMatchObject({
      ok: false,
      reason: 'NOT_FOUND',
    });
    const before = orderRequests;
    expect(await client.getOrder('../../v1/oauth2/token')).toBeUndefined();
    expect(await client.getOrder('')).toBeUndefined();
    expect(orderRequests).toBe(before);
  });
});

describe('PayPal unavailable or refusing', () => {
  it('a network error is PaypalUnavailable', async () => {
    server.use(http.get(`${SANDBOX}/v2/checkout/orders/:id`, () => HttpResponse.error()));
    await expect(createPaypalClient(CREDENTIALS).getOrder('5O190127TN364715T')).rejects.toBeInstanceOf(
      PaypalUnavailable,
    );
  });

  it('a 500 on the order, or a 503 on the token, is PaypalUnavailable', async () => {
    server.use(
      http.get(`${SANDBOX}/v2/checkout/orders/:id`, () =>
        HttpResponse.json({ name: 'INTERNAL_SERVER_ERROR' }, { status: 500, headers: { 'paypal-debug-id': 'dbg1' } }),
      ),
    );
    const error = await createPaypalClient(CREDENTIALS)
      .getOrder('5O190127TN364715T')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaypalUnavailable);
    expect((error as PaypalUnavailable).code).toBe('PAYPAL_UNAVAILABLE');
    expect((error as PaypalUnavailable).context).toMatchObject({ step: 'order', status: 500, debugId: 'dbg1' });

    clearPaypalTokenCache();
    server.use(http.post(`${SANDBOX}/v1/oauth2/token`, () => new HttpResponse('upstream down', { status: 503 })));
    await expect(createPaypalClient(CREDENTIALS).getOrder('5O190127TN364715T')).rejects.toBeInstanceOf(
      PaypalUnavailable,
    );
  });

  it('a PayPal that does not answer in time is PaypalUnavailable', async () => {
    server.use(
      http.get(`${SANDBOX}/v2/checkout/orders/:id`, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const error = await createPaypalClient(CREDENTIALS, { timeoutMs: 50 })
      .getOrder('5O190127TN364715T')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaypalUnavailable);
    expect((error as Error).message).toBe('PayPal did not answer in time.');
  });

  it('a reply that is not JSON is PaypalUnavailable', async () => {
    server.use(http.get(`${SANDBOX}/v2/checkout/orders/:id`, () => new HttpResponse('<html>maintenance</html>')));
    await expect(createPaypalClient(CREDENTIALS).getOrder('5O190127TN364715T')).rejects.toBeInstanceOf(
      PaypalUnavailable,
    );
  });

  it('rejected credentials are PaypalRefused, and no error carries the secret', async () => {
    const wrong = { ...CREDENTIALS, secret: 'wrong-secret-value' };
    const error = await createPaypalClient(wrong)
      .getOrder('5O190127TN364715T')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaypalRefused);
    expect((error as PaypalRefused).code).toBe('PAYPAL_REFUSED');
    const visible = JSON.stringify({ ...(error as PaypalRefused), text: (error as Error).message });
    expect(visible).not.toContain('wrong-secret-value');
    expect(visible).not.toContain(Buffer.from(`${wrong.clientId}:${wrong.secret}`).toString('base64'));
  });
});

describe('the access token', () => {
  it('is requested once and reused until it expires', async () => {
    let clock = 1_000_000;
    const client = createPaypalClient(CREDENTIALS, { now: () => clock });
    await client.getOrder('5O190127TN364715T');
    await client.getOrder('DEPOSIT0000000001');
    await createPaypalClient(CREDENTIALS, { now: () => clock }).getOrder('5O190127TN364715T');
    expect(tokenRequests).toBe(1);
    clock += 32_400_000; // expires_in 9 h
    await client.getOrder('5O190127TN364715T');
    expect(tokenRequests).toBe(2);
  });

  it('concurrent requests share one token request', async () => {
    const client = createPaypalClient(CREDENTIALS);
    await Promise.all([client.getOrder('5O190127TN364715T'), client.getOrder('DEPOSIT0000000001')]);
    expect(tokenRequests).toBe(1);
  });

  it('a token PayPal stopped accepting is renewed once', async () => {
    const client = createPaypalClient(CREDENTIALS);
    await client.getOrder('5O190127TN364715T');
    issuedToken = 'A21AAtoken-2'; // PayPal revoked the first one
    expect(await client.getOrder('5O190127TN364715T')).toMatchObject({ id: '5O190127TN364715T' });
    expect(tokenRequests).toBe(2);
  });
});

describe('credentials and mode', () => {
  const site = { 'paypal-client-id': 'SiteClient', 'paypal-client-secret': 'SiteSecret', 'paypal-live-mode': 'enable' };

  it('prefer the environment, else the site settings (live mode from paypal-live-mode)', () => {
    const env = { clientId: 'EnvClient', secret: 'EnvSecret', mode: undefined };
    expect(resolvePaypalCredentials({ paypal: env }, site)).toEqual({
      clientId: 'EnvClient',
      secret: 'EnvSecret',
      mode: 'sandbox',
      source: 'config',
    });
    const none = { clientId: undefined, secret: undefined, mode: undefined };
    expect(resolvePaypalCredentials({ paypal: none }, site)).toMatchObject({ clientId: 'SiteClient', mode: 'live' });
    expect(resolvePaypalCredentials({ paypal: { ...none, mode: 'sandbox' } }, site)).toMatchObject({
      mode: 'sandbox',
    });
    expect(resolvePaypalCredentials({ paypal: none }, { ...site, 'paypal-live-mode': 'disable' })?.mode).toBe(
      'sandbox',
    );
    // The fixture site: standard PayPal, sandbox, no REST credentials.
    expect(
      resolvePaypalCredentials(
        { paypal: none },
        { 'paypal-live-mode': 'disable', 'paypal-business-email': '', 'paypal-currency-code': 'USD' },
      ),
    ).toBeUndefined();
  });

  it('reads the standard-form settings', () => {
    expect(
      readPaypalSettings({ 'paypal-live-mode': 'disable', 'paypal-currency-code': ' USD ', 'paypal-service-fee': '3' }),
    ).toEqual({
      liveMode: false,
      businessEmail: '',
      currencyCode: 'USD',
      serviceFee: '3',
      method: 'standard',
      clientId: '',
      clientSecret: '',
    });
  });

  it('live credentials talk to api-m.paypal.com', async () => {
    let livePath = '';
    server.use(
      http.post(`${LIVE}/v1/oauth2/token`, () => HttpResponse.json({ access_token: 'live-token', expires_in: 3600 })),
      http.get(`${LIVE}/v2/checkout/orders/:id`, ({ request }) => {
        livePath = new URL(request.url).pathname;
        return HttpResponse.json(paypalOrder('LIVE0000000000001'));
      }),
    );
    const client = createPaypalClient({ ...CREDENTIALS, mode: 'live' });
    expect(client.mode).toBe('live');
    expect(await client.getOrder('LIVE0000000000001')).toMatchObject({ id: 'LIVE0000000000001' });
    expect(livePath).toBe('/v2/checkout/orders/LIVE0000000000001');
  });
});
