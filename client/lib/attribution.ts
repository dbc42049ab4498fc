import { CURRENT_COOKIE, FIRST_COOKIE, SESSION_COOKIE } from './attribution-cookies';
import { accepts, MARKETING, readConsent } from './consent';
import { jsonObjectCookie, rawCookie } from './cookies';

export {
  ATTRIBUTION_COOKIES,
  CURRENT_COOKIE,
  clearingCookies,
  FIRST_COOKIE,
  hasAttributionCookies,
  SESSION_COOKIE,
} from './attribution-cookies';

/**
 * Order attribution, after WooCommerce's (sourcebuster.js): where the visitor came from, kept in
 * first-party cookies and sent with the booking, so the order can be stored with its source
 * (server/services/booking/attribution.ts). Pure functions over URLs and cookie strings; the page glue (read
 * `location`, write `document.cookie`, only with marketing consent) is in
 * client/islands/CookieConsent/apply.ts.
 *
 * - A visit is `utm` (the landing URL has any `utm_*` parameter), `organic` (the referrer is a
 *   search engine), `referral` (any other site, t.co and Google+ included) or `typein` (no referrer,
 *   or one of this site's pages: source `(direct)`, medium `(none)`).
 * - The first touch is kept for six months; the current one is replaced when the 30-minute session
 *   has ended, or when a utm, organic or referral visit arrives; a type-in inside a session never
 *   replaces it.
 */
export type SourceType = 'utm' | 'organic' | 'referral' | 'typein';

export interface Touch {
  type: SourceType;
  source: string;
  medium: string;
  campaign?: string;
  content?: string;
  term?: string;
  /** `utm_id`. */
  id?: string;
  /** The referring site's host, never its path or query. */
  referrer?: string;
  /** The landing page's path, without its query. */
  landing: string;
}

export interface AttributionState {
  first?: Touch;
  current?: Touch;
  /** Pages seen in the running session; 0 when no session is running. */
  pages: number;
}

/** Six months, as sourcebuster keeps its cookies. */
export const TOUCH_LIFETIME_S = 183 * 86_400;
/** The session: 30 minutes after the last page seen. */
export const SESSION_LIFETIME_S = 30 * 60;

/** Longest text kept from a parameter, and from a host or path (the server bounds them again). */
export const MAX_VALUE = 100;
export const MAX_PATH = 191;
/** Above this a browser may refuse a cookie; optional fields are dropped to stay below it. */
const MAX_COOKIE_BYTES = 3_800;

/**
 * Search engines by referrer host (organic traffic), with the query parameter holding the search
 * words when an engine still sends it. Google's own non-search hosts (Google+ and its redirector)
 * do not match: they are referrals, as t.co is.
 */
export const SEARCH_ENGINES: readonly { source: string; host: RegExp; term?: string }[] = [
  { source: 'google', host: /^(?:www\.)?google\.[a-z]{2,3}(?:\.[a-z]{2})?$/, term: 'q' },
  { source: 'yandex', host: /^(?:[a-z0-9-]+\.)*yandex\.[a-z]{2,3}(?:\.[a-z]{2})?$/, term: 'text' },
  { source: 'bing', host: /^(?:[a-z0-9-]+\.)*bing\.com$/, term: 'q' },
  { source: 'yahoo', host: /^(?:[a-z0-9-]+\.)*search\.yahoo\.[a-z]{2,3}(?:\.[a-z]{2})?$/, term: 'p' },
  { source: 'about', host: /^(?:[a-z0-9-]+\.)*about\.com$/, term: 'q' },
  { source: 'aol', host: /^(?:[a-z0-9-]+\.)*aol\.[a-z]{2,3}(?:\.[a-z]{2})?$/, term: 'q' },
  { source: 'ask', host: /^(?:[a-z0-9-]+\.)*ask\.com$/, term: 'q' },
  { source: 'globo', host: /^(?:[a-z0-9-]+\.)*globo\.com$/, term: 'q' },
  { source: 'mail.ru', host: /^go\.mail\.ru$/, term: 'q' },
  { source: 'rambler', host: /^(?:[a-z0-9-]+\.)*rambler\.ru$/, term: 'query' },
  { source: 'tut.by', host: /^(?:[a-z0-9-]+\.)*tut\.by$/, term: 'query' },
];

