/**
 * Dates for the booking calendar. The page gives its display format in jQuery UI's datepicker
 * syntax (`datepicker-date-format`, default `d M yy`); flatpickr has its own tokens.
 */

import { DAY_NAMES, MONTH_NAMES } from '../common/english-dates';

/** jQuery UI token → flatpickr token, longest first. */
const TOKENS: readonly (readonly [string, string])[] = [
  ['DD', 'l'],
  ['dd', 'd'],
  ['d', 'j'],
  ['D', 'D'],
  ['MM', 'F'],
  ['M', 'M'],
  ['mm', 'm'],
  ['m', 'n'],
  ['yy', 'Y'],
  ['y', 'y'],
  ['@', 'U'],
];

/** Letters flatpickr reads as tokens, escaped when they are literal text. */
const FLATPICKR_TOKEN = /[ZDFGHJKMSUWYdhijlmnsuwy]/;

/**
 * Converts a jQuery UI date format to flatpickr's: `d M yy` → `j M Y`, `dd/mm/yy` → `d/m/Y`,
 * `'day' d` → `\d\a\y j`. Day-of-year (`o`, `oo`) and ticks (`!`) have no flatpickr token and are
 * dropped.
 */
export function jqueryUiToFlatpickr(format: string): string {
  let out = '';
  let i = 0;
  const literal = (ch: string) => (FLATPICKR_TOKEN.test(ch) || ch === '\\' ? `\\${ch}` : ch);
  while (i < format.length) {
    const ch = format[i] as string;
    if (ch === "'") {
      if (format[i + 1] === "'") {
        out += "'";
        i += 2;
        continue;
      }
      const end = format.indexOf("'", i + 1);
      const text = format.slice(i + 1, end === -1 ? undefined : end);
      for (const c of text) out += literal(c);
      i = end === -1 ? format.length : end + 1;
      continue;
    }
    if (ch === 'o') {
      i += format[i + 1] === 'o' ? 2 : 1;
      continue;
    }
    if (ch === '!') {
      i += 1;
      continue;
    }
    const token = TOKENS.find(([from]) => format.startsWith(from, i));
    if (token) {
      out += token[1];
      i += token[0].length;
    } else {
      out += literal(ch);
      i += 1;
    }
  }
  return out;
}

/**
 * A date in a format {@link jqueryUiToFlatpickr} made, as flatpickr (English) writes it: the
 * calendar input shows its date before flatpickr is loaded. `\x` is a literal `x`.
 */
export function formatFlatpickr(date: Date, format: string): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = DAY_NAMES[date.getDay()] ?? '';
  const month = MONTH_NAMES[date.getMonth()] ?? '';
  const tokens: Readonly<Record<string, () => string>> = {
    d: () => pad(date.getDate()),
    j: () => String(date.getDate()),
    D: () => day.slice(0, 3),
    l: () => day,
    m: () => pad(date.getMonth() + 1),
    n: () => String(date.getMonth() + 1),
    M: () => month.slice(0, 3),
    F: () => month,
    Y: () => String(date.getFullYear()),
    y: () => String(date.getFullYear()).slice(-2),
    U: () => String(Math.floor(date.getTime() / 1000)),
  };
  let out = '';
  for (let i = 0; i < format.length; i++) {
    const ch = format[i] as string;
    if (ch === '\\') out += format[++i] ?? '';
    else out += tokens[ch]?.() ?? ch;
  }
  return out;
}

/** `Y-m-d` of a local date. */
export function ymd(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A local midnight from `Y-m-d`, or undefined when it is not one. */
export function parseYmd(value: string): Date | undefined {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value.trim());
  if (!m) return undefined;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(date.getTime()) || date.getDate() !== Number(m[3]) ? undefined : date;
}

/** Whole days from `from` to `to` (both `Y-m-d`), NaN when either is not a date. */
export function dayDiff(from: string, to: string): number {
  const a = parseYmd(from);
  const b = parseYmd(to);
  if (!a || !b) return Number.NaN;
  return Math.round(
    (Date.UTC(b.getFullYear(), b.getMonth(), b.getDate()) - Date.UTC(a.getFullYear(), a.getMonth(), a.getDate())) /
      86400000,
  );
}

/**
 * The calendar's bounds: the first and last bookable date, the first never before today (past
 * dates are not offered even when the page still lists them).
 */
export function calendarBounds(dates: readonly string[], today: string): { min?: string; max?: string } {
  const sorted = dates.filter((d) => parseYmd(d)).sort();
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  return {
    ...(first ? { min: first < today ? today : first } : {}),
    ...(last ? { max: last } : {}),
  };
}
