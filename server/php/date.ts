/**
 * PHP `date()` for the formats WordPress's date and time settings use (`F j, Y`, `g:i a`, `d/m/Y`…),
 * on wall-clock text: one implementation for pages, fragments and mails.
 */
import { DAY_NAMES, MONTH_NAMES } from '../../client/common/english-dates';

export const MONTHS = MONTH_NAMES;
const DAYS = DAY_NAMES;

/** A wall-clock time's fields, as PHP `date()` reads them. */
interface DateParts {
  year: number;
  /** 0 to 11. */
  month: number;
  day: number;
  /** 0 (Sunday) to 6. */
  weekday: number;
  hour: number;
  minute: number;
  second: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

function ordinalSuffix(day: number): string {
  if (day % 10 === 1 && day !== 11) return 'st';
  if (day % 10 === 2 && day !== 12) return 'nd';
  if (day % 10 === 3 && day !== 13) return 'rd';
  return 'th';
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The format characters WordPress date and time settings use, each printing one field. */
const FORMAT_CHARACTERS: ReadonlyMap<string, (d: DateParts) => string> = new Map([
  ['d', (d) => pad(d.day)],
  ['D', (d) => DAYS[d.weekday]!.slice(0, 3)],
  ['j', (d) => String(d.day)],
  ['l', (d) => DAYS[d.weekday]!],
  ['N', (d) => String(d.weekday === 0 ? 7 : d.weekday)],
  ['S', (d) => ordinalSuffix(d.day)],
  ['w', (d) => String(d.weekday)],
  ['F', (d) => MONTHS[d.month]!],
  ['M', (d) => MONTHS[d.month]!.slice(0, 3)],
  ['m', (d) => pad(d.month + 1)],
  ['n', (d) => String(d.month + 1)],
  ['t', (d) => String(new Date(Date.UTC(d.year, d.month + 1, 0)).getUTCDate())],
  ['L', (d) => (isLeapYear(d.year) ? '1' : '0')],
  ['Y', (d) => String(d.year)],
  ['y', (d) => pad(d.year % 100)],
  ['a', (d) => (d.hour < 12 ? 'am' : 'pm')],
  ['A', (d) => (d.hour < 12 ? 'AM' : 'PM')],
  ['g', (d) => String(d.hour % 12 || 12)],
  ['G', (d) => String(d.hour)],
  ['h', (d) => pad(d.hour % 12 || 12)],
  ['H', (d) => pad(d.hour)],
  ['i', (d) => pad(d.minute)],
  ['s', (d) => pad(d.second)],
]);

/** The fields of a `Y-m-d[ H:i[:s]]` text; undefined when it is not one. */
function wallClockParts(wallClock: string): DateParts | undefined {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?/.exec(wallClock);
  if (!m) return undefined;
  const date = new Date(
    Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)),
  );
  if (Number.isNaN(date.getTime())) return undefined;
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth(),
    day: date.getUTCDate(),
    weekday: date.getUTCDay(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
  };
}

/**
 * PHP `date($format)` of a wall-clock `Y-m-d[ H:i[:s]]` string (English names, as date_i18n on an
 * English site): the format characters WordPress date and time settings use; a backslash escapes
 * the next character; other characters print as they are. Undefined when the text is not a date.
 */
export function formatWpDate(format: string, wallClock: string): string | undefined {
  const parts = wallClockParts(wallClock);
  if (!parts) return undefined;
  let out = '';
  for (let i = 0; i < format.length; i++) {
    const c = format[i]!;
    if (c === '\\') {
      i++;
      out += format[i] ?? '';
      continue;
    }
    const field = FORMAT_CHARACTERS.get(c);
    out += field ? field(parts) : c;
  }
  return out;
}
