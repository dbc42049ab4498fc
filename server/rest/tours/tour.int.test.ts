import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMeta, updateMeta } from '../../data/meta';
import { postAjax, startTestServer, type TestServer } from '../../testing/app';
import { createTestDatabase, type TestDatabase } from '../../testing/db';
import { insertPost } from '../../testing/posts';
import { restGet } from '../../testing/rest-app';

/**
 * One tour of the public API over the real app and database: its packages and prices agree with
 * what the booking bar charges (the head price of one traveller), its deposit, services and
 * booking window follow the tour's settings, and an id of no published tour is WordPress's 404.
 */
let tdb: TestDatabase;
let server: TestServer;

const NOW = new Date('2027-05-15T12:00:00Z');
const SANTORINI = 4;
const METEORA = 7;
const MYKONOS = 8;
const PUBLISHED = [4, 5, 6, 7, 8, 9, 10, 11];

interface PackageJson {
  title: string;
  group_slug: string;
  default: boolean;
  traveller_kinds: string[];
  prices: Record<string, string>;
  group: { price: string | null; max_groups: number | null } | null;
  room: { room_price: string | null; single_discount: string | null } | null;
  max_people: number | null;
}
interface TourJson {
  id: number;
  title: string;
  currency: string;
  booking: { form: string; book_in_advance_months: number | null; payment_methods: string[] };
  tax: { rate: string; included_in_price: boolean };
  deposit: { allowed: boolean; percents: string[] };
  services: { id: number; title: string; price: string; per: string; mandatory: boolean }[];
  date_rules: {
    pricing_method: string;
    booking_mode: string;
    upcoming_dates: string[];
    package_prompt: string;
    packages: PackageJson[];
  }[];
  links: { availability: string };
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  server = await startTestServer(tdb, { now: NOW });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await tdb?.drop();
});

const get = (query: string) => restGet(server.baseUrl, query);

