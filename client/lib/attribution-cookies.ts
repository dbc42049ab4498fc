import { rawCookie } from './cookies';

/**
 * The names of the attribution cookies (client/lib/attribution.ts) and how to delete them: on their
 * own, so the consent island can erase them without loading the rest of the attribution code.
 */
export const FIRST_COOKIE = 'dropin_attr_first';
export const CURRENT_COOKIE = 'dropin_attr_current';
export const SESSION_COOKIE = 'dropin_attr_session';
export const ATTRIBUTION_COOKIES = [FIRST_COOKIE, CURRENT_COOKIE, SESSION_COOKIE] as const;

/** The assignments that delete every attribution cookie (consent declined or withdrawn). */
export function clearingCookies(): string[] {
  return ATTRIBUTION_COOKIES.map((name) => `${name}=; Max-Age=0; Path=/; SameSite=Lax`);
}

/** Whether a `document.cookie` string holds any attribution cookie. */
export function hasAttributionCookies(cookies: string): boolean {
  return ATTRIBUTION_COOKIES.some((name) => rawCookie(cookies, name) !== undefined);
}
