import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractRegion } from '../../parity/compare';
import { loadExchange } from '../../parity/exchanges';
import { canonicalHtml } from '../../parity/html-dom';
import { parsePhpQuery } from '../../php/form-body';
import { phpJsonEncode } from '../../php/json';
import { filtererTerms } from '../../services/listing/filterer-terms';
import { CAPTURE_NOW, postAjax, startTestServer, type TestServer } from '../../testing/app';
import { createTestDatabase, type TestDatabase } from '../../testing/db';
import { loggedInCookie } from '../../testing/login-cookie';
import { statementsRunBy } from '../../testing/statements';
import type { SearchFilters } from '../../tourmaster/listing/search-query';
import { searchFiltersFromParams } from '../../tourmaster/listing/search-query';
import type { ListSettings, SettingValue } from '../../tourmaster/listing/settings';
import { filtererHtml, orderFiltererHtml } from '../../views/tour-list/filterers';
import { ajaxPaginationHtml, loadMoreHtml } from '../../views/tour-list/pagination';
import { settingsPhpValue } from '../../views/tour-list/settings-json';

/**
 * The tour list sections' ajax actions beyond the captured exchanges (server/ajax/replay.int.test.ts
 * replays those): bounds on every posted setting (DEFECTS.md 23), pagination ends, child
 * categories, every sort order and the search page's filters, on both engines.
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

/** jQuery.param: nested objects as `a[b]`, lists of scalars as `a[]`, lists of objects as `a[0][…]`. */
function param(value: unknown, prefix: string, out: [string, string][] = []): [string, string][] {
  if (value instanceof Map) for (const [k, v] of value) param(v, `${prefix}[${k}]`, out);
  else if (Array.isArray(value))
    value.forEach((v, i) => {
      param(v, typeof v === 'object' && v !== null ? `${prefix}[${i}]` : `${prefix}[]`, out);
    });
  else if (typeof value === 'object' && value !== null)
    for (const [k, v] of Object.entries(value)) param(v, `${prefix}[${k}]`, out);
  else out.push([prefix, value === null || value === undefined ? '' : String(value)]);
  return out;
}

/** The medium list of the tour-list page (3 per page, category filterer, ajax pagination). */
const LIST: Record<string, unknown> = {
  category: '',
  tag: '',
  'num-fetch': '3',
  layout: 'fitrows',
  'thumbnail-size': 'full',
  orderby: 'date',
  order: 'desc',
  'tour-style': 'medium',
  'has-column': 'no',
  excerpt: 'specify-number',
  'excerpt-number': '14',
  'column-size': '60',
  filterer: 'text',
  pagination: 'page',
  'tour-info': ['duration-text'],
  'tour-rating': 'enable',
  'with-frame': 'disable',
  paged: '1',
};

type Reply = {
  status: string;
  message?: string;
  content?: string;
  pagination?: string;
  load_more?: string;
  settings?: Record<string, unknown>;
  /** The ListSection island's typed props (issue 16). */
  props?: Record<string, unknown>;
};

async function send(
  action: string,
  settings: unknown,
  option: { name: string; value: string } | undefined = undefined,
  cookie?: string,
): Promise<Reply> {
  const pairs: [string, string][] = [['action', action]];
  if (settings !== undefined) param(settings, 'settings', pairs);
  if (option) pairs.push(['option[name]', option.name], ['option[value]', option.value]);
  const reply = await postAjax(server.baseUrl, new URLSearchParams(pairs), cookie ? { cookie } : {});
  expect(reply.status).toBe(200);
  return reply.json() as Reply;
}

/** The tours of a reply, by slug, in order. */
function slugs(reply: Reply): string[] {
  return [...String(reply.content).matchAll(/tourmaster-tour-title[^>]*><a href="[^"]*\/tour\/([^/]+)\//g)].map(
    (m) => m[1]!,
  );
}

