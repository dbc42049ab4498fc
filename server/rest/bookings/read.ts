import { apiBookingView } from '../../services/booking/api-booking-view';
import { RestError } from '../errors';
import { defineRoute } from '../route';
import { bookingJson, restBaseOf, toBookingJson } from './booking-json';
import { bookingIdInput } from './params';

/** `GET /wp-json/tourmaster/v1/bookings/{id}` (key that may manage orders): one booking. */
export const readBookingRoute = defineRoute({
  method: 'get',
  path: '/bookings/:id',
  summary: 'One booking: status, tour, date, travellers, contact, amounts, links.',
  tag: 'bookings',
  auth: 'orders',
  input: bookingIdInput,
  response: bookingJson,
  cacheControl: 'no-store',
  async handle({ id }, ctx) {
    const view = await apiBookingView(ctx, id);
    if (!view) throw new RestError(404, 'rest_booking_invalid_id', 'Invalid booking ID.');
    return toBookingJson(view, restBaseOf((await ctx.site()).homeUrl));
  },
});
