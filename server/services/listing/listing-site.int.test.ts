import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractRegion } from '../../parity/compare';
import { loadExchange } from '../../parity/exchanges';
import { serialize, unserialize } from '../../php/serialize';
import { get } from '../../testing/account';
import { CAPTURE_NOW, postAjax, startTestServer, type TestServer } from '../../testing/app';
import { createTestDatabase, type TestDatabase } from '../../testing/db';
import { statementsRunBy } from '../../testing/statements';

/**
 * The listing snapshot (listing-site.ts) on both engines: within `SITE_CACHE_MS` a listing page
 * reads only its tours, lists exactly what a page reading everything lists, and shows an edit of
 * the site's options or terms once the time is over; the tours themselves are always read.
 */
let tdb: TestDatabase;
/** Reads the site's options on every request (as every other test does). */
let live: TestServer;
/** Keeps them for a minute: nothing in a test outlasts it. */
let cached: TestServer;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await addGrandchildCategory(tdb);
  live = await startTestServer(tdb, { now: CAPTURE_NOW, config: { ...tdb.config, siteCacheMs: 0 } });
  cached = await startTestServer(tdb, { now: CAPTURE_NOW, config: { ...tdb.config, siteCacheMs: 60_000 } });
});

afterAll(async () => {
  await live?.close();
  await cached?.close();
  await tdb?.drop();
});

/**
 * Islands > Cyclades > Small Cyclades, the last holding a mainland tour only: a filter on Islands
 * lists it only when the terms' descendants are resolved (from the snapshot's terms or in SQL).
 */
async function addGrandchildCategory(t: TestDatabase): Promise<void> {
  const k = t.wp.knex;
  const islands = await k(t.wp.t.terms).first('term_id').where({ slug: 'islands' });
  let parent = Number(islands.term_id);
  let last = 0;
  for (const [name, slug] of [
    ['Cyclades', 'cyclades'],
    ['Small Cyclades', 'small-cyclades'],
  ]) {
    const [termId] = await k(t.wp.t.terms).insert({ name, slug, term_group: 0 });
    const [termTaxonomyId] = await k(t.wp.t.termTaxonomy).insert({
      term_id: termId,
      taxonomy: 'tour_category',
      description: '',
      parent,
      count: 0,
    });
    last = Number(termTaxonomyId);
    parent = Number(termId);
  }
  const delphi = await k(t.wp.t.posts)
    .first('ID')
    .where({ post_type: 'tour', post_name: 'delphi-oracle-arachova-day-trip' });
  await k(t.wp.t.termRelationships).insert({ object_id: delphi.ID, term_taxonomy_id: last, term_order: 0 });
}

/** The page's content region (the document around it carries a per-response nonce). */
async function content(server: TestServer, path: string): Promise<string> {
  const reply = await get(server, path);
  expect(reply.status, path).toBe(200);
  return extractRegion(reply.text, { className: 'tourmaster-template-wrapper' }) ?? '';
}

