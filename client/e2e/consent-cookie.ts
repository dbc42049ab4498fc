import type { BrowserContext, Page } from 'playwright-core';
import { CONSENT_COOKIE, CONSENT_REVISION, MARKETING, NECESSARY } from '../lib/consent';

/**
 * A cookie decision already stored, as vanilla-cookieconsent writes it, for browser tests that are
 * not about consent: their pages then open without the banner (a bar at the bottom that would
 * cover what they click) and never load its library. Technical cookies only, unless asked.
 */
export function storedConsent(
  baseUrl: string,
  options: { marketing?: boolean } = {},
): { name: string; value: string; url: string; sameSite: 'Lax' } {
  const now = Date.now();
  const value = {
    categories: options.marketing ? [NECESSARY, MARKETING] : [NECESSARY],
    revision: CONSENT_REVISION,
    data: null,
    consentTimestamp: new Date(now).toISOString(),
    consentId: 'e2e00000-0000-4000-8000-000000000000',
    services: { [NECESSARY]: [], [MARKETING]: [] },
    languageCode: 'en',
    lastConsentTimestamp: new Date(now).toISOString(),
    expirationTime: now + 365 * 86_400_000,
  };
  return { name: CONSENT_COOKIE, value: encodeURIComponent(JSON.stringify(value)), url: baseUrl, sameSite: 'Lax' };
}

/** Stores that decision in the browser context of a page (or a context) before it opens anything. */
export async function withStoredConsent(target: Page | BrowserContext, baseUrl: string): Promise<void> {
  const context = 'goto' in target ? target.context() : target;
  await context.addCookies([storedConsent(baseUrl)]);
}
