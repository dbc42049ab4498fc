import * as CookieConsent from 'vanilla-cookieconsent';
import 'vanilla-cookieconsent/dist/cookieconsent.css';
import './banner.css';
import { consentConfig } from './config';

/**
 * vanilla-cookieconsent and its styles, a chunk of their own (about 10 KB of script and 5 KB of
 * CSS, gzipped) loaded only when there is a question to ask: no decision yet, or the visitor
 * opened the settings. The library moves focus into its dialogs, keeps it there, closes the
 * settings with Escape and gives focus back.
 */
let running: Promise<void> | undefined;

/** The dialogs' container, first in the body: the bar is the first thing Tab and a screen reader reach. */
function firstInBody(): Element {
  const root = document.createElement('div');
  root.className = 'dropin-consent-root';
  document.body.prepend(root);
  return root;
}

export async function open(options: {
  privacyUrl?: string;
  show: 'consent' | 'preferences';
  onDecision: () => void;
}): Promise<void> {
  running ??= CookieConsent.run(
    consentConfig({
      ...(options.privacyUrl ? { privacyUrl: options.privacyUrl } : {}),
      root: firstInBody(),
      autoShow: options.show === 'consent',
      onDecision: options.onDecision,
    }),
  );
  await running;
  if (options.show === 'preferences') CookieConsent.showPreferences();
}
