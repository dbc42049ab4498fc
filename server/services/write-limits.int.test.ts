import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actions } from '../ajax/registry';
import { loginAs } from '../testing/account';
import { CAPTURE_NOW, fixtureSecrets, startTestServer, type TestServer } from '../testing/app';
import { payLaterBookingBody } from '../testing/booking-body';
import { createTestDatabase, type TestDatabase } from '../testing/db';
import { LOGIN_ADDRESS, LOST_PASSWORD_ADDRESS } from './accounts/rate-limits';
import { REGISTER_ADDRESS_LIMIT } from './accounts/register';
import { ENQUIRY_LIMITS } from './enquiry/send-enquiry';
import { WRITE_LIMITS } from './write-limits';

/**
 * Every state-changing request is limited (table below): with its address's counter at the limit it
 * is refused, in its protocol's shape, and writes nothing. Every read-only admin-ajax action still
 * answers with every counter of its address at the limit. The counters are set in the database the
 * way a burst of earlier requests would have left them, so no test waits for a window.
 */
let tdb: TestDatabase;
let server: TestServer;
let customer = '';

beforeAll(async () => {
  tdb = await createTestDatabase();
  server = await startTestServer(tdb, { secrets: fixtureSecrets(), config: { trustProxy: true } });
  customer = (await loginAs(tdb, server, 'customer1')).cookie;
});
afterAll(async () => {
  await server?.close();
  await tdb?.drop();
});

let addresses = 0;
const newAddress = () => `198.51.100.${++addresses}`;

/** Puts an address's counter of a bucket at its limit for the current window (the server's clock). */
async function saturate(bucket: { bucket: string; limit: number; windowSeconds: number }, subject: string) {
  const seconds = Math.floor(CAPTURE_NOW.getTime() / 1000);
  await tdb.wp.knex(`${tdb.wp.prefix}dropin_rate_limits`).insert({
    bucket: bucket.bucket,
    subject,
    window_start: seconds - (seconds % bucket.windowSeconds),
    hits: bucket.limit,
  });
}

const ALL_BUCKETS = [
  ...Object.values(WRITE_LIMITS).map((l) => l.perAddress),
  ENQUIRY_LIMITS.perIp,
  LOGIN_ADDRESS,
  LOST_PASSWORD_ADDRESS,
  REGISTER_ADDRESS_LIMIT,
];

async function send(path: string, ip: string, init: { body?: string; cookie?: string; origin?: boolean } = {}) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    redirect: 'manual',
    headers: {
      'X-Forwarded-For': ip,
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' }),
      ...(init.cookie ? { Cookie: init.cookie } : {}),
      // The site's own origin (its `home` option): the review form's forgery check.
      ...(init.origin ? { Origin: 'http://127.0.0.1:8080' } : {}),
    },
    body: init.body,
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const ajax = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const count = async (table: string, where: Record<string, unknown> = {}) =>
  Number((await tdb.wp.knex(table).where(where).count({ n: '*' }))[0]!.n);

interface Row {
  name: string;
  bucket: { bucket: string; limit: number; windowSeconds: number };
  request: (ip: string) => ReturnType<typeof send>;
  /**
   * What the refusal looks like: HTTP status (200 for an action, so the legacy script shows it),
   * a text of its body, and whether it says when to retry.
   */
  refusal: { status: number; text: RegExp; retryAfter?: boolean };
  /** A count the request would change if it were served. */
  writes: () => Promise<number>;
}

const orders = () => count(tdb.wp.t.orders);
const TOO_MANY = /Too many/i;

