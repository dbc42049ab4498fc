import { describe, expect, it } from 'vitest';
import { parsePhpQuery } from '../../php/form-body';
import { MAX_LOCATION, MAX_TEXT, marketingAccepted, splitAttribution } from './attribution';

const detail = { 'tour-id': '4', 'tour-date': '2027-05-22', step: '4' };
const YES = { marketing: true };

describe('splitAttribution', () => {
  it('reads the fields the booking form posts, and takes them out of the detail', () => {
    const posted = parsePhpQuery(
      'tour-id=4&dropin_attribution%5Bsource_type%5D=utm&dropin_attribution%5Bsource%5D=newsletter' +
        '&dropin_attribution%5Bmedium%5D=email&dropin_attribution%5Bcampaign%5D=spring' +
        '&dropin_attribution%5Blanding_page%5D=%2F&dropin_attribution%5Bfirst_source_type%5D=organic' +
        '&dropin_attribution%5Bfirst_source%5D=google&dropin_attribution%5Bfirst_referrer%5D=www.google.com' +
        '&dropin_attribution%5Bsession_pages%5D=3&step=4',
    );
    const { detail: rest, attribution } = splitAttribution(posted, YES);
    expect(rest).toEqual({ 'tour-id': '4', step: '4' });
    expect(Object.keys(rest)).toEqual(['tour-id', 'step']);
    expect(attribution).toEqual({
      current: { sourceType: 'utm', source: 'newsletter', medium: 'email', campaign: 'spring', landingPage: '/' },
      first: { sourceType: 'organic', source: 'google', referrer: 'www.google.com' },
      sessionPages: 3,
    });
  });

  it('reads the flat names of the script’s cookie and their PHP-decoded form', () => {
    const flat = { ...detail, 'dropin_attribution[source_type]': 'referral', 'dropin_attribution[source]': 't.co' };
    expect(splitAttribution(flat, YES)).toEqual({
      detail,
      attribution: { current: { sourceType: 'referral', source: 't.co' } },
    });
    // `booking_detail[dropin_attribution[source]]=…` is cut at the first `]`, as PHP does.
    const mangled = parsePhpQuery(
      'booking_detail%5Bstep%5D=4&booking_detail%5Bdropin_attribution%5Bsource_type%5D%5D=typein' +
        '&booking_detail%5Bdropin_attribution%5Bsource%5D%5D=(direct)',
    ).booking_detail as Record<string, unknown>;
    expect(Object.keys(mangled)).toContain('dropin_attribution[source_type');
    expect(splitAttribution(mangled, YES)).toEqual({
      detail: { step: '4' },
      attribution: { current: { sourceType: 'typein', source: '(direct)' } },
    });
  });

  it('leaves a detail without attribution as it is (the same object)', () => {
    expect(splitAttribution(detail, YES).detail).toBe(detail);
    expect(splitAttribution(detail, YES).attribution).toBeUndefined();
  });

  it('drops an attribution without a known source type, and the fields that fail their check', () => {
    expect(splitAttribution({ ...detail, dropin_attribution: { source_type: 'paid', source: 'x' } }, YES)).toEqual({
      detail,
    });
    expect(splitAttribution({ ...detail, dropin_attribution: 'utm' }, YES)).toEqual({ detail });
    const { attribution } = splitAttribution(
      {
        ...detail,
        dropin_attribution: {
          source_type: 'utm',
          source: 'news\u0000letter',
          medium: ['email'],
          campaign: '\u202Egnirps',
          content: '   ',
          referrer: 'https://evil.test/path',
          landing_page: 'tour/a',
          session_pages: '-1',
          unknown_key: 'x',
          __proto__: { polluted: true },
        },
      },
      YES,
    );
    expect(attribution).toEqual({ current: { sourceType: 'utm' } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('bounds long text to the columns’ sizes', () => {
    const { attribution } = splitAttribution(
      {
        ...detail,
        dropin_attribution: {
          source_type: 'utm',
          source: 'é'.repeat(500),
          term: ' spaced out ',
          landing_page: `/${'a'.repeat(500)}`,
          referrer: `${'a'.repeat(200)}.test`,
          session_pages: '99999999',
        },
      },
      YES,
    );
    expect([...(attribution?.current.source ?? '')]).toHaveLength(MAX_TEXT);
    expect(attribution?.current.term).toBe('spaced out');
    expect(attribution?.current.landingPage).toHaveLength(MAX_LOCATION);
    expect(attribution?.current.referrer).toBeUndefined();
    expect(attribution?.sessionPages).toBeUndefined();
  });

  it('keeps emoji and non-Latin text, lower-cases hosts', () => {
    const { attribution } = splitAttribution(
      {
        ...detail,
        dropin_attribution: { source_type: 'referral', source: 'Ταξίδια 🌞', referrer: 'WWW.Example.ORG' },
      },
      YES,
    );
    expect(attribution?.current).toEqual({ sourceType: 'referral', source: 'Ταξίδια 🌞', referrer: 'www.example.org' });
  });

  it('keeps nothing without marketing consent, and still takes the fields out', () => {
    const posted = { ...detail, dropin_attribution: { source_type: 'utm', source: 'newsletter' } };
    expect(splitAttribution(posted, { marketing: false })).toEqual({ detail });
  });
});

describe('marketingAccepted', () => {
  const decision = (value: unknown) => JSON.stringify(value);
  it('reads the cookie decision the browser sends (cc_cookie, percent-decoded)', () => {
    expect(marketingAccepted(decision({ categories: ['necessary', 'marketing'], revision: 0, consentId: 'x' }))).toBe(
      true,
    );
    expect(marketingAccepted(decision({ categories: ['necessary'], revision: 0, consentId: 'x' }))).toBe(false);
    expect(marketingAccepted(decision({ categories: ['marketing'], revision: 1, consentId: 'x' }))).toBe(false);
    expect(marketingAccepted(decision({ categories: ['marketing'] }))).toBe(false);
    expect(marketingAccepted('{bad json')).toBe(false);
    expect(marketingAccepted(undefined)).toBe(false);
  });
});
