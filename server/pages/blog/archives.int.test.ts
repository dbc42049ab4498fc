import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, htmlErrors } from '../../testing/account';
import { startTestServer, type TestServer } from '../../testing/app';
import { createTestDatabase, type TestDatabase } from '../../testing/db';
import { attachTerm, insertPost, insertTerm, setOption } from '../../testing/posts';

/**
 * The blog's archives and feeds on a copy of the fixture site (twelve posts in Travel Guides,
 * tagged greece and travel tips, January to October 2026, ten a page): category (with a child
 * category's posts), tag, author and date archives with their link pagination, canonical redirects
 * and 404s, WordPress's document titles, the RSS 2.0 feeds parsed as XML (a title with `<`, `&` and
 * `]]>` in it), and the footer's widget areas from the fixture's options and from options written here.
 */
let tdb: TestDatabase;
let server: TestServer;
const ids: Record<string, number> = {};
const HOME = 'http://127.0.0.1:8080';
const SITE = 'Aegean Trails (Tour Master oracle)';
const TRICKY = 'Sunset < Sunrise & Stars ]]> Night';

const articles = (html: string) => [...html.matchAll(/<article id="post-(\d+)"/g)].map((m) => Number(m[1]));
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const heading = (html: string) => /<h1 class="traveltour-page-title">([^<]*)<\/h1>/.exec(html)?.[1];
const bodyClass = (html: string) => /<body class="([^"]*)"/.exec(html)?.[1] ?? '';

beforeAll(async () => {
  tdb = await createTestDatabase();
  server = await startTestServer(tdb);
  const wp = tdb.wp;
  const islands = await insertTerm(wp, { taxonomy: 'category', name: 'Islands', slug: 'islands', parentId: 31 });
  const tricky = await insertTerm(wp, { taxonomy: 'post_tag', name: 'Tips &amp; <Tricks>', slug: 'tips-tricks' });
  ids.islandsTerm = islands.termId;
  ids.child = await insertPost(wp, { slug: 'island-notes', title: 'Island Notes', date: '2026-11-05 09:00:00' });
  await attachTerm(wp, ids.child, islands.termTaxonomyId);
  ids.tricky = await insertPost(wp, {
    slug: 'sunset-notes',
    title: TRICKY,
    content: '<p>Bring a torch ]]> and a jacket.</p>',
    date: '2026-11-06 09:00:00',
  });
  await attachTerm(wp, ids.tricky, tricky.termTaxonomyId);
  ids.byMaria = await insertPost(wp, {
    slug: 'marias-notes',
    title: 'Maria’s Notes',
    authorId: 2,
    date: '2026-11-07 09:00:00',
  });
  ids.draft = await insertPost(wp, { slug: 'draft-x', title: 'Draft X', status: 'draft', date: '2025-06-10 09:00:00' });
  await attachTerm(wp, ids.draft, islands.termTaxonomyId);
  ids.page = await insertPost(wp, { type: 'page', slug: 'a-page', title: 'A Page', date: '2025-07-10 09:00:00' });
});

afterAll(async () => {
  await server?.close();
  await tdb?.drop();
});

