import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteMeta, getAllMeta, getMeta, getMetaForMany, getRawMeta, updateMeta } from '../data/meta';
import { addOption, getOption, getOptions, updateOption } from '../data/options';
import { getOrder, listOrdersOfUser } from '../data/orders';
import { getPost, getPublishedPostBySlug, listPublishedPosts } from '../data/posts';
import { listReviewsOfTour } from '../data/reviews';
import { loadSalts } from '../data/salts';
import { endSession, startSession } from '../data/sessions';
import { loadSite } from '../data/site';
import { getObjectTerms, getTermBySlug, listTerms } from '../data/terms';
import { queryTourList } from '../data/tour-list';
import { getUserByEmail, getUserById, getUserByLogin } from '../data/users';
import { wireCookiesOf } from '../http/cookies';
import { resolveCurrentUser } from '../services/accounts/current-user';
import { createTestDatabase, type TestDatabase } from '../testing/db';
import { authCookieNames, parseAuthCookie, validateAuthCookie } from './auth-cookie';

/**
 * The data layer over the fixture site, run on MariaDB and again on SQLite: both engines must
 * return the same values, and what we write must be stored exactly as PHP would store it.
 */
let tdb: TestDatabase;

beforeAll(async () => {
  tdb = await createTestDatabase();
});

afterAll(async () => {
  await tdb?.drop();
});

describe('options', () => {
  it('reads plain and serialised options', async () => {
    expect(await getOption(tdb.wp, 'siteurl')).toBe('http://127.0.0.1:8080');
    const general = (await getOption(tdb.wp, 'tourmaster_general')) as Record<string, unknown>;
    expect(general['payment-page']).toBe('32');
    expect(general['system-email-address']).toBe('bookings@aegean-trails.example.test');
    expect(await getOption(tdb.wp, 'no_such_option')).toBeUndefined();
    const many = await getOptions(tdb.wp, ['home', 'blogname', 'nope']);
    expect([...many.keys()].sort()).toEqual(['blogname', 'home']);
  });

  it('writes arrays serialised and scalars as PHP strings, byte for byte', async () => {
    await updateOption(tdb.wp, 'dropin_test_array', { a: 1, list: ['x', 'é'], flag: true });
    const row = await tdb.wp.knex(tdb.wp.t.options).first('option_value').where('option_name', 'dropin_test_array');
    expect(row.option_value).toBe('a:3:{s:1:"a";i:1;s:4:"list";a:2:{i:0;s:1:"x";i:1;s:2:"é";}s:4:"flag";b:1;}');
    await updateOption(tdb.wp, 'dropin_test_number', 500);
    const number = await tdb.wp.knex(tdb.wp.t.options).first('option_value').where('option_name', 'dropin_test_number');
    expect(number.option_value).toBe('500'); // not "500.0" on SQLite
    await addOption(tdb.wp, 'dropin_test_number', 1);
    expect(await getOption(tdb.wp, 'dropin_test_number')).toBe('500');
  });
});

describe('post meta and user meta', () => {
  it('reads the tour option of tour 4 as the typed PHP array the plugin stored', async () => {
    const option = (await getMeta(tdb.wp, 'post', 4, 'tourmaster-tour-option')) as Record<string, unknown>;
    expect(option['tour-type']).toBe('single');
    expect(Array.isArray(option['date-price'])).toBe(true);
    const all = await getAllMeta(tdb.wp, 'post', 4);
    expect(all.get('tourmaster-tour-price')).toEqual(['120']);
    const prices = await getMetaForMany(tdb.wp, 'post', [4, 5, 999], 'tourmaster-tour-price');
    expect(prices.get(4)).toBe('120');
    expect(prices.has(999)).toBe(false);
  });

  it('rewrites the wish list exactly as PHP serialises it, gaps included', async () => {
    expect(await getMeta(tdb.wp, 'user', 2, 'tourmaster-wish-list')).toEqual(['4', '7']);
    await updateMeta(tdb.wp, 'user', 2, 'tourmaster-wish-list', { 0: '4', 2: '10' });
    expect(await getRawMeta(tdb.wp, 'user', 2, 'tourmaster-wish-list')).toBe('a:2:{i:0;s:1:"4";i:2;s:2:"10";}');
    await updateMeta(tdb.wp, 'user', 2, 'tourmaster-wish-list', ['4', '7']);
    expect(await getRawMeta(tdb.wp, 'user', 2, 'tourmaster-wish-list')).toBe('a:2:{i:0;s:1:"4";i:1;s:1:"7";}');
  });

  it('inserts a missing key, updates every row of an existing one, deletes', async () => {
    await updateMeta(tdb.wp, 'post', 9, 'dropin-test', 'one');
    await tdb.wp.knex(tdb.wp.t.postmeta).insert({ post_id: 9, meta_key: 'dropin-test', meta_value: 'two' });
    await updateMeta(tdb.wp, 'post', 9, 'dropin-test', 'three');
    const rows = await tdb.wp
      .knex(tdb.wp.t.postmeta)
      .select('meta_value')
      .where({ post_id: 9, meta_key: 'dropin-test' });
    expect(rows.map((r) => r.meta_value)).toEqual(['three', 'three']);
    expect(await deleteMeta(tdb.wp, 'post', 9, 'dropin-test')).toBe(2);
  });
});

