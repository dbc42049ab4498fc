/**
 * WordPress 6.3.1 nonces (`wp_create_nonce`, `wp_verify_nonce`, `wp_nonce_tick`) with the default
 * one-day life. Pure: the user id, session token, `nonce` salt and time are passed in.
 */
import { parseAuthCookie, timingSafeEqualString } from './auth-cookie';
import { wpHash } from './wp-salt';

/** `nonce_life`: a nonce is valid for one to two ticks of half this. */
export const NONCE_LIFE_SECONDS = 86400;

/** Who a nonce is for: the same on creation and verification. */
export interface NonceContext {
  /** The user id, or 0 for a visitor (plugins may substitute a string via `nonce_user_logged_out`). */
  uid: number | string;
  /** The logged-in cookie's session token (`sessionTokenFromCookie`), '' for a visitor. */
  token: string;
  /** `wp_salt('nonce')`. */
  salt: string;
  /** Unix seconds. */
  now: number;
}

/** `wp_nonce_tick()`: ceil(now / 43200). */
export function nonceTick(now: number): number {
  return Math.ceil(now / (NONCE_LIFE_SECONDS / 2));
}

function nonceForTick(tick: number, action: string | number, ctx: NonceContext): string {
  return wpHash(`${tick}|${action}|${ctx.uid}|${ctx.token}`, ctx.salt).slice(-12, -2);
}

/** `wp_create_nonce($action)`: ten hex characters. WordPress's default action is -1. */
export function createNonce(action: string | number, ctx: NonceContext): string {
  return nonceForTick(nonceTick(ctx.now), action, ctx);
}

/**
 * `wp_verify_nonce`: 1 when made in the current tick (0–12 h ago), 2 in the previous one
 * (12–24 h ago), otherwise false. An empty nonce (PHP `empty()`: '' or '0') is false.
 */
export function verifyNonce(nonce: unknown, action: string | number, ctx: NonceContext): 1 | 2 | false {
  if (typeof nonce !== 'string' && typeof nonce !== 'number') return false;
  const given = String(nonce);
  if (given === '' || given === '0') return false;
  const tick = nonceTick(ctx.now);
  if (timingSafeEqualString(nonceForTick(tick, action, ctx), given)) return 1;
  if (timingSafeEqualString(nonceForTick(tick - 1, action, ctx), given)) return 2;
  return false;
}

/**
 * `wp_get_session_token()`: the third field of the logged-in cookie (wire value) whenever it splits
 * into four parts, valid or not; otherwise ''.
 */
export function sessionTokenFromCookie(loggedInCookieWire: string | undefined): string {
  if (loggedInCookieWire === undefined) return '';
  const token = parseAuthCookie(loggedInCookieWire)?.token ?? '';
  return token === '0' ? '' : token;
}
