import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMeta, updateMeta } from '../../data/meta';
import { loadBookingContext } from '../../data/tours';
import { postAjax, startTestServer, type TestServer } from '../../testing/app';
import { createTestDatabase, type TestDatabase } from '../../testing/db';
import { restGet } from '../../testing/rest-app';
import { statementsRunBy } from '../../testing/statements';
import { allTourDates } from '../../tourmaster/dates';
import { resolveDatePrice } from '../../tourmaster/packages';

/**
 * The availability API over the real app and database: every date of every fixture tour agrees
 * with the booking bar's amount check, seats are counted live (a date filled by orders reads sold
 * out), a date past its cut-off and one beyond the book-in-advance window are not bookable, and
 * bad parameters get WordPress's REST error shape.
 */
let tdb: TestDatabase;
let server: TestServer;

// Mid-May 2027 (the site runs on UTC): most fixture dates are ahead, some are past.
const NOW = new Date('2027-05-15T12:00:00Z');
const SANTORINI = 4; // fixed price, 20 seats on 2027-05-22
const CRETE = 6; // group price, 2 groups a date
const METEORA = 7;
const MYKONOS = 8; // three packages, three pools

interface PackageJson {
  title: string;
  group_slug: string;
  seats_left: number | null;
  unit: string | null;
  sold_out: boolean;
  bookable: boolean;
  price_from: string | null;
}
interface DateJson extends Omit<PackageJson, 'title' | 'group_slug'> {
  date: string;
  packages: PackageJson[];
}
interface AvailabilityJson {
  tour_id: number;
  currency: string;
  dates: DateJson[];
}

async function insertOrder(row: Record<string, unknown>): Promise<void> {
  await tdb.wp.knex(tdb.wp.t.orders).insert({
    user_id: 0,
    booking_date: '2027-05-01 10:00:00',
    package_group_slug: '',
    male_amount: 0,
    female_amount: 0,
    order_status: 'approved',
    total_price: '100.0000',
    ...row,
  });
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  server = await startTestServer(tdb, { now: NOW });
  // Sold out: the last 20 seats of Santorini's 22 May taken (one order cancelled, which frees its seats).
  await insertOrder({ tour_id: SANTORINI, travel_date: '2027-05-22', traveller_amount: 17 });
  await insertOrder({ tour_id: SANTORINI, travel_date: '2027-05-22', traveller_amount: 3, order_status: 'pending' });
  await insertOrder({ tour_id: SANTORINI, travel_date: '2027-05-22', traveller_amount: 9, order_status: 'cancel' });
  // Crete: both groups of its first date booked.
  const crete = await loadBookingContext(tdb.wp, CRETE);
  const creteFirst = allTourDates(crete.tour!.option).find((d) => d >= '2027-05-15')!;
  for (let i = 0; i < 2; i++) await insertOrder({ tour_id: CRETE, travel_date: creteFirst, traveller_amount: 4 });
  // Mykonos: the VIP yacht (8 seats) full on the first date, the other pools not.
  const mykonos = await loadBookingContext(tdb.wp, MYKONOS);
  const mykonosFirst = allTourDates(mykonos.tour!.option)[0]!;
  await insertOrder({ tour_id: MYKONOS, travel_date: mykonosFirst, traveller_amount: 8, package_group_slug: 'vip' });
  await insertOrder({
    tour_id: MYKONOS,
    travel_date: mykonosFirst,
    traveller_amount: 27,
    package_group_slug: 'morning',
  });
  // Closed: Santorini sails at 10:00, so today's (15 May) booking closed two hours ago.
  const option = structuredClone(await getMeta(tdb.wp, 'post', SANTORINI, 'tourmaster-tour-option')) as {
    'date-price': { package: Record<string, string>[] }[];
  };
  for (const entry of option['date-price']) for (const pkg of entry.package) pkg['start-time'] = '10:00';
  await updateMeta(tdb.wp, 'post', SANTORINI, 'tourmaster-tour-option', option as never);
  // Meteora takes bookings one month ahead: up to 1 July.
  await updateMeta(tdb.wp, 'post', METEORA, 'tourmaster-book-in-advance', '1');
}, 60_000);

afterAll(async () => {
  await server?.close();
  await tdb?.drop();
});

const availability = (query: string) => restGet(server.baseUrl, query);

