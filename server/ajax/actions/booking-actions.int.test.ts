import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMeta, updateMeta } from '../../data/meta';
import { getOption, updateOption } from '../../data/options';
import { startSession } from '../../data/sessions';
import { loadSite } from '../../data/site';
import { getUserByLogin } from '../../data/users';
import { CAPTURE_NOW, postAjax, startTestServer, type TestServer } from '../../testing/app';
import { createTestDatabase, type TestDatabase } from '../../testing/db';
import { encodeCookieValue } from '../../wp/auth-cookie';

/**
 * The three booking actions through the real dispatcher and database, beyond the captured
 * exchanges: admin edits show on the next request, seats are counted live, bad input is refused.
 */
let tdb: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  tdb = await createTestDatabase();
  server = await startTestServer(tdb, { now: CAPTURE_NOW });
});

afterAll(async () => {
  await server?.close();
  await tdb?.drop();
});

const check = (fields: Record<string, string>) =>
  postAjax(
    server.baseUrl,
    new URLSearchParams({ action: 'tourmaster_tour_booking_amount_check', tid: '', package: '', ...fields }),
  );

const headPrice = (data: Record<string, string>) =>
  postAjax(
    server.baseUrl,
    new URLSearchParams({
      action: 'tourmaster_update_head_price',
      ...Object.fromEntries(Object.entries(data).map(([k, v]) => [`data[${k}]`, v])),
    }),
  );

const fields = (data: Record<string, string>, cookie?: string) =>
  postAjax(
    server.baseUrl,
    new URLSearchParams({
      action: 'tourmaster_tour_booking',
      ...Object.fromEntries(Object.entries(data).map(([k, v]) => [`data[${k}]`, v])),
    }),
    cookie ? { cookie } : {},
  );

async function insertOrder(row: Record<string, unknown>): Promise<number> {
  const [id] = await tdb.wp.knex(tdb.wp.t.orders).insert({
    user_id: 0,
    booking_date: '2026-11-21 10:00:00',
    package_group_slug: '',
    male_amount: 0,
    female_amount: 0,
    ...row,
  });
  return Number(id);
}

