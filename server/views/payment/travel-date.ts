/**
 * `tourmaster_date_format($date)`: `date_i18n(get_option('date_format'), strtotime($date))` for a
 * `Y-m-d` date at midnight, in English. The PHP `date()` letters a date format uses are supported
 * (time letters read midnight); `\` escapes the next character; other characters print as they are.
 */
const MONTHS = [
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
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export const DEFAULT_DATE_FORMAT = 'F j, Y';

/** A `Y-m-d` date moved by whole days (the end date of a multi-day tour). */
export function addDays(date: string, days: number): string {
  const d = parse(date);
  if (!d) return date;
  return new Date(d.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

export function formatWpDate(date: string, format: string = DEFAULT_DATE_FORMAT): string {
  const d = parse(date);
  if (!d) return date;
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const day = d.getUTCDate();
  const weekday = d.getUTCDay();
  const pad = (n: number) => String(n).padStart(2, '0');
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const letters: Record<string, () => string> = {
    d: () => pad(day),
    D: () => DAYS[weekday]!.slice(0, 3),
    j: () => String(day),
    l: () => DAYS[weekday]!,
    N: () => String(weekday === 0 ? 7 : weekday),
    S: () => ordinalSuffix(day),
    w: () => String(weekday),
    z: () => String(Math.round((d.getTime() - Date.UTC(y, 0, 1)) / 86_400_000)),
    F: () => MONTHS[m]!,
    M: () => MONTHS[m]!.slice(0, 3),
    m: () => pad(m + 1),
    n: () => String(m + 1),
    t: () => String(new Date(Date.UTC(y, m + 1, 0)).getUTCDate()),
    L: () => (leap ? '1' : '0'),
    Y: () => String(y),
    y: () => pad(y % 100),
    a: () => 'am',
    A: () => 'AM',
    g: () => '12',
    G: () => '0',
    h: () => '12',
    H: () => '00',
    i: () => '00',
    s: () => '00',
  };
  let out = '';
  for (let i = 0; i < format.length; i++) {
    const c = format[i]!;
    if (c === '\\') {
      out += format[i + 1] ?? '';
      i++;
    } else {
      out += letters[c]?.() ?? c;
    }
  }
  return out;
}

function ordinalSuffix(day: number): string {
  if (day >= 11 && day <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][day % 10] ?? 'th';
}

function parse(date: string): Date | undefined {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(date.trim());
  if (!m) return undefined;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}