const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('the listing snapshot', () => {
  it.each([
    '/?tour-search=',
    '/?tour-search=&tax-tour_category=islands',
    '/?tour-search=&tax-tour_category=ISLANDS',
    '/?tour-search=&tax-tour_category=cyclades',
    '/?tour-search=&tax-tour_tag=unesco&tax-tour-activity=hiking',
    '/?tour-search=old+town&tax-tour_category[]=islands&tax-tour_category[]=mainland',
    '/?tour-search=&duration=1&month=2027-06&min-price=10&max-price=500&rating=6',
    '/page/2/?tour-search=',
    '/?tour-search=&tax-tour_category=no-such-category',
    '/search-tours/',
    '/tour-category/islands/',
    '/tour-tag/unesco/',
    '/tour-activity/hiking/',
  ])('%s lists what a page reading everything lists', async (path) => {
    await get(cached, path); // the snapshot is read
    const [fromSnapshot, fromDatabase] = [await content(cached, path), await content(live, path)];
    expect(fromSnapshot).toBe(fromDatabase);
    if (/category=islands$|islands\/$/i.test(path)) expect(fromSnapshot).toContain('delphi-oracle-arachova-day-trip');
  });

  it('a search within the time reads only its page of tours: one statement, no option', async () => {
    const path = '/?tour-search=&tax-tour_category=islands&tax-tour-activity=hiking';
    await get(cached, path);
    const run = await statementsRunBy(cached, () => get(cached, path));
    expect(run.length, run.join('\n')).toBe(1);
    expect(run[0]).not.toContain('option_name');
    expect(run[0]).not.toContain('WITH RECURSIVE tc0');
  });

  it.each([
    'tourmaster_tour_ajax-tour-list-paged-2',
    'tourmaster_tour_ajax-tour-list-category-islands',
    'tourmaster_tour_ajax-tour-list-load-more-2',
    'gdlr_core_tour_order_ajax-search-islands-orderby-price',
  ])('the list action %s answers what a server reading everything answers, in one statement', async (name) => {
    const body = loadExchange(name).request.body ?? '';
    await postAjax(cached.baseUrl, body);
    const [fromSnapshot, fromDatabase] = [await postAjax(cached.baseUrl, body), await postAjax(live.baseUrl, body)];
    expect(fromSnapshot.status).toBe(200);
    expect(fromSnapshot.text).toBe(fromDatabase.text);
    expect(fromSnapshot.text).toContain('"status":"success"');
    // Both servers share the test database's connections: count the cached one's request alone.
    const run = await statementsRunBy(cached, () => postAjax(cached.baseUrl, body));
    expect(run.length, run.join('\n')).toBe(1);
    expect(run[0]).not.toContain('option_name');
  });

  it('keeps the site’s options for its time, never the tours', async () => {
    const options = tdb.wp.knex(tdb.wp.t.options);
    const before = await options.clone().first('option_value').where('option_name', 'blogname');
    await get(cached, '/?tour-search=');
    try {
      await tdb.wp.knex(tdb.wp.t.options).where('option_name', 'blogname').update({ option_value: 'Renamed Tours' });
      await tdb.wp
        .knex(tdb.wp.t.posts)
        .where({ post_type: 'tour', post_name: 'santorini-caldera-sunset-cruise' })
        .update({ post_title: 'Santorini Sunset (renamed)' });
      const page = (await get(cached, '/?tour-search=')).text;
      expect(title(page)).not.toContain('Renamed Tours');
      expect(page).toContain('Santorini Sunset (renamed)');
      expect(title((await get(live, '/?tour-search=')).text)).toContain('Renamed Tours');
    } finally {
      await tdb.wp.knex(tdb.wp.t.options).where('option_name', 'blogname').update(before);
      await tdb.wp
        .knex(tdb.wp.t.posts)
        .where({ post_type: 'tour', post_name: 'santorini-caldera-sunset-cruise' })
        .update({ post_title: 'Santorini Caldera Sunset Cruise' });
    }
  });

  it('shows an edit of the options and terms once its time is over', async () => {
    const short = await startTestServer(tdb, { now: CAPTURE_NOW, config: { ...tdb.config, siteCacheMs: 150 } });
    const before = await tdb.wp.knex(tdb.wp.t.options).first('option_value').where('option_name', 'blogname');
    const islands = await tdb.wp.knex(tdb.wp.t.terms).first('term_id', 'name').where('slug', 'islands');
    try {
      await get(short, '/?tour-search=&tax-tour_category=islands');
      await tdb.wp.knex(tdb.wp.t.options).where('option_name', 'blogname').update({ option_value: 'Renamed Tours' });
      await tdb.wp.knex(tdb.wp.t.terms).where('term_id', islands.term_id).update({ name: 'Greek Islands' });
      await sleep(200);
      const page = (await get(short, '/?tour-search=&tax-tour_category=islands')).text;
      expect(title(page)).toContain('Renamed Tours');
      expect(page).toContain('Greek Islands');
    } finally {
      await tdb.wp.knex(tdb.wp.t.options).where('option_name', 'blogname').update(before);
      await tdb.wp.knex(tdb.wp.t.terms).where('term_id', islands.term_id).update({ name: islands.name });
      await short.close();
    }
  });

  it('renders the search page again when the month changes (the form’s month select) or the tours do', async () => {
    const now = new Date('2026-11-21T12:00:00Z');
    const options = () => tdb.wp.knex(tdb.wp.t.options).where('option_name', 'tourmaster_general');
    const { option_value: stored } = await options().first('option_value');
    const general = unserialize(String(stored)) as Record<string, unknown>;
    await options().update({
      option_value: serialize({ ...general, 'tour-search-fields': ['keywords', 'month', 'tour_category'] } as never),
    });
    const server = await startTestServer(tdb, { now, config: { ...tdb.config, siteCacheMs: 60_000 } });
    const months = async () =>
      [...(await get(server, '/?tour-search=')).text.matchAll(/<option value="(\d{4}-\d{2})"/g)].map((m) => m[1]);
    try {
      expect((await months())[0]).toBe('2026-11');
      expect((await months())[0]).toBe('2026-11');
      now.setTime(Date.parse('2026-12-02T12:00:00Z'));
      expect((await months())[0]).toBe('2026-12');
      // A tour renamed since: the same search, the same month, the new title.
      await tdb.wp
        .knex(tdb.wp.t.posts)
        .where({ post_type: 'tour', post_name: 'corfu-old-town-paleokastritsa' })
        .update({ post_title: 'Corfu (renamed)' });
      expect((await get(server, '/?tour-search=')).text).toContain('Corfu (renamed)');
    } finally {
      await tdb.wp
        .knex(tdb.wp.t.posts)
        .where({ post_type: 'tour', post_name: 'corfu-old-town-paleokastritsa' })
        .update({ post_title: 'Corfu Old Town & Paleokastritsa' });
      await options().update({ option_value: stored });
      await server.close();
    }
  });

  it('is kept per database: a second site in the same process reads its own', async () => {
    const other = await createTestDatabase();
    const server = await startTestServer(other, { now: CAPTURE_NOW, config: { ...other.config, siteCacheMs: 60_000 } });
    try {
      await other.wp.knex(other.wp.t.options).where('option_name', 'blogname').update({ option_value: 'Other Site' });
      await get(cached, '/?tour-search=');
      expect(title((await get(server, '/?tour-search=')).text)).toContain('Other Site');
      expect(title((await get(cached, '/?tour-search=')).text)).not.toContain('Other Site');
    } finally {
      await server.close();
      await other.drop();
    }
  });
});