const DATE_DESC = [
  'corfu-old-town-paleokastritsa',
  'rhodes-medieval-town-lindos',
  'delphi-oracle-arachova-day-trip',
  'mykonos-delos-island-hopping',
  'meteora-monasteries-3-day-tour',
  'crete-samaria-gorge-private-hike',
  'athens-acropolis-plaka-walking-tour',
  'santorini-caldera-sunset-cruise',
];

const all = (overrides: Record<string, unknown> = {}) => ({ ...LIST, 'num-fetch': '20', ...overrides });

describe('tour list ajax: posted settings are bounded (DEFECTS.md 23)', () => {
  it('answers the failure reply when settings are missing or not an array', async () => {
    const failed = { status: 'failed', message: 'Settings variable is not defined.' };
    expect(await send('tourmaster_tour_ajax', undefined)).toEqual(failed);
    expect(await send('tourmaster_tour_order_ajax', undefined)).toEqual(failed);
    const scalar = await postAjax(server.baseUrl, 'action=gdlr_core_tour_ajax&settings=abc');
    expect(scalar.json()).toEqual(failed);
  });

  it('caps num-fetch at 50 tours a page', async () => {
    const ids = await addTours(55, 'bulk-cap');
    try {
      const reply = await send('tourmaster_tour_ajax', { ...LIST, category: 'bulk-cap', 'num-fetch': '100000' });
      expect(slugs(reply)).toHaveLength(50);
      expect(reply.pagination).toContain('data-ajax-value="2" >2</a>');
      expect(reply.pagination).not.toContain('data-ajax-value="3"');
      expect(reply.pagination).toContain('&quot;num-fetch&quot;:&quot;50&quot;');
    } finally {
      await removeTours(ids, 'bulk-cap');
    }
  });

  it('reads paged=-1 and paged=abc as page 1', async () => {
    const first = await send('tourmaster_tour_ajax', LIST, { name: 'paged', value: '1' });
    for (const value of ['-1', 'abc']) {
      const reply = await send('tourmaster_tour_ajax', LIST, { name: 'paged', value });
      expect(reply.content).toBe(first.content);
      expect(reply.pagination).toContain('tourmaster-active" data-ajax-name="paged" data-ajax-value="1"');
    }
    const posted = await send('tourmaster_tour_ajax', { ...LIST, paged: 'abc' }, { name: 'filter', value: 'x' });
    expect(posted.content).toBe(first.content);
  });

  it('never runs an orderby with SQL in it: the date order, echoed as date', async () => {
    const evil = 'post_title; DROP TABLE wp_posts; --';
    const reply = await send('tourmaster_tour_order_ajax', all({ orderby: evil }), { name: 'orderby', value: evil });
    expect(slugs(reply)).toEqual(DATE_DESC);
    expect(reply.settings?.orderby).toBe('date');
    const posts = await tdb.wp.knex(tdb.wp.t.posts).count({ n: '*' }).first();
    expect(Number(posts?.n)).toBeGreaterThan(8);
  });

  it('does not run a meta_query the search page never builds, and does not echo it', async () => {
    const meta = { relation: 'AND', 0: { key: 'tourmaster-tour-option', value: 'zzz-not-there', compare: 'LIKE' } };
    const reply = await send('tourmaster_tour_order_ajax', all({ meta_query: meta }), { name: 'order', value: 'desc' });
    expect(slugs(reply)).toEqual(DATE_DESC);
    expect(reply.settings?.meta_query).toEqual({ relation: 'AND' });
    const regexp = { relation: 'OR', 0: { key: 'tourmaster-tour-price', value: '1', compare: '>', type: 'NUMERIC' } };
    const other = await send('tourmaster_tour_order_ajax', all({ meta_query: regexp }), {
      name: 'order',
      value: 'desc',
    });
    expect(other.settings).not.toHaveProperty('meta_query');
  });

  it('refuses a category that is not a slug, and escapes what it echoes', async () => {
    expect(
      await send('tourmaster_tour_ajax', LIST, { name: 'category', value: '"><script>alert(1)</script>' }),
    ).toEqual({
      status: 'failed',
      message: 'This category cannot be shown.',
    });
    // `tour` finds two tours, `-<b>x</b>` excludes none: two pages of one, the settings in the pagination.
    const s = 'tour -<b>x</b>"';
    const reply = await send('tourmaster_tour_ajax', { ...LIST, 'num-fetch': '1', s }, { name: 'paged', value: '1' });
    expect(slugs(reply)).toEqual(['meteora-monasteries-3-day-tour']);
    expect(reply.pagination).toContain('&quot;s&quot;:&quot;tour -&lt;b&gt;x&lt;\\/b&gt;\\&quot;&quot;');
    expect(reply.pagination).not.toContain('<b>');
  });

  it('serves guests and logged-in visitors alike', async () => {
    const guest = await send('gdlr_core_tour_ajax', LIST, { name: 'paged', value: '2' });
    const member = await send(
      'gdlr_core_tour_ajax',
      LIST,
      { name: 'paged', value: '2' },
      await loginCookie('customer1'),
    );
    expect(member).toEqual(guest);
  });
});