describe('category archives', () => {
  it('list the category’s published posts and its children’s, newest first, ten a page', async () => {
    const reply = await get(server, '/category/travel-guides/');
    expect(reply.status).toBe(200);
    expect(htmlErrors(reply.text)).toEqual([]);
    expect(title(reply.text)).toBe(`Travel Guides – ${SITE}`);
    expect(heading(reply.text)).toBe('Travel Guides');
    expect(bodyClass(reply.text)).toContain('archive category category-travel-guides category-31');
    // The child category's post first (the newest); the others are not in the category.
    expect(articles(reply.text)).toEqual([ids.child, 24, 23, 22, 21, 20, 19, 18, 17, 26]);
    expect(reply.text).toContain(`<a class="page-numbers" href="${HOME}/category/travel-guides/page/2/">`);
    expect(reply.text).toContain(
      `<link rel="alternate" type="application/rss+xml" title="${SITE} » Travel Guides Category Feed" href="${HOME}/category/travel-guides/feed/"/>`,
    );
    const page2 = await get(server, '/category/travel-guides/page/2/');
    expect(page2.status).toBe(200);
    expect(title(page2.text)).toBe(`Travel Guides – Page 2 – ${SITE}`);
    expect(bodyClass(page2.text)).toContain('paged paged-2 category-paged-2');
    expect(articles(page2.text)).toEqual([16, 25, 15]);
    expect(page2.text).toContain(`<a class="prev page-numbers" href="${HOME}/category/travel-guides/">`);
  });

  it('a child category is at its parents’ path; a bare child slug is redirected there', async () => {
    const child = await get(server, '/category/travel-guides/islands/');
    expect(child.status).toBe(200);
    expect(articles(child.text)).toEqual([ids.child]);
    const bare = await get(server, '/category/islands/');
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe(`${HOME}/category/travel-guides/islands/`);
    expect((await get(server, '/category/wrong-parent/islands/')).status).toBe(404);
  });

  it('redirects as redirect_canonical does, and answers 404 past the last page or for an unknown slug', async () => {
    const noSlash = await get(server, '/category/travel-guides?utm=x');
    expect(noSlash.status).toBe(301);
    expect(noSlash.headers.get('location')).toBe(`${HOME}/category/travel-guides/?utm=x`);
    const first = await get(server, '/category/travel-guides/page/1/');
    expect(first.status).toBe(301);
    expect(first.headers.get('location')).toBe(`${HOME}/category/travel-guides/`);
    const past = await get(server, '/category/travel-guides/page/3/');
    expect(past.status).toBe(404);
    expect(title(past.text)).toBe(`Page not found – ${SITE}`);
    expect((await get(server, '/category/no-such-category/')).status).toBe(404);
    expect((await get(server, '/category/travel-guides/page/two/')).status).toBe(404);
  });

  it('an empty category is a page saying so; a draft in it is not listed', async () => {
    const empty = await insertTerm(tdb.wp, { taxonomy: 'category', name: 'Empty', slug: 'empty-category' });
    const reply = await get(server, '/category/empty-category/');
    expect(reply.status).toBe(200);
    expect(articles(reply.text)).toEqual([]);
    expect(reply.text).toContain('dropin-blog-empty');
    expect((await get(server, '/category/empty-category/page/2/')).status).toBe(404);
    expect(empty.termId).toBeGreaterThan(0);
  });
});

describe('tag and author archives', () => {
  it('a tag’s archive escapes its name in the title and the title bar', async () => {
    const reply = await get(server, '/tag/tips-tricks/');
    expect(reply.status).toBe(200);
    expect(htmlErrors(reply.text)).toEqual([]);
    expect(title(reply.text)).toBe(`Tips &amp; &lt;Tricks&gt; – ${SITE}`);
    expect(heading(reply.text)).toBe('Tips &amp; &lt;Tricks&gt;');
    expect(articles(reply.text)).toEqual([ids.tricky]);
    expect(bodyClass(reply.text)).toContain('archive tag tag-tips-tricks');
    const greece = await get(server, '/tag/greece/page/2/');
    expect(articles(greece.text)).toEqual([25, 15]);
    expect((await get(server, '/tag/no-such-tag/')).status).toBe(404);
  });

  it('an author’s archive lists only their posts, titled with their display name', async () => {
    const reply = await get(server, '/author/customer1/');
    expect(reply.status).toBe(200);
    expect(title(reply.text)).toBe(`Maria Papadopoulou – ${SITE}`);
    expect(articles(reply.text)).toEqual([ids.byMaria]);
    expect(bodyClass(reply.text)).toContain('archive author author-customer1 author-2');
    expect(reply.text).toContain(
      `title="${SITE} » Posts by Maria Papadopoulou Feed" href="${HOME}/author/customer1/feed/"`,
    );
    // An author without posts is still a page (WP::handle_404).
    const empty = await get(server, '/author/customer2/');
    expect(empty.status).toBe(200);
    expect(articles(empty.text)).toEqual([]);
    expect((await get(server, '/author/nobody-here/')).status).toBe(404);
  });
});