const UTM_KEYS = {
  source: 'utm_source',
  medium: 'utm_medium',
  campaign: 'utm_campaign',
  content: 'utm_content',
  term: 'utm_term',
  id: 'utm_id',
} as const;

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** Text kept from a parameter: control characters out, whitespace folded, at most `max` characters. */
export function clean(value: string | null | undefined, max = MAX_VALUE): string | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return undefined;
  return [...text].slice(0, max).join('');
}

const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, '');

/** Where this visit came from: the landing URL (`location.href`) and `document.referrer`. */
export function classify(landingUrl: string, referrerUrl: string): Touch {
  const landing = parseUrl(landingUrl);
  const landingPath = clean(landing?.pathname ?? '/', MAX_PATH) ?? '/';
  const ref = referrerUrl ? parseUrl(referrerUrl) : undefined;
  const refHost = ref && /^https?:$/.test(ref.protocol) ? ref.hostname.toLowerCase() : undefined;
  const external = refHost !== undefined && (!landing || bareHost(refHost) !== bareHost(landing.hostname));
  const referrer = external ? clean(refHost, MAX_PATH) : undefined;
  const withReferrer = referrer ? { referrer } : {};

  const params = new Map<string, string>();
  for (const [key, value] of landing?.searchParams ?? []) {
    const lower = key.toLowerCase();
    if (lower.startsWith('utm_') && !params.has(lower)) params.set(lower, value);
  }
  if (params.size > 0) {
    const touch: Touch = {
      type: 'utm',
      source: clean(params.get(UTM_KEYS.source)) ?? '(not set)',
      medium: clean(params.get(UTM_KEYS.medium)) ?? '(none)',
      landing: landingPath,
      ...withReferrer,
    };
    for (const key of ['campaign', 'content', 'term', 'id'] as const) {
      const value = clean(params.get(UTM_KEYS[key]));
      if (value) touch[key] = value;
    }
    return touch;
  }
  if (ref && referrer && refHost) {
    const engine = SEARCH_ENGINES.find((e) => e.host.test(refHost));
    if (engine) {
      const term = engine.term ? clean(ref.searchParams.get(engine.term)) : undefined;
      return {
        type: 'organic',
        source: engine.source,
        medium: 'organic',
        ...(term ? { term } : {}),
        landing: landingPath,
        referrer,
      };
    }
    return { type: 'referral', source: bareHost(referrer), medium: 'referral', landing: landingPath, referrer };
  }
  return { type: 'typein', source: '(direct)', medium: '(none)', landing: landingPath };
}

/**
 * The state after a page view. The current touch is replaced when there is none, when the session
 * has ended, or by any visit that is not a type-in; the first touch is set once; the session counts
 * the pages (a new session starts at 1).
 */
export function nextState(prev: AttributionState, visit: Touch): AttributionState {
  const inSession = prev.pages > 0;
  const current = !prev.current || !inSession || visit.type !== 'typein' ? visit : prev.current;
  return { first: prev.first ?? current, current, pages: inSession ? prev.pages + 1 : 1 };
}

// ── Cookies ──────────────────────────────────────────────────────────────────────────────────────

const TOUCH_KEYS = ['type', 'source', 'medium', 'campaign', 'content', 'term', 'id', 'referrer', 'landing'] as const;
const SOURCE_TYPES: readonly string[] = ['utm', 'organic', 'referral', 'typein'];

/** The cookie value of a touch: URI-encoded JSON; optional fields dropped if it would be too large. */
export function encodeTouch(touch: Touch): string {
  const t: Touch = { ...touch };
  let value = encodeURIComponent(JSON.stringify(t));
  for (const optional of ['term', 'content', 'campaign', 'id', 'referrer'] as const) {
    if (value.length <= MAX_COOKIE_BYTES) break;
    delete t[optional];
    value = encodeURIComponent(JSON.stringify(t));
  }
  return value;
}

