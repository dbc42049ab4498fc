/**
 * Cookies the legacy script wrote (`tourmaster_set_cookie`): the value URI-encoded, a lifetime in
 * seconds (0 meaning one day), `path=/`, no domain, not Secure.
 *
 * The lifetime is sent as `max-age`, not as the legacy `expires` date: a date is computed from the
 * page's clock but compared with the browser's, so a visitor whose computer is a day or more off
 * (and a test page on a fixed clock) lost the booking detail on the way to the payment page.
 */
export function cookieString(name: string, value: string, seconds: number): string {
  const lifetime = seconds === 0 ? 86400 : seconds;
  return `${name}=${encodeURIComponent(value)}; max-age=${lifetime}; path=/; SameSite=Lax`;
}

export function setCookie(name: string, value: string, seconds: number): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the legacy cookies are plain document cookies, read by the server.
  document.cookie = cookieString(name, value, seconds);
}

export function readCookie(name: string, cookies: string = document.cookie): string | undefined {
  const raw = rawCookie(cookies, name);
  return raw === undefined ? undefined : decodeURIComponent(raw);
}

/** The raw value of one cookie from a `document.cookie` string (not decoded). */
export function rawCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(/;\s*/)) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq) === name) return part.slice(eq + 1);
  }
  return undefined;
}

/** A cookie value holding URI-encoded JSON of an object (consent, attribution), or undefined for anything else. */
export function jsonObjectCookie(raw: string | undefined): Record<string, unknown> | undefined {
  if (!raw) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(decodeURIComponent(raw));
  } catch {
    return undefined;
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

export const BOOKING_DETAIL_COOKIE = 'tourmaster-booking-detail';

/** The cookie value of a booking detail: `encodeURIComponent(JSON.stringify(detail))` (booking.md §7.3). */
export function bookingDetailCookieValue(detail: Readonly<Record<string, unknown>>): string {
  return encodeURIComponent(JSON.stringify(detail));
}
