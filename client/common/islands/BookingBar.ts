import * as z from 'zod/mini';

/**
 * The booking bar's props (`#tourmaster-tour-booking-bar-wrap`, booking.md §2): the tabs of a tour
 * that takes bookings and enquiries (`form-settings` both; none otherwise), the one shown first,
 * and the window width from which the bar follows the page.
 */
export const bookingBarSchema = z.object({
  stickyMinWidth: z.number(),
  /** In the order printed; `tab` is the panel's `data-tourmaster-tab`. */
  tabs: z.array(z.object({ tab: z.string(), title: z.string() })),
  /** The tab shown first ('' without tabs). */
  active: z.string(),
});

export type BookingBarProps = z.infer<typeof bookingBarSchema>;

/** Below this width the bar stays in the flow (the plugin's script used the same). */
export const STICKY_MIN_WIDTH = 1000;
