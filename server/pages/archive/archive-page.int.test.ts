import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractRegion } from '../../parity/compare';
import { loadExchange } from '../../parity/exchanges';
import { canonicalHtml } from '../../parity/html-dom';
import { get, htmlErrors } from '../../testing/account';
import { startTestServer, type TestServer } from '../../testing/app';
import { createTestDatabase, type TestDatabase } from '../../testing/db';
import { setOption } from '../../testing/posts';

/**
 * The tour taxonomy archives (listing.md §4, §5) on a copy of the fixture site: the term's tours
 * (child terms included), link pagination by `posts_per_page`, the canonical redirects, the term's
 * description, the 404s, and a custom taxonomy's archive.
 */
let tdb: TestDatabase;
let server: TestServer;
const HOME = 'http://127.0.0.1:8080';

beforeAll(async () => {
  tdb = await createTestDatabase();
  server = await startTestServer(tdb);
});

afterAll(async () => {
  await server?.close();
  await tdb?.drop();
});

function listed(html: string): string[] {
  const holder = extractRegion(html, { className: 'tourmaster-tour-item-holder' }) ?? '';
  return [...holder.matchAll(/tourmaster-tour-title[^>]*>\s*<a href="[^"]*\/tour\/([^/]+)\//g)].map((m) => m[1]!);
}

const ISLANDS = [
  'corfu-old-town-paleokastritsa',
  'rhodes-medieval-town-lindos',
  'mykonos-delos-island-hopping',
  'crete-samaria-gorge-private-hike',
  'santorini-caldera-sunset-cruise',
];

/** Adds a term (and its taxonomy row) as WordPress stores one; returns the term id. */
async function addTerm(taxonomy: string, slug: string, name: string, parent = 0, description = ''): Promise<number> {
  const [termId] = await tdb.wp.knex(tdb.wp.t.terms).insert({ name, slug, term_group: 0 });
  const [ttId] = await tdb.wp
    .knex(tdb.wp.t.termTaxonomy)
    .insert({ term_id: Number(termId), taxonomy, description, parent, count: 0 });
  return Number(ttId);
}

describe('tour category and tag archives', () => {
  it('lists the term`s tours, newest first, in the search page`s list style, with the sidebar', async () => {
    const reply = await get(server, '/tour-category/islands/');
    expect(reply.status).toBe(200);
    expect(htmlErrors(reply.text)).toEqual([]);
    expect(listed(reply.text)).toEqual(ISLANDS);
    expect(reply.text).toMatch(
      /<body class="[^"]*archive tax-tour_category term-islands term-2 tourmaster-template-archive/,
    );
    expect(reply.text).toContain('<title>Islands \u2013 ');
    expect(reply.text).toContain('tourmaster-tour-item-style-medium');
    expect(reply.text).toContain('tourmaster-sidebar-style-right');
    // No ajax controls on an archive: nothing carries list settings.
    expect(reply.text).not.toContain('data-settings');
    expect(listed((await get(server, '/tour-tag/unesco/')).text)).toEqual([
      'corfu-old-town-paleokastritsa',
      'delphi-oracle-arachova-day-trip',
    ]);
  });

  it('includes the tours of child terms', async () => {
    const child = await addTerm('tour_category', 'cyclades', 'Cyclades', 4);
    // Term 4 is "Day Trips" (term_taxonomy 4); put the Meteora tour (7) in its new child.
    await tdb.wp.knex(tdb.wp.t.termRelationships).insert({ object_id: 7, term_taxonomy_id: child, term_order: 0 });
    const parent = await get(server, '/tour-category/day-trips/');
    expect(listed(parent.text)).toContain('meteora-monasteries-3-day-tour');
    expect(listed((await get(server, '/tour-category/cyclades/')).text)).toEqual(['meteora-monasteries-3-day-tour']);
    await tdb.wp.knex(tdb.wp.t.termRelationships).where({ object_id: 7, term_taxonomy_id: child }).delete();
  });

  it('prints the term`s description, as the site`s HTML, before the list', async () => {
    await tdb.wp
      .knex(tdb.wp.t.termTaxonomy)
      .where('term_taxonomy_id', 2)
      .update({ description: 'Sun & sea in the <strong>Aegean</strong>.' });
    try {
      const reply = await get(server, '/tour-category/islands/');
      expect(extractRegion(reply.text, { className: 'tourmaster-taxonomy-description' })).toBe(
        '<div class="tourmaster-taxonomy-description tourmaster-item-pdlr"><p>Sun &amp; sea in the <strong>Aegean</strong>.</p>\n</div>',
      );
    } finally {
      await tdb.wp.knex(tdb.wp.t.termTaxonomy).where('term_taxonomy_id', 2).update({ description: '' });
    }
  });

  it('pages by links under posts_per_page, and 404s past the last page', async () => {
    await setOption(tdb.wp, 'posts_per_page', '2');
    try {
      const first = await get(server, '/tour-category/islands/');
      expect(listed(first.text)).toEqual(ISLANDS.slice(0, 2));
      const pagination = extractRegion(first.text, { className: 'gdlr-core-pagination' }) ?? '';
      expect(pagination).toContain('<span aria-current="page" class="page-numbers current">1</span>');
      expect(pagination).toContain(`<a class="page-numbers" href="${HOME}/tour-category/islands/page/3/">3</a>`);
      expect(pagination).toContain(`<a class="next page-numbers" href="${HOME}/tour-category/islands/page/2/"></a>`);
      const second = await get(server, '/tour-category/islands/page/2/');
      expect(second.status).toBe(200);
      // wp_get_document_title: "Page N" from page 2 on.
      const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
      expect(titleOf(first.text)).toBe('Islands \u2013 Aegean Trails (Tour Master oracle)');
      expect(titleOf(second.text)).toBe('Islands \u2013 Page 2 \u2013 Aegean Trails (Tour Master oracle)');
      expect(listed(second.text)).toEqual(ISLANDS.slice(2, 4));
      expect(second.text).toContain(`<a class="prev page-numbers" href="${HOME}/tour-category/islands/"></a>`);
      expect(listed((await get(server, '/tour-category/islands/page/3/')).text)).toEqual(ISLANDS.slice(4));
      expect((await get(server, '/tour-category/islands/page/4/')).status).toBe(404);
    } finally {
      await setOption(tdb.wp, 'posts_per_page', '10');
    }
  });

  it.each([
    ['/tour-category/islands', `${HOME}/tour-category/islands/`],
    ['/tour-category/islands/page/1/', `${HOME}/tour-category/islands/`],
    ['/tour-category/islands/page/1/?ref=x', `${HOME}/tour-category/islands/?ref=x`],
  ])('redirects %s to its canonical URL', async (path, location) => {
    const reply = await get(server, path);
    expect(reply.status).toBe(301);
    expect(reply.headers.get('location')).toBe(location);
  });

  it.each([
    '/tour-category/nowhere/',
    '/tour-tag/nowhere/',
    '/tour-category/islands/page/2/',
    '/tour-category/islands/page/abc/',
    '/tour-category/islands/page/99999999/',
    '/tour-category/%3Cscript%3E/',
    '/tour-activity/nowhere/',
  ])('%s is the 404 page', async (path) => {
    const reply = await get(server, path);
    expect(reply.status).toBe(404);
    expect(reply.text).toContain('Page Not Found');
    expect(reply.text).not.toContain('<script>');
  });

  it('serves an empty term`s archive with an empty list', async () => {
    await addTerm('tour_tag', 'empty-tag', 'Empty Tag');
    const reply = await get(server, '/tour-tag/empty-tag/');
    expect(reply.status).toBe(200);
    expect(listed(reply.text)).toEqual([]);
  });
});

