import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractRegion } from '../../parity/compare';
import { get, htmlErrors, loginAs } from '../../testing/account';
import { fixtureSecrets, startTestServer, type TestServer } from '../../testing/app';
import { createTestDatabase, type TestDatabase } from '../../testing/db';
import { loadShell } from './shell';

/**
 * The shell's way out of every page: the header's main menu, the sidebar it becomes below 1000 px and
 * the footer's privacy link, on each page the drop-in serves, guest or logged in.
 */
const HOME = 'http://127.0.0.1:8080';

let tdb: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  tdb = await createTestDatabase();
  server = await startTestServer(tdb, { secrets: fixtureSecrets() });
});

afterAll(async () => {
  await server?.close();
  await tdb?.drop();
});

/** The `href`s of the links inside the first element with this class. */
function links(page: string, className: string): string[] {
  const region = extractRegion(page, { className }) ?? '';
  return [...region.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]!);
}

describe('page shell on every page', () => {
  const pages: { name: string; path: string; user?: string; status?: number }[] = [
    { name: 'login', path: '/login/' },
    { name: 'lost password', path: '/login/?action=lostpassword' },
    { name: 'register', path: '/register/' },
    { name: 'account dashboard', path: '/my-account/', user: 'customer1' },
    { name: 'account bookings', path: '/my-account/?page_type=my-booking', user: 'customer1' },
    { name: 'payment', path: '/payment/' },
    { name: 'payment of an existing order', path: '/payment/?tid=1', user: 'customer1' },
    { name: 'tour', path: '/tour/santorini-caldera-sunset-cruise/' },
    { name: 'not found', path: '/no-such-page/', status: 404 },
  ];

  it.each(pages)('$name: the main menu, the mobile sidebar and the footer', async (page) => {
    const shell = await loadShell(tdb, HOME);
    const menu = shell.nav.map((item) => item.url);
    expect(menu.length).toBeGreaterThan(1);
    const cookie = page.user ? (await loginAs(tdb, server, page.user)).cookie : undefined;
    const reply = await get(server, page.path, cookie);
    expect(reply.status).toBe(page.status ?? 200);
    expect(htmlErrors(reply.text)).toEqual([]);
    expect(links(reply.text, 'dropin-nav')).toEqual(menu);
    expect(links(reply.text, 'dropin-mobile-menu-sidebar')).toEqual(menu);
    expect(reply.text).toContain('aria-controls="dropin-mobile-menu-panel" data-mobile-menu-toggle=""');
    expect(links(reply.text, 'dropin-footer-links')).toEqual([shell.privacyUrl]);
  });
});