describe('tour list ajax: pages', () => {
  it('load more ends with none on the last page', async () => {
    const grid = { ...LIST, 'tour-style': 'grid', 'column-size': '20', 'has-column': 'yes', pagination: 'load-more' };
    const second = await send('tourmaster_tour_ajax', grid, { name: 'paged', value: '2' });
    expect(second.load_more).toContain('data-ajax-value="3" >Load More</a>');
    // The same, typed, for the island (issue 16): the button for page 3, with the settings it carries.
    expect(second.props).toMatchObject({ paging: { kind: 'load-more', action: 'tourmaster_tour_ajax', next: 3 } });
    expect(slugs(second)).toEqual(DATE_DESC.slice(3, 6));
    const last = await send('tourmaster_tour_ajax', grid, { name: 'paged', value: '3' });
    expect(slugs(last)).toEqual(DATE_DESC.slice(6));
    expect(last.load_more).toBe('none');
    expect(last.props).toEqual({ paging: null });
    expect(last.content).toContain('tourmaster-column-20 tourmaster-column-first');
  });

  it('a category lists its child categories` tours too', async () => {
    const child = await addTerm('cyclades', 'tour_category', 2);
    await tdb.wp.knex(tdb.wp.t.termRelationships).insert({ object_id: 7, term_taxonomy_id: child, term_order: 0 });
    try {
      const reply = await send('tourmaster_tour_ajax', all(), { name: 'category', value: 'islands' });
      expect(slugs(reply)).toEqual([
        'corfu-old-town-paleokastritsa',
        'rhodes-medieval-town-lindos',
        'mykonos-delos-island-hopping',
        'meteora-monasteries-3-day-tour',
        'crete-samaria-gorge-private-hike',
        'santorini-caldera-sunset-cruise',
      ]);
      expect(slugs(await send('tourmaster_tour_ajax', all(), { name: 'category', value: 'cyclades' }))).toEqual([
        'meteora-monasteries-3-day-tour',
      ]);
    } finally {
      await tdb.wp.knex(tdb.wp.t.termRelationships).where('term_taxonomy_id', child).delete();
      await tdb.wp.knex(tdb.wp.t.termTaxonomy).where('term_taxonomy_id', child).delete();
    }
  });

  it('a page costs two statements: the site with the list options, then the tours with their metas', async () => {
    await send('tourmaster_tour_ajax', LIST, { name: 'paged', value: '2' }); // warm (the salts are read once per process)
    const run = await statementsRunBy(server, () => send('tourmaster_tour_ajax', LIST, { name: 'paged', value: '2' }));
    expect(run.length, run.join('\n')).toBe(2);
  });

  it('an unknown category lists nothing', async () => {
    const reply = await send('tourmaster_tour_ajax', LIST, { name: 'category', value: 'no-such-category' });
    // The island's typed props beside the legacy keys (issue 16): no pages to show.
    expect(reply).toEqual({ status: 'success', content: '', pagination: 'none', props: { paging: null } });
  });
});

