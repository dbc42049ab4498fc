import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AjaxValue, encodeParams } from '../../../client/lib/ajax';
import { extractRegion } from '../../parity/compare';
import { serialize, unserialize } from '../../php/serialize';
import { get, htmlErrors, loginAs } from '../../testing/account';
import { CAPTURE_NOW, postAjax, startTestServer, type TestServer } from '../../testing/app';
import { createTestDatabase, type TestDatabase } from '../../testing/db';
import { statementsRunBy } from '../../testing/statements';

/**
 * The tour search page (listing.md §1) on a copy of the fixture site, on both engines: each GET
 * parameter alone and combined, bad values, the echo of what was searched (escaped), the not-found
 * state, the page's own URL, paging through the printed settings, and how many statements a search
 * costs.
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

/** The tours a page lists, in order (the holder's titles). */
function listed(html: string): string[] {
  const holder = extractRegion(html, { className: 'tourmaster-tour-item-holder' }) ?? '';
  return [...holder.matchAll(/tourmaster-tour-title[^>]*>\s*<a href="[^"]*\/tour\/([^/]+)\//g)].map((m) => m[1]!);
}

/** The first `data-settings` of a page, as the list controls hold it. */
function dataSettings(html: string): Record<string, unknown> {
  const m = /data-settings="([^"]*)"/.exec(html);
  if (!m) throw new Error('no data-settings');
  return JSON.parse(
    m[1]!
      .replace(/&quot;/g, '"')
      .replace(/&#039;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  ) as Record<string, unknown>;
}

const found = (html: string) => /tourmaster-tour-search-item-head-caption" >(\d+) Results Found/.exec(html)?.[1];

const ALL = [
  'corfu-old-town-paleokastritsa',
  'rhodes-medieval-town-lindos',
  'delphi-oracle-arachova-day-trip',
  'mykonos-delos-island-hopping',
  'meteora-monasteries-3-day-tour',
  'crete-samaria-gorge-private-hike',
  'athens-acropolis-plaka-walking-tour',
  'santorini-caldera-sunset-cruise',
];
const without = (...slugs: string[]) => ALL.filter((s) => !slugs.includes(s));

describe('the search page`s parameters (listing.md §1.2)', () => {
  it.each([
    ['', ALL],
    ['tour-search=cruise', ['santorini-caldera-sunset-cruise']],
    ['tour-search=CRUISE', ['santorini-caldera-sunset-cruise']],
    ['tour-search=old+town', ['corfu-old-town-paleokastritsa']],
    ['tour-search=cruise+-sunset', []],
    [
      'tax-tour_category=islands',
      [
        'corfu-old-town-paleokastritsa',
        'rhodes-medieval-town-lindos',
        'mykonos-delos-island-hopping',
        'crete-samaria-gorge-private-hike',
        'santorini-caldera-sunset-cruise',
      ],
    ],
    [
      'tax-tour_category[]=mainland&tax-tour_category[]=multi-day',
      ['delphi-oracle-arachova-day-trip', 'meteora-monasteries-3-day-tour', 'athens-acropolis-plaka-walking-tour'],
    ],
    ['tax-tour_category=nowhere', []],
    ['tax-tour_tag=unesco', ['corfu-old-town-paleokastritsa', 'delphi-oracle-arachova-day-trip']],
    ['tax-tour-activity=hiking', ['meteora-monasteries-3-day-tour', 'crete-samaria-gorge-private-hike']],
    ['duration=1', without('meteora-monasteries-3-day-tour')],
    ['duration=2', ['meteora-monasteries-3-day-tour']],
    ['duration=5', []],
    ['duration=7', []],
    ['date=2027-05-15', ['santorini-caldera-sunset-cruise']],
    [
      'min-price=100',
      [
        'rhodes-medieval-town-lindos',
        'meteora-monasteries-3-day-tour',
        'crete-samaria-gorge-private-hike',
        'santorini-caldera-sunset-cruise',
      ],
    ],
    [
      'max-price=90',
      ['corfu-old-town-paleokastritsa', 'delphi-oracle-arachova-day-trip', 'athens-acropolis-plaka-walking-tour'],
    ],
    [
      'min-price=90&max-price=130',
      ['rhodes-medieval-town-lindos', 'mykonos-delos-island-hopping', 'santorini-caldera-sunset-cruise'],
    ],
    // An 8.67 average counts as 8; a tour nobody rated has no score and drops out.
    ['rating=8', ['delphi-oracle-arachova-day-trip', 'crete-samaria-gorge-private-hike']],
    [
      'rating=7',
      ['delphi-oracle-arachova-day-trip', 'crete-samaria-gorge-private-hike', 'santorini-caldera-sunset-cruise'],
    ],
    ['rating=0', ALL],
    [
      'tax-tour_category=islands&month=2027-06&max-price=200',
      ['rhodes-medieval-town-lindos', 'mykonos-delos-island-hopping', 'santorini-caldera-sunset-cruise'],
    ],
    ['tax-tour_category=islands&tax-tour-activity=hiking', ['crete-samaria-gorge-private-hike']],
    ['tour-search=tour&duration=1&rating=7&min-price=50', []],
  ])('?tour-search=&%s', async (query, slugs) => {
    const q = query.startsWith('tour-search=') ? query : `tour-search=&${query}`;
    const reply = await get(server, `/?${q}`);
    expect(reply.status).toBe(200);
    expect(listed(reply.text)).toEqual(slugs);
    expect(found(reply.text)).toBe(String(slugs.length));
    if (slugs.length === 0) expect(reply.text).toContain('tourmaster-single-search-not-found-title" >Not Found</h3>');
  });

  it.each([
    // Values not of the documented form add no filter (the legacy site sent them to WP_Query).
    ['duration=abc', ALL],
    ['duration[]=1', ALL],
    ['min-price=-5', ALL],
    ['min-price=abc', ALL],
    ['max-price[]=90', ALL],
    ['rating=abc', ALL],
    ['rating=99', []],
    ['date=tomorrow', ALL],
    ['month=2027-6', ALL],
    ['tax-tour_category[a][b]=islands', ALL],
    ['tour-search[]=cruise', ALL],
    ['tour-search=%27%20OR%201%3D1%20--%20', []],
    // LIKE wildcards are searched as text.
    ['tour-search=%25', []],
    ['tour-search=_', []],
    ['tax-tour_category=islands%27%20OR%20%271%27%3D%271', ALL],
  ])('bad value: ?tour-search=&%s', async (query, slugs) => {
    const q = query.startsWith('tour-search') ? query : `tour-search=&${query}`;
    const reply = await get(server, `/?${q}`);
    expect(reply.status).toBe(200);
    expect(listed(reply.text)).toEqual(slugs);
    expect(htmlErrors(reply.text)).toEqual([]);
  });

  it('includes the tours of child terms, whatever their depth', async () => {
    const wp = tdb.wp;
    const addChild = async (slug: string, parent: number) => {
      const [termId] = await wp.knex(wp.t.terms).insert({ name: slug, slug, term_group: 0 });
      const [ttId] = await wp
        .knex(wp.t.termTaxonomy)
        .insert({ term_id: Number(termId), taxonomy: 'tour_category', description: '', parent, count: 0 });
      return { termId: Number(termId), ttId: Number(ttId) };
    };
    // Mainland (term 3) > north > meteora-area, holding the Corfu tour (11), which is not mainland.
    const north = await addChild('north', 3);
    const area = await addChild('meteora-area', north.termId);
    await wp.knex(wp.t.termRelationships).insert({ object_id: 11, term_taxonomy_id: area.ttId, term_order: 0 });
    try {
      for (let i = 0; i < 2; i++) {
        // Twice: as planned before the options are read, and as planned again.
        const reply = await get(server, '/?tour-search=&tax-tour_category=mainland');
        expect(listed(reply.text)).toEqual([
          'corfu-old-town-paleokastritsa',
          'delphi-oracle-arachova-day-trip',
          'meteora-monasteries-3-day-tour',
          'athens-acropolis-plaka-walking-tour',
        ]);
      }
      expect(listed((await get(server, '/?tour-search=&tax-tour_category=north')).text)).toEqual([
        'corfu-old-town-paleokastritsa',
      ]);
    } finally {
      await wp.knex(wp.t.termRelationships).where({ object_id: 11, term_taxonomy_id: area.ttId }).delete();
    }
  });

  it('orders keyword results by relevance on the first page (titles first)', async () => {
    await tdb.wp.knex(tdb.wp.t.posts).where('ID', 9).update({ post_excerpt: 'A day with a view of the caldera.' });
    try {
      const reply = await get(server, '/?tour-search=caldera');
      // Santorini has the word in its title, Delphi only in its excerpt, and is newer.
      expect(listed(reply.text)).toEqual(['santorini-caldera-sunset-cruise', 'delphi-oracle-arachova-day-trip']);
    } finally {
      await tdb.wp.knex(tdb.wp.t.posts).where('ID', 9).update({ post_excerpt: '' });
    }
  });

  it('searches at most 200 characters of a very long keyword, and echoes what it searched', async () => {
    const long = `cruise${' x'.repeat(1000)}`;
    const reply = await get(server, `/?tour-search=${encodeURIComponent(long)}`);
    expect(reply.status).toBe(200);
    const value = /<input name="tour-search" type="text" value="([^"]*)"/.exec(reply.text)?.[1] ?? '';
    expect(value).toBe(long.slice(0, 200));
    // One-letter words are not searched (WordPress's rule), so this is a search for "cruise".
    expect(listed(reply.text)).toEqual(['santorini-caldera-sunset-cruise']);
  });
});

