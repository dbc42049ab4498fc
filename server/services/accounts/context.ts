import { authCookieNames, splitAuthCookie } from '../../wp/auth-cookie';
import type { NonceContext } from '../../wp/nonce';
import type { Site } from '../../wp/site';
import type { RequestContext } from '../context';

/**
 * What the login flows need to know about a request. Both a page context (`http/page-context.ts`)
 * and an admin-ajax action context satisfy it, so a register page or an ajax action can log a user
 * in with the same helper.
 */
export type AuthContext = Pick<
  RequestContext,
  'deps' | 'log' | 'now' | 'https' | 'ip' | 'userAgent' | 'site' | 'user' | 'cookie'
>;

/**
 * `wp_get_session_token()`: the third field of the logged-in cookie whenever it splits into four
 * parts, valid or not (auth.md §5); '' otherwise.
 */
export function loggedInCookieToken(ctx: Pick<AuthContext, 'cookie'>, site: Site): string {
  const value = ctx.cookie(authCookieNames(site.siteUrl).logged_in);
  const token = value === undefined ? '' : (splitAuthCookie(value)?.token ?? '');
  return token === '0' ? '' : token;
}

/** The nonce context WordPress uses for this visitor: user id (0 for guests) and the logged-in cookie's token. */
export async function wpNonceContext(
  ctx: Pick<AuthContext, 'deps' | 'now' | 'site' | 'user' | 'cookie'>,
): Promise<NonceContext> {
  const [site, user, salts] = await Promise.all([ctx.site(), ctx.user(), ctx.deps.salts()]);
  return {
    uid: user?.user.id ?? 0,
    token: loggedInCookieToken(ctx, site),
    salt: salts.nonce,
    now: Math.floor(ctx.now.getTime() / 1000),
  };
}