describe('tour list ajax: item parts the captures do not show', () => {
  it('prints the featured image linked to the tour', async () => {
    const k = tdb.wp.knex;
    const [imageId] = await k(tdb.wp.t.posts).insert({
      ...postRow('santorini-photo', '2026-01-01 00:00:00'),
      post_type: 'attachment',
      post_status: 'inherit',
      post_mime_type: 'image/jpeg',
    });
    await k(tdb.wp.t.postmeta).insert([
      { post_id: Number(imageId), meta_key: '_wp_attached_file', meta_value: '2026/01/santorini.jpg' },
      { post_id: Number(imageId), meta_key: '_wp_attachment_image_alt', meta_value: 'Oia "at" dusk' },
      { post_id: 4, meta_key: '_thumbnail_id', meta_value: String(imageId) },
    ]);
    try {
      const reply = await send('tourmaster_tour_ajax', { ...LIST, 'num-fetch': '20' }, { name: 'paged', value: '1' });
      expect(reply.content).toContain(
        '<div class="tourmaster-tour-thumbnail tourmaster-media-image "  ><a href="http://127.0.0.1:8080/tour/santorini-caldera-sunset-cruise/" >' +
          '<img src="http://127.0.0.1:8080/wp-content/uploads/2026/01/santorini.jpg" alt="Oia &quot;at&quot; dusk" /></a></div>',
      );
      expect(reply.content?.match(/tourmaster-tour-thumbnail/g)).toHaveLength(1);
    } finally {
      await k(tdb.wp.t.postmeta)
        .whereIn('post_id', [Number(imageId), 4])
        .whereIn('meta_key', ['_wp_attached_file', '_wp_attachment_image_alt', '_thumbnail_id'])
        .delete();
      await k(tdb.wp.t.posts).where('ID', Number(imageId)).delete();
    }
  });
});

describe('tour list ajax: sort orders (listing.md §2.3)', () => {
  const order = async (orderby: string, direction: string) =>
    slugs(await send('tourmaster_tour_order_ajax', all({ order: direction }), { name: 'orderby', value: orderby }));

  it('by price, title and first available date', async () => {
    expect(await order('price', 'asc')).toEqual([
      'athens-acropolis-plaka-walking-tour',
      'corfu-old-town-paleokastritsa',
      'delphi-oracle-arachova-day-trip',
      'mykonos-delos-island-hopping',
      'santorini-caldera-sunset-cruise',
      'rhodes-medieval-town-lindos',
      'meteora-monasteries-3-day-tour',
      'crete-samaria-gorge-private-hike',
    ]);
    expect(await order('title', 'asc')).toEqual([...DATE_DESC].sort());
    expect((await order('tour-date', 'asc'))[0]).toBe('athens-acropolis-plaka-walking-tour');
    expect(await order('date', 'asc')).toEqual([...DATE_DESC].reverse());
  });

  it('meta sorts leave out tours without the key (rating, popularity)', async () => {
    const rating = await order('rating', 'desc');
    expect(rating[0]).toBe('crete-samaria-gorge-private-hike');
    expect(rating).not.toContain('corfu-old-town-paleokastritsa');
    expect(await order('popularity', 'desc')).toEqual(['santorini-caldera-sunset-cruise']);
  });

  it('random and menu order list every tour', async () => {
    expect((await order('rand', 'desc')).sort()).toEqual([...DATE_DESC].sort());
    expect(await order('menu_order', 'desc')).toHaveLength(8);
  });
});

