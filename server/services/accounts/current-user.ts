import { getMeta } from '../../data/meta';
import type { Salts } from '../../data/salts';
import type { WpDb } from '../../data/tables';
import { getUserByLogin } from '../../data/users';
import {
  type AuthRequest,
  type AuthScheme,
  authCookieNames,
  isAuthCookieExpired,
  parseAuthCookie,
  validateAuthCookie,
} from '../../wp/auth-cookie';
import type { Site } from '../../wp/site';
import type { CurrentUser } from '../../wp/user';

export interface CookieRequest extends AuthRequest {
  /** A request cookie's raw (still encoded) value, or undefined. */
  cookie: (name: string) => string | undefined;
  https: boolean;
}

/**
 * wp_validate_auth_cookie as WordPress runs it for a request: the admin cookie first
 * (`wordpress_sec_` over https, `wordpress_` otherwise), then the logged-in cookie. Each candidate
 * is checked for expiry before any query, then user, HMAC and stored session.
 */
export async function resolveCurrentUser(
  wp: WpDb,
  request: CookieRequest,
  site: Site,
  salts: Salts,
  now: Date,
): Promise<CurrentUser | null> {
  const names = authCookieNames(site.siteUrl);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const schemes: AuthScheme[] = [request.https ? 'secure_auth' : 'auth', 'logged_in'];
  for (const scheme of schemes) {
    const wire = request.cookie(names[scheme]);
    const cookie = wire === undefined ? undefined : parseAuthCookie(wire);
    if (!cookie || isAuthCookieExpired(cookie, request, nowSeconds)) continue;
    const user = await getUserByLogin(wp, cookie.username);
    if (!user) continue;
    const sessionTokens = await getMeta(wp, 'user', user.id, 'session_tokens');
    const result = validateAuthCookie({
      cookie,
      salt: salts[scheme],
      user: { user_pass: user.pass },
      sessionTokens,
      request,
      now: nowSeconds,
    });
    if (result.ok) return { user, sessionToken: result.token, scheme };
  }
  return null;
}
