import type * as CookieConsent from 'vanilla-cookieconsent';
import { ATTRIBUTION_COOKIES } from '../../lib/attribution-cookies';
import { CONSENT_COOKIE, CONSENT_REVISION, MARKETING, NECESSARY } from '../../lib/consent';
import { englishTexts } from './texts';

/** The consent cookie's lifetime: a decision is asked for again after a year. */
export const CONSENT_DAYS = 365;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * vanilla-cookieconsent's configuration: two categories, technical (always on, read-only) and
 * marketing (off until accepted; its cookies erased when declined or withdrawn); the first question
 * as a small box in the bottom left corner (a low bar on phones), the settings as a dialog; the
 * privacy policy linked from both; the decision kept for a year. The library's own `<script data-category>` handling is off: what waits
 * for consent is handled by the island (embeds.ts, apply.ts), with or without the library loaded.
 */
export function consentConfig(options: {
  privacyUrl?: string;
  /** Where the library puts its dialogs (banner.ts: first in the body, so first in the tab order). */
  root?: Element;
  /** Show the bar at once (no decision yet), or only run so the settings can be opened. */
  autoShow: boolean;
  /** Called after the visitor decides, first time or again. */
  onDecision: () => void;
}): CookieConsent.CookieConsentConfig {
  const privacy = options.privacyUrl ? `<a href="${escapeHtml(options.privacyUrl)}">Privacy Policy</a>` : '';
  return {
    ...(options.root ? { root: options.root } : {}),
    autoShow: options.autoShow,
    mode: 'opt-in',
    revision: CONSENT_REVISION,
    manageScriptTags: false,
    autoClearCookies: true,
    // Crawlers are told apart by the island (props.ts isBot), which then never loads this.
    hideFromBots: false,
    disablePageInteraction: false,
    cookie: { name: CONSENT_COOKIE, path: '/', sameSite: 'Lax', expiresAfterDays: CONSENT_DAYS },
    guiOptions: {
      // A box in the bottom left corner, clear of the booking column on the right of tour and
      // payment pages; on phones banner.css turns it into a low bar along the bottom edge.
      consentModal: { layout: 'box inline', position: 'bottom left', equalWeightButtons: true, flipButtons: false },
      preferencesModal: { layout: 'box', equalWeightButtons: true, flipButtons: false },
    },
    categories: consentCategories(),
    onFirstConsent: () => options.onDecision(),
    onChange: () => options.onDecision(),
    // The bar does not block the page (nothing is inert behind it): it is not a modal dialog.
    onModalReady: ({ modalName, modal }) => {
      if (modalName === 'consentModal') modal.removeAttribute('aria-modal');
    },
    language: { default: 'en', translations: { en: englishTexts(privacy) } },
  };
}

/** Technical cookies, always on; marketing, off until accepted, its cookies erased when declined or withdrawn. */
function consentCategories(): CookieConsent.CookieConsentConfig['categories'] {
  return {
    [NECESSARY]: { enabled: true, readOnly: true },
    [MARKETING]: {
      enabled: false,
      readOnly: false,
      autoClear: { cookies: ATTRIBUTION_COOKIES.map((name) => ({ name })), reloadPage: false },
    },
  };
}
