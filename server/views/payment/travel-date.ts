import { formatWpDate as formatPhpDate } from '../../php/date';

export const DEFAULT_DATE_FORMAT = 'F j, Y';

/** A `Y-m-d` date moved by whole days (the end date of a multi-day tour). */
export function addDays(date: string, days: number): string {
  const d = parse(date);
  if (!d) return date;
  return new Date(d.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * `tourmaster_date_format($date)`: `date_i18n(get_option('date_format'), strtotime($date))` for a
 * `Y-m-d` date at midnight, in English; the text itself when it is not a date.
 */
export function formatWpDate(date: string, format: string = DEFAULT_DATE_FORMAT): string {
  return formatPhpDate(format, date) ?? date;
}

function parse(date: string): Date | undefined {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(date.trim());
  if (!m) return undefined;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}
