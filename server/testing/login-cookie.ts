import { startSession } from '../data/sessions';
import { loadSite } from '../data/site';
import { getUserByLogin } from '../data/users';
import { encodeCookieValue } from '../wp/auth-cookie';
import { CAPTURE_NOW, type TestServer } from './app';
import type { TestDatabase } from './db';

/**
 * The `wordpress_logged_in_…` cookie (name=value) of a fixture user, minted as the login form mints
 * it (a session token stored with the user): what a test sends to be that user.
 */
export async function loggedInCookie(
  tdb: TestDatabase,
  server: TestServer,
  login: string,
  options: { now?: Date; remember?: boolean } = {},
): Promise<string> {
  const user = await getUserByLogin(tdb.wp, login);
  if (!user) throw new Error(`no fixture user ${login}`);
  const site = await loadSite(tdb.wp);
  const minted = await startSession(tdb.wp, user, {
    site,
    salts: await server.deps.salts(),
    remember: options.remember ?? false,
    https: false,
    ip: '127.0.0.1',
    ua: 'test',
    now: options.now ?? CAPTURE_NOW,
  });
  return `wordpress_logged_in_${site.cookieHash}=${encodeCookieValue(minted.loggedInCookie)}`;
}
