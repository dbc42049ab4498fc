import { escapeHtml, raw, type SafeHtml } from './html';

/**
 * Third-party embeds wait for marketing consent: in a page's content, every `<iframe>` whose `src`
 * is on another site (a YouTube or Vimeo player, a map) is printed with `data-src` instead of
 * `src`, `data-category="marketing"` and `hidden`, after a note saying what it is and offering the
 * cookie settings. The consent island (client/islands/CookieConsent/embeds.ts) gives it its `src`
 * once marketing cookies are accepted, and takes it away when they are withdrawn. Iframes of this
 * site, without `src`, or already marked with `data-category` are left as they are.
 */
export const EMBED_CATEGORY = 'marketing';

const IFRAME = /<iframe\b[^>]*>/gi;
const SRC = /(\s)src\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i;

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#039;': "'", '&#39;': "'" };
const unescapeAttribute = (value: string) => value.replace(/&(?:amp|quot|#0?39);/g, (e) => ENTITIES[e] ?? e);

/** The host of an iframe's `src` when it is another site's, else undefined. */
export function thirdPartyHost(src: string, siteHost: string): string | undefined {
  const url = /^(?:https?:)?\/\//i.test(src.trim()) ? safeUrl(src.trim()) : undefined;
  if (!url || !/^https?:$/.test(url.protocol)) return undefined;
  const bare = (host: string) => host.toLowerCase().replace(/^www\./, '');
  return bare(url.hostname) === bare(siteHost) ? undefined : bare(url.hostname);
}

function safeUrl(src: string): URL | undefined {
  try {
    return new URL(src, 'https://placeholder.invalid');
  } catch {
    return undefined;
  }
}

export function gateEmbeds(content: SafeHtml, siteHost: string): SafeHtml {
  const text = content.value;
  if (!/<iframe\b/i.test(text)) return content;
  return raw(
    text.replace(IFRAME, (tag) => {
      if (/\sdata-(?:category|src)\s*=/i.test(tag)) return tag;
      const src = SRC.exec(tag);
      if (!src) return tag;
      const value = unescapeAttribute(src[2] ?? src[3] ?? src[4] ?? '');
      const host = thirdPartyHost(value, siteHost);
      if (!host) return tag;
      const gated = tag
        .replace(SRC, (_, space: string) => `${space}data-src="${escapeHtml(value)}"`)
        .replace(/^<iframe\b/i, `<iframe data-category="${EMBED_CATEGORY}" hidden`);
      return `${placeholder(host)}${gated}`;
    }),
  );
}

function placeholder(host: string): string {
  return `<span class="dropin-consent-placeholder" data-consent-placeholder="${EMBED_CATEGORY}">This content from ${escapeHtml(host)} is shown once you accept marketing cookies. <button type="button" data-cookie-settings="">Cookie settings</button></span>`;
}