describe('the search page`s markup', () => {
  it('echoes every searched value escaped, in the form and in the settings', async () => {
    const attack = `"><script>alert(1)</script>'`;
    const q = new URLSearchParams({
      'tour-search': attack,
      'min-price': attack,
      'max-price': attack,
      date: attack,
      'tax-tour_category': attack,
    });
    const reply = await get(server, `/?${q}`);
    expect(reply.status).toBe(200);
    expect(reply.text).not.toContain('<script>alert(1)');
    expect(reply.text).toContain(
      '<input name="tour-search" type="text" value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&#039;" />',
    );
    expect(reply.text).toContain('<input name="min-price" type="text" value="&quot;&gt;&lt;script&gt;');
    expect(reply.text).toContain('name="date" type="hidden" value="&quot;&gt;&lt;script&gt;');
    expect(htmlErrors(reply.text)).toEqual([]);
  });

  it('selects the chosen options and draws the rating stars (the input stays 0)', async () => {
    const reply = await get(server, '/?tour-search=&tax-tour_category=islands&duration=5&rating=7&date=2027-05-15');
    expect(reply.text).toContain('<option value="islands"  selected >Islands</option>');
    expect(reply.text).toContain('<option value="5"  selected >5-7 Days Tour</option>');
    expect(reply.text).toContain(
      '<i class="tourmaster-rating-select fa fa-star-half-empty" data-rating-score="7" ></i>',
    );
    expect(reply.text).toContain('<input type="hidden" name="rating" value="0" />');
    expect(reply.text).toContain('value="May 15, 2027" data-date-format="d M yy"');
  });

  it('prints the list settings with the search for the order filterer (listing.md §1.3)', async () => {
    const reply = await get(server, '/?tour-search=old+town&tax-tour_category=islands&max-price=200');
    const settings = dataSettings(reply.text);
    expect(settings).toMatchObject({
      pagination: 'page',
      'custom-pagination': true,
      'enable-order-filterer': 'enable',
      paged: 1,
      s: 'old town',
      tax_query: { relation: 'AND', 0: [{ terms: 'islands', taxonomy: 'tour_category', field: 'slug' }] },
      meta_query: {
        relation: 'AND',
        0: { key: 'tourmaster-tour-price', value: '200', compare: '<=', type: 'NUMERIC' },
      },
      'with-frame': 'enable',
    });
    expect(reply.text).toMatch(/<body class="[^"]*\btourmaster-template-search\b/);
  });

  it('is the search page at its permalink, without the results head, with the form`s action', async () => {
    const reply = await get(server, '/search-tours/');
    expect(reply.status).toBe(200);
    expect(reply.text).toMatch(/<body class="[^"]*tourmaster-template-search/);
    expect(reply.text).not.toContain('tourmaster-tour-search-item-head');
    expect(reply.text).toContain('action="http://127.0.0.1:8080/search-tours/" method="GET"');
    expect(listed(reply.text)).toEqual(ALL);
    expect((await get(server, '/search-tours')).status).toBe(301);
    const filtered = await get(server, '/search-tours/?tax-tour_category=islands');
    expect(listed(filtered.text)).toHaveLength(5);
  });

  it('prints the phones` "Filters" button before the filter box it folds, open when nothing was found', async () => {
    const toggle = (html: string) =>
      /<button type="button" class="dropin-search-filters-toggle" aria-controls="dropin-search-filters" aria-expanded="(true|false)" >Filters<\/button><div class="dropin-search-filters" id="dropin-search-filters" ><div class="tourmaster-tour-search-item /.exec(
        html,
      )?.[1];
    expect(toggle((await get(server, '/search-tours/')).text)).toBe('false');
    expect(toggle((await get(server, '/?tour-search=cruise')).text)).toBe('false');
    const none = (await get(server, '/?tour-search=&tax-tour_category=nowhere')).text;
    expect(none).toContain('>Not Found</h3>');
    expect(toggle(none)).toBe('true');
  });

  it('takes any front-end URL with the key, but leaves other URLs to their routes', async () => {
    const onTour = await get(server, '/tour/santorini-caldera-sunset-cruise/?tour-search=cruise');
    expect(onTour.status).toBe(200);
    expect(listed(onTour.text)).toEqual(['santorini-caldera-sunset-cruise']);
    expect(onTour.text).toContain('tourmaster-template-search');
    const tour = await get(server, '/tour/santorini-caldera-sunset-cruise/?tour-searchx=1');
    expect(tour.text).not.toContain('tourmaster-template-search');
    expect((await get(server, '/wp-login.php?tour-search=')).text).not.toContain('tourmaster-template-search');
    expect((await get(server, '/?tour%2Dsearch=cruise')).text).toContain('tourmaster-template-search');
    expect((await get(server, '/?tour_search=cruise')).text).not.toContain('tourmaster-template-search');
  });

  it('shows the visitor`s own top bar', async () => {
    const login = await loginAs(tdb, server, 'customer1');
    const reply = await get(server, '/?tour-search=cruise', login.cookie);
    expect(reply.status).toBe(200);
    expect(reply.text).toContain('tourmaster-user-top-bar-name');
    expect(reply.headers.get('cache-control')).toContain('private');
  });
});

