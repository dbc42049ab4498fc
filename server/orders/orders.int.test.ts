import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryMailer, type MemoryMailer } from '../mail/mailer';
import { CAPTURE_NOW, postAjax, startTestServer, type TestServer } from '../testing/app';
import { createTestDatabase, type TestDatabase } from '../testing/db';
import { encodeCookieValue } from '../wp/auth-cookie';
import { getMeta, updateMeta } from '../wp/meta';
import { getOption, updateOption } from '../wp/options';
import { startSession } from '../wp/sessions';
import { loadSite } from '../wp/site';
import { getUserByLogin } from '../wp/users';

/**
 * Orders written by "book now, pay later": coupon limits enforced at write time, admin approval,
 * the mails of each case, and who may open an order on the payment page.
 */
let tdb: TestDatabase;
let server: TestServer;
let mailer: MemoryMailer;

beforeAll(async () => {
  tdb = await createTestDatabase();
  mailer = createMemoryMailer();
  server = await startTestServer(tdb, { now: CAPTURE_NOW, mailer });
});

afterAll(async () => {
  await server?.close();
  await tdb?.drop();
});

async function loginCookie(login: string): Promise<string> {
  const site = await loadSite(tdb.wp);
  const minted = await startSession(tdb.wp, (await getUserByLogin(tdb.wp, login))!, {
    site,
    salts: await server.deps.salts(),
    remember: false,
    https: false,
    ip: '127.0.0.1',
    ua: 'test',
    now: CAPTURE_NOW,
  });
  return `wordpress_logged_in_${site.cookieHash}=${encodeCookieValue(minted.loggedInCookie)}`;
}

/** A pay-later step 4 for one traveller on Santorini, as the payment page posts it. */
function payLater(email: string, extra: Record<string, string> = {}): URLSearchParams {
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
    step: '4',
    'payment-method': 'booking',
    ...extra,
  };
  const params = new URLSearchParams({ action: 'tourmaster_payment_template' });
  for (const [k, v] of Object.entries(detail)) params.append(`booking_detail[${k}]`, v);
  params.append('booking_detail[traveller_first_name][]', 'Ana');
  params.append('booking_detail[traveller_last_name][]', 'Tester');
  return params;
}

const orderOf = (email: string) =>
  tdb.wp
    .knex(tdb.wp.t.orders)
    .first()
    .whereRaw('contact_info LIKE ?', [`%${email}%`]);

describe('coupon limits', () => {
  it('counts a coupon when the order is written, never beyond its limit, and refuses it used up', async () => {
    const coupon = (await getMeta(tdb.wp, 'post', 12, 'tourmaster-coupon-option')) as Record<string, unknown>;
    const used = Number((await tdb.wp.knex(tdb.wp.t.orders).count({ n: '*' }).where('coupon_code', 'SUMMER10'))[0]!.n);
    await updateMeta(tdb.wp, 'post', 12, 'tourmaster-coupon-option', {
      ...coupon,
      'coupon-amount': String(used + 1),
    } as never);
    try {
      const first = await postAjax(server.baseUrl, payLater('coupon.one@example.test', { 'coupon-code': 'summer10' }));
      expect(first.text).toContain('Booking Completed!');
      expect((await orderOf('coupon.one@example.test')).coupon_code).toBe('summer10');
      const second = await postAjax(server.baseUrl, payLater('coupon.two@example.test', { 'coupon-code': 'SUMMER10' }));
      // Used up since the page showed it: refused with the coupon's reason, nothing booked at full
      // price behind the visitor's back (the audit); the visitor decides.
      expect(second.text).not.toContain('Booking Completed!');
      expect((second.json() as { content: string }).content).toContain(
        'This coupon has been used up, please try again with different coupon',
      );
      expect(await orderOf('coupon.two@example.test')).toBeUndefined();
      const withoutCoupon = await postAjax(server.baseUrl, payLater('coupon.two@example.test'));
      expect(withoutCoupon.text).toContain('Booking Completed!');
      const row = await orderOf('coupon.two@example.test');
      expect(row.coupon_code).toBeNull();
      expect(JSON.parse(row.pricing_info)['total-price']).toBe(130.8);
    } finally {
      await updateMeta(tdb.wp, 'post', 12, 'tourmaster-coupon-option', coupon as never);
    }
  });
});

describe('admin approval and mails', () => {
  it('writes a guest booking as pending and mails the guest, escaping what they typed', async () => {
    const before = mailer.sent.length;
    await postAjax(server.baseUrl, payLater('guest.mail@example.test', { first_name: '<b>Ana</b>' }));
    expect((await orderOf('guest.mail@example.test')).order_status).toBe('pending');
    const mail = mailer.sent.slice(before).find((m) => m.to.includes('guest.mail@example.test'));
    expect(mail?.subject).toBe('You have made a new booking via email');
    expect(mail?.html).toContain('&lt;b&gt;Ana&lt;/b&gt;');
    expect(mail?.html).not.toContain('<b>Ana</b>');
  });

  it('writes a logged-in booking as waiting for approval when the site requires it', async () => {
    const payment = (await getOption(tdb.wp, 'tourmaster_payment')) as Record<string, unknown>;
    await updateOption(tdb.wp, 'tourmaster_payment', { ...payment, 'payment-admin-approval': 'enable' } as never);
    try {
      const r = await postAjax(server.baseUrl, payLater('approval@example.test'), {
        cookie: await loginCookie('customer3'),
      });
      expect(r.text).toContain('Booking Completed!');
      const row = await orderOf('approval@example.test');
      expect(row.order_status).toBe('wait-for-approval');
      expect(Number(row.user_id)).toBe(4);
    } finally {
      await updateOption(tdb.wp, 'tourmaster_payment', payment as never);
    }
  });
});

describe('the payment page for an existing order (?tid=N)', () => {
  const open = (tid: number, cookie?: string) =>
    fetch(`${server.baseUrl}/payment/?tid=${tid}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: 'manual' });

  it("refuses someone else's order, whoever asks, and lets the owner through", async () => {
    // Order 1 belongs to customer1.
    expect((await open(1)).status).toBe(403);
    expect(await (await open(1, await loginCookie('customer2'))).text()).toContain('belongs to another customer');
    expect((await open(1, await loginCookie('customer1'))).status).not.toBe(403);
    expect((await open(999999)).status).toBe(404);
  });

  it('lets a guest open their own order only with its key', async () => {
    const r = await postAjax(server.baseUrl, payLater('guest.key@example.test'));
    const tid = Number((await orderOf('guest.key@example.test')).id);
    const key = r.headers
      .getSetCookie()
      .find((c) => c.startsWith(`tourmaster-order-key-${tid}=`))!
      .split(';')[0]!;
    expect((await open(tid)).status).toBe(403);
    expect((await open(tid, key)).status).not.toBe(403);
    // Another guest's key does not open it; order 9 is a guest order of the dump (no key at all).
    expect((await open(9, key)).status).toBe(403);
  });
});
