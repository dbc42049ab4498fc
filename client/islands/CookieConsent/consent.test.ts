import { describe, expect, it, vi } from 'vitest';
import { ATTRIBUTION_COOKIES } from '../../lib/attribution-cookies';
import { CONSENT_COOKIE, MARKETING, NECESSARY } from '../../lib/consent';
import { consentEffects } from './apply';
import { CONSENT_DAYS, consentConfig } from './config';
import { consentProps, isBot } from './props';

describe('consentEffects: nothing of marketing runs before consent', () => {
  const yes = { categories: [NECESSARY, MARKETING] };
  const no = { categories: [NECESSARY] };

  it('records a visit only with marketing consent, once a page', () => {
    expect(consentEffects(yes, { tracked: false, hasCookies: false })).toEqual({ track: true, clear: false });
    expect(consentEffects(yes, { tracked: true, hasCookies: true })).toEqual({ track: false, clear: false });
    expect(consentEffects(no, { tracked: false, hasCookies: false })).toEqual({ track: false, clear: false });
    expect(consentEffects(undefined, { tracked: false, hasCookies: false })).toEqual({ track: false, clear: false });
  });

  it('erases the attribution cookies when declined, withdrawn or not yet decided', () => {
    expect(consentEffects(no, { tracked: true, hasCookies: true })).toEqual({ track: false, clear: true });
    expect(consentEffects(undefined, { tracked: false, hasCookies: true })).toEqual({ track: false, clear: true });
  });
});

describe('consentConfig', () => {
  const config = consentConfig({ privacyUrl: '/privacy-policy/?a=1&b="2"', autoShow: true, onDecision: () => {} });

  it('has technical cookies always on and marketing off until accepted, which erases ours when declined', () => {
    expect(config.categories[NECESSARY]).toMatchObject({ enabled: true, readOnly: true });
    expect(config.categories[MARKETING]).toMatchObject({ enabled: false, readOnly: false });
    expect(config.categories[MARKETING]?.autoClear?.cookies.map((c) => c.name)).toEqual([...ATTRIBUTION_COOKIES]);
    expect(config.mode).toBe('opt-in');
  });

  it('asks in a box in the bottom left corner and keeps the decision for a year in the cookie the island reads', () => {
    expect(config.guiOptions?.consentModal).toMatchObject({ layout: 'box inline', position: 'bottom left' });
    expect(config.cookie).toMatchObject({ name: CONSENT_COOKIE, expiresAfterDays: 365, path: '/' });
    expect(CONSENT_DAYS).toBe(365);
    expect(config.autoShow).toBe(true);
    expect(consentConfig({ autoShow: false, onDecision: () => {} }).autoShow).toBe(false);
  });

  it('links the privacy policy, escaped, from the bar and the settings', () => {
    const en = config.language.translations.en as Exclude<
      (typeof config.language.translations)['en'],
      string | (() => unknown)
    >;
    const link = '<a href="/privacy-policy/?a=1&amp;b=&quot;2&quot;">Privacy Policy</a>';
    // In the bar's short text (no footer row: the bar stays low on a phone).
    expect(en.consentModal.description?.endsWith(` consent. ${link}`)).toBe(true);
    expect(en.consentModal.footer).toBeUndefined();
    expect(en.preferencesModal.sections[0]?.description).toContain(link);
    const none = consentConfig({ autoShow: true, onDecision: () => {} }).language.translations.en as typeof en;
    expect(none.consentModal.description?.endsWith(' consent.')).toBe(true);
  });

  it('reports the first decision and every change', () => {
    const onDecision = vi.fn();
    const c = consentConfig({ autoShow: true, onDecision });
    c.onFirstConsent?.({ cookie: {} as never });
    c.onChange?.({ cookie: {} as never, changedCategories: [MARKETING], changedServices: {} });
    expect(onDecision).toHaveBeenCalledTimes(2);
  });
});

describe('consentProps and isBot', () => {
  it('takes a privacy URL that is a path or an http(s) URL, nothing else', () => {
    expect(consentProps({ privacyUrl: 'http://x.test/privacy/' })).toEqual({ privacyUrl: 'http://x.test/privacy/' });
    expect(consentProps({ privacyUrl: '/privacy/' })).toEqual({ privacyUrl: '/privacy/' });
    expect(consentProps({ privacyUrl: 'javascript:alert(1)' })).toEqual({});
    expect(consentProps({})).toEqual({});
  });

  it('tells crawlers from browsers by their user agent', () => {
    expect(isBot('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe(true);
    expect(
      isBot('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'),
    ).toBe(false);
  });
});
