import { describe, expect, it } from 'vitest';
import {
  type AttributionState,
  attributionFields,
  CURRENT_COOKIE,
  classify,
  clearingCookies,
  decodeTouch,
  encodeTouch,
  FIRST_COOKIE,
  hasAttributionCookies,
  MAX_VALUE,
  nextState,
  readState,
  SESSION_COOKIE,
  SESSION_LIFETIME_S,
  stateCookies,
  TOUCH_LIFETIME_S,
  type Touch,
} from './attribution';
import { CONSENT_COOKIE } from './consent';

const SITE = 'https://tours.example.com';

describe('classify: where a visit came from', () => {
  it.each<[string, string, string, Partial<Touch>]>([
    // [landing, referrer, what, expected]
    [
      '/?utm_source=newsletter&utm_medium=email&utm_campaign=spring',
      '',
      'utm parameters',
      { type: 'utm', source: 'newsletter', medium: 'email', campaign: 'spring', landing: '/' },
    ],
    [
      '/tour/santorini/?utm_source=fb&utm_medium=cpc&utm_campaign=c&utm_content=ad1&utm_term=boat&utm_id=42',
      'https://www.facebook.com/',
      'every utm parameter, the referrer kept as a host',
      {
        type: 'utm',
        source: 'fb',
        medium: 'cpc',
        campaign: 'c',
        content: 'ad1',
        term: 'boat',
        id: '42',
        referrer: 'www.facebook.com',
        landing: '/tour/santorini/',
      },
    ],
    ['/?utm_campaign=only', '', 'any utm_* parameter', { type: 'utm', source: '(not set)', medium: '(none)' }],
    ['/?UTM_Source=Mixed', '', 'parameter names in any case', { type: 'utm', source: 'Mixed' }],
    ['/?utm_medium=x', 'https://www.google.com/', 'utm wins over a search engine', { type: 'utm' }],
    [
      '/',
      'https://www.google.com/',
      'Google',
      { type: 'organic', source: 'google', medium: 'organic', referrer: 'www.google.com' },
    ],
    [
      '/',
      'https://www.google.co.uk/search?q=greek+islands',
      'a Google country',
      { source: 'google', term: 'greek islands' },
    ],
    ['/', 'https://google.com.br/', 'Google Brazil', { type: 'organic', source: 'google' }],
    [
      '/',
      'https://yandex.ru/search/?text=santorini',
      'Yandex, with its words',
      { source: 'yandex', term: 'santorini' },
    ],
    ['/', 'https://www.bing.com/search?q=corfu', 'Bing', { type: 'organic', source: 'bing', term: 'corfu' }],
    ['/', 'https://search.yahoo.com/search?p=mykonos', 'Yahoo', { type: 'organic', source: 'yahoo', term: 'mykonos' }],
    ['/', 'https://uk.search.yahoo.com/', 'Yahoo UK', { type: 'organic', source: 'yahoo' }],
    ['/', 'https://search.about.com/', 'About', { type: 'organic', source: 'about' }],
    ['/', 'https://search.aol.com/aol/search?q=x', 'AOL', { type: 'organic', source: 'aol' }],
    ['/', 'https://www.ask.com/web?q=x', 'Ask', { type: 'organic', source: 'ask' }],
    ['/', 'https://busca.globo.com/', 'Globo', { type: 'organic', source: 'globo' }],
    ['/', 'https://go.mail.ru/search?q=x', 'Mail.ru', { type: 'organic', source: 'mail.ru' }],
    ['/', 'https://nova.rambler.ru/search?query=x', 'Rambler', { type: 'organic', source: 'rambler', term: 'x' }],
    ['/', 'https://search.tut.by/?query=x', 'Tut.by', { type: 'organic', source: 'tut.by' }],
    [
      '/tour/corfu/?ref=1',
      'https://blog.example.org/greece/best?x=1',
      'another site',
      {
        type: 'referral',
        source: 'blog.example.org',
        medium: 'referral',
        referrer: 'blog.example.org',
        landing: '/tour/corfu/',
      },
    ],
    ['/', 'https://www.tripadvisor.com/x', 'a referral without www.', { type: 'referral', source: 'tripadvisor.com' }],
    ['/', 'https://t.co/abc', 't.co is a referral', { type: 'referral', source: 't.co' }],
    ['/', 'https://plus.google.com/share', 'Google+ is a referral', { type: 'referral', source: 'plus.google.com' }],
    [
      '/',
      'https://plus.url.google.com/url?q=x',
      'its redirector too',
      { type: 'referral', source: 'plus.url.google.com' },
    ],
    ['/', 'https://mail.google.com/', 'Gmail is not a search', { type: 'referral' }],
    ['/', 'https://go.mail.ru.evil.test/', 'look-alike hosts are not engines', { type: 'referral' }],
    ['/', '', 'no referrer', { type: 'typein', source: '(direct)', medium: '(none)', landing: '/' }],
    ['/tour/x/', `${SITE}/`, 'a page of this site', { type: 'typein', source: '(direct)', medium: '(none)' }],
    ['/', 'https://www.tours.example.com/', 'this site with www.', { type: 'typein' }],
    ['/', 'android-app://com.google.android.gm/', 'an app, not a site', { type: 'typein' }],
    ['/', 'not a url', 'garbage', { type: 'typein' }],
  ])('%s from %s (%s)', (landing, referrer, _what, expected) => {
    const touch = classify(`${SITE}${landing}`, referrer);
    expect(touch).toMatchObject(expected);
    if (touch.type === 'typein') expect(touch.referrer).toBeUndefined();
  });

  it('keeps only the landing path, never its query', () => {
    expect(classify(`${SITE}/tour/a/?email=me@example.com&utm_source=x`, '').landing).toBe('/tour/a/');
  });

  it('bounds what it keeps and removes control characters', () => {
    const long = 'x'.repeat(500);
    const touch = classify(`${SITE}/?utm_source=${long}&utm_campaign=a%0Ab%09c`, '');
    expect(touch.source).toHaveLength(MAX_VALUE);
    expect(touch.campaign).toBe('a b c');
    expect(classify(`${SITE}/?utm_source=%20%20&utm_medium=x`, '').source).toBe('(not set)');
  });
});

