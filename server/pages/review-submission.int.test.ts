import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getRawMeta } from '../data/meta';
import { startSession } from '../data/sessions';
import { loadSite } from '../data/site';
import { getUserByLogin } from '../data/users';
import { CAPTURE_NOW, postAjax, startTestServer, type TestServer } from '../testing/app';
import { createTestDatabase, type TestDatabase } from '../testing/db';
import { encodeCookieValue } from '../wp/auth-cookie';
import { createNonce } from '../wp/nonce';
import { siteLocalTime } from '../wp/site-time';
import { isSameSite, REVIEW_NONCE_ACTION } from './review-submission';

/**
 * The account page's review form (reviews.md §7) on both engines: who may review which order, one
 * review per order, scores 1–10, the forgery check (nonce, else same-site Origin/Referer), the
 * stored row and the tour's rating metas.
 */
let tdb: TestDatabase;
let server: TestServer;
const SITE = 'http://127.0.0.1:8080';
const REVIEWS_URL = '/my-account/?page_type=reviews';

beforeAll(async () => {
  tdb = await createTestDatabase();
  server = await startTestServer(tdb, { now: CAPTURE_NOW });
});

// One customer writes more reviews here than the review limit allows an hour (services/write-limits.ts).
beforeEach(async () => {
  await tdb.wp.knex(`${tdb.wp.prefix}dropin_rate_limits`).delete();
});

afterAll(async () => {
  await server?.close();
  await tdb?.drop();
});

async function login(name: string): Promise<{ cookie: string; nonce: string }> {
  const site = await loadSite(tdb.wp);
  const user = (await getUserByLogin(tdb.wp, name))!;
  const salts = await server.deps.salts();
  const minted = await startSession(tdb.wp, user, {
    site,
    salts,
    remember: false,
    https: false,
    ip: '127.0.0.1',
    ua: 'test',
    now: CAPTURE_NOW,
  });
  const nonce = createNonce(REVIEW_NONCE_ACTION, {
    uid: user.id,
    token: minted.token,
    salt: salts.nonce,
    now: Math.floor(CAPTURE_NOW.getTime() / 1000),
  });
  return { cookie: `wordpress_logged_in_${site.cookieHash}=${encodeCookieValue(minted.loggedInCookie)}`, nonce };
}

function form(orderId: number, extra: Record<string, string> = {}): URLSearchParams {
  return new URLSearchParams({
    description: 'Wonderful sunset, friendly crew and good snacks.',
    'traveller-type': 'couple',
    rating: '10',
    review_id: String(orderId),
    tour_id: '4',
    ...extra,
  });
}