describe('tour list ajax: the search page`s filters (listing.md §1.2)', () => {
  /** The captured search pages and the tours they listed (newest first). */
  const pages = [
    'page-search-category-islands',
    'page-search-category-array',
    'page-search-activity-hiking',
    'page-search-combo-islands-june-max200',
    'page-search-date',
    'page-search-duration-1',
    'page-search-duration-5',
    'page-search-duration-7',
    'page-search-max-price',
    'page-search-min-price',
    'page-search-keyword-cruise',
    'page-search-keyword-two-words',
    'page-search-combo-keyword-duration-rating',
  ];

  for (const name of pages) {
    it(`${name} lists the same tours`, async () => {
      const ex = loadExchange(name);
      const params = parsePhpQuery(ex.request.path.split('?')[1] ?? '');
      const filters = searchFiltersFromParams(params, ['tour_category', 'tour_tag', 'tour-activity']);
      const reply = await send('tourmaster_tour_order_ajax', withSearch(filters), { name: 'orderby', value: 'date' });
      const listed = [
        ...String(ex.response.body).matchAll(/tourmaster-tour-title[^>]*>\s*<a href="[^"]*\/tour\/([^/]+)\//g),
      ].map((m) => m[1]!);
      expect(slugs(reply)).toEqual(listed);
      // The echo is the search page's own shape.
      expect(reply.settings?.tax_query).toEqual(
        JSON.parse(phpJsonEncode(settingsPhpValue(new Map([['t', filters.tax_query]])))).t,
      );
    });
  }

  it('compares ratings as whole numbers (an 8.67 average counts as 8)', async () => {
    const search = (rating: string) =>
      send('tourmaster_tour_ajax', withSearch(searchFiltersFromParams({ rating }, [])), { name: 'paged', value: '1' });
    expect(slugs(await search('8'))).toEqual(['delphi-oracle-arachova-day-trip', 'crete-samaria-gorge-private-hike']);
    expect(slugs(await search('9'))).toEqual(['crete-samaria-gorge-private-hike']);
  });

  it('switches the search list to its grid style with frames', async () => {
    const search = all({
      'order-filterer-grid-style': 'grid-with-frame',
      'order-filterer-grid-style-thumbnail': 'Blog Column Thumbnail',
      'order-filterer-list-style': 'medium-with-frame',
      'column-size-temp': '30',
    });
    const reply = await send('tourmaster_tour_order_ajax', search, { name: 'item-style', value: 'grid-style' });
    expect(reply.settings).toMatchObject({
      'tour-style': 'grid',
      'with-frame': 'enable',
      'column-size': '30',
      'has-column': 'yes',
    });
    expect(reply.content).toContain(
      '<div class="gdlr-core-item-list  tourmaster-item-pdlr tourmaster-column-30 tourmaster-column-first" >',
    );
    expect(reply.content).toContain('tourmaster-tour-grid  tourmaster-tour-frame tourmaster-tour-grid-style-1');
    expect(reply.content).toContain('gdlr-core-skin-e-background gdlr-core-js" data-sync-height="tour-item-"');
  });
});

/** A list's settings carrying the search page's filters, as the search page posts them. */
function withSearch(filters: SearchFilters): unknown {
  const settings: ListSettings = new Map(
    Object.entries(all({ 'enable-order-filterer': 'enable' })) as [string, SettingValue][],
  );
  settings.set('s', filters.s);
  settings.set('tax_query', filters.tax_query);
  settings.set('meta_query', filters.meta_query);
  return settingsPhpValue(settings);
}

async function loginCookie(login: string): Promise<string> {
  return loggedInCookie(tdb, server, login, { remember: true });
}

/** A term of a taxonomy (optionally a child of term `parent`); its term_taxonomy_id. */
async function addTerm(slug: string, taxonomy: string, parent = 0): Promise<number> {
  const k = tdb.wp.knex;
  const [termId] = await k(tdb.wp.t.terms).insert({ name: slug, slug, term_group: 0 });
  const [ttId] = await k(tdb.wp.t.termTaxonomy).insert({
    term_id: termId,
    taxonomy,
    description: '',
    parent,
    count: 0,
  });
  return Number(ttId);
}

/** `n` published tours in a new category of their own, dated before every fixture tour. */
async function addTours(n: number, category: string): Promise<number[]> {
  const k = tdb.wp.knex;
  const tt = await addTerm(category, 'tour_category');
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const date = `2025-01-01 10:${String(i).padStart(2, '0')}:00`;
    const [id] = await k(tdb.wp.t.posts).insert({ ...postRow(`bulk-${i}`, date), post_title: `Bulk ${i}` });
    ids.push(Number(id));
    await k(tdb.wp.t.termRelationships).insert({ object_id: Number(id), term_taxonomy_id: tt, term_order: 0 });
  }
  return ids;
}

