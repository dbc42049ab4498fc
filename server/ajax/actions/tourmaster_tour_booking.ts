import { z } from 'zod';
import { bookingFieldsFragment } from '../../services/booking/booking-fields';
import { bookingDetailInput } from '../../tourmaster/booking-detail';
import { defineAction } from '../action';

/**
 * The booking bar's fields for a date, package and room count (booking.md §3, §4.1): the reply's
 * `content` replaces every step after the one that changed. `false` when there is nothing to show
 * (no data, unknown tour), as the legacy site answered.
 */
export const tourmaster_tour_booking = defineAction({
  name: 'tourmaster_tour_booking',
  access: 'both',
  input: z.looseObject({ data: bookingDetailInput.optional() }),
  handle: (input, ctx) => bookingFieldsFragment(ctx, input),
  reply: (content) => ({ kind: 'json', body: { content } }),
});