async function tour(id: number): Promise<TourJson> {
  const r = await get(`tours/${id}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as TourJson;
}

type TourOption = Record<string, unknown>;

/** Changes a tour's option for one test (restored after it). */
async function withOption(id: number, change: (option: TourOption) => void, run: () => Promise<void>): Promise<void> {
  const saved = (await getMeta(tdb.wp, 'post', id, 'tourmaster-tour-option')) as TourOption;
  const option = structuredClone(saved);
  change(option);
  await updateMeta(tdb.wp, 'post', id, 'tourmaster-tour-option', option as never);
  try {
    await run();
  } finally {
    await updateMeta(tdb.wp, 'post', id, 'tourmaster-tour-option', saved as never);
  }
}

/** What the booking bar's head price shows (the number only) for one traveller of `kind`, one group, or one room of one. */
async function headPrice(tourId: number, date: string, pkg: PackageJson, mode: string): Promise<number> {
  const field = (kind: string) => `data[tour-${kind === 'child' ? 'children' : kind}]`;
  const kind = pkg.traveller_kinds[0]!;
  const data: Record<string, string> = {
    action: 'tourmaster_update_head_price',
    'data[tour-id]': String(tourId),
    'data[tour-date]': date,
    'data[package]': pkg.title,
  };
  if (mode === 'room') Object.assign(data, { 'data[tour-room]': '1', [`${field(kind)}[]`]: '1' });
  else if (mode === 'people') data[field(kind)] = '1';
  const reply = await postAjax(server.baseUrl, new URLSearchParams(data));
  return Number(String((reply.json() as { price?: string }).price).replace(/[^\d.]/g, ''));
}

/** The listed price of that booking, before tax: a traveller's price, a group's, or a room of one. */
function listedPrice(pkg: PackageJson, mode: string): number {
  if (mode === 'group') return Number(pkg.group!.price);
  const person = Number(pkg.prices[pkg.traveller_kinds[0]!] ?? 0);
  if (mode !== 'room') return person;
  return Number(pkg.room!.room_price ?? 0) - Number(pkg.room!.single_discount ?? 0) + person;
}

describe('GET /wp-json/tourmaster/v1/tours/{id}', () => {
  it('lists each package with the prices the booking bar charges, for every published tour', async () => {
    const checked = new Set<string>();
    for (const id of PUBLISHED) {
      const body = await tour(id);
      expect(body.currency).toBe('USD');
      const tax = 1 + Number(body.tax.rate) / 100;
      for (const rule of body.date_rules) {
        const date = rule.upcoming_dates.find((d) => d > '2027-05-15');
        if (!date) continue;
        for (const pkg of rule.packages) {
          const expected = Math.round(listedPrice(pkg, rule.booking_mode) * tax * 100) / 100;
          expect(await headPrice(id, date, pkg, rule.booking_mode), `tour ${id} ${date} "${pkg.title}"`).toBe(expected);
          checked.add(`${rule.pricing_method}/${rule.booking_mode}`);
        }
      }
    }
    // Fixed and variable prices per person, group prices and room prices are among them.
    expect([...checked].sort()).toEqual(['fixed/people', 'fixed/room', 'group/group', 'variable/people']);
  }, 60_000);

  it('answers the packages of a date as the booking form offers them', async () => {
    const r = await get(`tours/${MYKONOS}`);
    expect(r.headers.get('cache-control')).toBe('public, max-age=60');
    const body = r.body as TourJson;
    expect(body.title).toBe('Mykonos & Delos Island Hopping');
    const [rule] = body.date_rules;
    expect(rule).toMatchObject({
      pricing_method: 'variable',
      booking_mode: 'people',
      package_prompt: 'Choose your boat',
    });
    expect(rule!.upcoming_dates).toEqual(['2027-06-03', '2027-06-10', '2027-06-17']);
    expect(rule!.packages.map((p) => [p.title, p.group_slug, p.default, p.traveller_kinds])).toEqual([
      ['Morning Standard', 'morning', true, ['adult', 'child']],
      ['Afternoon Premium', 'afternoon', false, ['adult', 'child']],
      ['Private Yacht VIP', 'vip', false, expect.any(Array)],
    ]);
    expect(rule!.packages[1]!.prices).toEqual({ adult: '140.00', child: '80.00' });
    expect(body.links.availability).toMatch(/\/wp-json\/tourmaster\/v1\/tours\/8\/availability$/);
    const crete = await tour(6);
    expect(crete.date_rules[0]).toMatchObject({ pricing_method: 'group', booking_mode: 'group' });
    expect(crete.date_rules[0]!.packages[0]!.group).toMatchObject({ price: '900.00', max_groups: 2 });
    const meteora = await tour(METEORA);
    expect(meteora.date_rules[0]!.booking_mode).toBe('room');
  });

  it("follows the tour's deposit setting, else the site's", async () => {
    expect((await tour(SANTORINI)).deposit).toMatchObject({ allowed: true, percents: ['30.00'] });
    await withOption(
      SANTORINI,
      (o) => {
        o['deposit-booking'] = 'enable';
        o['deposit-amount'] = '50';
      },
      async () => expect((await tour(SANTORINI)).deposit).toMatchObject({ allowed: true, percents: ['50.00'] }),
    );
    await withOption(
      SANTORINI,
      (o) => {
        o['deposit-booking'] = 'disable';
      },
      async () => expect((await tour(SANTORINI)).deposit).toMatchObject({ allowed: false, percents: [] }),
    );
  });

  it('lists the published services the tour offers, and its booking window', async () => {
    const serviceId = await insertPost(tdb.wp, { type: 'tour_service', slug: 'hotel-pickup', title: 'Hotel pickup' });
    await updateMeta(tdb.wp, 'post', serviceId, 'tourmaster-service-option', {
      price: '15',
      per: 'person',
      mandatory: 'disable',
    } as never);
    const draftId = await insertPost(tdb.wp, { type: 'tour_service', slug: 'old', title: 'Old', status: 'draft' });
    await updateMeta(tdb.wp, 'post', draftId, 'tourmaster-service-option', { price: '9', per: 'group' } as never);
    await updateMeta(tdb.wp, 'post', METEORA, 'tourmaster-book-in-advance', '1');
    await withOption(
      METEORA,
      (o) => {
        o['tour-service'] = [String(serviceId), String(draftId)];
      },
      async () => {
        const body = await tour(METEORA);
        expect(body.services).toEqual([
          { id: serviceId, title: 'Hotel pickup', price: '15.00', per: 'person', mandatory: false },
        ]);
        expect(body.booking.book_in_advance_months).toBe(1);
        // Up to 1 July: the July date is beyond the window.
        expect(body.date_rules[0]!.upcoming_dates).toEqual(['2027-06-11']);
      },
    );
  });

  it('says which form the tour offers', async () => {
    await withOption(
      SANTORINI,
      (o) => {
        o['form-settings'] = 'enquiry';
      },
      async () => expect((await tour(SANTORINI)).booking.form).toBe('enquiry'),
    );
  });

  it.each([
    ['an id of no tour', 'tours/999999'],
    ['an id of a page', 'tours/2'],
  ])('answers %s with 404 rest_post_invalid_id', async (_name, path) => {
    const r = await get(path);
    expect(r.status).toBe(404);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.body).toEqual({ code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: { status: 404 } });
  });

  it('answers a tour that is not published with 404', async () => {
    await tdb.wp.knex(tdb.wp.t.posts).where({ ID: SANTORINI }).update({ post_status: 'draft' });
    try {
      expect((await get(`tours/${SANTORINI}`)).status).toBe(404);
    } finally {
      await tdb.wp.knex(tdb.wp.t.posts).where({ ID: SANTORINI }).update({ post_status: 'publish' });
    }
    expect((await get(`tours/${SANTORINI}`)).status).toBe(200);
  });

  it('refuses an id that is no number with 400 rest_invalid_param', async () => {
    const r = await get('tours/abc');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'rest_invalid_param', data: { params: { id: expect.any(String) } } });
  });
});