describe('date archives', () => {
  it('a year, a month and a day, titled as wp_get_document_title titles them', async () => {
    const year = await get(server, '/2026/');
    expect(title(year.text)).toBe(`2026 – ${SITE}`);
    expect(bodyClass(year.text)).toContain('archive date');
    expect(articles(year.text)).toEqual([ids.byMaria, ids.tricky, ids.child, 24, 23, 22, 21, 20, 19, 18]);
    const month = await get(server, '/2026/10/');
    expect(title(month.text)).toBe(`October 2026 – ${SITE}`);
    expect(heading(month.text)).toBe('October 2026');
    expect(articles(month.text)).toEqual([24]);
    const day = await get(server, '/2026/11/06/');
    expect(title(day.text)).toBe(`November 6, 2026 – ${SITE}`);
    expect(articles(day.text)).toEqual([ids.tricky]);
    const paged = await get(server, '/2026/page/2/');
    expect(title(paged.text)).toBe(`2026 – Page 2 – ${SITE}`);
  });

  it('an impossible date, a month with only a draft or a page, and a page past the last are the 404 page', async () => {
    for (const path of ['/2026/13/', '/2026/02/30/', '/2025/06/', '/2025/07/', '/2026/10/page/2/']) {
      expect([path, (await get(server, path)).status]).toEqual([path, 404]);
    }
    const unpadded = await get(server, '/2026/2/');
    expect(unpadded.status).toBe(301);
    expect(unpadded.headers.get('location')).toBe(`${HOME}/2026/02/`);
  });

  it('follows posts_per_page', async () => {
    await setOption(tdb.wp, 'posts_per_page', '4');
    try {
      const reply = await get(server, '/2026/');
      expect(articles(reply.text)).toHaveLength(4);
      expect(reply.text).toContain(`href="${HOME}/2026/page/4/"`);
      expect((await get(server, '/2026/page/4/')).status).toBe(200);
      expect((await get(server, '/2026/page/5/')).status).toBe(404);
    } finally {
      await setOption(tdb.wp, 'posts_per_page', '10');
    }
  });
});

/** The feed parsed as XML (jsdom's parser is strict: a malformed document has a parsererror). */
function parseFeed(xml: string) {
  const doc = new JSDOM(xml, { contentType: 'application/xml' }).window.document;
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  const text = (el: Element | Document, tag: string) => el.getElementsByTagName(tag)[0]?.textContent ?? undefined;
  return {
    doc,
    title: text(doc, 'title'),
    items: [...doc.getElementsByTagName('item')].map((item) => ({
      title: text(item, 'title'),
      link: text(item, 'link'),
      creator: text(item, 'dc:creator'),
      categories: [...item.getElementsByTagName('category')].map((c) => c.textContent),
      description: text(item, 'description'),
      content: text(item, 'content:encoded'),
      pubDate: text(item, 'pubDate'),
    })),
  };
}

