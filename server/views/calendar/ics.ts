import { addDays } from '../../tourmaster/dates';

/**
 * An iCalendar file (RFC 5545) holding one booking as one event, for "Add to calendar". Pure: the
 * caller gives every value, the stamp time included.
 *
 * - Lines end with CRLF and are folded so that no line is longer than 75 octets (§3.1): a fold is
 *   CRLF plus one space, and never splits a UTF-8 character.
 * - TEXT values escape backslash, semicolon, comma and line breaks (§3.3.11). They are plain text:
 *   the caller decodes HTML entities of stored titles and names first (`&amp;` is not `&` here).
 * - A start with a time is written in UTC (`…Z`, §3.3.5 form 2), so no VTIMEZONE is needed; the
 *   caller converts the site's local wall-clock time. A start without a time is an all-day event
 *   (`DTSTART;VALUE=DATE`), whose DTEND is the day after its last day (exclusive, §3.6.1).
 */

export type CalendarStart =
  /** A timed start, as the UTC instant of the tour's local start time. */
  | { kind: 'instant'; utc: Date }
  /** An all-day start, `Y-m-d`. */
  | { kind: 'date'; date: string };

export interface CalendarEvent {
  /** Globally unique and stable for the booking (a second download replaces, not duplicates). */
  uid: string;
  /** When the file is made (DTSTAMP). */
  stamp: Date;
  summary: string;
  description?: string;
  url?: string;
  /** Where the tour departs (LOCATION, TEXT). */
  location?: string;
  start: CalendarStart;
  /** The end: for an all-day event the last day `Y-m-d` (inclusive); for a timed one its UTC instant. */
  end?: CalendarStart;
}

/** The whole `.ics` text. */
export function calendarFile(event: CalendarEvent, productId = '-//Tour Master drop-in//Booking//EN'): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${escapeText(productId)}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    startLine('DTSTART', event.start),
    ...(event.end ? [endLine(event.start, event.end)] : []),
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.url ? [`URL:${uriValue(event.url)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

function startLine(name: string, start: CalendarStart): string {
  return start.kind === 'date' ? `${name};VALUE=DATE:${basicDate(start.date)}` : `${name}:${utcStamp(start.utc)}`;
}

/** An all-day event ends (exclusively) the day after its last day; a timed one at its instant. */
function endLine(start: CalendarStart, end: CalendarStart): string {
  if (start.kind === 'date' && end.kind === 'date') return `DTEND;VALUE=DATE:${basicDate(nextDay(end.date))}`;
  // DTEND takes the value type of DTSTART (§3.8.2.2): a timed start ends at an instant.
  const instant = end.kind === 'instant' ? end.utc : new Date(`${nextDay(end.date)}T00:00:00Z`);
  return `DTEND:${utcStamp(instant)}`;
}

/** TEXT (§3.3.11): `\\`, `\;`, `\,` and `\n`; other control characters are dropped. */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(/[\\;,\n]/g, (c) => (c === '\n' ? '\\n' : `\\${c}`))
    .replace(/\p{Cc}/gu, '');
}

/** A URI value is not escaped as TEXT; characters a URI cannot hold are percent-encoded. */
function uriValue(url: string): string {
  return url.replace(/[\p{Cc} "<>\\^`{|}]/gu, (c) => encodeURIComponent(c));
}

/** `YYYYMMDDTHHMMSSZ`. */
export function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

function basicDate(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RangeError(`not a Y-m-d date: ${JSON.stringify(date)}`);
  return date.replace(/-/g, '');
}

function nextDay(date: string): string {
  basicDate(date);
  return addDays(date, 1);
}

/** Folds a content line at 75 octets (§3.1), never inside a UTF-8 sequence. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // The first line holds 75 octets; a continuation line starts with a space, so 74 more.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}