describe('custom tour taxonomy archives', () => {
  it.each([
    ['/tour-category/islands/', 'page-archive-tour-category-islands'],
    ['/tour-tag/unesco/', 'page-archive-tour-tag-unesco'],
  ])(
    'prints the theme`s caption above the term`s name in the title bar of %s, as the legacy page',
    async (url, exchange) => {
      const reply = await get(server, url);
      const titleContent = (html: string) =>
        canonicalHtml(extractRegion(html, { className: 'traveltour-page-title-content' }) ?? '(none)');
      expect(titleContent(reply.text)).toBe(titleContent(loadExchange(exchange).response.body ?? ''));
    },
  );

  it('serves /{taxonomy}/{term}/ for the plugin`s custom taxonomies', async () => {
    const reply = await get(server, '/tour-activity/hiking/');
    expect(reply.status).toBe(200);
    // The theme's title bar of a custom tour taxonomy: the term's name without a caption.
    expect(reply.text).not.toContain('traveltour-page-caption');
    expect(reply.text).toContain('<h1 class="traveltour-page-title">Hiking</h1>');
    expect(listed(reply.text)).toEqual(['meteora-monasteries-3-day-tour', 'crete-samaria-gorge-private-hike']);
    expect(reply.text).toContain('tax-tour-activity term-hiking');
  });

  it('leaves paths of taxonomies that are not the plugin`s alone', async () => {
    expect((await get(server, '/category/travel-guides/')).text).not.toContain('tourmaster-template-archive');
    expect((await get(server, '/post_tag/greece/')).status).toBe(404);
  });
});
