import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractRegion } from '../../parity/compare';
import { loadExchange } from '../../parity/exchanges';
import { canonicalHtml } from '../../parity/html-dom';
import { get, htmlErrors, loginAs } from '../../testing/account';
import { startTestServer, type TestServer } from '../../testing/app';
import { createTestDatabase, type TestDatabase } from '../../testing/db';
import { addOlderPosts, insertPost, setOption } from '../../testing/posts';

/**
 * The blog pages on a copy of the fixture site: the posts index and its link pagination (bounds
 * included), single posts, pages (nested, the privacy and terms pages), what is never shown (drafts,
 * private and future posts, unknown slugs), titles escaped, the canonical redirects, a static front
 * page with a posts page, and the routes the blog leaves to others (plugin pages, the tour search).
 */
let tdb: TestDatabase;
let server: TestServer;
const ids: Record<string, number> = {};

const HOME = 'http://127.0.0.1:8080';
const articles = (html: string) => [...html.matchAll(/<article id="post-(\d+)"/g)].map((m) => Number(m[1]));
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const region = (html: string, className: string) => canonicalHtml(extractRegion(html, { className }) ?? '(none)');

beforeAll(async () => {
  tdb = await createTestDatabase();
  server = await startTestServer(tdb);
  const wp = tdb.wp;
  ids.draft = await insertPost(wp, { slug: 'draft-notes', title: 'Draft Notes', status: 'draft' });
  ids.private = await insertPost(wp, { slug: 'private-notes', title: 'Private Notes', status: 'private' });
  ids.future = await insertPost(wp, {
    slug: 'future-notes',
    title: 'Future Notes',
    status: 'future',
    date: '2027-03-01 09:00:00',
  });
  ids.child = await insertPost(wp, {
    type: 'page',
    slug: 'child-page',
    title: 'Child Page',
    parentId: 2,
    content: 'Line one\nline two\n\n[gdlr_core_button text="Go"]Second paragraph.',
  });
  ids.draftPage = await insertPost(wp, { type: 'page', slug: 'draft-page', title: 'Draft Page', status: 'draft' });
});

afterAll(async () => {
  await server?.close();
  await tdb?.drop();
});

describe('the posts index (show_on_front = posts)', () => {
  it('is the front page, with the captured articles and pagination', async () => {
    const reply = await get(server, '/');
    expect(reply.status).toBe(200);
    expect(htmlErrors(reply.text)).toEqual([]);
    expect(title(reply.text)).toBe('Aegean Trails (Tour Master oracle)');
    expect(reply.text).toMatch(/<body class="[^"]*\bhome blog\b/);
    expect(articles(reply.text)).toEqual([24, 23, 22, 21, 20, 19, 18, 17, 26, 16]);
    const legacy = loadExchange('page-blog-index-p1').response.body ?? '';
    expect(region(reply.text, 'traveltour-content-area')).toBe(region(legacy, 'traveltour-content-area'));
    expect(reply.headers.get('cache-control')).toBeNull();
  });

  it('serves page 2 with the rest and a link back, titled as WordPress titles it', async () => {
    const reply = await get(server, '/page/2/');
    expect(reply.status).toBe(200);
    expect(articles(reply.text)).toEqual([25, 15]);
    // The front page keeps its tagline after "Page 2" (wp_get_document_title); the fixture's is empty.
    expect(title(reply.text)).toBe('Aegean Trails (Tour Master oracle) \u2013 Page 2');
    await setOption(tdb.wp, 'blogdescription', 'Walks &amp; cruises');
    try {
      const tagged = await get(server, '/page/2/');
      expect(title(tagged.text)).toBe('Aegean Trails (Tour Master oracle) \u2013 Page 2 \u2013 Walks &amp; cruises');
    } finally {
      await setOption(tdb.wp, 'blogdescription', '');
    }
    expect(reply.text).toContain(`<a class="prev page-numbers" href="${HOME}/">Previous page</a>`);
    expect(reply.text).not.toContain('class="next page-numbers"');
  });

  it.each([
    ['/page/0/', 404],
    ['/page/3/', 404],
    ['/page/999/', 404],
    ['/page/abc/', 404],
    ['/?paged=abc', 404],
    ['/?paged=0', 404],
  ])('answers %s with the 404 page', async (path, status) => {
    const reply = await get(server, path);
    expect(reply.status).toBe(status);
    expect(reply.text).toContain('Page Not Found');
  });

  it.each([
    ['/page/1/', `${HOME}/`],
    ['/page/2', `${HOME}/page/2/`],
    ['/?paged=2', `${HOME}/page/2/`],
    ['/?paged=2&utm_source=x', `${HOME}/page/2/?utm_source=x`],
    ['/?paged=2&%E0=1', `${HOME}/page/2/?%E0=1`],
    ['/?p=15', `${HOME}/10-things-to-know-before-visiting-santorini/`],
    ['/?page_id=3', `${HOME}/privacy-policy/`],
  ])('redirects %s to its canonical address', async (path, location) => {
    const reply = await get(server, path);
    expect(reply.status).toBe(301);
    expect(reply.headers.get('location')).toBe(location);
    expect(reply.headers.get('x-redirect-by')).toBe('WordPress');
  });

  it('keeps other query arguments on the pagination links', async () => {
    const reply = await get(server, '/?utm_source=news');
    expect(reply.text).toContain(`href="${HOME}/page/2/?utm_source=news"`);
  });

  it('leaves the tour search to its own route', async () => {
    for (const path of ['/?tour-search=', '/?tour-search=&tax-tour_category=islands', '/page/2/?tour-search']) {
      const reply = await get(server, path);
      expect(reply.text).not.toMatch(/<body class="[^"]*\bblog\b/);
      expect(reply.text).not.toContain('traveltour-single-article');
    }
  });
});

