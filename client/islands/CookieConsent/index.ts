import { accepts, type ConsentDecision, readConsent } from '../../lib/consent';
import './consent.css';
import { applyDecision } from './apply';
import { applyEmbeds } from './embeds';
import { consentProps, isBot } from './props';

/**
 * Cookie consent (the footer's "Cookie settings" button is the marker, server/pages/layout.tsx).
 * On every page: the stored decision is read from its cookie (client/lib/consent.ts) and applied
 * (apply.ts: attribution recorded or erased, embeds loaded or held back). The banner's library
 * (banner.ts) is loaded only when there is no decision yet, or when the visitor asks for the
 * settings (the footer button, or any `[data-cookie-settings]` button, such as an embed's note).
 */
let started = false;

export function mount(button: HTMLElement): () => void {
  button.hidden = false;
  // One consent per page, whatever number of markers.
  if (started) return () => {};
  started = true;
  const { privacyUrl } = consentProps(button.dataset);
  let decision: ConsentDecision | undefined = readConsent(document.cookie);
  const apply = () =>
    applyDecision(decision).catch((error: unknown) => console.error('[island CookieConsent] not applied', error));
  void apply();

  const decided = () => {
    decision = readConsent(document.cookie);
    void apply();
  };
  const ask = (show: 'consent' | 'preferences') =>
    import('./banner')
      .then((banner) => banner.open({ ...(privacyUrl ? { privacyUrl } : {}), show, onDecision: decided }))
      .catch((error: unknown) => console.error('[island CookieConsent] the banner could not be loaded', error));

  const onClick = (event: MouseEvent) => {
    const opener =
      event.target instanceof Element ? event.target.closest('[data-cookie-consent], [data-cookie-settings]') : null;
    if (!opener) return;
    event.preventDefault();
    void ask('preferences');
  };
  // Markup added later (an ajax fragment) may hold embeds too.
  const onContent = (event: Event) => {
    if (event.target instanceof Element) applyEmbeds(event.target, (c) => accepts(decision, c));
  };
  document.addEventListener('click', onClick);
  document.addEventListener('island:content', onContent);
  if (!decision && !isBot(navigator.userAgent)) void ask('consent');
  return () => {
    document.removeEventListener('click', onClick);
    document.removeEventListener('island:content', onContent);
    started = false;
  };
}
