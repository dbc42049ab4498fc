/**
 * WordPress 6.3.1 login cookies: names, wire encoding, HMAC, validation (`wp_validate_auth_cookie`),
 * minting (`wp_set_auth_cookie`), logout (`wp_clear_auth_cookie`) and the `session_tokens` user
 * meta (`WP_User_Meta_Session_Tokens`).
 *
 * Everything here is pure: the caller loads the user row and its raw (unserialized)
 * `session_tokens` meta, passes salts from `wp-salt`, and writes back what it is told to.
 *
 * Cookie values in this module's types are decoded text (`login|expiration|token|hmac`); the
 * wire form is RFC 3986 percent-encoding (`encodeCookieValue` / `decodeCookieValue`). cookie-parser's
 * default decoding would silently keep undecodable values, so the app reads the request's wire
 * cookie (http/cookies.ts, cookie-parser with the identity `decode`) and hands it to `parseAuthCookie`.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { ReplyCookie } from './set-cookie';
import { randomString, WP_ALNUM_CHARS, wpHash } from './wp-salt';

export type AuthScheme = 'auth' | 'secure_auth' | 'logged_in';

/** Salt for a scheme, e.g. `(s) => wpSalt(s, constants, options)`. */
export type SaltFor = (scheme: AuthScheme) => string;

/**
 * One `session_tokens` entry. WordPress writes `expiration`, `ip`, `ua`, `login` in that order;
 * plugins may attach more keys (`attach_session_information`), which are carried through.
 */
export interface SessionEntry {
  expiration: number;
  ip?: string;
  ua?: string;
  login?: number;
  [extra: string]: unknown;
}

/** `session_tokens` keyed by verifier (sha256 hex of the token). */
export type SessionMap = Record<string, SessionEntry>;

/** What to do with the `session_tokens` meta row after a change: WordPress deletes it when empty. */
export type SessionWrite = { op: 'update'; sessions: SessionMap } | { op: 'delete' };

/** The four fields of a cookie value, as text (`expiration` is hashed as written). */
export interface ParsedAuthCookie {
  username: string;
  expiration: string;
  token: string;
  hmac: string;
}

/** The user columns the cookie depends on (`wp_users`). */
export interface AuthUser {
  user_login: string;
  user_pass: string;
}

export type AuthCookieFailure = 'malformed' | 'expired' | 'unknown_user' | 'bad_hmac' | 'bad_session';

export type AuthCookieValidation =
  | {
      ok: true;
      username: string;
      expiration: number;
      token: string;
      /** sha256 hex of the token: the key of the session in `session_tokens`. */
      verifier: string;
      session: SessionEntry;
      /** The cookie is past its expiration and only accepted thanks to the POST/ajax grace hour. */
      inGracePeriod: boolean;
    }
  | { ok: false; reason: AuthCookieFailure };

export const HOUR_IN_SECONDS = 3600;
export const DAY_IN_SECONDS = 86400;
export const YEAR_IN_SECONDS = 31536000;
/** Cookie lifetime when "Remember Me" is ticked (14 days), otherwise 2 days. */
export const REMEMBER_ME_SECONDS = 14 * DAY_IN_SECONDS;
export const SESSION_LOGIN_SECONDS = 2 * DAY_IN_SECONDS;
/** A remembered cookie's browser expiry trails its signed expiration by 12 hours. */
export const COOKIE_EXPIRY_SLACK_SECONDS = 12 * HOUR_IN_SECONDS;
/** Grace after expiration for POST and admin-ajax requests. */
export const AUTH_COOKIE_GRACE_SECONDS = HOUR_IN_SECONDS;
export const SESSION_TOKEN_LENGTH = 43;

// ---------------------------------------------------------------------------------------------
// Names and paths

/** COOKIEHASH: md5 of the siteurl option (trailing slashes removed), lowercase hex. */
export function cookieHash(siteurl: string): string {
  return createHash('md5').update(siteurl.replace(/\/+$/, ''), 'utf8').digest('hex');
}