describe('single posts', () => {
  it('shows a post at its permalink, with its meta, content, tags and neighbours', async () => {
    const reply = await get(server, '/10-things-to-know-before-visiting-santorini/');
    expect(reply.status).toBe(200);
    expect(htmlErrors(reply.text)).toEqual([]);
    expect(title(reply.text)).toBe(
      '10 Things to Know Before Visiting Santorini \u2013 Aegean Trails (Tour Master oracle)',
    );
    expect(reply.text).toContain(`<link rel="canonical" href="${HOME}/10-things-to-know-before-visiting-santorini/"/>`);
    expect(reply.text).toContain(
      '<meta name="description" content="10 Things to Know Before Visiting Santorini. Practical notes from our guides in Greece. Plan early, travel light and respect local customs."/>',
    );
    const legacy = loadExchange('page-blog-post-santorini').response.body ?? '';
    for (const part of [
      'traveltour-blog-title-wrap',
      'traveltour-content-area',
      'traveltour-single-tags',
      'traveltour-single-nav-area',
    ])
      expect(region(reply.text, part)).toBe(region(legacy, part));
  });

  it('links the previous and the next post', async () => {
    const reply = await get(server, '/greek-ferries-explained/');
    expect(reply.text).toContain(
      `<a href="${HOME}/10-things-to-know-before-visiting-santorini/" rel="prev"><i class="arrow_left" ></i>`,
    );
    expect(reply.text).toContain(`<a href="${HOME}/best-time-to-visit-the-greek-islands/" rel="next">`);
  });

  it('redirects another spelling of the address to the permalink', async () => {
    for (const path of [
      '/10-things-to-know-before-visiting-santorini',
      '/10-Things-To-Know-Before-Visiting-Santorini/',
    ]) {
      const reply = await get(server, path);
      expect(reply.status).toBe(301);
      expect(reply.headers.get('location')).toBe(`${HOME}/10-things-to-know-before-visiting-santorini/`);
    }
  });

  it.each([
    ['a draft', '/draft-notes/'],
    ['a private post', '/private-notes/'],
    ['a scheduled post', '/future-notes/'],
    ['an unknown slug', '/no-such-post/'],
    ['a draft page', '/draft-page/'],
    ['a child page at the top level', '/child-page/'],
  ])('answers %s with the 404 page', async (_, path) => {
    const reply = await get(server, path);
    expect(reply.status).toBe(404);
    expect(reply.text).toContain('Page Not Found');
    expect(reply.text).not.toContain('traveltour-single-article');
  });

  it('never lists drafts, private or future posts on the index', async () => {
    const all = [...articles((await get(server, '/')).text), ...articles((await get(server, '/page/2/')).text)];
    expect(all).toHaveLength(12);
    expect(all).not.toContain(ids.draft);
    expect(all).not.toContain(ids.private);
    expect(all).not.toContain(ids.future);
  });

  it('escapes titles and author names wherever they are printed', async () => {
    const id = await insertPost(tdb.wp, {
      slug: 'escaping-test',
      title: '<script>alert("x")</script> Tom & Jerry\'s',
      content: '<p>Cartoons.</p>',
      date: '2026-11-20 09:00:00',
    });
    try {
      const single = await get(server, '/escaping-test/');
      expect(single.status).toBe(200);
      expect(single.text).not.toContain('<script>alert');
      expect(single.text).toContain(
        '<h1 class="traveltour-single-article-title">&lt;script&gt;alert(&#8220;x&#8221;)&lt;/script&gt; Tom &#038; Jerry&#8217;s</h1>',
      );
      expect(title(single.text)).toBe(
        '&lt;script&gt;alert(“x”)&lt;/script&gt; Tom &amp; Jerry’s \u2013 Aegean Trails (Tour Master oracle)',
      );
      const index = await get(server, '/');
      expect(articles(index.text)[0]).toBe(id);
      expect(index.text).not.toContain('<script>alert');
      expect(htmlErrors(index.text)).toEqual([]);
    } finally {
      await tdb.wp.knex(tdb.wp.t.posts).where('ID', id).delete();
    }
  });
});