describe('posts and terms', () => {
  it('finds published tours by slug and lists them newest first', async () => {
    const tour = await getPublishedPostBySlug(tdb.wp, 'tour', 'santorini-caldera-sunset-cruise');
    expect(tour?.id).toBe(4);
    expect(tour?.title).toMatch(/Santorini/);
    expect((await getPost(tdb.wp, 32))?.slug).toBe('payment');
    const tours = await listPublishedPosts(tdb.wp, 'tour');
    expect(tours.map((t) => t.id).sort((a, b) => a - b)).toEqual([4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('reads taxonomies: categories, a term by slug (any case), the terms of tours', async () => {
    const categories = await listTerms(tdb.wp, 'tour_category');
    expect(categories.map((c) => c.name)).toEqual(['Day Trips', 'Islands', 'Mainland', 'Multi-day']);
    expect((await getTermBySlug(tdb.wp, 'tour_category', 'ISLANDS'))?.name).toBe('Islands');
    const terms = await getObjectTerms(tdb.wp, [4, 7], ['tour_category', 'tour-activity']);
    expect(terms.get(4)?.map((t) => t.slug)).toContain('islands');
    expect(terms.get(7)?.some((t) => t.taxonomy === 'tour-activity')).toBe(true);
  });
});

describe('users', () => {
  it('matches logins and e-mails as the MySQL collation does: case and accents folded', async () => {
    expect((await getUserByLogin(tdb.wp, 'Customer1'))?.id).toBe(2);
    expect((await getUserByEmail(tdb.wp, 'MARIA.PAPADOPOULOU@example.test'))?.login).toBe('customer1');
    expect((await getUserByEmail(tdb.wp, 'anna.müller@example.test'))?.login).toBe('customer3');
    expect(await getUserByLogin(tdb.wp, 'customer9')).toBeUndefined();
    expect((await getUserById(tdb.wp, 1))?.login).toBe('admin');
  });
});

describe('orders and reviews', () => {
  it('reads orders with money as exact DECIMAL text and cents, zero dates intact, JSON decoded', async () => {
    const order = await getOrder(tdb.wp, 1);
    expect(order).toMatchObject({
      userId: 2,
      tourId: 4,
      travelDate: '2027-06-05',
      status: 'online-paid',
      totalPrice: '523.2000',
      totalPriceCents: 52320,
      paymentDate: '2026-10-02 12:00:00',
    });
    expect(order?.contactInfo).toMatchObject({ first_name: 'Maria', email: 'maria.papadopoulou@example.test' });
    const second = await getOrder(tdb.wp, 2);
    expect(second?.paymentDate).toBe('0000-00-00 00:00:00');
    expect(second?.totalPrice).toBe('261.6000');
    const mine = await listOrdersOfUser(tdb.wp, 2);
    expect(mine.map((o) => o.id)).toContain(11);
  });

  it('reads the reviews of a tour on the 1–10 scale', async () => {
    const reviews = await listReviewsOfTour(tdb.wp, 4);
    expect(reviews).toHaveLength(8);
    expect(reviews.every((r) => r.score !== null && r.score >= 1 && r.score <= 10)).toBe(true);
    expect(reviews.some((r) => r.orderId === 8)).toBe(true);
  });
});

describe('WordPress logins', () => {
  it('mints a login WordPress accepts: session stored as PHP would, cookie validates, logout ends it', async () => {
    const now = new Date('2026-11-21T23:30:00Z');
    const site = await loadSite(tdb.wp);
    expect(site.cookieHash).toBe('ef301f25d1b8e2bca70fafc1316f1a92'); // md5("http://127.0.0.1:8080"), as captured
    const salts = await loadSalts(tdb.wp, {});
    const user = (await getUserByLogin(tdb.wp, 'customer2'))!;
    const minted = await startSession(tdb.wp, user, {
      site,
      salts,
      remember: true,
      https: false,
      ip: '127.0.0.1',
      ua: 'UA é',
      now,
    });

    const raw = await getRawMeta(tdb.wp, 'user', user.id, 'session_tokens');
    expect(raw).toMatch(
      new RegExp(
        `^a:1:\\{s:64:"[0-9a-f]{64}";a:4:\\{s:10:"expiration";i:${minted.expiration};s:2:"ip";s:9:"127.0.0.1";s:2:"ua";s:5:"UA é";s:5:"login";i:${Math.floor(now.getTime() / 1000)};\\}\\}$`,
      ),
    );
    const names = authCookieNames(site.siteUrl);
    const header = `${names.logged_in}=${encodeURIComponent(minted.loggedInCookie)}`;
    const current = await resolveCurrentUser(
      tdb.wp,
      { cookie: wireCookiesOf(header), https: false, method: 'GET' },
      site,
      salts,
      now,
    );
    expect(current?.user.id).toBe(user.id);
    expect(
      validateAuthCookie({
        cookie: parseAuthCookie(encodeURIComponent(minted.authCookie)),
        salt: salts.auth,
        user: { user_pass: user.pass },
        sessionTokens: await getMeta(tdb.wp, 'user', user.id, 'session_tokens'),
        request: { method: 'GET' },
        now: Math.floor(now.getTime() / 1000),
      }).ok,
    ).toBe(true);

    await endSession(tdb.wp, user.id, minted.token, now);
    expect(await getRawMeta(tdb.wp, 'user', user.id, 'session_tokens')).toBeUndefined();
    expect(
      await resolveCurrentUser(
        tdb.wp,
        { cookie: wireCookiesOf(header), https: false, method: 'GET' },
        site,
        salts,
        now,
      ),
    ).toBeNull();
  });

  it('on the embedded default, follows the address the site is served on', async () => {
    const site = await loadSite(tdb.wp, 'http://localhost:9090');
    expect(site.siteUrl).toBe('http://localhost:9090');
    expect(site.homeUrl).toBe('http://localhost:9090');
    expect(site.cookieHash).not.toBe((await loadSite(tdb.wp)).cookieHash);
  });

  it('keeps salts stable: generated once into the options WordPress uses when wp-config has none', async () => {
    const first = await loadSalts(tdb.wp, {});
    const second = await loadSalts(tdb.wp, {});
    expect(second).toEqual(first);
    expect(typeof (await getOption(tdb.wp, 'logged_in_key'))).toBe('string');
    const fromConstants = await loadSalts(tdb.wp, { LOGGED_IN_KEY: 'k'.repeat(64), LOGGED_IN_SALT: 's'.repeat(64) });
    expect(fromConstants.logged_in).toBe(`${'k'.repeat(64)}${'s'.repeat(64)}`);
  });
});

describe('tour lists', () => {
  it('reads the metas of the tours a random page shows, whichever tours it picks', async () => {
    for (let i = 0; i < 20; i++) {
      const page = await queryTourList(
        tdb.wp,
        { keywords: '', tax: undefined, meta: [], orderby: 'rand', order: 'desc', perPage: 2, page: 1 },
        undefined,
        ['tourmaster-tour-option'],
      );
      expect(page.rows).toHaveLength(2);
      expect([...page.metas.keys()].sort()).toEqual(page.rows.map((r) => r.id).sort());
    }
  });
});
