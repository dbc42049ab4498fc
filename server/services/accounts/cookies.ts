import { cookiePaths } from '../../wp/auth-cookie';
import type { ReplyCookie } from '../../wp/set-cookie';
import type { Site } from '../../wp/site';

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