const STATE_CHANGING: Row[] = [
  {
    name: 'tourmaster_payment_template (book and pay later)',
    bucket: WRITE_LIMITS.booking.perAddress,
    request: (ip) =>
      send('/wp-admin/admin-ajax.php', ip, { body: payLaterBookingBody({ tourId: 4, date: '2027-05-15', n: 1 }) }),
    refusal: { status: 200, text: /"content":".*Too many requests/, retryAfter: true },
    writes: orders,
  },
  {
    name: 'tourmaster_payment_selected',
    bucket: WRITE_LIMITS.payment.perAddress,
    request: (ip) =>
      send('/wp-admin/admin-ajax.php', ip, {
        body: `action=tourmaster_payment_selected&type=paypal&${payLaterBookingBody({ tourId: 4, date: '2027-05-15', n: 2 }).replace(/^action=[^&]*&/, '')}`,
      }),
    refusal: { status: 200, text: /"content":".*Too many requests/, retryAfter: true },
    writes: orders,
  },
  {
    // Each call asks Stripe for a PaymentIntent: limited before Stripe is asked.
    name: 'stripe_payment_charge',
    bucket: WRITE_LIMITS.payment.perAddress,
    request: (ip) =>
      send('/wp-admin/admin-ajax.php', ip, {
        body: ajax({ action: 'stripe_payment_charge', tid: '1', 'paymentIntent[id]': 'pi_123' }),
      }),
    refusal: { status: 200, text: /"status":"failed".*Too many requests/, retryAfter: true },
    writes: () => count(`${tdb.wp.prefix}dropin_gateway_payments`),
  },
  {
    name: 'tourmaster_add_wish_list',
    bucket: WRITE_LIMITS.wishList.perAddress,
    request: (ip) =>
      send('/wp-admin/admin-ajax.php', ip, {
        body: ajax({ action: 'tourmaster_add_wish_list', 'tour-id': '6' }),
        cookie: customer,
      }),
    refusal: { status: 200, text: /^\{"status":"failed","message":"Too many requests/, retryAfter: true },
    writes: () => count(tdb.wp.t.usermeta, { meta_key: 'tourmaster-wish-list' }),
  },
  {
    name: 'tourmaster_send_enquiry_form (its own limit, answered in the form)',
    bucket: ENQUIRY_LIMITS.perIp,
    request: (ip) =>
      send('/wp-admin/admin-ajax.php', ip, {
        body: new URLSearchParams({
          action: 'tourmaster_send_enquiry_form',
          'data[tour-id]': '11',
          'data[full-name]': 'Laura Bianchi',
          'data[email-address]': 'laura.limit@example.test',
          'data[your-enquiry]': 'Is there a discount for groups?',
          'data[tourmaster-require-acceptance]': 'on',
        }).toString(),
      }),
    refusal: { status: 200, text: /"status":"failed"/ },
    writes: () => count(tdb.wp.t.posts, { post_type: 'tourmaster-enquiry' }),
  },
  {
    name: 'account: edit profile',
    bucket: WRITE_LIMITS.account.perAddress,
    request: (ip) =>
      send('/my-account/?page_type=edit-profile', ip, {
        body: ajax({ 'tourmaster-edit-profile': '1', first_name: 'Limited', last_name: 'Visitor' }),
        cookie: customer,
      }),
    refusal: { status: 429, text: TOO_MANY, retryAfter: true },
    writes: () => count(tdb.wp.t.usermeta, { meta_key: 'first_name', meta_value: 'Limited' }),
  },
  {
    name: 'account: cancel a booking',
    bucket: WRITE_LIMITS.account.perAddress,
    request: (ip) => send('/my-account/?page_type=my-booking&action=remove&id=1', ip, { cookie: customer }),
    refusal: { status: 429, text: TOO_MANY, retryAfter: true },
    writes: () => count(tdb.wp.t.orders, { order_status: 'cancel' }),
  },
  {
    name: 'review of a tour',
    bucket: WRITE_LIMITS.review.perAddress,
    request: (ip) =>
      send('/my-account/?page_type=reviews', ip, {
        body: ajax({ review_id: '1', rating: '8', 'traveller-type': 'family', description: 'Lovely.', tour_id: '4' }),
        cookie: customer,
        origin: true,
      }),
    refusal: { status: 429, text: TOO_MANY, retryAfter: true },
    writes: () => count(tdb.wp.t.reviews),
  },
  {
    name: 'login (its own limit, shown on the form)',
    bucket: LOGIN_ADDRESS,
    request: (ip) =>
      send('/wp-login.php', ip, { body: ajax({ log: 'customer1', pwd: 'wrong', 'wp-submit': 'Log In' }) }),
    refusal: { status: 200, text: TOO_MANY },
    writes: () => count(tdb.wp.t.usermeta, { meta_key: 'session_tokens' }),
  },
];

describe('state-changing requests are limited per address', () => {
  it.each(STATE_CHANGING)('$name', async (row) => {
    const ip = newAddress();
    await saturate(row.bucket, ip);
    const before = await row.writes();
    const reply = await row.request(ip);
    expect(reply.status, reply.text.slice(0, 300)).toBe(row.refusal.status);
    expect(reply.text).toMatch(row.refusal.text);
    if (row.refusal.retryAfter) expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await row.writes()).toBe(before);
  });

  it('a booking within the limit is written, and counted', async () => {
    const ip = newAddress();
    const before = await orders();
    const reply = await send('/wp-admin/admin-ajax.php', ip, {
      body: payLaterBookingBody({ tourId: 4, date: '2027-05-15', n: 3 }),
    });
    expect(reply.status).toBe(200);
    expect(await orders()).toBe(before + 1);
    const row = await tdb.wp
      .knex(`${tdb.wp.prefix}dropin_rate_limits`)
      .first('hits')
      .where({ bucket: WRITE_LIMITS.booking.perAddress.bucket, subject: ip });
    expect(Number(row?.hits)).toBe(1);
  });

  it('a logged-in visitor is limited per account too, whatever the address', async () => {
    const { userId } = await loginAs(tdb, server, 'customer1');
    await saturate(WRITE_LIMITS.wishList.perUser, `user:${userId}`);
    const reply = await send('/wp-admin/admin-ajax.php', newAddress(), {
      body: ajax({ action: 'tourmaster_add_wish_list', 'tour-id': '6' }),
      cookie: customer,
    });
    expect(reply.status).toBe(200);
    expect(reply.text).toMatch(TOO_MANY);
    await tdb.wp
      .knex(`${tdb.wp.prefix}dropin_rate_limits`)
      .where({ subject: `user:${userId}` })
      .delete();
  });
});

/** Read-only actions, each with a request it serves. */
const READ_ONLY: Record<string, Record<string, string>> = {
  gdlr_core_tour_ajax: {},
  gdlr_core_tour_order_ajax: {},
  get_single_tour_review: { tour_id: '4', paged: '1' },
  refresh_user_top_bar: {},
  tourmaster_payment_plugin_complete: {},
  tourmaster_tour_ajax: {},
  tourmaster_tour_booking: { 'tour-id': '4', step: '1' },
  tourmaster_tour_booking_amount_check: { 'tour-id': '4', 'tour-date': '2026-12-20' },
  tourmaster_tour_order_ajax: {},
  tourmaster_update_head_price: { 'tour-id': '4', 'tour-date': '2026-12-20' },
  tourmaster_validate_coupon_code: { coupon_code: 'NOPE', tour_id: '4' },
};
const LIMITED_ACTIONS = [
  'tourmaster_payment_template',
  'tourmaster_payment_selected',
  'tourmaster_add_wish_list',
  'tourmaster_send_enquiry_form',
  'stripe_payment_charge',
];

describe('read-only actions are not limited', () => {
  it('every registered action is classified', () => {
    expect(actions.map((a) => a.name).sort()).toEqual([...Object.keys(READ_ONLY), ...LIMITED_ACTIONS].sort());
  });

  it.each(Object.entries(READ_ONLY))(
    '%s answers with every counter of the address at its limit',
    async (action, fields) => {
      const ip = newAddress();
      for (const bucket of ALL_BUCKETS) await saturate(bucket, ip);
      const reply = await send('/wp-admin/admin-ajax.php', ip, { body: ajax({ action, ...fields }) });
      expect(reply.status).not.toBe(429);
      expect(reply.status).toBeLessThan(500);
      expect(reply.text).not.toMatch(TOO_MANY);
    },
  );

  it('the tour page and the payment page read without counting', async () => {
    const ip = newAddress();
    for (const bucket of ALL_BUCKETS) await saturate(bucket, ip);
    expect((await send('/tour/santorini-caldera-sunset-cruise/', ip)).status).toBe(200);
    expect((await send('/payment/', ip)).status).toBe(200);
    expect((await send('/my-account/?page_type=edit-profile', ip, { cookie: customer })).status).toBe(200);
  });
});
