import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import express from 'express';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getOrder } from '../../data/orders';
import { inTransaction } from '../../data/tables';
import type { AppDeps } from '../../http/deps';
import { createMemoryMailer, type MemoryMailer } from '../../mail/mailer';
import { createApplicationPassword } from '../../services/api-keys/create-key';
import { recordBookingEvent } from '../../services/webhooks/booking-events';
import { dispatchDueWebhooks, startWebhookDispatcher } from '../../services/webhooks/dispatch';
import { postAjax, startTestServer, type TestServer } from '../../testing/app';
import { payLaterBookingBody } from '../../testing/booking-body';
import { createTestDatabase, type TestDatabase } from '../../testing/db';
import { basicAuth } from '../../testing/rest-app';
import { REST_NAMESPACE, restRouter } from '../router';

/**
 * Webhooks over the real app, database and a real HTTP receiver on 127.0.0.1 (WEBHOOKS_ALLOW_PRIVATE
 * on): subscriptions through the API, a site booking puts `booking.created` in the outbox with the
 * order (and nothing when the order is rolled back), the dispatcher delivers it signed (verified
 * with the library's own verifier), retries a 500 with backoff on a fixed clock, disables the
 * subscription after 24 hours with one mail to the admin, and the delivery log tells it all.
 * The admin routes are called with an administrator's real application password.
 */
const TOUR = 4; // Santorini: 20 seats on 22 May 2027
const DATE = '2027-05-22';
const START = new Date('2027-05-01T10:00:00Z');

let tdb: TestDatabase;
let server: TestServer;
let api: { baseUrl: string; close(): Promise<void> };
let privateRefusingApi: { baseUrl: string; close(): Promise<void> };
let mailer: MemoryMailer;
/** `Authorization` with the administrator's application password; a customer's. */
let adminAuth: string;
let customerAuth: string;
let now = START;
let receiver: Server;
let receiverUrl: string;
let answer = 200;
/** Called as each delivery arrives (a test's slow receiver moves the clock). */
let onReceive: (() => void) | undefined;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];

async function keyOf(login: string): Promise<string> {
  const created = await createApplicationPassword(tdb.wp, { login, name: 'Webhooks test', now: START });
  if (!created.ok) throw new Error(created.reason);
  return basicAuth(login, created.password);
}

async function listen(app: express.Express): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const s: Server = await new Promise((resolve) => {
    const started = app.listen(0, '127.0.0.1', () => resolve(started));
  });
  return {
    baseUrl: `http://127.0.0.1:${(s.address() as AddressInfo).port}${REST_NAMESPACE}`,
    close: () => new Promise((resolve) => s.close(() => resolve())),
  };
}

function apiWith(deps: AppDeps) {
  return listen(express().use(REST_NAMESPACE, restRouter(deps)));
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  mailer = createMemoryMailer();
  server = await startTestServer(tdb, { mailer, config: { webhooksAllowPrivate: true, apiRateLimit: 100_000 } });
  adminAuth = await keyOf('admin');
  customerAuth = await keyOf('customer1');
  server.deps.clock = () => new Date(now);
  api = await apiWith(server.deps);
  privateRefusingApi = await apiWith({
    ...server.deps,
    config: { ...server.deps.config, webhooksAllowPrivate: false },
  });
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      onReceive?.();
      res.writeHead(answer).end('thanks');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
}, 60_000);

afterAll(async () => {
  await api?.close();
  await privateRefusingApi?.close();
  await new Promise((resolve) => receiver?.close(resolve));
  await server?.close();
  await tdb?.drop();
});

beforeEach(async () => {
  received.length = 0;
  answer = 200;
  // Each test starts with no subscription: events are recorded only for the test's own.
  await tdb.wp.knex(`${tdb.wp.prefix}dropin_webhook_subscriptions`).update({ status: 'disabled' });
});

async function call(method: string, path: string, body?: unknown, base = api.baseUrl, auth = adminAuth) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: auth, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Json };
}

async function subscribe(events = ['booking.created']) {
  const r = await call('POST', '/webhooks', { url: receiverUrl, events });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: number; secret: string };
}

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, read field by field in assertions.
type Json = any;

let guest = 0;
async function book(): Promise<number> {
  guest += 1;
  const r = await postAjax(server.baseUrl, payLaterBookingBody({ tourId: TOUR, date: DATE, n: guest }));
  expect(r.status).toBe(200);
  const row = await tdb.wp.knex(tdb.wp.t.orders).max({ id: 'id' }).first();
  return Number(row!.id);
}

const deliveriesOf = (subscriptionId: number) =>
  tdb.wp.knex(`${tdb.wp.prefix}dropin_webhook_deliveries`).where('subscription_id', subscriptionId).orderBy('id');

/** The library's own verifier, at the instant the delivery was signed (it refuses stale timestamps). */
function verify(secret: string, delivery: { headers: IncomingHttpHeaders; body: string }): Json {
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    vi.setSystemTime(Number(delivery.headers['webhook-timestamp']) * 1000);
    return new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>);
  } finally {
    vi.useRealTimers();
  }
}