describe('nextState: the session rules', () => {
  const ad = classify(`${SITE}/?utm_source=newsletter&utm_medium=email`, '');
  const google = classify(`${SITE}/`, 'https://www.google.com/');
  const friend = classify(`${SITE}/`, 'https://friend.example.org/');
  const direct = classify(`${SITE}/tour/a/`, '');
  const none: AttributionState = { pages: 0 };

  it('a first visit sets the first and the current touch and starts a session', () => {
    expect(nextState(none, ad)).toEqual({ first: ad, current: ad, pages: 1 });
  });

  it('a type-in inside the session neither replaces the source nor the first touch; pages are counted', () => {
    const s1 = nextState(none, ad);
    const s2 = nextState(s1, direct);
    expect(s2).toEqual({ first: ad, current: ad, pages: 2 });
    expect(nextState(s2, direct).pages).toBe(3);
  });

  it('a new utm, organic or referral visit replaces the current touch, even inside the session', () => {
    const s1 = nextState(none, ad);
    const s2 = nextState(s1, google);
    expect(s2).toMatchObject({ first: ad, current: google, pages: 2 });
    expect(nextState(s2, friend)).toMatchObject({ first: ad, current: friend, pages: 3 });
  });

  it('after the session has ended even a type-in replaces it, and a new session starts', () => {
    const ended: AttributionState = { first: ad, current: google, pages: 0 };
    expect(nextState(ended, direct)).toEqual({ first: ad, current: direct, pages: 1 });
  });

  it('the first touch, once set, is never replaced', () => {
    let state = nextState(none, google);
    for (const visit of [ad, friend, direct]) state = nextState({ ...state, pages: 0 }, visit);
    expect(state.first).toEqual(google);
  });
});

