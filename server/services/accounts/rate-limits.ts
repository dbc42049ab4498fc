import { createHash } from 'node:crypto';
import { clearRateLimit, hitRateLimit, isRateLimited, type RateLimit } from '../../data/rate-limit';
import type { WpDb } from '../../data/tables';

/**
 * Limits on the login and password-reset forms, kept in the database (`data/rate-limit.ts`) so they
 * hold across every server process. The legacy site had none.
 *
 * - Per account: 5 failed logins in 15 minutes. The account is the user the typed name or e-mail
 *   resolves to (so name and e-mail share one counter), else the typed text. Every attempt counts
 *   up front, in one atomic upsert, so a burst of parallel requests gets at most 5 password checks;
 *   a successful login clears the counter, so in effect only failures count.
 * - Per client address: 20 failed logins in 15 minutes, across accounts (password spraying).
 * - Lost password: 10 requests an hour per address; 3 reset mails an hour per account.
 */
const FIFTEEN_MINUTES = 900;
const HOUR = 3600;

export const LOGIN_ACCOUNT = { bucket: 'login-account', limit: 5, windowSeconds: FIFTEEN_MINUTES } as const;
export const LOGIN_ADDRESS = { bucket: 'login-address', limit: 20, windowSeconds: FIFTEEN_MINUTES } as const;
export const LOST_PASSWORD_ADDRESS = { bucket: 'lostpassword-address', limit: 10, windowSeconds: HOUR } as const;
export const LOST_PASSWORD_ACCOUNT = { bucket: 'lostpassword-account', limit: 3, windowSeconds: HOUR } as const;

type Limit = Omit<RateLimit, 'subject'>;

const withSubject = (limit: Limit, subject: string): RateLimit => ({ ...limit, subject });

/**
 * The account key of a login attempt: the user when the name resolves, else a hash of the typed
 * name. It is logged and stored with the limits: a name that is no account is often a password
 * typed into the wrong field, so it is never kept in clear.
 */
export function loginAccountKey(userId: number | undefined, typed: string): string {
  if (userId !== undefined) return `user:${userId}`;
  return `name:${createHash('sha256').update(typed.trim().toLowerCase()).digest('hex').slice(0, 32)}`;
}

export type LoginGate = { allowed: true } | { allowed: false; limit: 'account' | 'address'; retryAfter: number };

/** Counts a login attempt on the account and says whether the account and the address may still try. */
export async function gateLoginAttempt(wp: WpDb, account: string, address: string, now: Date): Promise<LoginGate> {
  if (address && (await isRateLimited(wp, withSubject(LOGIN_ADDRESS, address), now))) {
    return { allowed: false, limit: 'address', retryAfter: secondsLeft(LOGIN_ADDRESS, now) };
  }
  const hit = await hitRateLimit(wp, withSubject(LOGIN_ACCOUNT, account), now);
  return hit.allowed ? { allowed: true } : { allowed: false, limit: 'account', retryAfter: hit.retryAfter };
}

/** A wrong password or unknown user: one more failure for the address (the account counted it already). */
export async function recordLoginFailure(wp: WpDb, address: string, now: Date): Promise<void> {
  if (address) await hitRateLimit(wp, withSubject(LOGIN_ADDRESS, address), now);
}

/** After a successful login (or a password reset): the account starts afresh. */
export async function clearLoginFailures(wp: WpDb, account: string): Promise<void> {
  await clearRateLimit(wp, { bucket: LOGIN_ACCOUNT.bucket, subject: account });
}

/** Counts a lost-password request from an address; false when the address is over its limit. */
export async function gateLostPasswordRequest(wp: WpDb, address: string, now: Date): Promise<boolean> {
  if (!address) return true;
  return (await hitRateLimit(wp, withSubject(LOST_PASSWORD_ADDRESS, address), now)).allowed;
}

/** Counts a reset mail for a user; false when the user had enough of them this hour. */
export async function gateResetMail(wp: WpDb, userId: number, now: Date): Promise<boolean> {
  return (await hitRateLimit(wp, withSubject(LOST_PASSWORD_ACCOUNT, `user:${userId}`), now)).allowed;
}

function secondsLeft(limit: Limit, now: Date): number {
  const seconds = Math.floor(now.getTime() / 1000);
  return limit.windowSeconds - (seconds % limit.windowSeconds);
}