async function submit(
  body: URLSearchParams,
  options: { cookie?: string; origin?: string; referer?: string; url?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
  if (options.cookie) headers.Cookie = options.cookie;
  if (options.origin !== undefined) headers.Origin = options.origin;
  if (options.referer !== undefined) headers.Referer = options.referer;
  return fetch(`${server.baseUrl}${options.url ?? REVIEWS_URL}`, {
    method: 'POST',
    headers,
    body: String(body),
    redirect: 'manual',
  });
}

async function reviewsOfOrder(orderId: number): Promise<Record<string, unknown>[]> {
  return tdb.wp.knex(tdb.wp.t.reviews).select().where('order_id', orderId).orderBy('review_id');
}

let nextTravelDay = 1;
/** A new order of a customer on a tour, in a status. */
async function addOrder(userId: number, tourId: number, status: string): Promise<number> {
  const [id] = await tdb.wp.knex(tdb.wp.t.orders).insert({
    user_id: userId,
    booking_date: '2026-08-01 10:00:00',
    tour_id: tourId,
    travel_date: `2026-09-${String(nextTravelDay++).padStart(2, '0')}`,
    package_group_slug: '',
    traveller_amount: 1,
    male_amount: 0,
    female_amount: 0,
    order_status: status,
  });
  return Number(id);
}

describe('who may post the review form', () => {
  it('a guest is sent to the login page (no cache headers), nothing stored', async () => {
    const res = await submit(form(11), { origin: SITE });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${SITE}/login/`);
    expect(res.headers.get('x-redirect-by')).toBe('WordPress');
    expect(res.headers.get('cache-control')).toBeNull();
    expect(await reviewsOfOrder(11)).toEqual([]);
  });

  it('customer1 reviews departed order 11: one row as the plugin writes it, rating metas updated, 302 back', async () => {
    const { cookie } = await login('customer1');
    const res = await submit(form(11), { cookie, origin: SITE });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(REVIEWS_URL);
    expect(res.headers.get('cache-control')).toBe('no-cache, must-revalidate, max-age=0, no-store, private');
    expect(res.headers.get('expires')).toBe('Wed, 11 Jan 1984 05:00:00 GMT');
    expect(await res.text()).toBe('');
    const rows = await reviewsOfOrder(11);
    expect(rows).toHaveLength(1);
    const site = await loadSite(tdb.wp);
    expect(rows[0]).toMatchObject({
      review_tour_id: 4,
      order_id: 11,
      review_score: 10,
      review_type: 'couple',
      review_description: 'Wonderful sunset, friendly crew and good snacks.',
      review_date: siteLocalTime(CAPTURE_NOW, site),
      reviewer_name: null,
      reviewer_email: null,
    });
    // Santorini: 63/8 → 73/9, the average in PHP's float text.
    expect(await getRawMeta(tdb.wp, 'post', 4, 'tourmaster-tour-rating')).toBe(
      'a:2:{s:5:"score";i:73;s:8:"reviewer";i:9;}',
    );
    expect(await getRawMeta(tdb.wp, 'post', 4, 'tourmaster-tour-rating-score')).toBe('8.1111111111111');
  });

  it('the new review is public at once, first by date, with the customer name', async () => {
    const reply = await postAjax(server.baseUrl, 'action=get_single_tour_review&tour_id=4&sort_by=date&filter_by=');
    const content = String((reply.json() as { content: string }).content);
    expect(content.indexOf('Maria Papadopoulou')).toBeGreaterThan(0);
    expect(content.indexOf('Maria Papadopoulou')).toBeLessThan(content.indexOf('John Smith'));
  });

  it('a second review of the same order is refused (legacy inserted it)', async () => {
    const { cookie } = await login('customer1');
    const res = await submit(form(11, { rating: '2' }), { cookie, origin: SITE });
    expect(res.status).toBe(302);
    expect(await reviewsOfOrder(11)).toHaveLength(1);
    const { cookie: other } = await login('customer2');
    await submit(form(8, { rating: '3' }), { cookie: other, origin: SITE });
    expect(await reviewsOfOrder(8)).toHaveLength(1);
  });

  it("another customer's order is refused", async () => {
    const { cookie } = await login('customer1');
    const theirs = await addOrder(3, 5, 'departed');
    await submit(form(theirs), { cookie, origin: SITE });
    expect(await reviewsOfOrder(theirs)).toEqual([]);
  });

  it('only departed orders: approved, online-paid, deposit-paid, pending and cancelled ones are refused', async () => {
    const { cookie } = await login('customer1');
    for (const status of ['approved', 'online-paid', 'deposit-paid', 'pending', 'cancel']) {
      const id = await addOrder(2, 5, status);
      const res = await submit(form(id), { cookie, origin: SITE });
      expect(res.status).toBe(302);
      expect(await reviewsOfOrder(id)).toEqual([]);
    }
    await submit(form(987654), { cookie, origin: SITE });
    expect(await reviewsOfOrder(987654)).toEqual([]);
  });

  it('scores outside 1–10 and unknown traveller types are refused (legacy stored 15)', async () => {
    const { cookie } = await login('customer1');
    const id = await addOrder(2, 5, 'departed');
    const bad: Record<string, string>[] = [
      { rating: '15' },
      { rating: '0' },
      { rating: '' },
      { 'traveller-type': 'vip' },
    ];
    for (const extra of bad) await submit(form(id, extra), { cookie, origin: SITE });
    expect(await reviewsOfOrder(id)).toEqual([]);
    await submit(form(id, { rating: '1', 'traveller-type': '' }), { cookie, origin: SITE });
    expect(await reviewsOfOrder(id)).toMatchObject([{ review_score: 1, review_type: 'solo' }]);
  });

  it('an empty review (no text, or no score chosen) is refused; the tour keeps its rating (the audit)', async () => {
    const { cookie } = await login('customer1');
    const id = await addOrder(2, 5, 'departed');
    const ratingBefore = await tdb.wp
      .knex(tdb.wp.t.postmeta)
      .where({ post_id: 5 })
      .whereIn('meta_key', ['tourmaster-tour-rating']);
    const empty: Record<string, string>[] = [
      { description: '' },
      { description: '  \n ' },
      { rating: '' },
      { description: '', rating: '' },
    ];
    for (const extra of empty) {
      const res = await submit(form(id, extra), { cookie, origin: SITE });
      expect(res.status).toBe(302);
    }
    // What the untouched legacy form sent: no text and its preset 10.
    await submit(
      new URLSearchParams({
        description: '',
        'traveller-type': 'solo',
        rating: '10',
        review_id: String(id),
        tour_id: '5',
      }),
      {
        cookie,
        origin: SITE,
      },
    );
    expect(await reviewsOfOrder(id)).toEqual([]);
    expect(
      await tdb.wp.knex(tdb.wp.t.postmeta).where({ post_id: 5 }).whereIn('meta_key', ['tourmaster-tour-rating']),
    ).toEqual(ratingBefore);
  });

  it('a POST without review_id only redirects back', async () => {
    const { cookie } = await login('customer1');
    const before = await tdb.wp.knex(tdb.wp.t.reviews).count({ n: '*' }).first();
    const res = await submit(new URLSearchParams({ something: 'else' }), { cookie, origin: SITE });
    expect(res.status).toBe(302);
    expect(await tdb.wp.knex(tdb.wp.t.reviews).count({ n: '*' }).first()).toEqual(before);
  });
});

describe('request forgery', () => {
  it('no nonce and neither Origin nor Referer: refused', async () => {
    const { cookie } = await login('customer1');
    const id = await addOrder(2, 6, 'departed');
    const res = await submit(form(id), { cookie });
    expect(res.status).toBe(302);
    expect(await reviewsOfOrder(id)).toEqual([]);
  });

  it('another site (Origin or Referer), or an opaque origin: refused', async () => {
    const { cookie } = await login('customer1');
    const id = await addOrder(2, 6, 'departed');
    await submit(form(id), { cookie, origin: 'http://evil.example' });
    await submit(form(id), { cookie, origin: 'null' });
    await submit(form(id), { cookie, referer: 'http://evil.example/my-account/?page_type=reviews' });
    await submit(form(id), { cookie, origin: 'http://evil.example', referer: `${SITE}/my-account/` });
    expect(await reviewsOfOrder(id)).toEqual([]);
  });

  it('the site as Referer (browser sent no Origin): accepted', async () => {
    const { cookie } = await login('customer1');
    const id = await addOrder(2, 6, 'departed');
    await submit(form(id), { cookie, referer: `${SITE}${REVIEWS_URL}` });
    expect(await reviewsOfOrder(id)).toHaveLength(1);
  });

  it('a valid WordPress nonce is accepted without Origin; a wrong one is refused even from the site', async () => {
    const { cookie, nonce } = await login('customer1');
    const a = await addOrder(2, 7, 'departed');
    await submit(form(a, { _wpnonce: nonce }), { cookie });
    expect(await reviewsOfOrder(a)).toHaveLength(1);
    const b = await addOrder(2, 7, 'departed');
    await submit(form(b, { _wpnonce: '0123456789' }), { cookie, origin: SITE });
    expect(await reviewsOfOrder(b)).toEqual([]);
    // A nonce minted for another session of the same user does not count for this one.
    const other = await login('customer1');
    await submit(form(b, { _wpnonce: other.nonce }), { cookie });
    expect(await reviewsOfOrder(b)).toEqual([]);
  });

  it('same-site rule', () => {
    const sites = [SITE];
    expect(isSameSite({ origin: SITE, referer: undefined }, sites)).toBe(true);
    expect(isSameSite({ origin: `${SITE}/`, referer: undefined }, sites)).toBe(true);
    expect(isSameSite({ origin: 'http://127.0.0.1:8081', referer: undefined }, sites)).toBe(false);
    expect(isSameSite({ origin: 'https://127.0.0.1:8080', referer: undefined }, sites)).toBe(false);
    expect(isSameSite({ origin: undefined, referer: `${SITE}/x/?y` }, sites)).toBe(true);
    expect(isSameSite({ origin: undefined, referer: 'javascript:alert(1)' }, sites)).toBe(false);
    expect(isSameSite({ origin: undefined, referer: undefined }, sites)).toBe(false);
  });
});

describe('concurrency and aggregates', () => {
  it('ten simultaneous posts for one order store one review', async () => {
    const { cookie } = await login('customer1');
    const id = await addOrder(2, 9, 'departed');
    await Promise.all(Array.from({ length: 10 }, () => submit(form(id), { cookie, origin: SITE })));
    expect(await reviewsOfOrder(id)).toHaveLength(1);
  });

  it('simultaneous reviews of one tour keep its aggregate exact', async () => {
    const { cookie } = await login('customer1');
    const orders = await Promise.all(Array.from({ length: 6 }, () => addOrder(2, 10, 'departed')));
    await Promise.all(orders.map((id, i) => submit(form(id, { rating: String(i + 1) }), { cookie, origin: SITE })));
    // Rhodes had 9 + 6 + 4 = 19 over 3; plus 1..6 = 21 over 6.
    expect(await getRawMeta(tdb.wp, 'post', 10, 'tourmaster-tour-rating')).toBe(
      'a:2:{s:5:"score";i:40;s:8:"reviewer";i:9;}',
    );
    expect(await getRawMeta(tdb.wp, 'post', 10, 'tourmaster-tour-rating-score')).toBe('4.4444444444444');
  });

  it('what the customer typed is stored as typed and printed escaped', async () => {
    const { cookie } = await login('customer1');
    const id = await addOrder(2, 8, 'departed');
    const typed = '<script>alert("x")</script> Tom & Jerry\'s <b>best</b> day';
    await submit(form(id, { description: typed, rating: '10' }), { cookie, origin: SITE });
    expect(await reviewsOfOrder(id)).toMatchObject([{ review_description: typed }]);
    const reply = await postAjax(server.baseUrl, 'action=get_single_tour_review&tour_id=8&sort_by=date');
    const content = String((reply.json() as { content: string }).content);
    expect(content).not.toContain('<script>');
    expect(content).not.toContain('<b>best</b>');
    expect(content).toContain(
      '&lt;script&gt;alert(&#8220;x&#8221;)&lt;/script&gt; Tom &amp; Jerry&#8217;s &lt;b&gt;best&lt;/b&gt; day',
    );
  });
});
