/**
 * WordPress password hashes (auth.md §6): what 6.3.1 verifies (`wp_check_password`: MD5 legacy,
 * phpass `$P$`/`$H$`, then the system crypt for bcrypt), what 6.8 writes (`$wp$2y$…`), what we write
 * while 6.3.1 shares the database (`$P$B` phpass), and the password reset keys of
 * `users.user_activation_key` (§6.5).
 *
 * The slashing gotcha: WordPress hashes and checks `P = trim(addslashes(raw))`, because its login,
 * registration and reset paths never unslash the password. Every function taking `raw` builds P
 * itself. PHP works on bytes; JavaScript strings are turned into UTF-8 bytes only where bytes are
 * hashed, which is equivalent because the characters addslashes and trim touch are all ASCII.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { randomString, WP_ALNUM_CHARS } from './wp-salt';

/** phpass's alphabet for salts and digests. */
const ITOA64 = './0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Longer passwords always fail (phpass `CheckPassword`, WordPress 6.8 `wp_check_password`). */
export const MAX_PASSWORD_BYTES = 4096;

/** `PasswordHash(8, true)`: count character `B` = 2^13 rounds, what WordPress writes. */
const PHPASS_COUNT_CHAR = 'B';

/** A reset key lives for one day (`password_reset_expiration`). */
export const RESET_KEY_LIFETIME_SECONDS = 86400;

/** `wp_generate_password(20, false)`: the length of a reset key. */
export const RESET_KEY_LENGTH = 20;

// ---------------------------------------------------------------------------------------------
// PHP string functions, on the characters that matter

