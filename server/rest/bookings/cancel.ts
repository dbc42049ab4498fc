import { cancelBookingAsAdmin } from '../../services/booking/admin-cancel';
import { apiBookingView } from '../../services/booking/api-booking-view';
import { RestError } from '../errors';
import { defineRoute } from '../route';
import { bookingJson, restBaseOf, toBookingJson } from './booking-json';
import { bookingIdInput } from './params';

/**
 * `POST /wp-json/tourmaster/v1/bookings/{id}/cancel` (key that may manage orders): as the legacy
 * admin's status change to `cancel` (any status; seats freed; the customer's cancellation mail).
 * Idempotent: a booking already cancelled answers 200 with it unchanged (no second mail), so a
 * client may retry a cancel whose answer it lost.
 */
export const cancelBookingRoute = defineRoute({
  method: 'post',
  path: '/bookings/:id/cancel',
  summary: 'Cancel a booking as the admin does (seats freed, customer mailed); repeating it changes nothing.',
  tag: 'bookings',
  auth: 'orders',
  input: bookingIdInput,
  response: bookingJson,
  cacheControl: 'no-store',
  async handle({ id }, ctx, { principal }) {
    const result = await cancelBookingAsAdmin(ctx, id, { userId: principal!.userId });
    if (!result.ok && result.reason === 'not-found') {
      throw new RestError(404, 'rest_booking_invalid_id', 'Invalid booking ID.');
    }
    const view = await apiBookingView(ctx, id);
    if (!view) throw new RestError(404, 'rest_booking_invalid_id', 'Invalid booking ID.');
    return toBookingJson(view, restBaseOf((await ctx.site()).homeUrl));
  },
});
