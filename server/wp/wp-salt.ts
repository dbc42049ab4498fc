/**
 * WordPress secret salts (`wp_salt()`), `wp_hash()` and the random strings WordPress generates
 * (`wp_generate_password()`), as in WordPress 6.3.1 `wp-includes/pluggable.php`.
 *
 * Pure: the wp-config constants and the options table are passed in. When a salt needs an option
 * that is not stored yet, `resolveSalt` reports it instead of inventing one, so the caller can
 * generate it with `generateSecret()`, store it (as WordPress's `update_site_option` would) and
 * resolve again.
 */
import { createHmac, randomBytes } from 'node:crypto';

/** The schemes `wp_salt()` knows constants for. */
export type SaltScheme = 'auth' | 'secure_auth' | 'logged_in' | 'nonce';

/** wp-config constants by name, e.g. `{ LOGGED_IN_KEY: '…' }`; an undefined entry is "not defined". */
export type WpSecretConstants = Partial<Record<string, string>>;

/** Read access to the options table (`get_site_option`); a `Map<string, string>` fits. */
export interface OptionSource {
  get(name: string): string | undefined;
}

/**
 * The outcome of `resolveSalt`: either the salt, or the option names (`{scheme}_key`,
 * `{scheme}_salt`) that must be generated and stored first. There is deliberately no partial salt:
 * hashing with a half-empty salt would accept forged cookies.
 */
export type SaltResolution = { salt: string; missingOptions: [] } | { salt: null; missingOptions: string[] };

/** The sample wp-config value WordPress refuses to use as a secret. */
export const PLACEHOLDER_SECRET = 'put your unique phrase here';

/**
 * Every constant `wp_salt()` takes part in the duplicate check. WordPress checks SECRET_KEY and
 * SECRET_SALT too (ten names, not only the eight scheme keys/salts).
 */
export const SECRET_CONSTANT_NAMES: readonly string[] = ['AUTH', 'SECURE_AUTH', 'LOGGED_IN', 'NONCE', 'SECRET'].flatMap(
  (first) => [`${first}_KEY`, `${first}_SALT`],
);

/** `wp_generate_password()` characters: letters and digits. */
export const WP_ALNUM_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** Added by `$special_chars = true`. */
export const WP_SPECIAL_CHARS = '!@#$%^&*()';
/** Added by `$extra_special_chars = true`. */
export const WP_EXTRA_SPECIAL_CHARS = '-_ []{}<>~`+=,.;:/?|';

/** PHP truthiness of a string: `''` and `'0'` are false. */
function phpTruthy(value: string | undefined): value is string {
  return value !== undefined && value !== '' && value !== '0';
}

/** Secret values WordPress will not use: the placeholder and any value defined by two or more constants. */
function unusableValues(constants: WpSecretConstants): Set<string> {
  const seen = new Set<string>();
  const bad = new Set<string>([PLACEHOLDER_SECRET]);
  for (const name of SECRET_CONSTANT_NAMES) {
    const value = constants[name];
    if (value === undefined) continue;
    if (seen.has(value)) bad.add(value);
    seen.add(value);
  }
  return bad;
}

/**
 * Whether WordPress would use constant `name` as a secret: defined, truthy in PHP terms (not `''`
 * or `'0'`), not the placeholder and not equal to any other defined secret constant.
 */
export function isUsableSecret(name: string, constants: WpSecretConstants): boolean {
  const value = constants[name];
  return phpTruthy(value) && !unusableValues(constants).has(value);
}

/**
 * `wp_salt($scheme)`: KEY . SALT for the scheme. A part whose constant is unusable falls back to
 * SECRET_KEY (key part) / SECRET_SALT (salt part, `auth` only), then to the option
 * `{scheme}_key` / `{scheme}_salt`.
 */
export function resolveSalt(scheme: SaltScheme, constants: WpSecretConstants, options: OptionSource): SaltResolution {
  const bad = unusableValues(constants);
  const usable = (name: string): string | undefined => {
    const value = constants[name];
    return phpTruthy(value) && !bad.has(value) ? value : undefined;
  };
  const fallback = { key: usable('SECRET_KEY') ?? '', salt: scheme === 'auth' ? (usable('SECRET_SALT') ?? '') : '' };
  const parts: string[] = [];
  const missingOptions: string[] = [];
  for (const type of ['key', 'salt'] as const) {
    const fromConstant = usable(`${scheme}_${type}`.toUpperCase());
    if (fromConstant !== undefined) {
      parts.push(fromConstant);
    } else if (fallback[type] !== '') {
      parts.push(fallback[type]);
    } else {
      const optionName = `${scheme}_${type}`;
      const stored = options.get(optionName);
      if (phpTruthy(stored)) parts.push(stored);
      else missingOptions.push(optionName);
    }
  }
  if (missingOptions.length > 0) return { salt: null, missingOptions };
  return { salt: parts.join(''), missingOptions: [] };
}

/** Thrown by `wpSalt` when options still have to be generated. */
export class MissingSaltOptionsError extends Error {
  readonly missingOptions: string[];
  constructor(scheme: SaltScheme, missingOptions: string[]) {
    super(`wp_salt('${scheme}') needs the option(s) ${missingOptions.join(', ')}; generate them with generateSecret()`);
    this.name = 'MissingSaltOptionsError';
    this.missingOptions = missingOptions;
  }
}

/** `resolveSalt` for callers that already stored every option: the salt, or a `MissingSaltOptionsError`. */
export function wpSalt(scheme: SaltScheme, constants: WpSecretConstants, options: OptionSource): string {
  const resolved = resolveSalt(scheme, constants, options);
  if (resolved.salt === null) throw new MissingSaltOptionsError(scheme, resolved.missingOptions);
  return resolved.salt;
}

/** `wp_hash($data, $scheme)` given the scheme's salt: HMAC-MD5, lowercase hex. */
export function wpHash(data: string, salt: string): string {
  return createHmac('md5', salt).update(data, 'utf8').digest('hex');
}

/**
 * `length` characters drawn uniformly from `charset` (at most 256 distinct characters) with
 * crypto randomness; bytes that would bias the modulo are rejected.
 */
export function randomString(length: number, charset: string): string {
  const n = charset.length;
  if (n < 1 || n > 256) throw new RangeError('randomString: charset must have 1..256 characters');
  if (!Number.isInteger(length) || length < 0) throw new RangeError('randomString: length must be a natural number');
  const limit = 256 - (256 % n);
  let out = '';
  let count = 0;
  while (count < length) {
    for (const byte of randomBytes(Math.max(16, (length - count) * 2))) {
      if (byte >= limit) continue;
      out += charset.charAt(byte % n);
      count += 1;
      if (count === length) break;
    }
  }
  return out;
}

/** `wp_generate_password(64, true, true)`: the value WordPress stores for a missing salt option. */
export function generateSecret(): string {
  return randomString(64, WP_ALNUM_CHARS + WP_SPECIAL_CHARS + WP_EXTRA_SPECIAL_CHARS);
}