/** A wp_posts row of a published tour with every column WordPress's schema requires. */
function postRow(slug: string, date: string): Record<string, unknown> {
  return {
    post_author: 1,
    post_date: date,
    post_date_gmt: date,
    post_content: '',
    post_title: slug,
    post_excerpt: '',
    post_status: 'publish',
    comment_status: 'closed',
    ping_status: 'closed',
    post_password: '',
    post_name: slug,
    to_ping: '',
    pinged: '',
    post_modified: date,
    post_modified_gmt: date,
    post_content_filtered: '',
    post_parent: 0,
    guid: '',
    menu_order: 0,
    post_type: 'tour',
    post_mime_type: '',
    comment_count: 0,
  };
}

async function removeTours(ids: number[], category: string): Promise<void> {
  const k = tdb.wp.knex;
  await k(tdb.wp.t.termRelationships).whereIn('object_id', ids).delete();
  await k(tdb.wp.t.posts).whereIn('ID', ids).delete();
  const term = await k(tdb.wp.t.terms).first('term_id').where('slug', category);
  await k(tdb.wp.t.termTaxonomy).where('term_id', term?.term_id).delete();
  await k(tdb.wp.t.terms).where('term_id', term?.term_id).delete();
}

describe('tour list controls on the tour-list page (listing.md §2.4–§2.7)', () => {
  const page = String(loadExchange('page-tour-list-shortcode').response.body);
  const ajaxUrl = 'http://127.0.0.1:8080/wp-admin/admin-ajax.php';
  /** The `data-settings` of a captured control, as the page built them (PHP ints and booleans included). */
  const settingsIn = (markup: string): ListSettings => {
    const json = /data-settings="([^"]*)"/.exec(markup)![1]!.replaceAll('&quot;', '"');
    return new Map(Object.entries(JSON.parse(json)) as [string, SettingValue][]);
  };
  const same = (ours: string, className: string) => {
    const legacy = extractRegion(page, { className })!;
    expect(canonicalHtml(ours)).toBe(canonicalHtml(legacy));
  };

  it('prints the category filterer with every tour category', async () => {
    const legacy = extractRegion(page, { className: 'tourmaster-filterer-wrap' })!;
    const { terms, current } = await filtererTerms(tdb, []);
    same(
      filtererHtml({ settings: settingsIn(legacy), ajaxUrl, terms, ...(current ? { current } : {}) }).value,
      'tourmaster-filterer-wrap',
    );
  });

  it('prints the order filterer with the list and grid switch', () => {
    const legacy = extractRegion(page, { className: 'tourmaster-tour-order-filterer-wrap' })!;
    same(orderFiltererHtml({ settings: settingsIn(legacy), ajaxUrl }).value, 'tourmaster-tour-order-filterer-wrap');
  });

  it('prints the first page`s ajax pagination and load more', () => {
    const pagination = extractRegion(page, { className: 'tourmaster-pagination' })!;
    same(ajaxPaginationHtml(settingsIn(pagination), 1, 3, { ajaxUrl })!.value, 'tourmaster-pagination');
    const more = extractRegion(page, { className: 'tourmaster-load-more-wrap' })!;
    same(loadMoreHtml(settingsIn(more), 1, 3, { ajaxUrl })!.value, 'tourmaster-load-more-wrap');
  });

  it('lists a single category`s children, or the categories a list names', async () => {
    const child = await addTerm('cyclades', 'tour_category', 2);
    try {
      expect(await filtererTerms(tdb, ['islands'])).toEqual({
        current: expect.objectContaining({ name: 'Islands' }),
        terms: [expect.objectContaining({ slug: 'cyclades' })],
      });
      expect((await filtererTerms(tdb, ['mainland', 'islands'])).terms.map((t) => t.slug)).toEqual([
        'mainland',
        'islands',
      ]);
    } finally {
      await tdb.wp.knex(tdb.wp.t.termTaxonomy).where('term_taxonomy_id', child).delete();
    }
  });
});