describe('pages', () => {
  it("shows a nested page at its parent's path, its content filtered and unknown shortcodes removed", async () => {
    const reply = await get(server, '/sample-page/child-page/');
    expect(reply.status).toBe(200);
    expect(htmlErrors(reply.text)).toEqual([]);
    expect(title(reply.text)).toBe('Child Page \u2013 Aegean Trails (Tour Master oracle)');
    expect(reply.text).toContain('<h1 class="traveltour-page-title">Child Page</h1>');
    expect(reply.text).toContain(
      '<div class="traveltour-content-area traveltour-item-pdlr traveltour-sidebar-style-none clearfix" ><p>Line one<br />\nline two</p>\n<p>Second paragraph.</p>',
    );
    expect(reply.text).not.toContain('gdlr_core_button');
  });

  it('shows the privacy policy page (wp_page_for_privacy_policy) and the terms page', async () => {
    const privacy = await get(server, '/privacy-policy/');
    expect(privacy.status).toBe(200);
    expect(privacy.text).toMatch(/<body class="[^"]*\bprivacy-policy\b/);
    expect(privacy.text).toContain('<p>We store the contact and traveller details you give us');
    expect(privacy.text).toContain(`<link rel="canonical" href="${HOME}/privacy-policy/"/>`);
    const terms = await get(server, '/terms-of-service/');
    expect(terms.status).toBe(200);
    expect(terms.text).toContain('<p>Bookings made on this site are subject to these terms.');
  });

  it('passes block content through without its block comments', async () => {
    const reply = await get(server, '/sample-page/');
    expect(reply.status).toBe(200);
    expect(reply.text).toContain('<blockquote class="wp-block-quote"><p>Hi there! I&#8217;m a bike messenger');
    expect(reply.text).not.toContain('<!-- wp:');
  });

  it("leaves the plugin's pages to their routes", async () => {
    const login = await get(server, '/login/');
    expect(login.status).toBe(200);
    expect(login.text).toContain('tourmaster-template-login');
    const search = await get(server, '/search-tours/');
    expect(search.text).not.toContain('page-id-31');
  });

  it("is private to a logged-in visitor's cache", async () => {
    const login = await loginAs(tdb, server, 'customer1');
    const reply = await get(server, '/privacy-policy/', login.cookie);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toContain('private');
    expect(reply.text).toMatch(/<body class="[^"]*\blogged-in\b/);
  });
});

