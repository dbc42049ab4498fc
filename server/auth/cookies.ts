import type { Response } from 'express';
import type { ReplyCookie } from '../ajax/action';
import { cookiePaths } from '../wp/auth-cookie';
import type { Site } from '../wp/site';

/**
 * `Set-Cookie` text as PHP's `setcookie` writes it (`name=value; expires=…; Max-Age=…; path=…;
 * secure; HttpOnly`, value RFC 3986-encoded), with Max-Age counted from the request's clock.
 */
export function setCookieHeader(cookie: ReplyCookie, now: Date): string {
  const parts = [`${cookie.name}=${encodeURIComponent(cookie.value)}`];
  if (cookie.expires) {
    parts.push(`expires=${cookie.expires.toUTCString()}`);
    parts.push(`Max-Age=${Math.max(0, Math.round((cookie.expires.getTime() - now.getTime()) / 1000))}`);
  }
  parts.push(`path=${cookie.path}`);
  if (cookie.secure) parts.push('secure');
  if (cookie.httpOnly) parts.push('HttpOnly');
  return parts.join('; ');
}

export function appendCookies(res: Response, cookies: readonly ReplyCookie[], now: Date): void {
  for (const cookie of cookies) res.append('Set-Cookie', setCookieHeader(cookie, now));
}

export const TEST_COOKIE = 'wordpress_test_cookie';

/**
 * The cookie wp-login.php sets on every request, so a login can tell whether the browser keeps
 * cookies: on COOKIEPATH, and SITECOOKIEPATH when that differs.
 */
export function testCookies(site: Site, https: boolean): ReplyCookie[] {
  const paths = cookiePaths(site.homeUrl, site.siteUrl);
  const cookie = (path: string): ReplyCookie => ({ name: TEST_COOKIE, value: 'WP Cookie check', path, secure: https });
  return paths.cookiePath === paths.siteCookiePath
    ? [cookie(paths.cookiePath)]
    : [cookie(paths.cookiePath), cookie(paths.siteCookiePath)];
}

/** A cookie that makes the browser forget one: `' '`, expired a year before `now`. */
export function expiredCookie(name: string, path: string, now: Date, secure = false): ReplyCookie {
  return { name, value: ' ', path, expires: new Date(now.getTime() - 31536000_000), secure, httpOnly: true };
}
