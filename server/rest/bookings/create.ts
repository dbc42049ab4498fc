import { z } from 'zod';
import { placeApiBooking } from '../../services/booking/api-booking';
import { apiBookingView } from '../../services/booking/api-booking-view';
import { RestError } from '../errors';
import { defineRoute, RestReply } from '../route';
import { bookingJson, restBaseOf, toBookingJson } from './booking-json';
import { bookingDetail, bookingRequest, canonicalJson } from './booking-request';
import { refusalError } from './refusal';

/** An Idempotency-Key: printable ASCII, at most this long (a UUID is 36). */
const KEY = /^[\x21-\x7e]{1,100}$/;

/**
 * `POST /wp-json/tourmaster/v1/bookings` (key that may manage orders): books as the site's "book now,
 * pay later" does, for the customer in `contact` (a guest's order: user_id 0, as the admin sees any
 * booking made without an account). `Idempotency-Key` is required: a new booking answers 201 with
 * `Location`; the same key (same user, within 24 hours) with the same body answers the booking it
 * made, 200 with `Idempotent-Replayed: true`; with another body 409 `rest_idempotency_conflict`.
 */
export const createBookingRoute = defineRoute({
  method: 'post',
  path: '/bookings',
  summary: 'Book a tour (pay later), idempotently: the Idempotency-Key header is required.',
  tag: 'bookings',
  auth: 'orders',
  status: 201,
  input: z.object({}),
  headers: [
    {
      name: 'Idempotency-Key',
      required: true,
      description:
        'Names this booking (printable ASCII): the same key and body again within 24 hours answer the booking made, 200 with `Idempotent-Replayed: true`.',
      maxLength: 100,
    },
  ],
  body: bookingRequest,
  response: bookingJson,
  cacheControl: 'no-store',
  async handle(_input, ctx, { body, principal, header }) {
    const key = header('idempotency-key');
    if (key === undefined || key === '') {
      throw new RestError(400, 'rest_missing_idempotency_key', 'The Idempotency-Key header is required.');
    }
    if (!KEY.test(key)) {
      throw new RestError(
        400,
        'rest_invalid_idempotency_key',
        'The Idempotency-Key must be 1 to 100 printable characters.',
      );
    }
    const placed = await placeApiBooking(ctx, {
      detail: bookingDetail(body),
      userId: principal!.userId,
      key,
      canonicalBody: canonicalJson(body),
    });
    if (!placed.ok) throw refusalError(placed);
    const view = await apiBookingView(ctx, placed.orderId);
    if (!view) throw new RestError(404, 'rest_booking_invalid_id', 'This booking could not be found.');
    const json = toBookingJson(view, restBaseOf((await ctx.site()).homeUrl));
    if (!placed.created) return new RestReply(json, 200, { 'Idempotent-Replayed': 'true' });
    return new RestReply(json, 201, { Location: json.links.self });
  },
});