describe('the search page`s pages', () => {
  beforeAll(async () => {
    await setGeneral({ 'tour-search-item-num-fetch': '3' });
  });
  afterAll(async () => {
    await setGeneral({ 'tour-search-item-num-fetch': '9' });
  });

  it('titles page N as wp_get_document_title does', async () => {
    const titleOf = async (url: string) => /<title>([^<]*)<\/title>/.exec((await get(server, url)).text)?.[1];
    expect(await titleOf('/?tour-search=')).toBe('Search Tours \u2013 Aegean Trails (Tour Master oracle)');
    expect(await titleOf('/?tour-search=&paged=2')).toBe(
      'Search Tours \u2013 Page 2 \u2013 Aegean Trails (Tour Master oracle)',
    );
    expect(await titleOf('/search-tours/page/2/')).toBe(
      'Search Tours \u2013 Page 2 \u2013 Aegean Trails (Tour Master oracle)',
    );
  });

  it('pages by ajax: the printed settings page through the list action', async () => {
    const first = await get(server, '/?tour-search=');
    expect(listed(first.text)).toEqual(ALL.slice(0, 3));
    expect(first.text).toContain(
      '<a class="page-numbers tourmaster-active" data-ajax-name="paged" data-ajax-value="1" >1</a>',
    );
    expect(first.text).toContain('data-ajax-value="3" >3</a>');
    const settings = dataSettings(first.text) as Record<string, AjaxValue>;
    const reply = await postAjax(
      server.baseUrl,
      encodeParams({ action: 'tourmaster_tour_ajax', settings, option: { name: 'paged', value: '2' } }),
    );
    const json = reply.json() as { status: string; content: string; pagination: string };
    expect(json.status).toBe('success');
    expect(listed(`<div class="tourmaster-tour-item-holder">${json.content}</div>`)).toEqual(ALL.slice(3, 6));
  });

  it('starts at the page the URL asks for, and shows "Not Found" past the last', async () => {
    expect(listed((await get(server, '/?tour-search=&paged=2')).text)).toEqual(ALL.slice(3, 6));
    expect(listed((await get(server, '/page/3/?tour-search=')).text)).toEqual(ALL.slice(6));
    expect(listed((await get(server, '/search-tours/page/2/')).text)).toEqual(ALL.slice(3, 6));
    const past = await get(server, '/?tour-search=&paged=4');
    expect(past.status).toBe(200);
    expect(past.text).toContain('Not Found</h3>');
    expect(found(past.text)).toBe('0');
    expect((await get(server, '/?tour-search=&paged=abc')).text).toContain('data-ajax-value="1" >1</a>');
    expect(listed((await get(server, '/?tour-search=&paged=99999999999')).text)).toEqual([]);
  });
});

