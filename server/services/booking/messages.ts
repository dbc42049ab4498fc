/** What the booking bar says when a tour or a date cannot be booked (its own words where it had them). */
export const UNKNOWN_TOUR_MESSAGE = 'This tour cannot be booked. Please refresh the page to try again.';
export { DATE_CLOSED_MESSAGE } from '../../tourmaster/availability';
export const DATE_NOT_OFFERED_MESSAGE =
  'This tour is not available on the date you selected. Please select another date.';
