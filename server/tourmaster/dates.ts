import { isEmpty, phpInt, str } from '../php/coerce';
import type { DatePriceEntry, TourMeta, TourOption } from './tour-option';

/**
 * Which days a tour runs on (booking.md §1.2 and §6). Dates are the `Y-m-d` strings the admin
 * stored or the plugin generated, compared by exact string equality: an extra date written
 * `2024-5-1` never matches a request for `2024-05-01`.
 *
 * Times are site-local wall-clock strings (`Y-m-d H:i[:s]`, WordPress `current_time()`), passed in
 * by the caller; both sides of every comparison are read in the same (UTC) frame, as the plugin's
 * `strtotime()` under WordPress does.
 */

/** A site-local wall-clock time, `Y-m-d H:i` or `Y-m-d H:i:s` (seconds are ignored, as the plugin reads minutes). */
export type LocalDateTime = string;

/** The plugin's extra-date pattern (months and days may be unpadded). */
export const EXTRA_DATE_PATTERN = /^\d{4}-(0?[1-9]|1[012])-(0?[1-9]|[12]\d|3[01])$/;

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

/** PHP `trim()`'s default character list: space, tab, newline, carriage return, NUL, vertical tab. */
export const PHP_TRIM_CHARS = ' \t\n\r\0\x0B';

/** PHP `trim($value, $chars)` for a list of single characters (no `..` ranges). */
export function phpTrim(value: string, chars: string = PHP_TRIM_CHARS): string {
  let start = 0;
  let end = value.length;
  while (start < end && chars.includes(value[start]!)) start++;
  while (end > start && chars.includes(value[end - 1]!)) end--;
  return value.slice(start, end);
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** Seconds since the epoch of a wall-clock date (UTC frame); days and months overflow as in PHP. */
function wallSeconds(year: number, month: number, day: number, hour = 0, minute = 0): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, 0, 0);
  return Math.floor(d.getTime() / 1000);
}

/**
 * `strtotime()` of a stored or posted date (`Y-m-d`, parts may be unpadded, days may overflow like
 * PHP: `2027-02-30` is 2 March) at midnight; undefined when it is not a date at all.
 */
export function dateSeconds(date: string): number | undefined {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(date);
  if (!m) return undefined;
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  return wallSeconds(Number(m[1]), month, day);
}

/** `strtotime(current_time('Y-m-d H:i'))`: a local wall-clock time in seconds, truncated to the minute. */
export function localSeconds(now: LocalDateTime): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::\d{2})?$/.exec(now);
  if (!m) return undefined;
  return wallSeconds(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]));
}

/** Seconds back to a `Y-m-d H:i` wall-clock string. */
export function formatLocal(seconds: number): LocalDateTime {
  const d = new Date(seconds * 1000);
  const year = String(d.getUTCFullYear()).padStart(4, '0');
  return `${year}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`;
}

