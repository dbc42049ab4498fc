import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, htmlErrors } from '../../testing/account';
import { startTestServer, type TestServer } from '../../testing/app';
import { createTestDatabase, type TestDatabase } from '../../testing/db';
import { insertPost, setOption } from '../../testing/posts';

/**
 * WordPress's post search (`/?s=…`, what the header's search overlay submits) on a copy of the
 * fixture site: published posts whose title, excerpt or content has every word, titles first, then
 * newest; the blog index's articles and link pagination; the theme's "Search Results" title bar with
 * the keywords; WordPress's document title; the keywords bounded and escaped.
 */
let tdb: TestDatabase;
let server: TestServer;
const HOME = 'http://127.0.0.1:8080';
const articles = (html: string) => [...html.matchAll(/<article id="post-(\d+)"/g)].map((m) => Number(m[1]));
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

beforeAll(async () => {
  tdb = await createTestDatabase();
  server = await startTestServer(tdb);
});

afterAll(async () => {
  await server?.close();
  await tdb?.drop();
});

describe('the post search', () => {
  it('lists the published posts with every word, a title match first, in the blog layout', async () => {
    const wp = tdb.wp;
    // Older than the fixture's Corfu post but with the word in its title; a draft and a
    // password-protected post with the words are never found.
    const older = await insertPost(wp, {
      slug: 'corfu-kumquats',
      title: 'Corfu Kumquats',
      date: '2025-01-01 09:00:00',
    });
    const inBody = await insertPost(wp, {
      slug: 'island-food',
      title: 'Island Food',
      content: '<p>Kumquat liqueur from Corfu is worth a taste.</p>',
      date: '2026-11-10 09:00:00',
    });
    const draft = await insertPost(wp, { slug: 'corfu-draft', title: 'Corfu Kumquats Draft', status: 'draft' });
    const locked = await insertPost(wp, { slug: 'corfu-locked', title: 'Corfu Kumquats Locked', password: 'x' });
    try {
      const reply = await get(server, '/?s=corfu+kumquat');
      expect(reply.status).toBe(200);
      expect(htmlErrors(reply.text)).toEqual([]);
      // Both words in the title first, then the one with both words in its content.
      expect(articles(reply.text)).toEqual([older, inBody]);
      expect(articles(reply.text)).not.toContain(draft);
      expect(articles(reply.text)).not.toContain(locked);
      expect(title(reply.text)).toBe('Search Results for “corfu kumquat” – Aegean Trails (Tour Master oracle)');
      expect(reply.text).toContain('<h1 class="traveltour-page-title">Search Results</h1>');
      expect(reply.text).toContain('<div class="traveltour-page-caption traveltour-page-subtitle">corfu kumquat</div>');
      expect(reply.text).toMatch(/<body class="[^"]*\bsearch search-results\b/);
      expect(reply.text).toContain('<meta name="robots" content="noindex, follow, max-image-preview:large"/>');
      // The index's article markup: the post's link and the theme's title.
      expect(reply.text).toContain(`<h3 class="traveltour-single-article-title"><a href="${HOME}/corfu-kumquats/" >`);
    } finally {
      await wp.knex(wp.t.posts).whereIn('ID', [older, inBody, draft, locked]).delete();
    }
  });

  it('pages by posts_per_page with links that keep the search, and 404s past the last page', async () => {
    await setOption(tdb.wp, 'posts_per_page', '5');
    try {
      // Every fixture post says "Practical notes from our guides in Greece.": twelve of them.
      const first = await get(server, '/?s=practical');
      expect(articles(first.text)).toHaveLength(5);
      expect(first.text).toContain(`href="${HOME}/page/2/?s=practical"`);
      const third = await get(server, '/page/3/?s=practical');
      expect(third.status).toBe(200);
      expect(articles(third.text)).toHaveLength(2);
      expect(title(third.text)).toBe('Search Results for “practical” – Page 3 – Aegean Trails (Tour Master oracle)');
      const all = [...articles(first.text), ...articles((await get(server, '/page/2/?s=practical')).text)];
      expect(new Set([...all, ...articles(third.text)]).size).toBe(12);
      expect((await get(server, '/page/4/?s=practical')).status).toBe(404);
    } finally {
      await setOption(tdb.wp, 'posts_per_page', '10');
    }
  });

  it('says nothing was found, with status 200, when no post matches', async () => {
    const reply = await get(server, '/?s=zyxwvutsr');
    expect(reply.status).toBe(200);
    expect(articles(reply.text)).toEqual([]);
    expect(reply.text).toContain('Nothing Found');
    expect(reply.text).toMatch(/<body class="[^"]*\bsearch search-no-results\b/);
  });

  it('escapes the keywords and bounds them to 200 characters', async () => {
    const reply = await get(server, `/?s=${encodeURIComponent('<script>alert(1)</script>"')}`);
    expect(reply.status).toBe(200);
    expect(reply.text).not.toContain('<script>alert(1)');
    expect(reply.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;');
    const long = await get(server, `/?s=${'é'.repeat(300)}`);
    expect(long.status).toBe(200);
    expect(long.text).toContain(`traveltour-page-subtitle">${'é'.repeat(200)}</div>`);
    expect(long.text).not.toContain('é'.repeat(201));
  });

  it('leaves an empty search and a list where text is expected to the other routes', async () => {
    expect((await get(server, '/?s[]=corfu')).text).not.toContain('Search Results');
    expect((await get(server, '/?s=')).text).not.toContain('Search Results');
  });
});
