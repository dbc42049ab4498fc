/**
 * The visitor's cookie decision as vanilla-cookieconsent stores it (`cc_cookie`: the URI-encoded
 * JSON of `{categories, revision, consentId, …}`), read without the library: after a decision, a
 * page loads only this reader (client/islands/CookieConsent), never the banner's code.
 */
import { jsonObjectCookie, rawCookie } from './cookies';

export const CONSENT_COOKIE = 'cc_cookie';

/** Bumped when the categories change: a decision under an older revision counts as none. */
export const CONSENT_REVISION = 0;

/** The categories of the banner: technical cookies (always on) and marketing (off until accepted). */
export const NECESSARY = 'necessary';
export const MARKETING = 'marketing';

/** Fired on `document` when a decision is read or changed (`detail` is the decision). */
export const CONSENT_EVENT = 'dropin:consent';

export interface ConsentDecision {
  /** The accepted categories (always with `necessary`). */
  categories: readonly string[];
}

/**
 * The stored decision, or undefined when there is none that counts: no cookie, a value that is not
 * the library's JSON, another revision, or past its expiry (the library writes `expirationTime`).
 */
export function readConsent(cookies: string, now: number = Date.now()): ConsentDecision | undefined {
  const v = jsonObjectCookie(rawCookie(cookies, CONSENT_COOKIE));
  if (!v) return undefined;
  if (!Array.isArray(v.categories) || !v.categories.every((c) => typeof c === 'string')) return undefined;
  if (typeof v.consentId !== 'string' || v.consentId === '') return undefined;
  if ((v.revision ?? 0) !== CONSENT_REVISION) return undefined;
  if (typeof v.expirationTime === 'number' && v.expirationTime < now) return undefined;
  return { categories: v.categories as string[] };
}

/** Whether a decision accepts a category (no decision accepts nothing but the technical cookies). */
export function accepts(decision: ConsentDecision | undefined, category: string): boolean {
  if (category === NECESSARY) return true;
  return decision?.categories.includes(category) ?? false;
}