async function setGeneral(values: Record<string, string>): Promise<void> {
  const row = await tdb.wp.knex(tdb.wp.t.options).first('option_value').where('option_name', 'tourmaster_general');
  const general = unserialize(String(row.option_value)) as Record<string, unknown>;
  for (const [k, v] of Object.entries(values)) general[k] = v;
  await tdb.wp
    .knex(tdb.wp.t.options)
    .where('option_name', 'tourmaster_general')
    .update({ option_value: serialize(general as never) });
}

describe('what a search costs', () => {
  const statements = (fn: () => Promise<unknown>) => statementsRunBy(server, fn);

  // The site's options and pages, the terms, the page of tours with its count and the tours' metas:
  // one statement once a request has read the plugin's settings (two when they changed since).
  it.each([
    '/?tour-search=',
    '/?tour-search=&tax-tour_category=islands',
    '/?tour-search=old+town&tax-tour_category[]=islands&tax-tour_tag=unesco&tax-tour-activity=hiking&duration=1&month=2027-06&date=2027-05-15&min-price=10&max-price=500&rating=6',
    '/?tour-search=&duration=7',
    '/page/2/?tour-search=cruise',
  ])('%s takes one statement', async (path) => {
    await get(server, path); // warm (the salts are read once per process)
    const run = await statements(() => get(server, path));
    expect(run.length, run.join('\n')).toBe(1);
  });

  it('plans again, in a second statement, when the settings changed since the last request', async () => {
    await get(server, '/?tour-search=');
    await setGeneral({ 'tour-search-item-num-fetch': '2' });
    try {
      let reply: Awaited<ReturnType<typeof get>> | undefined;
      const run = await statements(async () => {
        reply = await get(server, '/?tour-search=');
      });
      // MariaDB reads the changed settings' text once more (it sends known large options as digests).
      expect(run.length, run.join('\n')).toBe(tdb.engine === 'mariadb' ? 3 : 2);
      expect(listed(reply!.text)).toEqual(ALL.slice(0, 2));
    } finally {
      await setGeneral({ 'tour-search-item-num-fetch': '9' });
    }
  });

  it('the search page at its permalink adds two to what the routes before it read', async () => {
    await get(server, '/search-tours/');
    const run = await statements(() => get(server, '/search-tours/'));
    const first = run.findIndex((sql) => sql.includes("SELECT 'o' AS src, option_name AS c1"));
    expect(first, run.join('\n')).toBeGreaterThanOrEqual(0);
    const own = run.slice(first);
    expect(own.length, own.join('\n')).toBeLessThanOrEqual(2);
  });
});
