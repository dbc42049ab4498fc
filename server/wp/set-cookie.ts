/** A cookie a reply sets, in WordPress's encoding (RFC 3986 percent-encoded value). */
export interface ReplyCookie {
  name: string;
  value: string;
  path: string;
  expires?: Date;
  httpOnly?: boolean;
  secure?: boolean;
}

/**
 * `Set-Cookie` text as PHP's `setcookie` writes it (`name=value; expires=…; Max-Age=…; path=…;
 * secure; HttpOnly`, value RFC 3986-encoded). Max-Age is counted from the request's clock, the
 * one `expires` was computed from: browsers obey Max-Age, so a cookie lives as long as meant even
 * when the server's clock (or a test's fixed clock) and the browser's disagree.
 */
export function setCookieHeader(cookie: ReplyCookie, now: Date): string {
  const parts = [`${cookie.name}=${encodeURIComponent(cookie.value)}`];
  if (cookie.expires) {
    parts.push(`expires=${cookie.expires.toUTCString()}`);
    parts.push(`Max-Age=${Math.max(0, Math.round((cookie.expires.getTime() - now.getTime()) / 1000))}`);
  }
  parts.push(`path=${cookie.path}`);
  if (cookie.secure) parts.push('secure');
  if (cookie.httpOnly) parts.push('HttpOnly');
  return parts.join('; ');
}
