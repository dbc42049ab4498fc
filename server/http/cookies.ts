import cookieParser from 'cookie-parser';
import type { Request } from 'express';
import { decodeCookieValue } from '../wp/auth-cookie';

/**
 * The request's cookies, read by cookie-parser with its `decode` option set to keep each value as
 * it came on the wire: WordPress's login cookies are checked on the wire value (its HMAC covers the
 * decoded text, which we decode as PHP fills `$_COOKIE`: percent-decoding, `+` kept), and the
 * plugin's booking-detail cookie is decoded by its own reader. As in PHP, the first of two cookies
 * of one name wins (browsers list the most specific path first). cookie-parser differs from PHP in
 * three corners none of WordPress's or the plugin's cookies reach (they are written percent-encoded):
 * a name without `=` reads as absent (PHP: ''), surrounding double quotes are dropped, and a value
 * starting `j:` becomes JSON, which `wireCookie` ignores (it only returns text).
 */
export const readCookies = cookieParser(undefined, { decode: (value: string) => value });

/** The raw (still encoded) value of cookie `name`, or undefined. */
export function wireCookie(req: Pick<Request, 'headers'> & { cookies?: unknown }, name: string): string | undefined {
  if (req.cookies === undefined) readCookies(req as Request, {} as never, () => {});
  const value = (req.cookies as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/** `$_COOKIE[name]`: the wire value percent-decoded (a `+` stays a `+`), or undefined (absent or malformed). */
export function phpCookie(req: Pick<Request, 'headers'> & { cookies?: unknown }, name: string): string | undefined {
  const wire = wireCookie(req, name);
  return wire === undefined ? undefined : decodeCookieValue(wire);
}

/** The wire cookies of a `Cookie` header, by name (for tools and tests that hold only the header). */
export function wireCookiesOf(header: string | undefined): (name: string) => string | undefined {
  const req = { headers: { cookie: header } };
  return (name) => wireCookie(req, name);
}