/** Cookie name per scheme: `wordpress_{H}`, `wordpress_sec_{H}`, `wordpress_logged_in_{H}`. */
export function authCookieNames(siteurl: string): Record<AuthScheme, string> {
  const hash = cookieHash(siteurl);
  return { auth: `wordpress_${hash}`, secure_auth: `wordpress_sec_${hash}`, logged_in: `wordpress_logged_in_${hash}` };
}

export interface CookiePaths {
  /** COOKIEPATH: path of `home` + '/'. */
  cookiePath: string;
  /** SITECOOKIEPATH: path of `siteurl` + '/'. */
  siteCookiePath: string;
  /** ADMIN_COOKIE_PATH: SITECOOKIEPATH + 'wp-admin'. */
  adminCookiePath: string;
  /** PLUGINS_COOKIE_PATH: path of siteurl + '/wp-content/plugins'. */
  pluginsCookiePath: string;
}

/** WordPress strips scheme and host with `preg_replace('|https?://[^/]+|i', '', $url)`. */
function stripOrigin(url: string): string {
  return url.replace(/https?:\/\/[^/]+/gi, '');
}

/** The cookie path constants from `wp_cookie_constants()` for the `home` and `siteurl` options. */
export function cookiePaths(home: string, siteurl: string): CookiePaths {
  const siteCookiePath = stripOrigin(`${siteurl}/`);
  return {
    cookiePath: stripOrigin(`${home}/`),
    siteCookiePath,
    adminCookiePath: `${siteCookiePath}wp-admin`,
    pluginsCookiePath: stripOrigin(`${siteurl}/wp-content/plugins`),
  };
}

// ---------------------------------------------------------------------------------------------
// Wire encoding and parsing

/** RFC 3986 percent-encoding, as express's `res.cookie` does. */
export function encodeCookieValue(value: string): string {
  return encodeURIComponent(value);
}

/** Percent-decoding (`+` stays `+`); undefined for a malformed `%` sequence or invalid UTF-8. */
export function decodeCookieValue(wire: string): string | undefined {
  try {
    return decodeURIComponent(wire);
  } catch {
    return undefined;
  }
}

/** `wp_parse_auth_cookie` on the decoded value: exactly four `|`-separated parts, else undefined. */
export function splitAuthCookie(value: string): ParsedAuthCookie | undefined {
  const parts = value.split('|');
  if (parts.length !== 4) return undefined;
  const [username = '', expiration = '', token = '', hmac = ''] = parts;
  return { username, expiration, token, hmac };
}

/** Decode a wire cookie value and split it; undefined when it is malformed. */
export function parseAuthCookie(wire: string): ParsedAuthCookie | undefined {
  const value = decodeCookieValue(wire);
  return value === undefined ? undefined : splitAuthCookie(value);
}

/** The decoded cookie value `login|expiration|token|hmac`. */
export function formatAuthCookie(cookie: ParsedAuthCookie): string {
  return `${cookie.username}|${cookie.expiration}|${cookie.token}|${cookie.hmac}`;
}

// ---------------------------------------------------------------------------------------------
// HMAC

/**
 * The piece of the password hash signed into cookies, so a password change logs out: `substr($user_pass,
 * 8, 4)` for phpass (`$P$`) and plain bcrypt (`$2y$`) hashes, the last 4 characters for every other
 * format (WordPress 6.8's rule, auth.md §6.4, e.g. `$wp$2y$…`).
 */
export function passFrag(userPass: string): string {
  if (userPass.startsWith('$P$') || userPass.startsWith('$2y$')) return userPass.substring(8, 12);
  return userPass.slice(-4);
}

/**
 * The cookie HMAC: HMAC-SHA256(`login|expiration|token`) keyed with the hex text of
 * `wp_hash(login|pass_frag|expiration|token, scheme)`.
 */
export function authCookieHmac(
  username: string,
  userPass: string,
  expiration: string | number,
  token: string,
  salt: string,
): string {
  const key = wpHash(`${username}|${passFrag(userPass)}|${expiration}|${token}`, salt);
  return createHmac('sha256', key).update(`${username}|${expiration}|${token}`, 'utf8').digest('hex');
}

