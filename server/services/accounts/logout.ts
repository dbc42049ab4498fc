import { endSession } from '../../data/sessions';
import { cookiePaths, logoutCookies } from '../../wp/auth-cookie';
import { createNonce, verifyNonce } from '../../wp/nonce';
import type { ReplyCookie } from '../../wp/set-cookie';
import { type AuthContext, wpNonceContext } from './context';
import { expiredCookie } from './cookies';

/** The nonce action of the Sign Out link (`wp_logout_url`). */
export const LOGOUT_NONCE_ACTION = 'log-out';

/**
 * `wp_logout_url($redirect)`: `{siteurl}/wp-login.php?action=logout[&redirect_to=…]&_wpnonce=…`, not
 * HTML-escaped (escape it when printing; WordPress's `wp_nonce_url` prints `&amp;`).
 */
export function logoutUrl(siteUrl: string, nonce: string, redirectTo = ''): string {
  const redirect = redirectTo === '' ? '' : `&redirect_to=${encodeURIComponent(redirectTo)}`;
  return `${siteUrl}/wp-login.php?action=logout${redirect}&_wpnonce=${nonce}`;
}

/** A fresh `log-out` nonce for this visitor and login session. */
export async function logoutNonce(
  ctx: Pick<AuthContext, 'deps' | 'now' | 'site' | 'user' | 'cookie'>,
): Promise<string> {
  return createNonce(LOGOUT_NONCE_ACTION, await wpNonceContext(ctx));
}

export type LogoutOutcome =
  | { ok: true; cookies: ReplyCookie[]; userId: number }
  /** The nonce is missing or stale: WordPress asks "Do you really want to log out?". */
  | { ok: false; freshNonce: string };

/**
 * `wp-login.php?action=logout` (`check_admin_referer('log-out')`, then `wp_logout`): with a valid
 * nonce, this session's token leaves `session_tokens` and every login cookie is expired on the
 * paths it was set on (auth.md §4.6), with the `wp-settings` cookies of the user.
 */
export async function logOut(ctx: AuthContext, nonce: unknown): Promise<LogoutOutcome> {
  const nonceContext = await wpNonceContext(ctx);
  if (verifyNonce(nonce, LOGOUT_NONCE_ACTION, nonceContext) === false) {
    return { ok: false, freshNonce: createNonce(LOGOUT_NONCE_ACTION, nonceContext) };
  }
  const [site, user] = await Promise.all([ctx.site(), ctx.user()]);
  if (user) await endSession(ctx.deps.wp, user.user.id, user.sessionToken, ctx.now);
  const nowSeconds = Math.floor(ctx.now.getTime() / 1000);
  const cookies: ReplyCookie[] = logoutCookies(site.homeUrl, site.siteUrl, nowSeconds).map((c) => ({ ...c }));
  if (user) {
    const { siteCookiePath } = cookiePaths(site.homeUrl, site.siteUrl);
    cookies.push(
      expiredCookie(`wp-settings-${user.user.id}`, siteCookiePath, ctx.now),
      expiredCookie(`wp-settings-time-${user.user.id}`, siteCookiePath, ctx.now),
    );
    ctx.log.info({ userId: user.user.id }, 'logout');
  }
  return { ok: true, cookies, userId: user?.user.id ?? 0 };
}
