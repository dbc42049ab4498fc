import { describe, expect, it } from 'vitest';
import {
  generateSecret,
  MissingSaltOptionsError,
  PLACEHOLDER_SECRET,
  randomString,
  resolveSalt,
  SECRET_CONSTANT_NAMES,
  WP_ALNUM_CHARS,
  WP_EXTRA_SPECIAL_CHARS,
  WP_SPECIAL_CHARS,
  wpHash,
  wpSalt,
} from './wp-salt';

const noOptions = new Map<string, string>();

const DUMMY = {
  LOGGED_IN_KEY: 'logged-in-key-example',
  LOGGED_IN_SALT: 'logged-in-salt-example',
  NONCE_KEY: 'nonce-key-example',
  NONCE_SALT: 'nonce-salt-example',
};

describe('resolveSalt', () => {
  it('concatenates KEY and SALT constants of the scheme', () => {
    expect(resolveSalt('logged_in', DUMMY, noOptions)).toEqual({
      salt: 'logged-in-key-examplelogged-in-salt-example',
      missingOptions: [],
    });
    expect(wpSalt('nonce', DUMMY, noOptions)).toBe('nonce-key-examplenonce-salt-example');
  });

  it('checks all ten constants, SECRET_KEY and SECRET_SALT included', () => {
    expect(SECRET_CONSTANT_NAMES).toHaveLength(10);
    expect(SECRET_CONSTANT_NAMES).toContain('SECRET_SALT');
  });

  it('treats every constant sharing a value with another as invalid (duplicates rule)', () => {
    const constants = { ...DUMMY, AUTH_KEY: 'shared', AUTH_SALT: 'auth-salt', SECURE_AUTH_SALT: 'shared' };
    const options = new Map([
      ['auth_key', 'opt-auth-key'],
      ['secure_auth_salt', 'opt-sec-salt'],
    ]);
    expect(wpSalt('auth', constants, options)).toBe('opt-auth-keyauth-salt');
    // SECURE_AUTH_KEY is undefined and SECURE_AUTH_SALT is a duplicate: both from options.
    expect(resolveSalt('secure_auth', constants, options)).toEqual({
      salt: null,
      missingOptions: ['secure_auth_key'],
    });
    // Unaffected schemes keep their constants.
    expect(wpSalt('logged_in', constants, options)).toBe('logged-in-key-examplelogged-in-salt-example');
  });

  it('counts a duplicate of SECRET_KEY too', () => {
    const constants = { ...DUMMY, SECRET_KEY: 'nonce-key-example' };
    const options = new Map([['nonce_key', 'opt-nonce-key']]);
    expect(wpSalt('nonce', constants, options)).toBe('opt-nonce-keynonce-salt-example');
  });

  it('ignores the placeholder, empty and "0" values', () => {
    const constants = { LOGGED_IN_KEY: PLACEHOLDER_SECRET, LOGGED_IN_SALT: '', NONCE_KEY: '0', NONCE_SALT: 'n' };
    expect(resolveSalt('logged_in', constants, noOptions)).toEqual({
      salt: null,
      missingOptions: ['logged_in_key', 'logged_in_salt'],
    });
    expect(resolveSalt('nonce', constants, new Map([['nonce_key', 'k']]))).toEqual({ salt: 'kn', missingOptions: [] });
  });

  it('falls back to SECRET_KEY for any scheme and to SECRET_SALT for auth only', () => {
    const constants = { SECRET_KEY: 'secret-key', SECRET_SALT: 'secret-salt' };
    const options = new Map([
      ['auth_key', 'unused'],
      ['logged_in_salt', 'li-salt'],
    ]);
    expect(wpSalt('auth', constants, options)).toBe('secret-keysecret-salt');
    expect(wpSalt('logged_in', constants, options)).toBe('secret-keyli-salt');
    expect(resolveSalt('nonce', constants, options)).toEqual({ salt: null, missingOptions: ['nonce_salt'] });
  });

  it('prefers the scheme constant over SECRET_KEY', () => {
    expect(wpSalt('logged_in', { ...DUMMY, SECRET_KEY: 'secret-key' }, noOptions)).toBe(
      'logged-in-key-examplelogged-in-salt-example',
    );
  });

  it('reports missing options until they are stored, and treats a stored "" as missing', () => {
    const options = new Map([['nonce_key', '']]);
    const first = resolveSalt('nonce', {}, options);
    expect(first).toEqual({ salt: null, missingOptions: ['nonce_key', 'nonce_salt'] });
    expect(() => wpSalt('nonce', {}, options)).toThrow(MissingSaltOptionsError);
    for (const name of first.missingOptions) options.set(name, generateSecret());
    const second = resolveSalt('nonce', {}, options);
    expect(second.salt).toBe(`${options.get('nonce_key')}${options.get('nonce_salt')}`);
    expect(second.salt).toHaveLength(128);
  });

  it('resolves the fixture site logged_in salt', () => {
    const constants = {
      LOGGED_IN_KEY: 'L!K@(E&DR?73GEp#M];Tl_,%|;fZ40FK?89ju]xK4NsH)Nr4W4:O8R~L=J}B|4j5',
      LOGGED_IN_SALT: 'F!8kv0r8K48F?)eR??n/.eZK<B)Z8:{wi?CgYC48!|~?64imgqAueR!_C)fTE)bm',
    };
    expect(wpSalt('logged_in', constants, noOptions)).toBe(constants.LOGGED_IN_KEY + constants.LOGGED_IN_SALT);
  });
});

describe('wpHash', () => {
  it('is HMAC-MD5 with the salt (spec vector)', () => {
    const salt = wpSalt('logged_in', DUMMY, noOptions);
    expect(wpHash('alice|efgH|1700000000|AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefg', salt)).toBe(
      'c79f614ffdfd7cc2cd80df777876969e',
    );
  });
});

describe('generateSecret / randomString', () => {
  const charset = WP_ALNUM_CHARS + WP_SPECIAL_CHARS + WP_EXTRA_SPECIAL_CHARS;

  it('uses the 92 wp_generate_password characters', () => {
    expect(charset).toHaveLength(92);
    expect(new Set(charset).size).toBe(92);
  });

  it('makes 64 characters from that set, differently each time', () => {
    const a = generateSecret();
    const b = generateSecret();
    expect(a).toHaveLength(64);
    for (const ch of a) expect(charset).toContain(ch);
    expect(a).not.toBe(b);
  });

  it('draws every character of a charset and nothing else', () => {
    const s = randomString(4000, 'abc');
    expect(s).toHaveLength(4000);
    expect(new Set(s)).toEqual(new Set(['a', 'b', 'c']));
    expect(randomString(0, 'abc')).toBe('');
    expect(() => randomString(3, '')).toThrow(RangeError);
  });
});