/** Constant-time string equality (`hash_equals`); different lengths are simply unequal. */
export function timingSafeEqualString(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Whether the cookie's HMAC matches for this password hash and salt (no expiry or session check). */
export function verifyCookieHmac(cookie: ParsedAuthCookie, userPass: string, salt: string): boolean {
  const expected = authCookieHmac(cookie.username, userPass, cookie.expiration, cookie.token, salt);
  return timingSafeEqualString(expected, cookie.hmac);
}

/** `wp_generate_auth_cookie`: the decoded cookie value for a user, expiration and session token. */
export function generateAuthCookie(user: AuthUser, expiration: number, token: string, salt: string): string {
  const hmac = authCookieHmac(user.user_login, user.user_pass, expiration, token, salt);
  return `${user.user_login}|${expiration}|${token}|${hmac}`;
}

// ---------------------------------------------------------------------------------------------
// Validation

/** The request facts validation depends on. */
export interface AuthRequest {
  /** HTTP method as Node reports it (upper case). */
  method: string;
  /** The request is for `wp-admin/admin-ajax.php` (`wp_doing_ajax()`). */
  adminAjax?: boolean;
}

/** POST and admin-ajax requests get an hour of grace after the cookie's expiration. */
export function hasGracePeriod(request: AuthRequest): boolean {
  return request.method === 'POST' || request.adminAjax === true;
}

function expirationNumber(expiration: string): number | undefined {
  return /^\d+$/.test(expiration) ? Number(expiration) : undefined;
}

/**
 * The quick check WordPress does before loading the user: the (grace-extended) expiration is in
 * the past. Cookies whose expiration is not a decimal number count as expired; WordPress never
 * mints them, so their HMAC could not verify anyway.
 */
export function isAuthCookieExpired(cookie: ParsedAuthCookie, request: AuthRequest, now: number): boolean {
  const expiration = expirationNumber(cookie.expiration);
  if (expiration === undefined) return true;
  const expired = expiration + (hasGracePeriod(request) ? AUTH_COOKIE_GRACE_SECONDS : 0);
  return expired < now;
}

export interface ValidateAuthCookieInput {
  /** The parsed cookie, or undefined when `parseAuthCookie` failed. */
  cookie: ParsedAuthCookie | undefined;
  /** The scheme's salt (`logged_in` for the logged-in cookie, `auth`/`secure_auth` for admin ones). */
  salt: string;
  /** The user found by `cookie.username` (case-insensitively, as WordPress does), if any. */
  user: Pick<AuthUser, 'user_pass'> | undefined;
  /** The user's raw `session_tokens` meta (unserialized), or undefined when absent. */
  sessionTokens: unknown;
  request: AuthRequest;
  /** Unix seconds. */
  now: number;
}

/**
 * `wp_validate_auth_cookie`: well-formed, not expired (POST/ajax grace), user exists, HMAC matches
 * the user's current password hash, and the token's session is stored and unexpired.
 */
export function validateAuthCookie(input: ValidateAuthCookieInput): AuthCookieValidation {
  const { cookie, now } = input;
  if (!cookie) return { ok: false, reason: 'malformed' };
  const expiration = expirationNumber(cookie.expiration);
  if (expiration === undefined || isAuthCookieExpired(cookie, input.request, now)) {
    return { ok: false, reason: 'expired' };
  }
  if (!input.user) return { ok: false, reason: 'unknown_user' };
  if (!verifyCookieHmac(cookie, input.user.user_pass, input.salt)) return { ok: false, reason: 'bad_hmac' };
  const verifier = hashSessionToken(cookie.token);
  const session = pruneSessions(input.sessionTokens, now)[verifier];
  if (!session) return { ok: false, reason: 'bad_session' };
  return {
    ok: true,
    username: cookie.username,
    expiration,
    token: cookie.token,
    verifier,
    session,
    inGracePeriod: expiration < now,
  };
}

// ---------------------------------------------------------------------------------------------
// Session tokens

/** The verifier a token is stored under: sha256 hex. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** `wp_generate_password(43, false, false)`: 43 characters uniformly from [a-zA-Z0-9]. */
export function generateSessionToken(): string {
  return randomString(SESSION_TOKEN_LENGTH, WP_ALNUM_CHARS);
}

function rawEntries(raw: unknown): [string, unknown][] {
  if (raw instanceof Map) return [...raw.entries()].map(([key, value]) => [String(key), value]);
  if (typeof raw !== 'object' || raw === null) return [];
  return Object.entries(raw);
}

function normalizeEntry(value: unknown): SessionEntry | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? { expiration: value } : undefined;
  const fields = value instanceof Map ? Object.fromEntries(value) : value;
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return undefined;
  const record = fields as Record<string, unknown>;
  const expiration = record.expiration;
  const seconds =
    typeof expiration === 'number'
      ? expiration
      : typeof expiration === 'string' && /^\s*-?\d+\s*$/.test(expiration)
        ? Number(expiration)
        : Number.NaN;
  if (!Number.isFinite(seconds)) return undefined;
  return { ...record, expiration: seconds };
}

