import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSearchRows } from '../../services/listing/search-rows';
import { startTestServer, type TestServer } from '../../testing/app';
import { createTestDatabase, type TestDatabase } from '../../testing/db';
import { insertImageAttachment } from '../../testing/posts';
import { restGet } from '../../testing/rest-app';

/**
 * The tour list of the public API over the real app and database: WordPress's paging headers, the
 * search page's filters giving the search page's tours (its own service asked the same), the sort,
 * bad parameters in WordPress's REST error shape, and only published tours.
 */
let tdb: TestDatabase;
let server: TestServer;

const NOW = new Date('2027-05-15T12:00:00Z');
const PUBLISHED = [4, 5, 6, 7, 8, 9, 10, 11];

interface TourJson {
  id: number;
  thumbnail: { url: string; alt: string } | null;
  title: string;
  slug: string;
  link: string;
  price_from: string | null;
  currency: string;
  duration: { days: number | null; text: string };
  rating: { score: number | null; count: number };
  categories: { slug: string; taxonomy: string }[];
  terms: { slug: string; taxonomy: string }[];
  links: { self: string; availability: string };
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

async function listed(query: string): Promise<TourJson[]> {
  const r = await get(`tours?per_page=100${query ? `&${query}` : ''}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as TourJson[];
}

/** The ids the search page lists for its GET parameters (its own read, first page of 9). */
async function searchPageIds(params: Record<string, unknown>): Promise<number[]> {
  const { list } = await readSearchRows(server.deps, server.deps.wp, { 'tour-search': '', ...params }, undefined);
  const page =
    list ?? (await readSearchRows(server.deps, server.deps.wp, { 'tour-search': '', ...params }, undefined)).list!;
  expect(page.found).toBeLessThanOrEqual(9);
  return page.rows.map((r) => r.id);
}

describe('GET /wp-json/tourmaster/v1/tours', () => {
  it('pages the published tours newest first, with WordPress headers, public for a minute', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => get(`tours?per_page=3&page=${page}`)));
    for (const r of pages) {
      expect(r.status).toBe(200);
      expect(r.headers.get('x-wp-total')).toBe('8');
      expect(r.headers.get('x-wp-totalpages')).toBe('3');
      expect(r.headers.get('cache-control')).toBe('public, max-age=60');
    }
    const ids = pages.flatMap((r) => (r.body as TourJson[]).map((t) => t.id));
    expect(ids).toEqual([...PUBLISHED].reverse());
    expect(ids).toEqual(await searchPageIds({}));
    // Ten by default, as WordPress.
    const all = await get('tours');
    expect((all.body as TourJson[]).length).toBe(8);
    expect(all.headers.get('x-wp-totalpages')).toBe('1');
  });

  it('describes each tour as the lists show it', async () => {
    const tours = await listed('');
    const santorini = tours.find((t) => t.id === 4)!;
    expect(santorini).toMatchObject({
      title: 'Santorini Caldera Sunset Cruise',
      slug: 'santorini-caldera-sunset-cruise',
      link: `${new URL(santorini.link).origin}/tour/santorini-caldera-sunset-cruise/`,
      price_from: '120.00',
      currency: 'USD',
      duration: { days: 1, text: '5 Hours' },
      links: {
        self: expect.stringMatching(/\/wp-json\/tourmaster\/v1\/tours\/4$/),
        availability: expect.stringMatching(/\/wp-json\/tourmaster\/v1\/tours\/4\/availability$/),
      },
    });
    expect(santorini.rating.count).toBeGreaterThan(0);
    expect(santorini.rating.score).toBeCloseTo(7.88, 2);
    expect(santorini.categories.every((c) => c.taxonomy === 'tour_category')).toBe(true);
    expect(santorini.categories.length).toBeGreaterThan(0);
    // Rhodes shows a discounted "From" price beside its own.
    expect(tours.find((t) => t.id === 10)).toMatchObject({ price_from: '150.00', price_from_discounted: '129.00' });
  });

  it.each([
    ['search=santorini', { 'tour-search': 'santorini' }],
    ['search=acropolis%20walking', { 'tour-search': 'acropolis walking' }],
    ['tour_category=islands', { 'tax-tour_category': 'islands' }],
    ['tour_category=mainland,multi-day', { 'tax-tour_category': ['mainland', 'multi-day'] }],
    ['tour_tag=unesco', { 'tax-tour_tag': 'unesco' }],
    ['tour-activity=hiking', { 'tax-tour-activity': 'hiking' }],
    ['duration=2', { duration: '2' }],
    ['date=2027-06-10', { date: '2027-06-10' }],
    ['month=2027-07', { month: '2027-07' }],
    ['min_price=100', { 'min-price': '100' }],
    ['max_price=90', { 'max-price': '90' }],
    ['rating=8', { rating: '8' }],
    [
      'tour_category=islands&duration=1&min_price=90',
      { 'tax-tour_category': 'islands', duration: '1', 'min-price': '90' },
    ],
  ])('filters %s as the search page does', async (query, params) => {
    const ids = (await listed(query)).map((t) => t.id);
    expect(ids).toEqual(await searchPageIds(params));
    // The filter narrows the list (each case was picked to keep some tours and drop others).
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThan(PUBLISHED.length);
  });

  it('reads a slug as the site compares slugs', async () => {
    expect((await listed('tour_category=Islands')).map((t) => t.id)).toEqual(
      (await listed('tour_category=islands')).map((t) => t.id),
    );
    expect((await listed('tour_category=Islands')).length).toBeLessThan(PUBLISHED.length);
  });

  it('answers an empty page for a filter nothing matches', async () => {
    const r = await get('tours?search=zzzz-nothing');
    expect(r.status).toBe(200);
    expect(r.body).toEqual([]);
    expect(r.headers.get('x-wp-total')).toBe('0');
    expect(r.headers.get('x-wp-totalpages')).toBe('0');
  });

  it('sorts as the order filterer does', async () => {
    const byTitle = await listed('orderby=title&order=asc');
    const titles = byTitle.map((t) => t.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
    const meta = await tdb.wp
      .knex(tdb.wp.t.postmeta)
      .where({ meta_key: 'tourmaster-tour-price' })
      .select('post_id', 'meta_value');
    const priceOf = new Map(meta.map((m) => [Number(m.post_id), Number(m.meta_value)]));
    const byPrice = (await listed('orderby=price&order=asc')).map((t) => t.id);
    expect(byPrice.map((id) => priceOf.get(id))).toEqual(
      [...byPrice.map((id) => priceOf.get(id))].sort((a, b) => a! - b!),
    );
    expect(byPrice).toHaveLength(PUBLISHED.length);
    const desc = (await listed('orderby=price')).map((t) => t.id);
    expect(desc).toEqual([...byPrice].reverse());
    // Relevance with keywords (the search page's first page).
    expect((await listed('search=acropolis&orderby=relevance')).map((t) => t.id)).toEqual(
      await searchPageIds({ 'tour-search': 'acropolis' }),
    );
  });

  it('answers a page past the last with rest_post_invalid_page_number', async () => {
    const r = await get('tours?page=2');
    expect(r.status).toBe(400);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.body).toEqual({
      code: 'rest_post_invalid_page_number',
      message: 'The page number requested is larger than the number of pages available.',
      data: { status: 400 },
    });
    expect((await get('tours?page=3&per_page=3')).status).toBe(200);
    expect((await get('tours?page=4&per_page=3')).status).toBe(400);
  });

  it.each([
    ['per_page=101', 'per_page'],
    ['per_page=0', 'per_page'],
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['duration=3', 'duration'],
    ['date=2027-02-30', 'date'],
    ['month=2027-13', 'month'],
    ['min_price=abc', 'min_price'],
    ['max_price=-5', 'max_price'],
    ['rating=11', 'rating'],
    ['orderby=rand', 'orderby'],
    ['orderby=relevance', 'orderby'],
    ['order=up', 'order'],
    ['tour_category=nope', 'tour_category'],
    ['tour_category=islands,nope', 'tour_category'],
    ['tour_tag=Bad%20Slug', 'tour_tag'],
    ['tour-activity=nope', 'tour-activity'],
    ['tour-activity=hiking&tour-activity=cruise', 'tour-activity'],
    ['tour_category=islands&tour_category=mainland', 'tour_category'],
    [`search=${'a'.repeat(201)}`, 'search'],
  ])('refuses %s with 400 rest_invalid_param naming it', async (query, param) => {
    const r = await get(`tours?${query}`);
    expect(r.status).toBe(400);
    const body = r.body as { code: string; message: string; data: { params: Record<string, string> } };
    expect(body.code).toBe('rest_invalid_param');
    expect(body.message).toContain(param);
    expect(Object.keys(body.data.params)).toEqual([param]);
  });

  it('ignores parameters that filter nothing, as WordPress does', async () => {
    expect((await listed('context=view&unknown=1')).length).toBe(PUBLISHED.length);
  });

  it('lists only published tours', async () => {
    await tdb.wp.knex(tdb.wp.t.posts).where({ ID: 5 }).update({ post_status: 'draft' });
    try {
      const ids = (await listed('')).map((t) => t.id);
      expect(ids).not.toContain(5);
      expect(ids).toHaveLength(PUBLISHED.length - 1);
      expect((await get('tours')).headers.get('x-wp-total')).toBe('7');
    } finally {
      await tdb.wp.knex(tdb.wp.t.posts).where({ ID: 5 }).update({ post_status: 'publish' });
    }
  });

  it("gives a tour's featured image", async () => {
    const imageId = await insertImageAttachment(tdb.wp, { file: 'caldera', alt: 'The caldera at dusk' });
    await tdb.wp.knex(tdb.wp.t.postmeta).insert({ post_id: 4, meta_key: '_thumbnail_id', meta_value: String(imageId) });
    try {
      const tours = await listed('');
      expect(tours.find((t) => t.id === 4)).toMatchObject({
        thumbnail: {
          url: expect.stringMatching(/\/wp-content\/uploads\/2026\/11\/caldera\.jpg$/),
          alt: 'The caldera at dusk',
        },
      });
      expect(tours.find((t) => t.id === 5)).toMatchObject({ thumbnail: null });
    } finally {
      await tdb.wp.knex(tdb.wp.t.postmeta).where({ post_id: 4, meta_key: '_thumbnail_id' }).delete();
    }
  });

  it('answers at ?rest_route= as at /wp-json/', async () => {
    const response = await fetch(
      `${server.baseUrl}/?rest_route=/tourmaster/v1/tours&tour_category=islands&per_page=100`,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(await listed('tour_category=islands'));
  });
});