/** A `Y-m-d` date moved by whole days (the end date of a multi-day tour); the text itself when it is not a date. */
export function addDays(date: string, days: number): string {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(date.trim());
  if (!m) return date;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return new Date(d.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A well-formed requested date (the same pattern the plugin accepts for extra dates). */
export function isWellFormedDate(date: unknown): date is string {
  return typeof date === 'string' && EXTRA_DATE_PATTERN.test(date);
}

/** Every date of `year`-`month` whose weekday is `day` (a lower-case English day name). */
function weekdayDates(year: string, month: string, day: string): string[] {
  if (!/^\d{4}$/.test(year) || !/^\d{1,2}$/.test(month)) return [];
  const y = Number(year);
  const mo = Number(month);
  const weekday = WEEKDAYS.indexOf(day as (typeof WEEKDAYS)[number]);
  if (mo < 1 || mo > 12 || weekday < 0) return [];
  const first = new Date(wallSeconds(y, mo, 1) * 1000).getUTCDay();
  const out: string[] = [];
  for (let d = 1 + ((weekday - first + 7) % 7); d <= 31; d += 7) {
    const date = new Date(wallSeconds(y, mo, d) * 1000);
    if (date.getUTCMonth() + 1 !== mo) break;
    out.push(`${year}-${pad2(mo)}-${pad2(d)}`);
  }
  return out;
}

function csvItems(value: unknown): string[] {
  return str(value)
    .split(',')
    .map((d) => phpTrim(d));
}

/**
 * `tourmaster_get_tour_dates(entry, timing)`. Timing `single` → `[date]` when non-empty. Anything
 * else (`recurring`, and also a missing timing method, which the plugin passes as null) → every
 * year × month × weekday date, plus the `extra-date` items matching {@link EXTRA_DATE_PATTERN},
 * deduplicated and sorted as strings, minus the `exclude-extra-date` items. (The plugin only sorts
 * when extra dates are configured; the order is never observable, so the list is always sorted.)
 */
export function expandDates(entry: DatePriceEntry, timingMethod: string | undefined): string[] {
  if (timingMethod === 'single') return isEmpty(entry.date) ? [] : [str(entry.date)];

  const dates = new Set<string>();
  if (entry.year.length > 0 && entry.month.length > 0 && entry.day.length > 0) {
    for (const year of entry.year)
      for (const month of entry.month)
        for (const day of entry.day) for (const d of weekdayDates(year, month, day)) dates.add(d);
  }
  if (!isEmpty(entry['extra-date'])) {
    for (const d of csvItems(entry['extra-date'])) if (EXTRA_DATE_PATTERN.test(d)) dates.add(d);
  }
  if (!isEmpty(entry['exclude-extra-date'])) {
    for (const d of csvItems(entry['exclude-extra-date'])) dates.delete(d);
  }
  return [...dates].sort();
}

/**
 * `tourmaster_get_tour_date_price`: the first `date-price` entry whose dates contain `date`, or
 * undefined. A date that is not `Y-m-d` shaped never matches.
 */
export function findDateEntry(option: TourOption, date: unknown): DatePriceEntry | undefined {
  return dateEntryFinder(option)(date);
}

/**
 * {@link findDateEntry} for many dates of one tour (a calendar's range): each entry's dates are
 * expanded once, when a lookup first reaches that entry.
 */
export function dateEntryFinder(option: TourOption): (date: unknown) => DatePriceEntry | undefined {
  const timing = option['tour-timing-method'];
  const entries = option['date-price'];
  const expanded = expansionsOf(option);
  return (date) => {
    if (!isWellFormedDate(date)) return undefined;
    for (let i = 0; i < entries.length; i++) {
      expanded[i] ??= new Set(expandDates(entries[i]!, timing));
      if (expanded[i]!.has(date)) return entries[i];
    }
    return undefined;
  };
}

/**
 * The entries' expanded dates, filled as lookups reach them: kept with a frozen option (the parse
 * of one stored text, wp/parse-cache.ts), so each request for that text skips the expansion; a new
 * text is a new option, expanded again.
 */
const expansions = new WeakMap<TourOption, Set<string>[]>();

function expansionsOf(option: TourOption): Set<string>[] {
  if (!Object.isFrozen(option)) return [];
  let list = expansions.get(option);
  if (!list) {
    list = [];
    expansions.set(option, list);
  }
  return list;
}

/** Meta `tourmaster-tour-date`: every generated date of every entry, sorted and unique (past ones included). */
export function allTourDates(option: TourOption): string[] {
  const timing = option['tour-timing-method'];
  const all = new Set<string>();
  for (const entry of option['date-price']) for (const d of expandDates(entry, timing)) all.add(d);
  return [...all].sort();
}

/**
 * `tourmaster_filter_tour_date(dates, book-in-advance)` (booking.md §6): drops a date once the
 * local time is past its midnight + 1 day (so today stays bookable until it ends), and, when
 * `book-in-advance` months are set, dates after the first day of the month `N + 1` months after
 * the current one. Unparsable dates are dropped (PHP's `strtotime` gives false, i.e. 1970).
 */
export function filterBookable(dates: readonly string[], bookInAdvance: string, nowLocal: LocalDateTime): string[] {
  const now = localSeconds(nowLocal);
  if (now === undefined) throw new RangeError(`nowLocal is not a Y-m-d H:i time: ${JSON.stringify(nowLocal)}`);
  let end: number | undefined;
  if (!isEmpty(bookInAdvance)) {
    const m = /^(\d{4})-(\d{2})/.exec(nowLocal);
    if (m) end = wallSeconds(Number(m[1]), Number(m[2]) + phpInt(bookInAdvance) + 1, 1);
  }
  return dates.filter((date) => {
    const at = dateSeconds(date);
    if (at === undefined || now > at + 86_400) return false;
    return end === undefined || end >= at;
  });
}

/** Meta `tourmaster-tour-date-avail` as it would be computed now: the dates the page offers. */
export function bookableDates(
  option: TourOption,
  meta: Pick<TourMeta, 'bookInAdvance'>,
  nowLocal: LocalDateTime,
): string[] {
  return filterBookable(allTourDates(option), meta.bookInAdvance, nowLocal);
}

/** Whether the page would offer `date` now (exact string match against {@link bookableDates}). */
export function isOfferedDate(
  option: TourOption,
  meta: Pick<TourMeta, 'bookInAdvance'>,
  date: unknown,
  nowLocal: LocalDateTime,
): boolean {
  return typeof date === 'string' && bookableDates(option, meta, nowLocal).includes(date);
}