/**
 * The `session_tokens` meta as a `SessionMap`: a legacy bare integer becomes `{ expiration }`;
 * anything that is not a map, and entries without a numeric expiration, are dropped.
 */
export function normalizeSessions(raw: unknown): SessionMap {
  const out: [string, SessionEntry][] = [];
  for (const [verifier, value] of rawEntries(raw)) {
    const entry = normalizeEntry(value);
    if (entry) out.push([verifier, entry]);
  }
  return Object.fromEntries(out);
}

/** `get_sessions()`: normalized, without entries whose expiration is before `now`. */
export function pruneSessions(raw: unknown, now: number): SessionMap {
  return Object.fromEntries(Object.entries(normalizeSessions(raw)).filter(([, entry]) => entry.expiration >= now));
}

/** The live session for a token, if any (`WP_Session_Tokens::get`). */
export function findSession(raw: unknown, token: string, now: number): SessionEntry | undefined {
  const sessions = pruneSessions(raw, now);
  const verifier = hashSessionToken(token);
  return Object.hasOwn(sessions, verifier) ? sessions[verifier] : undefined;
}

/** `WP_Session_Tokens::verify`. */
export function verifySessionToken(raw: unknown, token: string, now: number): boolean {
  return findSession(raw, token, now) !== undefined;
}

function toWrite(sessions: SessionMap): SessionWrite {
  return Object.keys(sessions).length === 0 ? { op: 'delete' } : { op: 'update', sessions };
}

/** Store (or replace) the session for `token`, pruning expired ones. */
export function addSession(raw: unknown, token: string, entry: SessionEntry, now: number): SessionWrite {
  return toWrite({ ...pruneSessions(raw, now), [hashSessionToken(token)]: entry });
}

/** Forget the session for `token` (logout), pruning expired ones. */
export function removeSession(raw: unknown, token: string, now: number): SessionWrite {
  const verifier = hashSessionToken(token);
  return toWrite(Object.fromEntries(Object.entries(pruneSessions(raw, now)).filter(([key]) => key !== verifier)));
}

/** The entry `WP_Session_Tokens::create` stores; empty ip/ua are left out, as WordPress does. */
export function newSessionEntry(expiration: number, now: number, ip?: string, ua?: string): SessionEntry {
  const entry: SessionEntry = { expiration };
  if (ip) entry.ip = ip;
  if (ua) entry.ua = ua;
  entry.login = now;
  return entry;
}

// ---------------------------------------------------------------------------------------------
// Minting and logout

export interface MintAuthCookiesInput {
  user: AuthUser;
  /** "Remember Me": 14 days and a persistent cookie, else 2 days and a session cookie. */
  remember: boolean;
  /** The request arrived over https (`is_ssl()`): the admin cookie becomes `wordpress_sec_` and Secure. */
  https: boolean;
  /** The `home` and `siteurl` options. */
  home: string;
  siteurl: string;
  salts: SaltFor;
  /** The user's current raw `session_tokens` meta (re-read just before writing). */
  sessionTokens: unknown;
  ip?: string;
  ua?: string;
  /** Unix seconds. */
  now: number;
}

