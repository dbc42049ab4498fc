import { phpJsonEncode } from '../php/json';
import type { PhpValue } from '../php/values';
import { type BookingDetail, bookingDetailFrom } from './booking-detail';

/**
 * The `tourmaster-booking-detail` cookie (booking.md §7.3). Two writers exist: the booking bar's
 * script (`encodeURIComponent(JSON.stringify(detail))`) and the payment page's POST hand-off, which
 * PHP wrote with WordPress's slashes on every string (`\'`, `\"`, `\\`) inside json_encode. We write
 * as PHP did and, as PHP did, strip one level of slashes from every string we read, so both
 * writers' cookies read the same.
 */
export const BOOKING_DETAIL_COOKIE = 'tourmaster-booking-detail';

/** The cookie value (before percent-encoding) for a posted booking form. */
export function encodeBookingDetailCookie(detail: BookingDetail): string {
  return phpJsonEncode(mapStrings(detail, addslashes) as PhpValue);
}

/**
 * The detail a cookie value (already percent-decoded) carries. Missing, invalid JSON, a non-object or
 * the literal `""` the script writes after a completed booking all read as an empty detail.
 */
export function decodeBookingDetailCookie(value: string | undefined): BookingDetail {
  if (!value) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  return bookingDetailFrom(mapStrings(parsed, stripslashes));
}

function mapStrings(value: unknown, fn: (s: string) => string): unknown {
  if (typeof value === 'string') return fn(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, fn));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = Object.create(null);
    for (const [k, v] of Object.entries(value)) out[k] = mapStrings(v, fn);
    return out;
  }
  return value;
}

/** PHP addslashes: `'`, `"`, `\` and NUL get a backslash. */
export function addslashes(s: string): string {
  return s.replace(/[\\'"\0]/g, (c) => (c === '\0' ? '\\0' : `\\${c}`));
}

/** PHP stripslashes: removes one level of backslash escaping (`\\` → `\`, `\0` → NUL). */
export function stripslashes(s: string): string {
  return s.replace(/\\(.?)/gs, (_, c: string) => (c === '0' ? '\0' : c));
}
