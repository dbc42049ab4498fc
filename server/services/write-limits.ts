import { TooManyRequestsError } from '../core/errors';
import { hitRateLimit, type RateLimit } from '../data/rate-limit';
import type { WpDb } from '../data/tables';

/**
 * Limits on the requests that change the database, counted in `{prefix}dropin_rate_limits`
 * (data/rate-limit.ts) so they hold across every process and machine. Each kind is counted per client
 * address and, for a logged-in visitor, per account; sized so a visitor (or a hotel's guests behind
 * one address) never meets them while a script hammering a write is stopped within the hour.
 *
 * Limits of their own, kept where they were: login and asking for a reset mail (services/accounts/rate-limits.ts),
 * registration (pages/register.ts), enquiries (tourmaster_send_enquiry_form), the old-password check
 * of the password change (pages/account/profile-pages.ts).
 */
export interface WriteLimit {
  perAddress: Omit<RateLimit, 'subject'>;
  perUser: Omit<RateLimit, 'subject'>;
}

const HOUR = 3600;
const limit = (kind: string, address: number, user: number): WriteLimit => ({
  perAddress: { bucket: `write-${kind}-address`, limit: address, windowSeconds: HOUR },
  perUser: { bucket: `write-${kind}-user`, limit: user, windowSeconds: HOUR },
});

export const WRITE_LIMITS = {
  /** Writing an order (pay later, or before a gateway payment): placeBooking. */
  booking: limit('booking', 30, 20),
  /** An online payment's step (`tourmaster_payment_selected`): verifying it calls the gateway. */
  payment: limit('payment', 60, 40),
  /** Adding a tour to the wish list. */
  wishList: limit('wish-list', 120, 60),
  /** The account page's forms: profile (and picture), password, wish-list removal, cancelling a booking. */
  account: limit('account', 60, 30),
  /** A tour review. */
  review: limit('review', 30, 20),
  /** Setting a new password with a mailed reset key (the key itself is checked first). */
  passwordReset: limit('password-reset', 10, 5),
} as const satisfies Record<string, WriteLimit>;

export type WriteKind = keyof typeof WRITE_LIMITS;

/** Who is asking: the client address (as Express sees it) and the user, 0 for a guest. */
export interface Writer {
  ip: string;
  userId: number;
}

/**
 * Counts one request of this kind and throws TooManyRequestsError (an action answers it at HTTP 200
 * in its own failure shape with Retry-After; a form post with a 429 page) when the address or the
 * account is over its limit. Nothing has been written then.
 */
export async function enforceWriteLimit(wp: WpDb, kind: WriteKind, who: Writer, now: Date): Promise<void> {
  const limits = WRITE_LIMITS[kind];
  const counted = [
    ...(who.ip ? [{ ...limits.perAddress, subject: who.ip }] : []),
    ...(who.userId > 0 ? [{ ...limits.perUser, subject: `user:${who.userId}` }] : []),
  ];
  for (const one of counted) {
    const hit = await hitRateLimit(wp, one, now);
    if (!hit.allowed) throw tooMany(hit.retryAfter);
  }
}

export function tooMany(retryAfter: number): TooManyRequestsError {
  const minutes = Math.max(1, Math.ceil(retryAfter / 60));
  return new TooManyRequestsError({
    message: `Too many requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    retryAfter,
  });
}