describe('the cookies', () => {
  const ad = classify(`${SITE}/?utm_source=newsletter&utm_medium=email&utm_campaign=spring`, '');
  const cookieString = (assignments: string[]) => assignments.map((a) => a.split(';')[0]).join('; ');

  it('a touch survives its cookie; anything else reads as none', () => {
    expect(decodeTouch(encodeTouch(ad))).toEqual(ad);
    expect(decodeTouch(undefined)).toBeUndefined();
    expect(decodeTouch('garbage')).toBeUndefined();
    expect(decodeTouch(encodeURIComponent('{"type":"paid","source":"x","medium":"y"}'))).toBeUndefined();
    expect(decodeTouch(encodeURIComponent('{"type":"utm"}'))).toBeUndefined();
  });

  it('a touch too large for a cookie loses its optional fields first', () => {
    const huge: Touch = { ...ad, campaign: '€'.repeat(100), content: '€'.repeat(100), term: '€'.repeat(100) };
    const value = encodeTouch(huge);
    expect(value.length).toBeLessThanOrEqual(3_800);
    expect(decodeTouch(value)).toMatchObject({ source: 'newsletter', medium: 'email' });
  });

  it('writes the touches for six months (only when they change) and the session for 30 minutes', () => {
    const first = nextState({ pages: 0 }, ad);
    const written = stateCookies({ pages: 0 }, first, false);
    expect(written).toHaveLength(3);
    expect(written[0]).toMatch(new RegExp(`^${FIRST_COOKIE}=.+; Max-Age=${TOUCH_LIFETIME_S}; Path=/; SameSite=Lax$`));
    expect(written[1]).toMatch(new RegExp(`^${CURRENT_COOKIE}=.+; Max-Age=${TOUCH_LIFETIME_S}; Path=/; SameSite=Lax$`));
    expect(written[2]).toBe(`${SESSION_COOKIE}=1; Max-Age=${SESSION_LIFETIME_S}; Path=/; SameSite=Lax`);
    expect(TOUCH_LIFETIME_S).toBeGreaterThanOrEqual(182 * 86_400);

    // Read back, then a second page inside the session: only the session is written again.
    const state = readState(cookieString(written));
    expect(state).toEqual(first);
    const second = nextState(state, classify(`${SITE}/tour/a/`, `${SITE}/`));
    expect(stateCookies(state, second, false)).toEqual([
      `${SESSION_COOKIE}=2; Max-Age=${SESSION_LIFETIME_S}; Path=/; SameSite=Lax`,
    ]);
    expect(stateCookies(state, second, true)[0]).toMatch(/; Secure$/);
  });

  it('are all erased at once', () => {
    expect(clearingCookies()).toEqual([
      `${FIRST_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`,
      `${CURRENT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`,
      `${SESSION_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`,
    ]);
    expect(hasAttributionCookies(`a=1; ${SESSION_COOKIE}=2`)).toBe(true);
    expect(hasAttributionCookies('a=1')).toBe(false);
  });
});

describe('attributionFields: the booking form’s hidden inputs', () => {
  const consent = (categories: string[]) =>
    `${CONSENT_COOKIE}=${encodeURIComponent(JSON.stringify({ categories, revision: 0, consentId: 'x' }))}`;
  const ad = classify(`${SITE}/?utm_source=newsletter&utm_medium=email&utm_campaign=spring`, '');
  const google = classify(`${SITE}/tour/a/`, 'https://www.google.com/');
  const cookies = `${FIRST_COOKIE}=${encodeTouch(google)}; ${CURRENT_COOKIE}=${encodeTouch(ad)}; ${SESSION_COOKIE}=4`;

  it('carry the current touch, the first touch and the session’s pages with marketing consent', () => {
    expect(attributionFields(`${consent(['necessary', 'marketing'])}; ${cookies}`)).toEqual([
      { name: 'dropin_attribution[source_type]', value: 'utm' },
      { name: 'dropin_attribution[source]', value: 'newsletter' },
      { name: 'dropin_attribution[medium]', value: 'email' },
      { name: 'dropin_attribution[campaign]', value: 'spring' },
      { name: 'dropin_attribution[landing_page]', value: '/' },
      { name: 'dropin_attribution[first_source_type]', value: 'organic' },
      { name: 'dropin_attribution[first_source]', value: 'google' },
      { name: 'dropin_attribution[first_medium]', value: 'organic' },
      { name: 'dropin_attribution[first_referrer]', value: 'www.google.com' },
      { name: 'dropin_attribution[first_landing_page]', value: '/tour/a/' },
      { name: 'dropin_attribution[session_pages]', value: '4' },
    ]);
  });

  it('are none without marketing consent, whatever cookies are left', () => {
    expect(attributionFields(cookies)).toEqual([]);
    expect(attributionFields(`${consent(['necessary'])}; ${cookies}`)).toEqual([]);
    expect(attributionFields(consent(['necessary', 'marketing']))).toEqual([]);
  });
});
