import { z } from 'zod';
import type { PhpValue } from '../../php/values';
import { bookingFieldsFragment } from '../../services/booking/booking-fields';
import { bookingDetailInput } from '../../tourmaster/booking-detail';
import { bookingBlocksHtml } from '../../views/booking-fields';
import { type AjaxReply, defineAction } from '../action';

/**
 * The booking bar's fields for a date, package and room count (booking.md §3, §4.1): the reply's
 * `content` replaces every step after the one that changed. `false` when there is nothing to show
 * (no data, unknown tour), as the legacy site answered. The booking island reads the same blocks
 * as the reply's `props` (client/common/islands/BookingForm.ts); the legacy script ignores them.
 */
export const tourmaster_tour_booking = defineAction({
  name: 'tourmaster_tour_booking',
  access: 'both',
  input: z.looseObject({ data: bookingDetailInput.optional() }),
  handle: (input, ctx) => bookingFieldsFragment(ctx, input),
  reply: (blocks): AjaxReply => {
    if (blocks === false) return { kind: 'json', body: { content: false } };
    // Plain JSON data (the schema's optional keys are left out, never undefined once serialised).
    const props = { blocks } as unknown as PhpValue;
    return { kind: 'json', body: { content: bookingBlocksHtml(blocks).value, props } };
  },
});