describe('webhook subscriptions', () => {
  it('need an admin key: without one the API answers 401 and nothing is created', async () => {
    const r = await call('POST', '/webhooks', { url: receiverUrl, events: ['booking.created'] }, api.baseUrl, '');
    expect(r.status).toBe(401);
    expect(r.body.code).toBe('rest_forbidden');
    const real = await fetch(`${server.baseUrl}${REST_NAMESPACE}/webhooks`);
    expect(real.status).toBe(401);
    // A customer's key authenticates but may not manage webhooks.
    const customer = await call(
      'POST',
      '/webhooks',
      { url: receiverUrl, events: ['booking.created'] },
      api.baseUrl,
      customerAuth,
    );
    expect(customer.status).toBe(403);
    expect(customer.body.code).toBe('rest_forbidden');
    expect(await tdb.wp.knex(`${tdb.wp.prefix}dropin_webhook_subscriptions`).where('url', receiverUrl)).toEqual([]);
  });

  it('are created with a secret shown once, listed and read without it, changed and deleted', async () => {
    const created = await subscribe(['booking.created', 'booking.paid']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const one = await call('GET', `/webhooks/${created.id}`);
    expect(one.body).toMatchObject({ id: created.id, url: receiverUrl, status: 'active' });
    expect(one.body).not.toHaveProperty('secret');
    const list = await call('GET', '/webhooks?per_page=100');
    expect(list.headers.get('x-wp-total')).toBe(String(list.body.length));
    expect(list.body.map((s: { id: number }) => s.id)).toContain(created.id);
    expect(JSON.stringify(list.body)).not.toContain('whsec_');
    const changed = await call('PUT', `/webhooks/${created.id}`, { events: ['booking.cancelled'], status: 'disabled' });
    expect(changed.body).toMatchObject({ events: ['booking.cancelled'], status: 'disabled' });
    // A key the route does not change is refused, not ignored (a client may believe it rotated the secret).
    for (const body of [{ secret: 'whsec_x' }, { event: ['booking.paid'] }]) {
      const r = await call('PUT', `/webhooks/${created.id}`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    const extra = await call('POST', '/webhooks', { url: receiverUrl, events: ['booking.created'], secret: 'whsec_x' });
    expect(extra.status).toBe(400);
    expect((await call('DELETE', `/webhooks/${created.id}`)).body).toEqual({ deleted: true, id: created.id });
    expect((await call('GET', `/webhooks/${created.id}`)).status).toBe(404);
  });

  it('refuse unknown events, bad URLs and, without WEBHOOKS_ALLOW_PRIVATE, private receivers', async () => {
    const bad = await call('POST', '/webhooks', { url: receiverUrl, events: ['booking.deleted'] });
    expect(bad.status).toBe(400);
    for (const url of ['ftp://example.test/x', 'https://user:pw@example.test/', `https://x.test/${'a'.repeat(2001)}`]) {
      const r = await call('POST', '/webhooks', { url, events: ['booking.created'] });
      expect(r.status, url).toBe(400);
    }
    for (const url of [
      receiverUrl,
      'http://[::1]/x',
      'http://169.254.169.254/latest',
      'http://10.0.0.8/',
      'http://[::ffff:127.0.0.1]/',
    ]) {
      const r = await call('POST', '/webhooks', { url, events: ['booking.created'] }, privateRefusingApi.baseUrl);
      expect(r.status, url).toBe(400);
      expect(r.body.data.params.url).toMatch(/private/);
    }
  });
});

describe('the outbox', () => {
  it('holds the event when the order is written and none when its transaction is rolled back', async () => {
    const { id } = await subscribe(['booking.created']);
    const orderId = await book();
    const rows = await deliveriesOf(id);
    expect(rows).toHaveLength(1);
    const before = await tdb.wp.knex(`${tdb.wp.prefix}dropin_webhook_events`).count({ n: '*' }).first();
    await expect(
      inTransaction(tdb.wp, async (trx) => {
        await trx.knex(trx.t.orders).where('id', orderId).update({ order_status: 'approved' });
        await recordBookingEvent(trx, now, 'booking.created', orderId);
        expect(await deliveriesOf(id).transacting(trx.knex as never)).toHaveLength(2);
        throw new Error('a failure after the insert');
      }),
    ).rejects.toThrow('a failure after the insert');
    const after = await tdb.wp.knex(`${tdb.wp.prefix}dropin_webhook_events`).count({ n: '*' }).first();
    expect(Number(after!.n)).toBe(Number(before!.n));
    expect(await deliveriesOf(id)).toHaveLength(1);
    expect((await getOrder(tdb.wp, orderId))!.status).not.toBe('approved');
  });
});

describe('delivery', () => {
  it('sends booking.created signed per Standard Webhooks, once', async () => {
    const { id, secret } = await subscribe(['booking.created']);
    const orderId = await book();
    expect(await dispatchDueWebhooks(server.deps)).toBe(1);
    expect(received).toHaveLength(1);
    const event = verify(secret, received[0]!);
    expect(event).toMatchObject({
      type: 'booking.created',
      timestamp: now.toISOString(),
      data: { id: orderId, tour_id: TOUR, date: DATE, travellers: 1, currency: 'USD', package: null },
    });
    expect(event.data.total).toMatch(/^\d+\.\d\d$/);
    expect(received[0]!.headers['webhook-id']).toMatch(/^msg_/);
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(
        received[0]!.body,
        received[0]!.headers as never,
      ),
    ).toThrow();
    expect(await dispatchDueWebhooks(server.deps)).toBe(0);
    expect((await deliveriesOf(id))[0]).toMatchObject({ state: 'delivered', attempts: 1, last_status: 200 });
  });

  it('reads the clock for each batch: a long run neither signs nor leases with the time it started', async () => {
    for (let i = 0; i < 11; i++) await subscribe(['booking.created']);
    await book();
    const started = now;
    // Each delivery takes two minutes (slow receivers): the second batch starts 20 minutes on.
    onReceive = () => {
      now = new Date(now.getTime() + 120_000);
    };
    try {
      expect(await dispatchDueWebhooks(server.deps)).toBe(11);
    } finally {
      onReceive = undefined;
      now = started;
    }
    const stamps = received.map((r) => Number(r.headers['webhook-timestamp']));
    expect(Math.max(...stamps) - Math.min(...stamps)).toBeGreaterThanOrEqual(20 * 60);
  });

  it('retries a 500 with backoff and logs each try', async () => {
    const { id } = await subscribe(['booking.created']);
    await book();
    answer = 500;
    expect(await dispatchDueWebhooks(server.deps)).toBe(1);
    const [first] = await deliveriesOf(id);
    expect(first).toMatchObject({ state: 'pending', attempts: 1, last_status: 500, last_error: 'HTTP 500' });
    const wait = Date.parse(`${String(first.next_attempt_at).replace(' ', 'T')}Z`) - now.getTime();
    expect(wait).toBeGreaterThanOrEqual(24_000);
    expect(wait).toBeLessThanOrEqual(36_000);
    expect(await dispatchDueWebhooks(server.deps)).toBe(0);
    answer = 200;
    now = new Date(now.getTime() + 40_000);
    expect(await dispatchDueWebhooks(server.deps)).toBe(1);
    // The same message again: receivers deduplicate on `webhook-id`.
    const ids = received.map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    const log = await call('GET', `/webhooks/${id}/deliveries`);
    expect(log.body).toEqual([
      expect.objectContaining({ event_type: 'booking.created', state: 'delivered', attempts: 2, last_status: 200 }),
    ]);
    expect(log.headers.get('x-wp-total')).toBe('1');
  });

  it('gives up 24 hours after the event: failed, the subscription disabled, one mail to the admin', async () => {
    const { id } = await subscribe(['booking.created']);
    await book();
    answer = 503;
    const mailsBefore = mailer.sent.length;
    expect(await dispatchDueWebhooks(server.deps)).toBe(1);
    now = new Date(now.getTime() + 24 * 3600_000 + 1000);
    expect(await dispatchDueWebhooks(server.deps)).toBe(1);
    expect((await deliveriesOf(id))[0]).toMatchObject({ state: 'failed', attempts: 2 });
    const sub = (await call('GET', `/webhooks/${id}`)).body;
    expect(sub).toMatchObject({ status: 'disabled' });
    expect(sub.disabled_reason).toMatch(/24 hours/);
    const mails = mailer.sent.slice(mailsBefore).filter((m) => m.type === 'webhook-disabled');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual(['admin@example.test']);
    expect(await dispatchDueWebhooks(server.deps)).toBe(0);
    // Re-enabled, it receives new events again.
    answer = 200;
    expect((await call('PUT', `/webhooks/${id}`, { status: 'active' })).body.status).toBe('active');
    await book();
    expect(await dispatchDueWebhooks(server.deps)).toBe(1);
  });

  it('is woken by a committed event, not left for the next timer run', async () => {
    const { id } = await subscribe(['booking.created']);
    // An hour between timer runs (the first at least 30 minutes away): only the wake-up can send it.
    const dispatcher = startWebhookDispatcher(server.deps, 3_600_000);
    try {
      const orderId = await book();
      // Up to 15 s on a loaded machine; it returns as soon as the delivery arrives.
      for (let waited = 0; received.length === 0 && waited < 15_000; waited += 20) await sleep(20);
      // Said when it fails: was the order written, and where is its delivery?
      const seen = { orderId, deliveries: await deliveriesOf(id) };
      expect(received, JSON.stringify(seen)).toHaveLength(1);
      // The receiver has it once the request arrives; the dispatcher settles it after the reply.
      let delivery = (await deliveriesOf(id))[0];
      for (let waited = 0; delivery?.state === 'pending' && waited < 15_000; waited += 20) {
        await sleep(20);
        delivery = (await deliveriesOf(id))[0];
      }
      expect(delivery).toMatchObject({ state: 'delivered' });
    } finally {
      await dispatcher.stop();
    }
  });
});