describe('feeds', () => {
  it('/feed/ is the newest posts_per_rss posts as RSS 2.0, every text escaped', async () => {
    await setOption(tdb.wp, 'posts_per_rss', '3');
    try {
      const reply = await get(server, '/feed/');
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toBe('application/rss+xml; charset=UTF-8');
      const feed = parseFeed(reply.text);
      expect(feed.title).toBe(SITE);
      expect(feed.doc.getElementsByTagName('atom:link')[0]?.getAttribute('href')).toBe(`${HOME}/feed/`);
      expect(feed.items.map((i) => i.title)).toEqual(['Maria’s Notes', TRICKY, 'Island Notes']);
      const tricky = feed.items[1]!;
      expect(tricky.link).toBe(`${HOME}/sunset-notes/`);
      expect(tricky.creator).toBe('admin');
      expect(tricky.categories).toEqual(['Tips & <Tricks>']);
      expect(tricky.pubDate).toBe('Fri, 06 Nov 2026 09:00:00 +0000');
      expect(tricky.content).toContain('Bring a torch ]]&gt; and a jacket.');
      expect(tricky.description).toContain('Bring a torch ]]> and a jacket.');
      expect(reply.text).toContain('<title>Sunset &lt; Sunrise &amp; Stars ]]&gt; Night</title>');
    } finally {
      await setOption(tdb.wp, 'posts_per_rss', '10');
    }
  });

  it('rss_use_excerpt leaves the content out', async () => {
    await setOption(tdb.wp, 'rss_use_excerpt', '1');
    try {
      const feed = parseFeed((await get(server, '/feed/')).text);
      expect(feed.items).toHaveLength(10);
      expect(feed.items.every((i) => i.content === undefined && i.description)).toBe(true);
    } finally {
      await setOption(tdb.wp, 'rss_use_excerpt', '0');
    }
  });

  it('category, tag and author feeds list their archive’s posts; an unknown one is the 404 page', async () => {
    const category = parseFeed((await get(server, '/category/travel-guides/feed/')).text);
    expect(category.title).toBe(`Travel Guides – ${SITE}`);
    expect(category.items).toHaveLength(10);
    expect(category.items[0]!.title).toBe('Island Notes');
    expect(category.items[1]!.categories).toEqual(['Travel Guides', 'greece', 'travel tips']);
    const tag = parseFeed((await get(server, '/tag/tips-tricks/feed/')).text);
    expect(tag.title).toBe(`Tips & <Tricks> – ${SITE}`);
    expect(tag.items.map((i) => i.title)).toEqual([TRICKY]);
    const author = parseFeed((await get(server, '/author/customer1/feed/')).text);
    expect(author.items.map((i) => i.title)).toEqual(['Maria’s Notes']);
    expect(author.items[0]!.creator).toBe('Maria Papadopoulou');
    expect((await get(server, '/tag/no-such-tag/feed/')).status).toBe(404);
    expect((await get(server, '/author/nobody-here/feed/')).status).toBe(404);
    const noSlash = await get(server, '/category/travel-guides/feed');
    expect(noSlash.status).toBe(301);
    expect(noSlash.headers.get('location')).toBe(`${HOME}/category/travel-guides/feed/`);
  });

  it('every page links the site’s feed in its head', async () => {
    const reply = await get(server, '/tour/santorini-caldera-sunset-cruise/');
    expect(reply.text).toContain(
      `<link rel="alternate" type="application/rss+xml" title="${SITE} » Feed" href="${HOME}/feed/"/>`,
    );
  });
});

/** The footer's widget areas: the HTML between the footer's opening tag and its bottom bar. */
function footerWidgets(html: string): string {
  const at = html.indexOf('<div class="traveltour-footer-wrapper');
  return at === -1
    ? ''
    : html.slice(at, html.indexOf('<div class="traveltour-container dropin-footer-container">', at));
}

