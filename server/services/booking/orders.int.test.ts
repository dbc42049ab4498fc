import { describe, expect, it } from 'vitest';
import { getMeta, updateMeta } from '../../data/meta';
import { getOption, updateOption } from '../../data/options';
import { postAjax } from '../../testing/app';
import { appSiteForFile } from '../../testing/app-site';
import { santoriniBooking } from '../../testing/booking-body';
import { loggedInCookie } from '../../testing/login-cookie';

/**
 * Orders written by "book now, pay later": coupon limits enforced at write time, admin approval,
 * the mails of each case, and who may open an order on the payment page.
 */
const app = appSiteForFile();

async function loginCookie(login: string): Promise<string> {
  return loggedInCookie(app.tdb, app.server, login);
}

/** A pay-later step 4 for one traveller on Santorini, as the payment page posts it. */
const payLater = (email: string, extra: Record<string, string> = {}) => santoriniBooking({ email, ...extra });

const orderOf = (email: string) =>
  app.tdb.wp
    .knex(app.tdb.wp.t.orders)
    .first()
    .whereRaw('contact_info LIKE ?', [`%${email}%`]);

describe('coupon limits', () => {
  it('counts a coupon when the order is written, never beyond its limit, and refuses it used up', async () => {
    const coupon = (await getMeta(app.tdb.wp, 'post', 12, 'tourmaster-coupon-option')) as Record<string, unknown>;
    const used = Number(
      (await app.tdb.wp.knex(app.tdb.wp.t.orders).count({ n: '*' }).where('coupon_code', 'SUMMER10'))[0]!.n,
    );
    await updateMeta(app.tdb.wp, 'post', 12, 'tourmaster-coupon-option', {
      ...coupon,
      'coupon-amount': String(used + 1),
    } as never);
    try {
      const first = await postAjax(
        app.server.baseUrl,
        payLater('coupon.one@example.test', { 'coupon-code': 'summer10' }),
      );
      expect(first.text).toContain('Booking Completed!');
      expect((await orderOf('coupon.one@example.test')).coupon_code).toBe('summer10');
      const second = await postAjax(
        app.server.baseUrl,
        payLater('coupon.two@example.test', { 'coupon-code': 'SUMMER10' }),
      );
      // Used up since the page showed it: refused with the coupon's reason, nothing booked at full
      // price behind the visitor's back (the audit); the visitor decides.
      expect(second.text).not.toContain('Booking Completed!');
      expect((second.json() as { content: string }).content).toContain(
        'This coupon has been used up, please try again with different coupon',
      );
      expect(await orderOf('coupon.two@example.test')).toBeUndefined();
      const withoutCoupon = await postAjax(app.server.baseUrl, payLater('coupon.two@example.test'));
      expect(withoutCoupon.text).toContain('Booking Completed!');
      const row = await orderOf('coupon.two@example.test');
      expect(row.coupon_code).toBeNull();
      expect(JSON.parse(row.pricing_info)['total-price']).toBe(130.8);
    } finally {
      await updateMeta(app.tdb.wp, 'post', 12, 'tourmaster-coupon-option', coupon as never);
    }
  });
});

describe('admin approval and mails', () => {
  it('writes a guest booking as pending and mails the guest, escaping what they typed', async () => {
    const before = app.mailer.sent.length;
    await postAjax(app.server.baseUrl, payLater('guest.mail@example.test', { first_name: '<b>Ana</b>' }));
    expect((await orderOf('guest.mail@example.test')).order_status).toBe('pending');
    const mail = app.mailer.sent.slice(before).find((m) => m.to.includes('guest.mail@example.test'));
    expect(mail?.subject).toBe('You have made a new booking via email');
    expect(mail?.html).toContain('&lt;b&gt;Ana&lt;/b&gt;');
    expect(mail?.html).not.toContain('<b>Ana</b>');
  });

  it('writes a logged-in booking as waiting for approval when the site requires it', async () => {
    const payment = (await getOption(app.tdb.wp, 'tourmaster_payment')) as Record<string, unknown>;
    await updateOption(app.tdb.wp, 'tourmaster_payment', { ...payment, 'payment-admin-approval': 'enable' } as never);
    try {
      const r = await postAjax(app.server.baseUrl, payLater('approval@example.test'), {
        cookie: await loginCookie('customer3'),
      });
      expect(r.text).toContain('Booking Completed!');
      const row = await orderOf('approval@example.test');
      expect(row.order_status).toBe('wait-for-approval');
      expect(Number(row.user_id)).toBe(4);
    } finally {
      await updateOption(app.tdb.wp, 'tourmaster_payment', payment as never);
    }
  });
});

describe('the payment page for an existing order (?tid=N)', () => {
  const open = (tid: number, cookie?: string) =>
    fetch(`${app.server.baseUrl}/payment/?tid=${tid}`, {
      headers: cookie ? { Cookie: cookie } : {},
      redirect: 'manual',
    });

  it("refuses someone else's order, whoever asks, and lets the owner through", async () => {
    // Order 1 belongs to customer1.
    expect((await open(1)).status).toBe(403);
    expect(await (await open(1, await loginCookie('customer2'))).text()).toContain('belongs to another customer');
    expect((await open(1, await loginCookie('customer1'))).status).not.toBe(403);
    expect((await open(999999)).status).toBe(404);
  });

  it('lets a guest open their own order only with its key', async () => {
    const r = await postAjax(app.server.baseUrl, payLater('guest.key@example.test'));
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
