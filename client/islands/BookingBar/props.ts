import * as z from 'zod/mini';

/** `#tourmaster-tour-booking-bar-wrap`: no data attributes; the minimum width of the sticky mode is ours. */
export const bookingBarProps = z.object({
  stickyMinWidth: z._default(z.coerce.number(), 1000),
});
