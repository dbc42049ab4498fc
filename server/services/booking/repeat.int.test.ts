import { describe, expect, it } from 'vitest';
import { postAjax } from '../../testing/app';
import { appSiteForFile } from '../../testing/app-site';
import { payLaterBookingBody } from '../../testing/booking-body';
import { BOOKING_CLIENT_COOKIE } from './booking-client';

/**
 * A booking submitted again within ten minutes (double click, retry) returns the order the first
 * one wrote, to the browser that wrote it, while that order still stands. An order cancelled,
 * rejected or deleted in the admin since is no booking: the repeat books anew. Another client
 * sending the same details never receives the first guest's order or key.
 */
const app = appSiteForFile();

const body = (n: number) => payLaterBookingBody({ tourId: 4, date: '2027-05-22', n });
const client = (n: number) => `${BOOKING_CLIENT_COOKIE}=${n.toString(16).padStart(32, 'a')}`;

/** Posts a booking; the order ids whose keys the reply hands out, and whether it completed. */
async function book(n: number, cookie?: string) {
  const r = await postAjax(app.server.baseUrl, body(n), cookie ? { cookie } : {});
  const keys = r.headers
    .getSetCookie()
    .flatMap((c) => /^tourmaster-order-key-(\d+)=/.exec(c)?.[1] ?? [])
    .map(Number);
  return { completed: r.text.includes('Booking Completed!'), text: r.text, keys };
}

const ordersOf = (n: number) =>
  app.tdb.wp
    .knex(app.tdb.wp.t.orders)
    .select('id', 'order_status')
    .whereRaw('contact_info LIKE ?', [`%guest${n}@example.test%`])
    .orderBy('id');

describe('a repeated booking', () => {
  it('returns the first order, and its key, to the browser that made it', async () => {
    const first = await book(1, client(1));
    const again = await book(1, client(1));
    expect(first.completed && again.completed).toBe(true);
    expect(first.keys).toHaveLength(1);
    expect(again.keys).toEqual(first.keys);
    expect(await ordersOf(1)).toHaveLength(1);
  });

  it('never hands the first guest key to another client sending the same details', async () => {
    const first = await book(2, client(2));
    const sent = app.mailer.sent.length;
    const other = await book(2);
    const third = await book(2, client(3));
    expect(other.completed && third.completed).toBe(true);
    expect(other.keys).not.toContain(first.keys[0]);
    expect(third.keys).not.toContain(first.keys[0]);
    const rows = await ordersOf(2);
    expect(rows).toHaveLength(3);
    // Each is a booking of its own, mailed as one.
    expect(app.mailer.sent.length - sent).toBeGreaterThanOrEqual(2);
  });

  for (const status of ['cancel', 'rejected']) {
    it(`books anew when the first order was set to ${status} in the admin`, async () => {
      const n = status === 'cancel' ? 3 : 4;
      const first = await book(n, client(n));
      await app.tdb.wp.knex(app.tdb.wp.t.orders).where('id', first.keys[0]!).update({ order_status: status });
      const sent = app.mailer.sent.length;
      const again = await book(n, client(n));
      expect(again.completed).toBe(true);
      expect(again.keys).toHaveLength(1);
      expect(again.keys[0]).not.toBe(first.keys[0]);
      expect((await ordersOf(n)).map((o) => o.order_status)).toEqual([status, 'pending']);
      expect(app.mailer.sent.length).toBeGreaterThan(sent);
    });
  }

  it('books anew when the first order was deleted in the admin (it was a TypeError, "Something went wrong")', async () => {
    const first = await book(5, client(5));
    await app.tdb.wp.knex(app.tdb.wp.t.orders).where('id', first.keys[0]!).delete();
    const again = await book(5, client(5));
    expect(again.text).not.toContain('Something went wrong');
    expect(again.completed).toBe(true);
    expect(again.keys[0]).not.toBe(first.keys[0]);
    expect(await ordersOf(5)).toHaveLength(1);
  });

  it('gives a browser that has none its booking-client cookie from the contact step on', async () => {
    const step3 = new URLSearchParams(body(6));
    step3.set('booking_detail[step]', '3');
    const r = await postAjax(app.server.baseUrl, step3);
    const cookie = r.headers.getSetCookie().find((c) => c.startsWith(`${BOOKING_CLIENT_COOKIE}=`));
    expect(cookie).toMatch(/^tourmaster-booking-client=[0-9a-f]{32}; expires=.*; Max-Age=86400; path=\/; HttpOnly/);
  });
});