/** A touch from its cookie value; anything that is not one reads as none. */
export function decodeTouch(raw: string | undefined): Touch | undefined {
  const v = jsonObjectCookie(raw);
  if (!v) return undefined;
  if (typeof v.type !== 'string' || !SOURCE_TYPES.includes(v.type)) return undefined;
  const touch: Record<string, string> = {};
  for (const key of TOUCH_KEYS) {
    const text = typeof v[key] === 'string' ? clean(v[key] as string, key === 'landing' ? MAX_PATH : MAX_VALUE) : '';
    if (text) touch[key] = text;
  }
  if (!touch.source || !touch.medium) return undefined;
  return { ...touch, landing: touch.landing ?? '/' } as unknown as Touch;
}

/** The attribution cookies of a `document.cookie` string. */
export function readState(cookies: string): AttributionState {
  const pages = Number.parseInt(rawCookie(cookies, SESSION_COOKIE) ?? '', 10);
  const first = decodeTouch(rawCookie(cookies, FIRST_COOKIE));
  const current = decodeTouch(rawCookie(cookies, CURRENT_COOKIE));
  return {
    ...(first ? { first } : {}),
    ...(current ? { current } : {}),
    pages: Number.isFinite(pages) && pages > 0 ? pages : 0,
  };
}

const attributes = (maxAge: number, secure: boolean) =>
  `; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;

/**
 * The `document.cookie` assignments that take `prev` to `next`: a touch is written only when it
 * changed (so the first touch lives six months from the first visit), the session on every page
 * (30 minutes from now).
 */
export function stateCookies(prev: AttributionState, next: AttributionState, secure: boolean): string[] {
  const out: string[] = [];
  const same = (a?: Touch, b?: Touch) => (a && b ? encodeTouch(a) === encodeTouch(b) : a === b);
  if (next.first && !same(prev.first, next.first))
    out.push(`${FIRST_COOKIE}=${encodeTouch(next.first)}${attributes(TOUCH_LIFETIME_S, secure)}`);
  if (next.current && !same(prev.current, next.current))
    out.push(`${CURRENT_COOKIE}=${encodeTouch(next.current)}${attributes(TOUCH_LIFETIME_S, secure)}`);
  out.push(`${SESSION_COOKIE}=${next.pages}${attributes(SESSION_LIFETIME_S, secure)}`);
  return out;
}

// ── Form fields ──────────────────────────────────────────────────────────────────────────────────

/** The prefix of the hidden inputs: `dropin_attribution[source]`, … (read by the server). */
export const FIELD_PREFIX = 'dropin_attribution';

const FIELD_OF_TOUCH: readonly [keyof Touch, string][] = [
  ['type', 'source_type'],
  ['source', 'source'],
  ['medium', 'medium'],
  ['campaign', 'campaign'],
  ['content', 'content'],
  ['term', 'term'],
  ['id', 'utm_id'],
  ['referrer', 'referrer'],
  ['landing', 'landing_page'],
];

export interface HiddenField {
  name: string;
  value: string;
}

/**
 * The hidden inputs a booking form carries: the current touch, the first touch (`first_…`) and the
 * session's pages. None without marketing consent, whatever cookies are left.
 */
export function attributionFields(cookies: string, now: number = Date.now()): HiddenField[] {
  if (!accepts(readConsent(cookies, now), MARKETING)) return [];
  const state = readState(cookies);
  if (!state.current) return [];
  const out: HiddenField[] = [];
  const add = (touch: Touch, prefix: string) => {
    for (const [key, field] of FIELD_OF_TOUCH) {
      const value = touch[key];
      if (value) out.push({ name: `${FIELD_PREFIX}[${prefix}${field}]`, value });
    }
  };
  add(state.current, '');
  if (state.first) add(state.first, 'first_');
  if (state.pages > 0) out.push({ name: `${FIELD_PREFIX}[session_pages]`, value: String(state.pages) });
  return out;
}
