/** What the booking bar says when a tour or a date cannot be booked (its own words where it had them). */
export const UNKNOWN_TOUR_MESSAGE = 'This tour cannot be booked. Please refresh the page to try again.';
export const DATE_CLOSED_MESSAGE =
  'Sorry, the tour is now off for booking on the date/time you selected. Please select another date.';
export const DATE_NOT_OFFERED_MESSAGE =
  'This tour is not available on the date you selected. Please select another date.';