describe('tourmaster_tour_booking_amount_check', () => {
  it('counts seats live: a new order fills the date, a cancelled one frees it', async () => {
    const booking = {
      tour_id: '4',
      tour_date: '2027-05-22',
      traveller: '2',
      adult_amount: '2',
      male_amount: '0',
      female_amount: '0',
    };
    expect((await check(booking)).json()).toEqual({ status: 'success' });
    const id = await insertOrder({
      tour_id: 4,
      travel_date: '2027-05-22',
      traveller_amount: 19,
      order_status: 'pending',
    });
    expect((await check(booking)).json()).toEqual({
      status: 'failed',
      message: 'Sorry, this tour is now full. Please try to select another date',
    });
    expect((await check({ ...booking, traveller: '1', adult_amount: '1' })).json()).toEqual({ status: 'success' });
    await tdb.wp.knex(tdb.wp.t.orders).where('id', id).update({ order_status: 'cancel' });
    expect((await check(booking)).json()).toEqual({ status: 'success' });
  });

  it("counts only paid orders when the site's block-seat-status says paid", async () => {
    const general = (await getOption(tdb.wp, 'tourmaster_general')) as Record<string, unknown>;
    const booking = {
      tour_id: '4',
      tour_date: '2027-05-29',
      traveller: '5',
      adult_amount: '5',
      male_amount: '0',
      female_amount: '0',
    };
    await insertOrder({ tour_id: 4, travel_date: '2027-05-29', traveller_amount: 16, order_status: 'pending' });
    expect((await check(booking)).json()).toMatchObject({ status: 'failed' });
    await updateOption(tdb.wp, 'tourmaster_general', { ...general, 'block-seat-status': 'paid' });
    try {
      expect((await check(booking)).json()).toEqual({ status: 'success' });
    } finally {
      await updateOption(tdb.wp, 'tourmaster_general', general as never);
    }
  });

  it('keeps package pools apart: the VIP yacht fills, the morning boat does not', async () => {
    const base = { tour_id: '8', tour_date: '2027-06-17', adult_amount: '6', male_amount: '0', female_amount: '0' };
    await insertOrder({
      tour_id: 8,
      travel_date: '2027-06-17',
      traveller_amount: 7,
      package_group_slug: 'vip',
      order_status: 'approved',
    });
    expect((await check({ ...base, traveller: '2', package: 'Private Yacht VIP' })).json()).toMatchObject({
      status: 'failed',
    });
    expect((await check({ ...base, traveller: '2', package: 'Morning Standard' })).json()).toEqual({
      status: 'success',
    });
  });

  it('refuses counts that are not whole numbers, and every unknown or past booking, with a message', async () => {
    const base = { tour_id: '4', tour_date: '2027-05-15', adult_amount: '2', male_amount: '0', female_amount: '0' };
    for (const traveller of ['-1', 'abc', '1.5', '0']) {
      const r = await check({ ...base, traveller });
      expect(r.status).toBe(200);
      expect(r.json()).toMatchObject({ status: 'failed', message: expect.stringMatching(/number of travellers/) });
    }
    for (const tour of [{ tour_id: '999999' }, { tour_id: 'x' }, { tour_id: '12' /* a coupon post */ }]) {
      expect((await check({ ...base, ...tour, traveller: '2' })).json()).toMatchObject({ status: 'failed' });
    }
    expect((await check({ ...base, tour_date: '2026-09-12', traveller: '2' })).json()).toEqual({
      status: 'failed',
      message: 'Sorry, the tour is now off for booking on the date/time you selected. Please select another date.',
    });
  });

  it('refuses a tour that is no longer published', async () => {
    await tdb.wp.knex(tdb.wp.t.posts).where('ID', 11).update({ post_status: 'draft' });
    try {
      const r = await check({
        tour_id: '11',
        tour_date: '2027-05-16',
        traveller: '2',
        adult_amount: '2',
        male_amount: '0',
        female_amount: '0',
      });
      expect(r.json()).toMatchObject({ status: 'failed' });
    } finally {
      await tdb.wp.knex(tdb.wp.t.posts).where('ID', 11).update({ post_status: 'publish' });
    }
  });
});

describe('tourmaster_update_head_price', () => {
  it('prices from the tour settings as they are now: an edit in the WordPress admin shows on the next request', async () => {
    expect((await headPrice({ 'tour-id': '4', 'tour-date': '2027-05-15', 'tour-people': '2' })).json()).toMatchObject({
      price: '$261.60',
    });
    const option = (await getMeta(tdb.wp, 'post', 4, 'tourmaster-tour-option')) as Record<string, unknown>;
    const edited = structuredClone(option) as { 'date-price': { package: Record<string, string>[] }[] };
    edited['date-price'][0]!.package[0]!['person-price'] = '130';
    await updateMeta(tdb.wp, 'post', 4, 'tourmaster-tour-option', edited as never);
    try {
      expect((await headPrice({ 'tour-id': '4', 'tour-date': '2027-05-15', 'tour-people': '2' })).json()).toMatchObject(
        {
          price: '$283.40',
        },
      );
    } finally {
      await updateMeta(tdb.wp, 'post', 4, 'tourmaster-tour-option', option as never);
    }
    expect((await headPrice({ 'tour-id': '4', 'tour-date': '2027-05-15', 'tour-people': '2' })).json()).toMatchObject({
      price: '$261.60',
    });
  });

  it('never shows a negative or absurd price', async () => {
    for (const people of ['-2', '1e9', '99999999999999999999', '2.5']) {
      const r = await headPrice({ 'tour-id': '4', 'tour-date': '2027-05-15', 'tour-people': people });
      expect(r.json()).toMatchObject({ status: 'failed', message: expect.any(String) });
      expect(r.text).not.toMatch(/price|inf|-\$/);
    }
    const rooms = await postAjax(
      server.baseUrl,
      'action=tourmaster_update_head_price&data[tour-id]=7&data[tour-date]=2027-06-11&data[tour-room]=2&data[tour-people][]=2&data[tour-people][]=-1',
    );
    expect(rooms.json()).toMatchObject({ status: 'failed' });
  });

  it('answers the empty reply while nothing is chosen, a message for a date the tour does not run', async () => {
    expect((await headPrice({ 'tour-id': '4', 'tour-date': '2027-05-15' })).json()).toEqual([]);
    expect((await headPrice({ 'tour-id': '4', 'tour-date': '2027-05-16', 'tour-people': '2' })).json()).toMatchObject({
      status: 'failed',
    });
    expect((await headPrice({ 'tour-id': '4', 'tour-date': '2026-09-12', 'tour-people': '2' })).json()).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/now off for booking/),
    });
  });
});

