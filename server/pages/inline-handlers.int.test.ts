import { parse, parseFragment } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setWishList } from '../data/profile';
import { exchangeAction, loadExchanges } from '../parity/exchanges';
import { loginAs } from '../testing/account';
import { fixtureSecrets, startTestServer, type TestServer } from '../testing/app';
import { createTestDatabase, type TestDatabase } from '../testing/db';
import { insertTourService, offerServices } from '../testing/tour-services';

/**
 * No inline event handler in any markup we render: our content-security policy refuses them
 * (`script-src-attr 'none'`), so a control that relies on one is dead (the wish list's "Remove" was).
 * Every page reachable from the site's entry points is crawled, as a guest and as a customer, and
 * every HTML fragment the captured admin-ajax calls get from us is read; no element may carry an
 * `on…` attribute or a `javascript:` link.
 */
let tdb: TestDatabase;
let server: TestServer;
let customer: string;

beforeAll(async () => {
  tdb = await createTestDatabase();
  server = await startTestServer(tdb, { secrets: fixtureSecrets(), config: { siteUrlFollowsRequest: true } });
  // customer1's session for the site at the test server's address (its cookie name follows it).
  const login = await loginAs(tdb, server, 'customer1', { siteUrl: server.baseUrl });
  customer = login.cookie;
  await setWishList(tdb.wp, login.userId, ['4', '7', '6']);
  // Services on every tour, one mandatory: the payment page's locked checkbox is rendered too.
  const services = [
    await insertTourService(tdb.wp, 'Port Tax', { price: '5', per: 'person', mandatory: 'enable' }),
    await insertTourService(tdb.wp, 'Photo Package', { price: '10', per: 'unit', 'max-unit': '5' }),
  ];
  const tours = await tdb.wp.knex(tdb.wp.t.posts).where('post_type', 'tour').pluck('ID');
  for (const id of tours) await offerServices(tdb.wp, Number(id), services);
});

afterAll(async () => {
  await server?.close();
  await tdb?.drop();
});

type Node = { nodeName: string; attrs?: { name: string; value: string }[]; childNodes?: Node[]; content?: Node };

/** Every `on…` attribute and `javascript:` link in a document or fragment, as `<tag attr="…">`. */
function inlineHandlers(root: Node): string[] {
  const found: string[] = [];
  const walk = (node: Node) => {
    for (const attr of node.attrs ?? []) {
      const script =
        /^on/i.test(attr.name) ||
        (/^(href|src|action|formaction)$/i.test(attr.name) && /^\s*javascript:/i.test(attr.value));
      if (script) found.push(`<${node.nodeName} ${attr.name}="${attr.value}">`);
    }
    for (const child of node.childNodes ?? []) walk(child);
    if (node.content) walk(node.content);
  };
  walk(root);
  return found;
}

/** Same-origin links worth following: pages, not files, and never a link that changes something. */
function links(root: Node, base: URL): string[] {
  const out: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeName === 'a') {
      const href = node.attrs?.find((a) => a.name === 'href')?.value;
      if (href) {
        const url = new URL(href, base);
        url.hash = '';
        const skip =
          url.origin !== base.origin ||
          /action=(logout|remove|rp|resetpass)|_wpnonce=|\/wp-admin\/|\/wp-content\/|\/dropin-(assets|uploads)\//.test(
            url.href,
          ) ||
          /\.(jpe?g|png|gif|webp|svg|css|js|pdf|xml)$/i.test(url.pathname);
        if (!skip) out.push(url.pathname + url.search);
      }
    }
    for (const child of node.childNodes ?? []) walk(child);
    if (node.content) walk(node.content);
  };
  walk(root);
  return out;
}

const SEEDS = [
  '/',
  '/search-tours/',
  '/search-tours/?tour-search=&tax-tour-category=islands',
  '/payment/',
  '/login/',
  '/register/',
  '/lost-password/',
  '/wp-login.php',
  '/my-account/?page_type=dashboard',
  '/my-account/?page_type=wish-list',
  '/no-such-page/',
];
const MAX_PAGES = 220;

/** Markup that must have been seen for a crawl to count (the controls that had handlers). */
const seen = { wishListRemove: 0, accountPicker: 0, mandatoryService: 0 };

function note(html: string): void {
  if (html.includes('tourmaster-wish-list-remove-item')) seen.wishListRemove++;
  if (html.includes('tourmaster-user-mobile-navigation')) seen.accountPicker++;
  if (/name="service\[\]"[^>]*checked/.test(html) && html.includes('data-mandatory')) seen.mandatoryService++;
}

async function crawl(cookie: string | undefined): Promise<{ pages: number; handlers: string[] }> {
  const base = new URL(server.baseUrl);
  const queue = [...SEEDS];
  const seen = new Set(queue);
  const handlers: string[] = [];
  let pages = 0;
  while (queue.length > 0 && pages < MAX_PAGES) {
    const path = queue.shift()!;
    const response = await fetch(new URL(path, base), {
      redirect: 'manual',
      headers: cookie ? { Cookie: cookie } : {},
    });
    const next: string[] = [];
    const location = response.headers.get('location');
    if (location) next.push(new URL(location, base).pathname + new URL(location, base).search);
    if ((response.headers.get('content-type') ?? '').startsWith('text/html')) {
      pages++;
      const html = await response.text();
      note(html);
      const document = parse(html) as unknown as Node;
      handlers.push(...inlineHandlers(document).map((h) => `${path}: ${h}`));
      next.push(...links(document, base));
    } else {
      await response.arrayBuffer();
    }
    for (const url of next) {
      if (!seen.has(url) && new URL(url, base).origin === base.origin) {
        seen.add(url);
        queue.push(url);
      }
    }
  }
  return { pages, handlers };
}

/** Every string of a JSON reply that holds markup. */
function markupIn(value: unknown): string[] {
  if (typeof value === 'string') return /<[a-z]/i.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(markupIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(markupIn);
  return [];
}

describe('no inline event handler in what we render', () => {
  it('on every page a guest reaches', async () => {
    const { pages, handlers } = await crawl(undefined);
    expect(pages).toBeGreaterThan(40);
    expect(handlers).toEqual([]);
  }, 120_000);

  it('on every page a customer reaches (the account area, the wish list with its Remove buttons)', async () => {
    const { pages, handlers } = await crawl(customer);
    expect(pages).toBeGreaterThan(40);
    expect(handlers).toEqual([]);
    expect(seen.wishListRemove).toBeGreaterThan(0);
    expect(seen.accountPicker).toBeGreaterThan(0);
  }, 120_000);

  it('in every HTML fragment the captured admin-ajax calls get', async () => {
    const handlers: string[] = [];
    let fragments = 0;
    for (const ex of loadExchanges().filter((e) => exchangeAction(e) !== undefined)) {
      const response = await fetch(new URL(ex.request.path, server.baseUrl), {
        method: ex.request.method,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8', Cookie: customer },
        body: ex.request.body ?? undefined,
      });
      const text = await response.text();
      let json: unknown = text;
      try {
        json = JSON.parse(text);
      } catch {
        // an HTML or text reply: read as it is
      }
      for (const markup of markupIn(json)) {
        fragments++;
        note(markup);
        handlers.push(...inlineHandlers(parseFragment(markup) as unknown as Node).map((h) => `${ex.name}: ${h}`));
      }
    }
    expect(fragments).toBeGreaterThan(50);
    expect(handlers).toEqual([]);
    expect(seen.mandatoryService).toBeGreaterThan(0);
  }, 120_000);
});