export interface MintedLogin {
  token: string;
  expiration: number;
  session: SessionEntry;
  /** Write this to the user's `session_tokens` meta. */
  sessionWrite: SessionWrite;
  /** The decoded cookie values. */
  loggedInCookie: string;
  authCookie: string;
  authScheme: 'auth' | 'secure_auth';
  /** In WordPress's order: admin cookie on the plugins and admin paths, then logged-in cookie(s). */
  cookies: ReplyCookie[];
}

/** `wp_set_auth_cookie` with a new session token (`WP_Session_Tokens::create`). */
export function mintAuthCookies(input: MintAuthCookiesInput): MintedLogin {
  const { now } = input;
  const expiration = now + (input.remember ? REMEMBER_ME_SECONDS : SESSION_LOGIN_SECONDS);
  const expires = input.remember ? new Date((expiration + COOKIE_EXPIRY_SLACK_SECONDS) * 1000) : undefined;
  const token = generateSessionToken();
  const session = newSessionEntry(expiration, now, input.ip, input.ua);
  const sessionWrite = addSession(input.sessionTokens, token, session, now);

  const issued = authCookiesFor({ ...input, expiration, token, expires });
  return { token, expiration, session, sessionWrite, ...issued };
}

/**
 * The login cookies of one session (`wp_set_auth_cookie` for a known token): the admin cookie on the
 * plugins and admin paths, then the logged-in cookie(s); persistent when `expires` is given.
 */
export function authCookiesFor(input: {
  user: AuthUser;
  expiration: number;
  token: string;
  expires: Date | undefined;
  https: boolean;
  home: string;
  siteurl: string;
  salts: SaltFor;
}): Pick<MintedLogin, 'loggedInCookie' | 'authCookie' | 'authScheme' | 'cookies'> {
  const { user, expiration, token, expires } = input;
  const authScheme = input.https ? 'secure_auth' : 'auth';
  const secureLoggedIn = input.https && /^https:/.test(input.home);
  const authCookie = generateAuthCookie(user, expiration, token, input.salts(authScheme));
  const loggedInCookie = generateAuthCookie(user, expiration, token, input.salts('logged_in'));
  const names = authCookieNames(input.siteurl);
  const paths = cookiePaths(input.home, input.siteurl);
  const make = (name: string, value: string, path: string, secure: boolean): ReplyCookie =>
    expires ? { name, value, path, expires, httpOnly: true, secure } : { name, value, path, httpOnly: true, secure };
  const cookies = [
    make(names[authScheme], authCookie, paths.pluginsCookiePath, input.https),
    make(names[authScheme], authCookie, paths.adminCookiePath, input.https),
    make(names.logged_in, loggedInCookie, paths.cookiePath, secureLoggedIn),
  ];
  if (paths.cookiePath !== paths.siteCookiePath) {
    cookies.push(make(names.logged_in, loggedInCookie, paths.siteCookiePath, secureLoggedIn));
  }
  return { loggedInCookie, authCookie, authScheme, cookies };
}

/**
 * `wp_clear_auth_cookie`'s login cookies: `auth` and `secure_auth` on the admin and plugins paths,
 * `logged_in` on COOKIEPATH and SITECOOKIEPATH, each set to ' ' and expired a year ago.
 * Remove the session itself with `removeSession`.
 */
export function logoutCookies(home: string, siteurl: string, now: number): ReplyCookie[] {
  const names = authCookieNames(siteurl);
  const paths = cookiePaths(home, siteurl);
  const expires = new Date((now - YEAR_IN_SECONDS) * 1000);
  const pairs: [string, string][] = [
    [names.auth, paths.adminCookiePath],
    [names.secure_auth, paths.adminCookiePath],
    [names.auth, paths.pluginsCookiePath],
    [names.secure_auth, paths.pluginsCookiePath],
    [names.logged_in, paths.cookiePath],
    [names.logged_in, paths.siteCookiePath],
  ];
  const seen = new Set<string>();
  const cookies: ReplyCookie[] = [];
  for (const [name, path] of pairs) {
    const key = `${name}\n${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    cookies.push({ name, value: ' ', path, expires, httpOnly: true, secure: false });
  }
  return cookies;
}
