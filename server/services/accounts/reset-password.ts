import { deleteMeta } from '../../data/meta';
import type { WpDb } from '../../data/tables';
import { getUserByLogin, updateUserSecrets } from '../../data/users';
import { timingSafeEqualString } from '../../wp/auth-cookie';
import { checkResetKey, hashPassword, MAX_PASSWORD_BYTES, phpTrim, wordpressPasswordText } from '../../wp/password';
import type { Site } from '../../wp/site';
import type { WpUser } from '../../wp/user';
import { clearLoginFailures, loginAccountKey } from './rate-limits';

/** `wp-resetpass-{COOKIEHASH}`: holds `login:key` between opening the mailed link and posting the form. */
export function resetCookieName(site: Site): string {
  return `wp-resetpass-${site.cookieHash}`;
}

export type ResetKeyLookup = { ok: true; user: WpUser } | { ok: false; reason: 'invalid' | 'expired' };

/** `check_password_reset_key($key, $login)`: the user whose stored key this is, within its day. */
export async function findUserByResetKey(wp: WpDb, login: string, key: string, now: Date): Promise<ResetKeyLookup> {
  if (login === '' || key === '') return { ok: false, reason: 'invalid' };
  const user = await getUserByLogin(wp, login);
  if (!user) return { ok: false, reason: 'invalid' };
  const status = checkResetKey(key, user.activationKey, now);
  return status === 'valid' ? { ok: true, user } : { ok: false, reason: status };
}

/** The reset cookie's value split as core splits it (`login:key`, the first `:` after position 0). */
export function parseResetCookie(value: string | undefined): { login: string; key: string } | undefined {
  if (value === undefined) return undefined;
  const colon = value.indexOf(':');
  if (colon <= 0) return undefined;
  return { login: value.slice(0, colon), key: value.slice(colon + 1) };
}

/** `hash_equals($rp_key, $_POST['rp_key'])`: the form belongs to the link this browser opened. */
export function sameResetKey(cookieKey: string, posted: string): boolean {
  return timingSafeEqualString(cookieKey, posted);
}

/**
 * The rule for a new password (our choice; the legacy reset took any non-blank text): at least
 * 8 characters after trimming, not the login name or e-mail address, and short enough that
 * WordPress can still check it (4096 bytes after its slashing).
 */
export const PASSWORD_MIN_LENGTH = 8;

export function passwordProblem(raw: string, user: Pick<WpUser, 'login' | 'email'>): string | undefined {
  const trimmed = phpTrim(raw);
  if (trimmed === '') return 'Please enter a new password.';
  if ([...trimmed].length < PASSWORD_MIN_LENGTH)
    return `The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`;
  if (Buffer.byteLength(wordpressPasswordText(raw), 'utf8') > MAX_PASSWORD_BYTES) return 'The password is too long.';
  const lower = trimmed.toLowerCase();
  if (lower === user.login.toLowerCase() || lower === user.email.toLowerCase())
    return 'The password cannot be your username or email address.';
  return undefined;
}

/** The checks of the reset form: both fields equal, then `passwordProblem`. */
export function resetFormProblem(
  pass1: string,
  pass2: string,
  user: Pick<WpUser, 'login' | 'email'>,
): string | undefined {
  if (phpTrim(pass1) !== '' && phpTrim(pass2) !== phpTrim(pass1)) return 'The passwords do not match.';
  return passwordProblem(pass1, user);
}

/**
 * `reset_password` → `wp_set_password`: the `$P$B` hash WordPress 6.3.1 checks, the reset key
 * cleared, and every session of the user ended (its cookies would fail anyway: their HMAC covers a
 * fragment of the old hash). Failed logins of the account are forgotten: the owner proved who they are.
 */
export async function resetPassword(wp: WpDb, user: WpUser, raw: string): Promise<void> {
  await updateUserSecrets(wp, user.id, { pass: hashPassword(raw), activationKey: '' });
  await deleteMeta(wp, 'user', user.id, 'session_tokens');
  await clearLoginFailures(wp, loginAccountKey(user.id, user.login));
}
