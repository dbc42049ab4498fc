import { clearingCookies, hasAttributionCookies } from '../../lib/attribution-cookies';
import { accepts, CONSENT_EVENT, type ConsentDecision, MARKETING } from '../../lib/consent';
import { applyEmbeds } from './embeds';

/** What a decision means for this page (pure, so the gating is tested without a browser). */
export interface ConsentEffects {
  /** Record this page view's source in the attribution cookies. */
  track: boolean;
  /** Delete the attribution cookies. */
  clear: boolean;
}

export function consentEffects(
  decision: ConsentDecision | undefined,
  state: { tracked: boolean; hasCookies: boolean },
): ConsentEffects {
  const marketing = accepts(decision, MARKETING);
  return { track: marketing && !state.tracked, clear: !marketing && state.hasCookies };
}

let tracked = false;

/** Records this page view (client/lib/attribution.ts, loaded only with marketing consent). */
async function track(): Promise<void> {
  const { classify, nextState, readState, stateCookies } = await import('../../lib/attribution');
  const prev = readState(document.cookie);
  const next = nextState(prev, classify(location.href, document.referrer));
  // biome-ignore lint/suspicious/noDocumentCookie: first-party cookies written with their attributes in one string
  for (const cookie of stateCookies(prev, next, location.protocol === 'https:')) document.cookie = cookie;
}

/**
 * Applies a decision (or its absence) to the page: with marketing consent this page view is
 * recorded once; without it no attribution cookie is left; embeds wait for their category
 * (embeds.ts). Then CONSENT_EVENT tells the booking forms' hidden inputs (AttributionInputs).
 */
export async function applyDecision(decision: ConsentDecision | undefined): Promise<void> {
  const effects = consentEffects(decision, { tracked, hasCookies: hasAttributionCookies(document.cookie) });
  tracked = accepts(decision, MARKETING);
  if (effects.clear) {
    // biome-ignore lint/suspicious/noDocumentCookie: deleting the attribution cookies
    for (const cookie of clearingCookies()) document.cookie = cookie;
  }
  applyEmbeds(document, (category) => accepts(decision, category));
  if (effects.track) await track();
  document.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: decision }));
}
