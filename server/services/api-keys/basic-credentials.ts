/** A header longer than this is not read (a login, an e-mail and a 24-character key fit in a few hundred). */
export const MAX_AUTHORIZATION_LENGTH = 1024;

export interface BasicCredentials {
  username: string;
  password: string;
}

/**
 * The credentials PHP puts in `$_SERVER['PHP_AUTH_USER']` / `['PHP_AUTH_PW']` from an
 * `Authorization: Basic …` header: the scheme matched case-insensitively, the rest base64-decoded
 * and split at its first colon. Anything else (another scheme, no colon, an oversized header) sets
 * neither, and WordPress then makes no attempt: the request is a guest's.
 */
export function basicCredentials(header: string | undefined): BasicCredentials | null {
  if (!header || header.length > MAX_AUTHORIZATION_LENGTH || !/^basic /i.test(header)) return null;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
