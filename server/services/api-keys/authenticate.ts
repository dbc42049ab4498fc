import {
  changeApplicationPasswords,
  readApplicationPasswords,
  readCapabilitySources,
} from '../../data/application-passwords';
import { isRateLimited } from '../../data/rate-limit';
import type { WpDb } from '../../data/tables';
import { isEmail } from '../../tourmaster/custom-fields';
import {
  checkApplicationPassword,
  normalizeApplicationPassword,
  readItem,
  recordUsage,
  USAGE_RECORD_SECONDS,
} from '../../wp/application-passwords';
import { hasCap, MANAGE_OPTIONS, MANAGE_TOUR_ORDER, userCapabilities } from '../../wp/capabilities';
import type { WpUser } from '../../wp/user';
import { findLoginUser, sanitizeUserLogin } from '../accounts/login';
import { LOGIN_ADDRESS, recordLoginFailure } from '../accounts/rate-limits';
import type { BasicCredentials } from './basic-credentials';
import type { ApiKeyUser } from './key-user';

/** A refusal as `wp_authenticate_application_password` words it (the REST API answers it with 401). */
export interface KeyRefusal {
  ok: false;
  code: 'invalid_username' | 'invalid_email' | 'incorrect_password';
  message: string;
}

/** The address failed too often (with keys or on the login form): refused unchecked until the window ends. */
export interface KeyLimited {
  ok: false;
  code: 'limited';
  retryAfter: number;
}

export type KeyCheck = { ok: true; user: ApiKeyUser } | KeyRefusal | KeyLimited;

const UNKNOWN_EMAIL: KeyRefusal = {
  ok: false,
  code: 'invalid_email',
  message: '<strong>Error</strong>: Unknown email address. Check again or try your username.',
};
const UNKNOWN_USERNAME: KeyRefusal = {
  ok: false,
  code: 'invalid_username',
  message: '<strong>Error</strong>: Unknown username. Check again or try your email address.',
};
const INCORRECT_PASSWORD: KeyRefusal = {
  ok: false,
  code: 'incorrect_password',
  message: 'The provided password is an invalid application password.',
};

/**
 * `wp_authenticate_application_password` for an API call: the user by login, else by e-mail; the
 * password stripped to its letters and digits and checked against each of the user's application
 * passwords (`$generic$` or a login-password hash); the one that matches has its use recorded (once
 * a day, with the client's address, as WordPress does); then the user's capabilities.
 *
 * Failures count against the client's address with the login form's (`LOGIN_ADDRESS`: 20 in 15
 * minutes): past it, credentials from that address are refused unchecked, so guessing keys, or
 * making the server hash for every wrong one, stops early. WordPress has no such limit.
 */
export async function authenticateApplicationPassword(
  wp: WpDb,
  credentials: BasicCredentials,
  request: { ip: string; now: Date },
): Promise<KeyCheck> {
  const address = { ...LOGIN_ADDRESS, subject: request.ip };
  if (request.ip && (await isRateLimited(wp, address, request.now))) {
    return { ok: false, code: 'limited', retryAfter: secondsLeft(LOGIN_ADDRESS.windowSeconds, request.now) };
  }
  const refused = async (refusal: KeyRefusal) => {
    await recordLoginFailure(wp, request.ip, request.now);
    return refusal;
  };
  const user = await findLoginUser(wp, sanitizeUserLogin(credentials.username));
  if (!user) return refused(isEmail(credentials.username) ? UNKNOWN_EMAIL : UNKNOWN_USERNAME);
  const password = normalizeApplicationPassword(credentials.password);
  const matched = password === '' ? undefined : await matchingItem(wp, user.id, password);
  if (!matched) return refused(INCORRECT_PASSWORD);
  const nowSeconds = Math.floor(request.now.getTime() / 1000);
  if ((matched.lastUsed ?? 0) + USAGE_RECORD_SECONDS <= nowSeconds) {
    await changeApplicationPasswords(wp, user.id, (items) => ({
      items: recordUsage(items, matched.uuid, nowSeconds, request.ip),
      result: undefined,
    }));
  }
  return { ok: true, user: await keyUser(wp, user, matched.uuid) };
}

async function matchingItem(wp: WpDb, userId: number, password: string) {
  for (const [, raw] of await readApplicationPasswords(wp, userId)) {
    const item = readItem(raw);
    if (item.password !== '' && (await checkApplicationPassword(password, item.password))) return item;
  }
  return undefined;
}

async function keyUser(wp: WpDb, user: WpUser, keyUuid: string): Promise<ApiKeyUser> {
  const { userCaps, roles } = await readCapabilitySources(wp, user.id);
  const caps = userCapabilities(userCaps, roles);
  return {
    userId: user.id,
    login: user.login,
    keyUuid,
    canManageOrders: hasCap(caps, MANAGE_TOUR_ORDER),
    isAdmin: hasCap(caps, MANAGE_OPTIONS),
  };
}

function secondsLeft(windowSeconds: number, now: Date): number {
  const seconds = Math.floor(now.getTime() / 1000);
  return windowSeconds - (seconds % windowSeconds);
}