async function datesOf(tourId: number, from: string, to: string): Promise<DateJson[]> {
  const r = await availability(`tours/${tourId}/availability?from=${from}&to=${to}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body as AvailabilityJson).dates;
}

const dateOf = async (tourId: number, date: string) => (await datesOf(tourId, date, date))[0]!;

describe('GET /wp-json/tourmaster/v1/tours/{id}/availability', () => {
  it('answers each date of the range, public for 5 seconds, in two statements', async () => {
    let r: Awaited<ReturnType<typeof availability>> | undefined;
    const statements = await statementsRunBy(server, async () => {
      r = await availability(`tours/${SANTORINI}/availability?from=2026-09-01&to=2027-06-30`);
    });
    expect(statements.length).toBeLessThanOrEqual(2);
    expect(r!.status).toBe(200);
    expect(r!.headers.get('cache-control')).toBe('public, max-age=5');
    expect(r!.headers.get('content-type')).toMatch(/^application\/json/);
    const body = r!.body as AvailabilityJson;
    expect(body.currency).toBe('USD');
    const { tour } = await loadBookingContext(tdb.wp, SANTORINI);
    expect(body.dates.map((d) => d.date)).toEqual(allTourDates(tour!.option));
    // A date gone by is not bookable.
    expect(body.dates[0]).toMatchObject({ date: '2026-09-12', bookable: false });
  });

  it('reads a date whose seats are all taken as sold out, and frees them when an order is cancelled', async () => {
    expect(await dateOf(SANTORINI, '2027-05-22')).toMatchObject({
      seats_left: 0,
      unit: 'seats',
      sold_out: true,
      bookable: true,
    });
    await tdb.wp
      .knex(tdb.wp.t.orders)
      .where({ tour_id: SANTORINI, travel_date: '2027-05-22', order_status: 'pending' })
      .update({ order_status: 'cancel' });
    try {
      expect(await dateOf(SANTORINI, '2027-05-22')).toMatchObject({ seats_left: 3, sold_out: false, bookable: true });
    } finally {
      await tdb.wp
        .knex(tdb.wp.t.orders)
        .where({ tour_id: SANTORINI, travel_date: '2027-05-22', traveller_amount: 3 })
        .update({ order_status: 'pending' });
    }
  });

  it('closes a date past its cut-off and one beyond the book-in-advance window', async () => {
    expect(await dateOf(SANTORINI, '2027-05-15')).toMatchObject({ bookable: false, sold_out: false });
    const meteora = await datesOf(METEORA, '2027-05-15', '2027-12-31');
    expect(meteora.filter((d) => d.date > '2027-07-01').length).toBeGreaterThan(0);
    for (const d of meteora) expect(d.bookable, d.date).toBe(d.date <= '2027-07-01');
  });

  it('counts each package pool on its own and groups against max-group', async () => {
    const mykonos = await datesOf(MYKONOS, '2027-01-01', '2027-12-31');
    const first = mykonos[0]!;
    expect(first.sold_out).toBe(false);
    expect(first.packages.map((p) => [p.title, p.group_slug, p.seats_left, p.sold_out])).toEqual([
      ['Morning Standard', 'morning', 3, false],
      ['Afternoon Premium', 'afternoon', 12, false],
      ['Private Yacht VIP', 'vip', 0, true],
    ]);
    expect(first.seats_left).toBe(12);
    const crete = (await datesOf(CRETE, '2027-05-15', '2027-12-31'))[0]!;
    expect(crete).toMatchObject({ seats_left: 0, unit: 'groups', sold_out: true });
  });

  it('prices one traveller as the booking bar does, tax included', async () => {
    for (const [tourId, people] of [
      [SANTORINI, { 'tour-people': '1' }],
      [5, { 'tour-adult': '1' }],
    ] as const) {
      const d = (await datesOf(tourId, '2027-05-16', '2027-12-31')).find((x) => x.bookable && !x.sold_out)!;
      const reply = await postAjax(
        server.baseUrl,
        new URLSearchParams({
          action: 'tourmaster_update_head_price',
          'data[tour-id]': String(tourId),
          'data[tour-date]': d.date,
          'data[package]': '',
          ...Object.fromEntries(Object.entries(people).map(([k, v]) => [`data[${k}]`, v])),
        }),
      );
      const shown = String((reply.json() as { price?: string }).price).replace(/[^\d.]/g, '');
      expect(Number(d.price_from), `tour ${tourId} ${d.date}`).toBe(Number(shown));
    }
  });

  it('agrees with the amount check for the smallest booking of every date of every tour', async () => {
    const tours = await tdb.wp.knex(tdb.wp.t.posts).where({ post_type: 'tour', post_status: 'publish' }).pluck('ID');
    expect(tours.length).toBeGreaterThan(5);
    let checked = 0;
    for (const id of tours.map(Number)) {
      const { tour } = await loadBookingContext(tdb.wp, id);
      if (!tour) continue;
      const dates = allTourDates(tour.option);
      if (dates.length === 0) continue;
      const answered = await datesOf(id, dates[0]!, dates[dates.length - 1]!);
      expect(answered.map((d) => d.date)).toEqual(dates);
      for (const d of answered) {
        const ok = await Promise.all(
          d.packages.map(async (p) => {
            const entry = resolveDatePrice(tour.option, d.date, p.title)!.entry;
            const min = entry['minimum-people-per-booking'] || tour.meta.minPeoplePerBooking;
            const count = String(Math.max(1, Math.ceil(Number(min) || 1)));
            const group = entry['pricing-method'] === 'group';
            const reply = await postAjax(
              server.baseUrl,
              new URLSearchParams({
                action: 'tourmaster_tour_booking_amount_check',
                tour_id: String(id),
                tour_date: d.date,
                tid: '',
                package: p.title,
                traveller: group ? 'group' : count,
                ...(group ? {} : { adult_amount: count }),
              }),
            );
            const taken = (reply.json() as { status: string }).status === 'success';
            expect(p.bookable && !p.sold_out, `tour ${id} ${d.date} package "${p.title}"`).toBe(taken);
            return taken;
          }),
        );
        expect(d.bookable && !d.sold_out, `tour ${id} ${d.date}`).toBe(ok.some(Boolean));
        checked++;
      }
    }
    // The cases set up above are among them: sold out, closed, beyond the window, past.
    expect(checked).toBeGreaterThan(40);
  }, 60_000);

  it.each([
    ['a malformed date', `tours/${SANTORINI}/availability?from=2027-5-1&to=2027-06-01`, 'from'],
    ['a day that does not exist', `tours/${SANTORINI}/availability?from=2027-02-30&to=2027-06-01`, 'from'],
    ['`to` before `from`', `tours/${SANTORINI}/availability?from=2027-06-01&to=2027-05-31`, 'to'],
    ['more than 366 days', `tours/${SANTORINI}/availability?from=2027-01-01&to=2028-01-02`, 'to'],
    ['a repeated parameter', `tours/${SANTORINI}/availability?from=2027-01-01&from=2027-01-02&to=2027-02-01`, 'from'],
    ['an id that is no number', 'tours/abc/availability?from=2027-01-01&to=2027-02-01', 'id'],
    ['an id of no tour', 'tours/999999/availability?from=2027-01-01&to=2027-02-01', 'id'],
    ['an id of a page', 'tours/2/availability?from=2027-01-01&to=2027-02-01', 'id'],
  ])('refuses %s with 400 rest_invalid_param', async (_name, query, param) => {
    const r = await availability(query);
    expect(r.status).toBe(400);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const body = r.body as { code: string; message: string; data: { status: number; params: Record<string, string> } };
    expect(body).toMatchObject({ code: 'rest_invalid_param', data: { status: 400 } });
    expect(body.message).toContain(param);
    expect(Object.keys(body.data.params)).toContain(param);
  });

  it('names only the bad day when a day does not exist (no rolled-over range check beside it)', async () => {
    const r = await availability(`tours/${SANTORINI}/availability?from=2027-02-30&to=2027-03-01`);
    expect((r.body as { data: { params: Record<string, string> } }).data.params).toEqual({
      from: 'Not a calendar date.',
    });
  });

  it('says which parameters were not sent, as WordPress does (rest_missing_callback_param)', async () => {
    const none = await availability(`tours/${SANTORINI}/availability`);
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({
      code: 'rest_missing_callback_param',
      message: 'Missing parameter(s): from, to',
      data: { status: 400 },
    });
    const list = await availability(`tours/${SANTORINI}/availability?from=2027-01-01&from=2027-01-02&to=2027-02-01`);
    expect(list.body).toMatchObject({ code: 'rest_invalid_param', data: { params: { from: 'Expected one value.' } } });
  });

  it('answers at ?rest_route= as at /wp-json/ (plain permalinks), readable from other origins', async () => {
    const pretty = await availability(`tours/${SANTORINI}/availability?from=2027-05-01&to=2027-05-31`);
    for (const path of ['/', '/index.php']) {
      const response = await fetch(
        `${server.baseUrl}${path}?rest_route=/tourmaster/v1/tours/${SANTORINI}/availability&from=2027-05-01&to=2027-05-31`,
        { headers: { Origin: 'https://partner.example' } },
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(pretty.body);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    }
    const unknown = await fetch(`${server.baseUrl}/?rest_route=/tourmaster/v1/nothing`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'rest_no_route' });
  });

  it('takes the whole 366 days', async () => {
    expect((await availability(`tours/${SANTORINI}/availability?from=2027-01-01&to=2028-01-01`)).status).toBe(200);
  });

  it('answers any other path of its namespace with rest_no_route', async () => {
    const r = await availability('tours/4/nothing');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
      data: { status: 404 },
    });
  });
});