describe('tourmaster_tour_booking', () => {
  it('does not ask a logged-in customer to log in, and fills extra fields from their profile', async () => {
    const user = (await getUserByLogin(tdb.wp, 'customer1'))!;
    await updateMeta(tdb.wp, 'user', user.id, 'pickup-hotel', 'Hotel Grande Bretagne');
    const minted = await startSession(tdb.wp, user, {
      site: await loadSite(tdb.wp),
      salts: await server.deps.salts(),
      remember: false,
      https: false,
      ip: '127.0.0.1',
      ua: 'test',
      now: CAPTURE_NOW,
    });
    const cookie = `wordpress_logged_in_${(await loadSite(tdb.wp)).cookieHash}=${encodeCookieValue(minted.loggedInCookie)}`;
    const member = (await fields({ 'tour-id': '9', 'tour-date': '2027-04-10', step: '1' }, cookie)).json() as {
      content: string;
    };
    expect(member.content).not.toContain('data-ask-login');
    expect(member.content).toContain('name="pickup-hotel" value="Hotel Grande Bretagne"');
    const guest = (await fields({ 'tour-id': '9', 'tour-date': '2027-04-10', step: '1' })).json() as {
      content: string;
    };
    expect(guest.content).toContain('data-ask-login="proceed-without-login"');
  });

  it('shows seats left per package when the site enables it, counted live', async () => {
    const general = (await getOption(tdb.wp, 'tourmaster_general')) as Record<string, unknown>;
    await updateOption(tdb.wp, 'tourmaster_general', { ...general, 'show-remaining-available-number': 'enable' });
    try {
      const { content } = (await fields({ 'tour-id': '8', 'tour-date': '2027-06-10', step: '1' })).json() as {
        content: string;
      };
      // Order 6 holds 2 of the 8 VIP seats on 2027-06-10.
      expect(content).toContain('<span class="tourmaster-combobox-list-avail" >Available: 6 seats</span>');
      expect(content).toContain('Available: 30 seats');
    } finally {
      await updateOption(tdb.wp, 'tourmaster_general', general as never);
    }
  });

  it('keeps the room blocks to what the tour offers and refuses nonsense counts', async () => {
    const { content } = (
      await fields({ 'tour-id': '7', 'tour-date': '2027-06-11', 'tour-room': '500', step: '3' })
    ).json() as {
      content: string;
    };
    expect(content.match(/Room <span>/g)).toHaveLength(6); // five rooms at most, plus the template
    const bad = (await fields({ 'tour-id': '7', 'tour-date': '2027-06-11', 'tour-room': 'x', step: '3' })).json() as {
      content: string;
    };
    expect(bad.content).toContain('tourmaster-tour-booking-bar-error');
    expect(bad.content).toContain('Please enter a valid number of travellers.');
  });

  it('escapes what it prints back', async () => {
    const { content } = (
      await fields({
        'tour-id': '9',
        'tour-date': '2027-04-10',
        step: '1',
        'pickup-hotel': '"><script>alert(1)</script>',
      })
    ).json() as {
      content: string;
    };
    expect(content).not.toContain('<script>');
    expect(content).toContain('&quot;&gt;&lt;script&gt;');
  });
});
