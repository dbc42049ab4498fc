import { getMeta } from '../../data/meta';
import { startSession } from '../../data/sessions';
import type { WpDb } from '../../data/tables';
import { getUserByEmail, getUserByLogin, updateUserSecrets } from '../../data/users';
import { isEmpty } from '../../php/coerce';
import { isEmail } from '../../tourmaster/custom-fields';
import type { MintedLogin } from '../../wp/auth-cookie';
import { checkPassword, dummyPasswordCheck, wordpressPasswordText } from '../../wp/password';
import type { ReplyCookie } from '../../wp/set-cookie';
import type { WpUser } from '../../wp/user';
import type { AuthContext } from './context';
import { clearLoginFailures, gateLoginAttempt, loginAccountKey, recordLoginFailure } from './rate-limits';

export interface LoggedIn {
  /** The login cookies, in WordPress's order (admin cookie on the plugins and admin paths, then logged-in). */
  cookies: ReplyCookie[];
  login: MintedLogin;
}

/**
 * Logs `user` in as `wp_set_auth_cookie` does: a new session in `session_tokens` and the cookies
 * WordPress accepts (auth.md §4). For a login we verified, and for a user who was just registered
 * (instead of the legacy self-submitting form that echoed the password, DEFECTS.md 15). Send the
 * cookies with the reply (`appendCookies` in `services/accounts/cookies.ts`, or an ajax reply's `cookies`).
 */
export async function logIn(
  ctx: Pick<AuthContext, 'deps' | 'now' | 'https' | 'ip' | 'userAgent' | 'site'>,
  user: WpUser,
  options: { remember: boolean },
): Promise<LoggedIn> {
  const [site, salts] = await Promise.all([ctx.site(), ctx.deps.salts()]);
  const login = await startSession(ctx.deps.wp, user, {
    site,
    salts,
    remember: options.remember,
    https: ctx.https,
    ip: ctx.ip,
    ua: ctx.userAgent,
    now: ctx.now,
  });
  return { cookies: login.cookies.map((c) => ({ ...c })), login };
}

export interface LoginInput {
  /** `log`: a login name or an e-mail address, as typed. */
  log: string;
  /** `pwd`, as typed (unslashed). */
  pwd: string;
  /** `rememberme` was non-empty: 14-day persistent cookies instead of 2-day session cookies. */
  remember: boolean;
}

export type LoginOutcome =
  | { ok: true; user: WpUser; loggedIn: LoggedIn }
  | {
      ok: false;
      /** `empty`: a field was empty; `incorrect`: unknown user or wrong password; `limited`: refused unchecked. */
      reason: 'empty' | 'incorrect' | 'limited';
    };

/**
 * The login of wp-login.php (`wp_signon` → `wp_authenticate`): the name is sanitised, the password
 * trimmed after WordPress's slashing (auth.md §6.1); the user is found by login, then by e-mail.
 * Rate limits come first; an unknown user still costs one password hash. On success an MD5 hash is
 * upgraded to phpass, a pending reset key is cleared, and the login cookies are minted.
 */
export async function attemptLogin(ctx: AuthContext, input: LoginInput): Promise<LoginOutcome> {
  const wp = ctx.deps.wp;
  const name = sanitizeUserLogin(input.log);
  if (isEmpty(name) || isEmpty(wordpressPasswordText(input.pwd))) return { ok: false, reason: 'empty' };

  const found = await findLoginUser(wp, name);
  const account = loginAccountKey(found?.id, name);
  const gate = await gateLoginAttempt(wp, account, ctx.ip, ctx.now);
  if (!gate.allowed) {
    ctx.log.warn(
      { account, address: ctx.ip, limit: gate.limit, retryAfter: gate.retryAfter },
      'login refused: too many failed attempts',
    );
    return { ok: false, reason: 'limited' };
  }

  const check = found ? await checkPassword(input.pwd, found.pass) : await dummyPasswordCheck(input.pwd);
  if (!found || check === false || !check.ok) {
    await recordLoginFailure(wp, ctx.ip, ctx.now);
    ctx.log.info({ account, address: ctx.ip, knownUser: found !== undefined }, 'login failed');
    return { ok: false, reason: 'incorrect' };
  }

  await clearLoginFailures(wp, account);
  const user = await afterPasswordCheck(wp, found, check.rehash);
  const loggedIn = await logIn(ctx, user, { remember: input.remember });
  ctx.log.info({ userId: user.id, upgradedHash: check.rehash !== undefined }, 'login');
  return { ok: true, user, loggedIn };
}

/**
 * What WordPress writes after a good password: the upgraded hash (`wp_set_password` after an MD5
 * match, which also clears `user_activation_key`), and no reset key left pending.
 */
async function afterPasswordCheck(wp: WpDb, user: WpUser, rehash: string | undefined): Promise<WpUser> {
  if (rehash === undefined && user.activationKey === '') return user;
  await updateUserSecrets(wp, user.id, { activationKey: '', ...(rehash !== undefined ? { pass: rehash } : {}) });
  return { ...user, pass: rehash ?? user.pass, activationKey: '' };
}

/** `get_user_by('login')`, then `get_user_by('email')` when the text is an e-mail address. */
export async function findLoginUser(wp: WpDb, name: string): Promise<WpUser | undefined> {
  const byLogin = await getUserByLogin(wp, name);
  if (byLogin) return byLogin;
  return isEmail(name) ? getUserByEmail(wp, name) : undefined;
}

/**
 * `sanitize_user($login)` (not strict): tags, percent-escapes and entities removed, trimmed, inner
 * whitespace collapsed. Accents are left: the lookup folds them as the database collation does.
 */
export function sanitizeUserLogin(raw: string): string {
  return raw
    .replace(/<(script|style)[^>]*?>[\s\S]*?<\/\1>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/%[a-fA-F0-9]{2}/g, '')
    .replace(/&.+?;/g, '')
    .trim()
    .replace(/\s+/g, ' ');
}

/** Roles that have `edit_posts` in a default WordPress install. */
const EDITING_ROLES = ['administrator', 'editor', 'author', 'contributor'];

/**
 * Where wp-login.php sends a user who gave no `redirect_to` (or the admin URL): the dashboard for
 * those who can edit posts, their profile otherwise.
 */
export async function defaultLoginRedirect(wp: WpDb, siteUrl: string, userId: number): Promise<string> {
  const caps = await getMeta(wp, 'user', userId, `${wp.prefix}capabilities`);
  const roles = caps && typeof caps === 'object' ? Object.keys(caps) : [];
  const canEdit = roles.some((role) => EDITING_ROLES.includes(role));
  return canEdit ? `${siteUrl}/wp-admin/` : `${siteUrl}/wp-admin/profile.php`;
}
