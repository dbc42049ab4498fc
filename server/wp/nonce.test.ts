import { describe, expect, it } from 'vitest';
import { encodeCookieValue } from './auth-cookie';
import { createNonce, type NonceContext, nonceTick, sessionTokenFromCookie, verifyNonce } from './nonce';

const SALT = 'nonce-key-examplenonce-salt-example';
const NOW = 1700000000;
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefg';
const GUEST: NonceContext = { uid: 0, token: '', salt: SALT, now: NOW };
const USER: NonceContext = { uid: 5, token: TOKEN, salt: SALT, now: NOW };

describe('nonceTick', () => {
  it('is ceil(now / 43200)', () => {
    expect(nonceTick(NOW)).toBe(39352);
    expect(nonceTick(43200)).toBe(1);
    expect(nonceTick(43201)).toBe(2);
  });
});

describe('createNonce', () => {
  it('matches the spec vectors', () => {
    expect(createNonce('tourmaster-registration', GUEST)).toBe('8e0439a3e4');
    expect(createNonce('log-out', USER)).toBe('2281151d1b');
  });

  it('depends on action, user and token', () => {
    expect(createNonce('log-out', { ...USER, uid: 6 })).not.toBe('2281151d1b');
    expect(createNonce('log-out', { ...USER, token: '' })).not.toBe('2281151d1b');
    expect(createNonce('other', USER)).not.toBe('2281151d1b');
    expect(createNonce(-1, GUEST)).toBe(createNonce('-1', GUEST));
  });
});

describe('verifyNonce', () => {
  it('returns 1 in the same tick and 2 in the next', () => {
    expect(verifyNonce('2281151d1b', 'log-out', USER)).toBe(1);
    const endOfTick = 39352 * 43200;
    expect(verifyNonce('2281151d1b', 'log-out', { ...USER, now: endOfTick })).toBe(1);
    expect(verifyNonce('2281151d1b', 'log-out', { ...USER, now: endOfTick + 1 })).toBe(2);
    expect(verifyNonce('2281151d1b', 'log-out', { ...USER, now: endOfTick + 43200 })).toBe(2);
    expect(verifyNonce('2281151d1b', 'log-out', { ...USER, now: endOfTick + 43201 })).toBe(false);
    expect(verifyNonce('8e0439a3e4', 'tourmaster-registration', GUEST)).toBe(1);
  });

  it('rejects a nonce made in a later tick', () => {
    expect(verifyNonce('2281151d1b', 'log-out', { ...USER, now: NOW - 43200 })).toBe(false);
  });

  it('rejects empty, wrong-length, tampered and foreign nonces', () => {
    expect(verifyNonce('', 'log-out', USER)).toBe(false);
    expect(verifyNonce('0', 'log-out', USER)).toBe(false);
    expect(verifyNonce(undefined, 'log-out', USER)).toBe(false);
    expect(verifyNonce(['2281151d1b'], 'log-out', USER)).toBe(false);
    expect(verifyNonce('2281151d1', 'log-out', USER)).toBe(false);
    expect(verifyNonce('2281151d1c', 'log-out', USER)).toBe(false);
    expect(verifyNonce('2281151D1B', 'log-out', USER)).toBe(false);
    expect(verifyNonce('2281151d1b', 'log-out', GUEST)).toBe(false);
    expect(verifyNonce('2281151d1b', 'log-in', USER)).toBe(false);
  });
});

describe('sessionTokenFromCookie', () => {
  it('takes the third field of any four-part cookie, even an invalid one', () => {
    expect(sessionTokenFromCookie(encodeCookieValue(`alice|1700000000|${TOKEN}|deadbeef`))).toBe(TOKEN);
    expect(sessionTokenFromCookie(`x%7Cy%7C${TOKEN}%7Cz`)).toBe(TOKEN);
  });

  it('is empty without a usable cookie', () => {
    expect(sessionTokenFromCookie(undefined)).toBe('');
    expect(sessionTokenFromCookie(`alice%7C1700000000%7C${TOKEN}`)).toBe('');
    expect(sessionTokenFromCookie(`alice%7C1%7C${TOKEN}%7C%ZZ`)).toBe('');
    expect(sessionTokenFromCookie('a%7Cb%7C%7Cd')).toBe('');
    expect(sessionTokenFromCookie('a%7Cb%7C0%7Cd')).toBe('');
  });
});
