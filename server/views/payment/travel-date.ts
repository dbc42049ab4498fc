import { formatWpDate as formatPhpDate } from '../../php/date';

export const DEFAULT_DATE_FORMAT = 'F j, Y';

export { addDays } from '../../tourmaster/dates';

/**
 * `tourmaster_date_format($date)`: `date_i18n(get_option('date_format'), strtotime($date))` for a
 * `Y-m-d` date at midnight, in English; the text itself when it is not a date.
 */
export function formatWpDate(date: string, format: string = DEFAULT_DATE_FORMAT): string {
  return formatPhpDate(format, date) ?? date;
}