describe('reading settings', () => {
  it('puts sticky posts first on page 1 only', async () => {
    await setOption(tdb.wp, 'sticky_posts', 'a:1:{i:0;i:15;}');
    try {
      const first = await get(server, '/');
      expect(articles(first.text).slice(0, 2)).toEqual([15, 24]);
      expect(first.text).toMatch(/<article id="post-15" class="[^"]*\bsticky\b/);
      expect(first.text).toContain('traveltour-sticky-banner');
      expect(articles((await get(server, '/page/2/')).text)).toEqual([25, 15]);
    } finally {
      await setOption(tdb.wp, 'sticky_posts', 'a:0:{}');
    }
  });

  it('lays the index out as cards with dropin_blog_layout = masonry', async () => {
    await setOption(tdb.wp, 'dropin_blog_layout', 'masonry');
    try {
      const reply = await get(server, '/');
      expect(reply.text).toContain('class="traveltour-content-area traveltour-item-pdlr dropin-blog-masonry"');
      expect(articles(reply.text)).toHaveLength(10);
    } finally {
      await tdb.wp.knex(tdb.wp.t.options).where('option_name', 'dropin_blog_layout').delete();
    }
    expect((await get(server, '/')).text).not.toContain('dropin-blog-masonry');
  });

  it('pages the index by posts_per_page, with dots past five pages', async () => {
    await setOption(tdb.wp, 'posts_per_page', '2');
    try {
      const reply = await get(server, '/page/3/');
      expect(articles(reply.text)).toEqual([20, 19]);
      expect(reply.text).toContain('<span class="page-numbers dots">&hellip;</span>');
      expect((await get(server, '/page/6/')).status).toBe(200);
      expect((await get(server, '/page/7/')).status).toBe(404);
    } finally {
      await setOption(tdb.wp, 'posts_per_page', '10');
    }
  });

  it('serves a static front page and the posts page (show_on_front = page)', async () => {
    const blogPage = await insertPost(tdb.wp, { type: 'page', slug: 'journal', title: 'Journal', content: '' });
    await setOption(tdb.wp, 'show_on_front', 'page');
    await setOption(tdb.wp, 'page_on_front', '2');
    await setOption(tdb.wp, 'page_for_posts', String(blogPage));
    try {
      const front = await get(server, '/');
      expect(front.status).toBe(200);
      expect(front.text).toContain('<h1 class="traveltour-page-title">Sample Page</h1>');
      expect(title(front.text)).toBe('Aegean Trails (Tour Master oracle)');
      const moved = await get(server, '/sample-page/');
      expect(moved.status).toBe(301);
      expect(moved.headers.get('location')).toBe(`${HOME}/`);
      const index = await get(server, '/journal/');
      expect(index.status).toBe(200);
      expect(title(index.text)).toBe('Journal');
      expect(articles(index.text)).toHaveLength(10);
      expect(index.text).toContain(`href="${HOME}/journal/page/2/"`);
      const second = await get(server, '/journal/page/2/');
      expect(articles(second.text)).toEqual([25, 15]);
      expect(title(second.text)).toBe('Journal \u2013 Page 2 \u2013 Aegean Trails (Tour Master oracle)');
      expect((await get(server, '/page/2/')).status).toBe(404);
    } finally {
      await setOption(tdb.wp, 'show_on_front', 'posts');
      await setOption(tdb.wp, 'page_on_front', '0');
      await setOption(tdb.wp, 'page_for_posts', '0');
    }
  });

  it("keeps working past the fixture's two pages", async () => {
    const added = await addOlderPosts(tdb.wp, 9);
    try {
      const third = await get(server, '/page/3/');
      expect(third.status).toBe(200);
      expect(articles(third.text)).toHaveLength(1);
      expect((await get(server, '/page/2/')).text).toContain(`<a class="next page-numbers" href="${HOME}/page/3/">`);
    } finally {
      await tdb.wp.knex(tdb.wp.t.posts).whereIn('ID', added).delete();
    }
  });
});
