import { createHash } from 'node:crypto';
import { findIdempotentRequest, recordIdempotentRequest } from '../../data/api-idempotency';
import type { BookingDetail } from '../../tourmaster/booking-detail';
import type { RequestContext } from '../context';
import { placeBooking } from './place-order';
import { type OrderRefused, refusal } from './types';
import type { WriteGuard } from './write-order';

/** How long an Idempotency-Key names its request; a later reuse is a new request. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;

export const IDEMPOTENCY_CONFLICT_MESSAGE =
  'This Idempotency-Key was already used with another request body. Use a new key for a new booking.';

export interface ApiBookingRequest {
  /** The booking detail the JSON request describes (rest/bookings/booking-request.ts). */
  detail: BookingDetail;
  /** The user whose application password authenticated the call: keys are per user. */
  userId: number;
  key: string;
  /** The request's canonical body (sorted keys), hashed: the same key must come with the same body. */
  canonicalBody: string;
}

/**
 * `POST /bookings`: the site's pay-later booking (place-order.ts: the same checks, seats under row
 * locks, coupon, mails) for the customer in the contact details, keyed by the caller's
 * Idempotency-Key: the same key and body give the order the first request wrote (`created: false`),
 * the same key with another body is refused (`CONFLICT`). The key is recorded in the order's
 * transaction under a lock on it, so two concurrent identical requests write one order.
 */
export async function placeApiBooking(
  ctx: RequestContext,
  r: ApiBookingRequest,
): Promise<{ ok: true; orderId: number; created: boolean } | OrderRefused> {
  const bodyHash = createHash('sha256').update(r.canonicalBody).digest('hex');
  const since = () => new Date(ctx.now.getTime() - IDEMPOTENCY_TTL_MS);
  const at = { userId: r.userId, key: r.key };
  // A replay answers before the booking is checked again: its seats or coupon are its own by now.
  const earlier = await findIdempotentRequest(ctx.wp, { ...at, since: since() });
  if (earlier && earlier.bodyHash !== bodyHash) return refusal('CONFLICT', IDEMPOTENCY_CONFLICT_MESSAGE);
  if (earlier) return { ok: true, orderId: earlier.orderId, created: false };
  const guard: WriteGuard = {
    lockKey: `api-idempotency:${r.userId}:${createHash('sha256').update(r.key).digest('hex')}`,
    async replay(trx) {
      const found = await findIdempotentRequest(trx, { ...at, since: since() });
      if (!found) return undefined;
      return found.bodyHash === bodyHash
        ? { orderId: found.orderId }
        : refusal('CONFLICT', IDEMPOTENCY_CONFLICT_MESSAGE);
    },
    record: (trx, orderId) =>
      recordIdempotentRequest(trx, { ...at, bodyHash, orderId, now: ctx.now, expiredBefore: since() }),
  };
  const placed = await placeBooking(ctx, r.detail, { via: 'pay-later', api: { guard } });
  if (!placed.ok) return placed;
  if (placed.created) ctx.log.info({ orderId: placed.orderId, userId: r.userId }, 'booking made through the API');
  return { ok: true, orderId: placed.orderId, created: placed.created };
}
