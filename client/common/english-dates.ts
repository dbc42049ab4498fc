/**
 * English month and weekday names, as PHP's date() and flatpickr's English locale write them: one
 * list for the server's date formats (server/php/date.ts) and the calendar's (client/lib/date-format.ts).
 *
 * `client/common/` is the one folder both sides import: pure modules that import nothing of either.
 */
export const MONTH_NAMES: readonly string[] = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export const DAY_NAMES: readonly string[] = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
];
