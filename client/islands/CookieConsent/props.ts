/**
 * The consent island's props, from its marker (the footer's "Cookie settings" button, printed by
 * server/pages/layout.tsx): `data-privacy-url`, the privacy policy page the banner links to. Read
 * without zod: this island is on every page, and after a decision it is all a page loads of it.
 */
export interface ConsentProps {
  /** An absolute http(s) URL or a path; absent when the site has no published privacy page. */
  privacyUrl?: string;
}

export function consentProps(dataset: DOMStringMap): ConsentProps {
  const url = dataset.privacyUrl?.trim();
  if (!url || !/^(?:https?:\/\/|\/)/i.test(url)) return {};
  return { privacyUrl: url };
}

/**
 * Crawlers get no banner (its text is not the page's content), and never load its code. By the
 * user agent only: the library's own check also hides it from automated browsers (`webdriver`).
 */
export function isBot(userAgent: string): boolean {
  return /bot|crawl|spider|slurp|teoma|mediapartners|lighthouse/i.test(userAgent);
}
