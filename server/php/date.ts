/**
 * PHP `date()` for the formats WordPress's date and time settings use (`F j, Y`, `g:i a`, `d/m/Y`…),
 * on wall-clock text: one implementation for pages, fragments and mails.
 */
import { DAY_NAMES, MONTH_NAMES } from '../../client/shared/english-dates';

export const MONTHS = MONTH_NAMES;
const DAYS = DAY_NAMES;

/**
 * PHP `date($format)` of a wall-clock `Y-m-d[ H:i[:s]]` string (English names, as date_i18n on an
 * English site): the format characters WordPress date and time settings use; a backslash escapes
 * the next character; other characters print as they are. Undefined when the text is not a date.
 */
export function formatWpDate(format: string, wallClock: string): string | undefined {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?/.exec(wallClock);
  if (!m) return undefined;
  const date = new Date(
    Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)),
  );
  if (Number.isNaN(date.getTime())) return undefined;
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const day = date.getUTCDate();
  const weekday = date.getUTCDay();
  const hour = date.getUTCHours();
  const pad = (n: number) => String(n).padStart(2, '0');
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  let out = '';
  for (let i = 0; i < format.length; i++) {
    const c = format[i]!;
    switch (c) {
      case 'd':
        out += pad(day);
        break;
      case 'D':
        out += DAYS[weekday]!.slice(0, 3);
        break;
      case 'j':
        out += String(day);
        break;
      case 'l':
        out += DAYS[weekday];
        break;
      case 'N':
        out += String(weekday === 0 ? 7 : weekday);
        break;
      case 'S':
        out +=
          day % 10 === 1 && day !== 11
            ? 'st'
            : day % 10 === 2 && day !== 12
              ? 'nd'
              : day % 10 === 3 && day !== 13
                ? 'rd'
                : 'th';
        break;
      case 'w':
        out += String(weekday);
        break;
      case 'F':
        out += MONTHS[month];
        break;
      case 'M':
        out += MONTHS[month]!.slice(0, 3);
        break;
      case 'm':
        out += pad(month + 1);
        break;
      case 'n':
        out += String(month + 1);
        break;
      case 't':
        out += String(new Date(Date.UTC(year, month + 1, 0)).getUTCDate());
        break;
      case 'L':
        out += leap ? '1' : '0';
        break;
      case 'Y':
        out += String(year);
        break;
      case 'y':
        out += pad(year % 100);
        break;
      case 'a':
        out += hour < 12 ? 'am' : 'pm';
        break;
      case 'A':
        out += hour < 12 ? 'AM' : 'PM';
        break;
      case 'g':
        out += String(hour % 12 || 12);
        break;
      case 'G':
        out += String(hour);
        break;
      case 'h':
        out += pad(hour % 12 || 12);
        break;
      case 'H':
        out += pad(hour);
        break;
      case 'i':
        out += pad(date.getUTCMinutes());
        break;
      case 's':
        out += pad(date.getUTCSeconds());
        break;
      case '\\':
        i++;
        out += format[i] ?? '';
        break;
      default:
        out += c;
    }
  }
  return out;
}