/** PHP `addslashes`: a backslash before `'`, `"` and `\`; NUL becomes `\0`. */
export function addslashes(text: string): string {
  return text.replace(/[\\'"\0]/g, (c) => (c === '\0' ? '\\0' : `\\${c}`));
}

/** PHP `trim` with its default set: space, `\t`, `\n`, `\r`, NUL and `\x0B` (not other Unicode spaces). */
export function phpTrim(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL and vertical tab are in PHP's trim set
  return text.replace(/^[ \t\n\r\0\x0B]+|[ \t\n\r\0\x0B]+$/g, '');
}

/** The string WordPress 6.3.1 hashes and checks for a typed password: `trim(addslashes(raw))`. */
export function wordpressPasswordText(raw: string): string {
  return phpTrim(addslashes(raw));
}

// ---------------------------------------------------------------------------------------------
// phpass portable hashes

/** phpass `encode64`: groups of three bytes, little-endian, six bits per character. */
export function encode64(input: Uint8Array, count: number): string {
  let output = '';
  let i = 0;
  do {
    let value = input[i++] ?? 0;
    output += ITOA64[value & 0x3f];
    if (i < count) value |= (input[i] ?? 0) << 8;
    output += ITOA64[(value >> 6) & 0x3f];
    if (i++ >= count) break;
    if (i < count) value |= (input[i] ?? 0) << 16;
    output += ITOA64[(value >> 12) & 0x3f];
    if (i++ >= count) break;
    output += ITOA64[(value >> 18) & 0x3f];
  } while (i < count);
  return output;
}

/**
 * phpass `crypt_private`: the `$P$`/`$H$` hash of `password` with the count and salt of `setting`,
 * or `*0` (`*1` when the setting itself starts with `*0`) when the setting is not a phpass one.
 */
export function cryptPrivate(password: string, setting: string): string {
  const failure = setting.startsWith('*0') ? '*1' : '*0';
  const id = setting.slice(0, 3);
  if (id !== '$P$' && id !== '$H$') return failure;
  const countLog2 = setting.length > 3 ? ITOA64.indexOf(setting.charAt(3)) : -1;
  if (countLog2 < 7 || countLog2 > 30) return failure;
  const salt = setting.slice(4, 12);
  if (salt.length !== 8) return failure;
  const pass = Buffer.from(password, 'utf8');
  let hash = createHash('md5')
    .update(Buffer.concat([Buffer.from(salt, 'utf8'), pass]))
    .digest();
  for (let count = 2 ** countLog2; count > 0; count--) {
    hash = createHash('md5')
      .update(Buffer.concat([hash, pass]))
      .digest();
  }
  return setting.slice(0, 12) + encode64(hash, 16);
}

/** A `$P$B` phpass hash of `text` exactly as given (no slashing or trimming), with a fresh salt. */
export function phpassHash(text: string, salt: Uint8Array = randomBytes(6)): string {
  return cryptPrivate(text, `$P$${PHPASS_COUNT_CHAR}${encode64(salt, 6)}`);
}

/** phpass `CheckPassword` without the system-crypt fallback: `text` against a `$P$`/`$H$` hash. */
export function phpassCheck(text: string, hash: string): boolean {
  if (Buffer.byteLength(text, 'utf8') > MAX_PASSWORD_BYTES) return false;
  const computed = cryptPrivate(text, hash);
  return !computed.startsWith('*') && equalText(computed, hash);
}

// ---------------------------------------------------------------------------------------------
// Checking and writing passwords

export interface PasswordCheck {
  ok: boolean;
  /**
   * The hash to store instead (WordPress's `wp_set_password` after an MD5 match), set only when the
   * stored one should be replaced: an MD5 hash, or a hash that matched only the unslashed password
   * (written by the REST API or WP-CLI), which WordPress 6.3.1's own login would then refuse.
   */
  rehash?: string;
}

/**
 * `wp_check_password` for a typed password (WordPress 6.3.1 rules plus the 6.8 formats):
 * - length ≤ 32: MD5 hex of P (legacy), upgraded to phpass on success;
 * - `$wp…`: WordPress 6.8, bcrypt of base64(HMAC-SHA384(key `wp-sha384`, P));
 * - `$P$`/`$H$`: phpass; `$2a$`/`$2b$`/`$2y$`: bcrypt (PHP's crypt);
 * - anything else (sha512-crypt and other crypt schemes) fails.
 * P is tried first, then `trim(raw)`. More than 4096 bytes always fails.
 */
export async function checkPassword(raw: string, storedHash: string): Promise<PasswordCheck> {
  const slashed = wordpressPasswordText(raw);
  if (Buffer.byteLength(slashed, 'utf8') > MAX_PASSWORD_BYTES) return { ok: false };
  const plain = phpTrim(raw);
  const candidates = plain === slashed ? [slashed] : [slashed, plain];
  for (const [index, candidate] of candidates.entries()) {
    if (!(await matches(candidate, storedHash))) continue;
    const legacy = storedHash.length <= 32;
    return legacy || index > 0 ? { ok: true, rehash: hashPassword(raw) } : { ok: true };
  }
  return { ok: false };
}

async function matches(password: string, hash: string): Promise<boolean> {
  if (hash.length <= 32) return hash !== '' && equalText(md5Hex(password), hash);
  if (hash.startsWith('$wp')) return bcryptCompare(wp68Prehash(password), hash.slice(3));
  if (hash.startsWith('$P$') || hash.startsWith('$H$')) return phpassCheck(password, hash);
  if (/^\$2[aby]\$/.test(hash)) return bcryptCompare(password, hash);
  return false;
}

/** WordPress 6.8's bcrypt input: base64 of the raw HMAC-SHA384 of the trimmed password, key `wp-sha384`. */
export function wp68Prehash(password: string): string {
  return createHmac('sha384', 'wp-sha384').update(phpTrim(password), 'utf8').digest('base64');
}

async function bcryptCompare(password: string, hash: string): Promise<boolean> {
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    return false; // a malformed bcrypt string: PHP's crypt returns `*0`, which never equals it
  }
}

/**
 * `wp_hash_password` as WordPress 6.3.1 writes it: `$P$B` phpass of P = trim(addslashes(raw)).
 * (Never the 6.8 `$wp$` format while 6.3.1 reads the same table: it cannot verify it.)
 */
export function hashPassword(raw: string): string {
  return phpassHash(wordpressPasswordText(raw));
}

/** A phpass hash nobody's password matches (its text is random), so unknown users cost the same work. */
const DUMMY_HASH = phpassHash(randomString(32, WP_ALNUM_CHARS));

/** Spends the time of one password check and always fails (login of an unknown user). */
export async function dummyPasswordCheck(raw: string): Promise<false> {
  await checkPassword(raw, DUMMY_HASH);
  return false;
}

// ---------------------------------------------------------------------------------------------
// Reset keys (users.user_activation_key)

/** `wp_generate_password(20, false)`: the key mailed in the reset link. */
export function generateResetKey(): string {
  return randomString(RESET_KEY_LENGTH, WP_ALNUM_CHARS);
}

/** What `get_password_reset_key` stores: `"{unix time}:{phpass(key)}"`. */
export function resetKeyValue(key: string, now: Date): string {
  return `${Math.floor(now.getTime() / 1000)}:${phpassHash(key)}`;
}

export type ResetKeyCheck = 'valid' | 'expired' | 'invalid';

/**
 * `check_password_reset_key` against the stored `user_activation_key`: valid within 86400 s of the
 * request time; a correct key past it, a correct key stored without a time, or a key stored in
 * clear (pre-3.7 WordPress) is expired; anything else, an empty key or one with characters other
 * than [A-Za-z0-9] is invalid.
 */
export function checkResetKey(key: string, stored: string, now: Date): ResetKeyCheck {
  if (key === '' || !/^[A-Za-z0-9]+$/.test(key) || stored === '') return 'invalid';
  let hashed = stored;
  let expiresAt: number | undefined;
  const colon = stored.indexOf(':');
  if (colon !== -1) {
    const requested = stored.slice(0, colon);
    hashed = stored.slice(colon + 1);
    if (!/^\d+$/.test(requested)) return 'invalid';
    expiresAt = Number(requested) > 0 ? Number(requested) + RESET_KEY_LIFETIME_SECONDS : undefined;
  }
  const correct = phpassCheck(key, hashed);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (correct && expiresAt !== undefined) return nowSeconds < expiresAt ? 'valid' : 'expired';
  if (equalText(stored, key) || correct) return 'expired';
  return 'invalid';
}

// ---------------------------------------------------------------------------------------------

function md5Hex(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

/** `hash_equals`: constant time for equal lengths. */
function equalText(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
