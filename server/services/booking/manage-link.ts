import { createHmac } from 'node:crypto';
import { timingSafeEqualString } from '../../wp/auth-cookie';
import { addQueryArg } from '../../wp/text';
import { guestOrderKey } from './ownership';

/**
 * The guest's "Manage your booking" link (ours, DEVIATIONS.md): `?tourmaster-manage=<orderId>.<expiry>.<mac>`,
 * where `mac` is an HMAC-SHA256 of the order id and expiry (unix seconds) under the guest's order
 * key (ownership.ts: an HMAC of the order's stored nonce under the site's secret salt). Stateless:
 * any process verifies it from the database and the salts; a new nonce or new salts void every
 * link of the order. Pure: the secret, nonce and time are arguments.
 */

/** How long a link stays good after its mail, and after the trip at the earliest. */
export const MANAGE_LINK_DAYS = 60;
const DAY_SECONDS = 86_400;

/** The query argument of the link. */
export const MANAGE_ARG = 'tourmaster-manage';

/**
 * The argument that makes the link a "pay the balance" link: opened with it, the link gives the
 * browser the order's key and sends it on to the payment page (pages/manage-booking.ts), so a
 * guest pays from any browser with the mail's link alone.
 */
export const MANAGE_PAY_ARG = 'tourmaster-pay';
export const MANAGE_PAY_VALUE = 'balance';

/**
 * The link's address: always the site's home page plus the token, never the request's address
 * (a request for `//evil.example/?tourmaster-manage=…` must not turn into an off-site form or
 * redirect).
 */
export function manageLinkUrl(homeUrl: string, token: string, options: { pay?: boolean } = {}): string {
  return addQueryArg(`${homeUrl}/`, {
    [MANAGE_ARG]: token,
    ...(options.pay ? { [MANAGE_PAY_ARG]: MANAGE_PAY_VALUE } : {}),
  });
}

/** A token as it may appear: digits, a dot, digits, a dot, 43 base64url characters. Nothing longer is read. */
const TOKEN_FORMAT = /^([1-9]\d{0,9})\.([1-9]\d{0,10})\.([A-Za-z0-9_-]{43})$/;
export const MANAGE_TOKEN_MAX = 10 + 1 + 11 + 1 + 43;

export interface ManageKey {
  /** The site's secret salt (`salts.auth`), as the order key cookie uses it. */
  secret: string;
  orderId: number;
  /** The order's key nonce (order-writes.ts `orderKeyNonce`). */
  nonce: string;
}

function mac(key: ManageKey, expiry: number): string {
  const orderKey = guestOrderKey(key.secret, key.orderId, key.nonce);
  return createHmac('sha256', orderKey).update(`tourmaster-manage|${key.orderId}|${expiry}`).digest('base64url');
}

/**
 * The link's expiry: MANAGE_LINK_DAYS after now, or after the travel date when that is later, so
 * a booking made months ahead can still be managed until after the trip.
 */
export function manageExpiry(now: Date, travelDate: string): number {
  const fromNow = Math.floor(now.getTime() / 1000) + MANAGE_LINK_DAYS * DAY_SECONDS;
  const travel = /^\d{4}-\d{2}-\d{2}$/.test(travelDate) ? Date.parse(`${travelDate}T00:00:00Z`) / 1000 : Number.NaN;
  return Number.isFinite(travel) ? Math.max(fromNow, travel + MANAGE_LINK_DAYS * DAY_SECONDS) : fromNow;
}

export function signManageToken(key: ManageKey, expiry: number): string {
  return `${key.orderId}.${expiry}.${mac(key, expiry)}`;
}

/** The order id and expiry a token claims, when it has the token's shape (nothing is verified yet). */
export function parseManageToken(token: unknown): { orderId: number; expiry: number; mac: string } | undefined {
  if (typeof token !== 'string' || token.length > MANAGE_TOKEN_MAX) return undefined;
  const m = TOKEN_FORMAT.exec(token);
  if (!m) return undefined;
  const orderId = Number(m[1]);
  const expiry = Number(m[2]);
  if (!Number.isSafeInteger(orderId) || !Number.isSafeInteger(expiry)) return undefined;
  return { orderId, expiry, mac: m[3]! };
}

export type ManageVerdict = 'ok' | 'expired' | 'invalid';

/**
 * Whether the token opens the order: its MAC matches under the order's key (`invalid` otherwise,
 * whatever else it says), then its expiry is still ahead (`expired`).
 */
export function verifyManageToken(token: unknown, key: ManageKey, now: Date): ManageVerdict {
  const parsed = parseManageToken(token);
  if (!parsed || parsed.orderId !== key.orderId) return 'invalid';
  if (!timingSafeEqualString(parsed.mac, mac(key, parsed.expiry))) return 'invalid';
  return parsed.expiry * 1000 > now.getTime() ? 'ok' : 'expired';
}

/** The forms of the manage page, each with its own nonce. */
export type ManageFormAction = 'cancel' | 'payment-receipt';

/**
 * A manage page form's nonce: an HMAC of the order and the form's action under the guest's order
 * key, so it is good for that order's forms only (one guest's page gives nothing for another
 * order) and a cross-site page, which cannot know the key, cannot make one. It lives as long as the
 * order's key (a new nonce or new salts void it), as the link itself does.
 */
export function manageFormNonce(key: ManageKey, action: ManageFormAction): string {
  const orderKey = guestOrderKey(key.secret, key.orderId, key.nonce);
  return createHmac('sha256', orderKey)
    .update(`tourmaster-manage-form|${key.orderId}|${action}`)
    .digest('hex')
    .slice(0, 32);
}
