import { describe, expect, it } from 'vitest';
import { MANAGE_LINK_DAYS, manageExpiry, parseManageToken, signManageToken, verifyManageToken } from './manage-link';

const KEY = { secret: 'salt-auth-secret', orderId: 12, nonce: '0123456789abcdef0123456789abcdef' };
const NOW = new Date('2026-11-21T12:00:00Z');
const LATER = Math.floor(NOW.getTime() / 1000) + 3600;

describe('manage link tokens', () => {
  it('a signed token opens its order until it expires', () => {
    const token = signManageToken(KEY, LATER);
    expect(token).toMatch(/^12\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyManageToken(token, KEY, NOW)).toBe('ok');
    expect(verifyManageToken(token, KEY, new Date(LATER * 1000))).toBe('expired');
  });

  it('a tampered MAC, expiry or order id is invalid', () => {
    const token = signManageToken(KEY, LATER);
    const [id, expiry, mac] = token.split('.') as [string, string, string];
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    expect(verifyManageToken(`${id}.${expiry}.${flipped}`, KEY, NOW)).toBe('invalid');
    // A later expiry under the same MAC: the MAC covers the expiry.
    expect(verifyManageToken(`${id}.${Number(expiry) + 86_400}.${mac}`, KEY, NOW)).toBe('invalid');
    // The same token presented for another order, or a token of another order for this one.
    expect(verifyManageToken(token, { ...KEY, orderId: 13 }, NOW)).toBe('invalid');
    expect(verifyManageToken(`13.${expiry}.${mac}`, { ...KEY, orderId: 13 }, NOW)).toBe('invalid');
  });

  it('an expired token whose MAC is wrong is invalid, not expired (nothing is told about forged links)', () => {
    const token = signManageToken(KEY, LATER);
    const other = { ...KEY, nonce: 'ffffffffffffffffffffffffffffffff' };
    expect(verifyManageToken(token, other, new Date(LATER * 1000 + 1))).toBe('invalid');
  });

  it('another nonce (the order re-keyed) or other salts void the link', () => {
    const token = signManageToken(KEY, LATER);
    expect(verifyManageToken(token, { ...KEY, nonce: 'ffffffffffffffffffffffffffffffff' }, NOW)).toBe('invalid');
    expect(verifyManageToken(token, { ...KEY, secret: 'new-salt' }, NOW)).toBe('invalid');
  });

  it('reads only the token format, bounded in length', () => {
    for (const bad of [
      undefined,
      12,
      '',
      '12',
      '12.34',
      `0.${LATER}.${'a'.repeat(43)}`,
      `12.${LATER}.${'a'.repeat(44)}`,
    ])
      expect(parseManageToken(bad)).toBeUndefined();
    expect(parseManageToken(`${'9'.repeat(400)}.${LATER}.${'a'.repeat(43)}`)).toBeUndefined();
    expect(parseManageToken(['12', '34'])).toBeUndefined();
    expect(verifyManageToken('garbage', KEY, NOW)).toBe('invalid');
  });

  it('expires MANAGE_LINK_DAYS after now, or after the travel date when that is later', () => {
    const days = MANAGE_LINK_DAYS * 86_400;
    expect(manageExpiry(NOW, '2026-11-01')).toBe(NOW.getTime() / 1000 + days);
    expect(manageExpiry(NOW, '2027-08-01')).toBe(Date.parse('2027-08-01T00:00:00Z') / 1000 + days);
    expect(manageExpiry(NOW, 'garbage')).toBe(NOW.getTime() / 1000 + days);
  });
});