describe('the footer widget areas', () => {
  it('print the fixture’s archives and categories blocks as WordPress renders them, in four columns', async () => {
    const reply = await get(server, '/');
    const footer = footerWidgets(reply.text);
    expect(footer).toContain(
      '<div id="block-5" class="widget widget_block traveltour-widget"><div class="wp-block-group is-layout-flow wp-block-group-is-layout-flow"><div class="wp-block-group__inner-container"><h2 class="wp-block-heading">Archives</h2><ul class="wp-block-archives-list wp-block-archives">\t<li><a href=\'http://127.0.0.1:8080/2026/11/\'>November 2026</a></li>\n\t<li><a href=\'http://127.0.0.1:8080/2026/10/\'>October 2026</a></li>',
    );
    expect(footer).toContain(
      "<li><a href='http://127.0.0.1:8080/2026/01/'>January 2026</a></li>\n</ul></div></div></div>",
    );
    // Travel Guides and its child hold posts; the empty category and Uncategorized (no posts) are left out.
    expect(footer).toContain(
      `<h2 class="wp-block-heading">Categories</h2><ul class="wp-block-categories-list wp-block-categories">\t<li class="cat-item cat-item-${ids.islandsTerm}"><a href="http://127.0.0.1:8080/category/travel-guides/islands/">Islands</a>\n</li>\n\t<li class="cat-item cat-item-31"><a href="http://127.0.0.1:8080/category/travel-guides/">Travel Guides</a>\n</li>\n</ul>`,
    );
    expect(footer.match(/class="traveltour-footer-column traveltour-item-pdlr traveltour-column-15"/g)).toHaveLength(4);
    // The sidebar preset's widgets (search, latest posts and comments) are not in a footer area.
    expect(footer).not.toContain('Recent Posts');
    expect(htmlErrors(reply.text)).toEqual([]);
    // The same on a tour page and on the search page (whose rows come in the listing's one statement).
    for (const path of ['/tour/santorini-caldera-sunset-cruise/', '/search-tours/']) {
      expect([path, footerWidgets((await get(server, path)).text)]).toEqual([path, footer]);
    }
  });

  it('show an admin’s edit on the next page: other blocks printed as stored, unknown dynamic ones left out', async () => {
    const wp = tdb.wp;
    const before = await wp.knex(wp.t.options).first('option_value').where('option_name', 'sidebars_widgets');
    const blocksBefore = await wp.knex(wp.t.options).first('option_value').where('option_name', 'widget_block');
    const content =
      '<!-- wp:heading {"level":3} --><h3>About <em>us</em></h3><!-- /wp:heading --><!-- wp:paragraph --><p>Small &amp; friendly tours.</p><!-- /wp:paragraph --><!-- wp:latest-comments /--><!-- wp:list --><ul><!-- wp:list-item --><li>Crete</li><!-- /wp:list-item --></ul><!-- /wp:list --><!-- wp:categories {"showPostCounts":true,"showHierarchy":true} /-->';
    const serialized = `a:2:{i:9;a:1:{s:7:"content";s:${Buffer.byteLength(content)}:"${content}";}s:12:"_multiwidget";i:1;}`;
    try {
      await setOption(wp, 'widget_block', serialized);
      await setOption(
        wp,
        'sidebars_widgets',
        'a:4:{s:8:"footer-1";a:0:{}s:8:"footer-2";a:0:{}s:8:"footer-3";a:1:{i:0;s:7:"block-9";}s:13:"array_version";i:3;}',
      );
      const footer = footerWidgets((await get(server, '/2026/')).text);
      const columns = footer.split('<div class="traveltour-footer-column traveltour-item-pdlr traveltour-column-15" >');
      expect(columns.slice(1).map((c) => c.startsWith('</div>'))).toEqual([true, true, false, true]);
      expect(columns[3]).toContain(
        '<div id="block-9" class="widget widget_block traveltour-widget"><h3 class="wp-block-heading">About <em>us</em></h3><p>Small &amp; friendly tours.</p><ul><li>Crete</li></ul>',
      );
      expect(columns[3]).toContain(
        `<li class="cat-item cat-item-31"><a href="http://127.0.0.1:8080/category/travel-guides/">Travel Guides</a> (12)\n<ul class='children'>\n\t<li class="cat-item cat-item-${ids.islandsTerm}"><a href="http://127.0.0.1:8080/category/travel-guides/islands/">Islands</a> (1)\n</li>\n</ul>\n</li>`,
      );
      expect(footer).not.toContain('wp:');
      expect(footer).not.toContain('Archives');

      await setOption(wp, 'sidebars_widgets', 'a:1:{s:13:"array_version";i:3;}');
      expect(footerWidgets((await get(server, '/2026/')).text)).toBe('');
    } finally {
      await setOption(wp, 'widget_block', String(blocksBefore?.option_value));
      await setOption(wp, 'sidebars_widgets', String(before?.option_value));
    }
  });
});
