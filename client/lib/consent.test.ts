import { describe, expect, it } from 'vitest';
import { accepts, CONSENT_COOKIE, MARKETING, NECESSARY, readConsent } from './consent';
import { rawCookie } from './cookies';

/** The cookie as vanilla-cookieconsent writes it: `cc_cookie=<encodeURIComponent(JSON)>`. */
const stored = (value: Record<string, unknown>) => `${CONSENT_COOKIE}=${encodeURIComponent(JSON.stringify(value))}`;
const decision = (categories: string[], extra: Record<string, unknown> = {}) =>
  stored({ categories, revision: 0, consentId: 'a1b2', expirationTime: 2_000_000_000_000, ...extra });

describe('readConsent', () => {
  it('reads the categories the visitor accepted', () => {
    expect(readConsent(`x=1; ${decision([NECESSARY, MARKETING])}; y=2`)).toEqual({
      categories: [NECESSARY, MARKETING],
    });
    expect(readConsent(decision([NECESSARY]))).toEqual({ categories: [NECESSARY] });
  });

  it('finds no decision without the cookie, or in one that is not the library’s', () => {
    expect(readConsent('')).toBeUndefined();
    expect(readConsent('other=1')).toBeUndefined();
    expect(readConsent(`${CONSENT_COOKIE}=nonsense`)).toBeUndefined();
    expect(readConsent(`${CONSENT_COOKIE}=%E0%A4%A`)).toBeUndefined();
    expect(readConsent(stored({ categories: 'marketing', consentId: 'a' }))).toBeUndefined();
    expect(readConsent(stored({ categories: [MARKETING] }))).toBeUndefined();
    expect(readConsent(stored({ categories: [1], consentId: 'a' }))).toBeUndefined();
  });

  it('counts a decision of another revision, or past its expiry, as none', () => {
    expect(readConsent(decision([MARKETING], { revision: 1 }))).toBeUndefined();
    expect(readConsent(decision([MARKETING], { expirationTime: 1000 }), 2000)).toBeUndefined();
  });

  it('does not mistake a cookie whose name ends the same for it', () => {
    expect(rawCookie('xcc_cookie=1; cc_cookie=2', CONSENT_COOKIE)).toBe('2');
  });
});

describe('accepts', () => {
  it('technical cookies always; marketing only when accepted', () => {
    expect(accepts(undefined, NECESSARY)).toBe(true);
    expect(accepts(undefined, MARKETING)).toBe(false);
    expect(accepts({ categories: [NECESSARY] }, MARKETING)).toBe(false);
    expect(accepts({ categories: [NECESSARY, MARKETING] }, MARKETING)).toBe(true);
  });
});
