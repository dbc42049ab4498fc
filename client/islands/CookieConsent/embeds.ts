/**
 * Content that waits for a consent category, for any element that loads something from its `src`
 * (an iframe, an image): printed with `data-src` instead of `src`, `data-category="<category>"` and
 * `hidden` (server/views/consent-embeds.ts does this for the third-party iframes of a page's
 * content). Once the category is accepted the element gets its `src` and is shown; when it is
 * withdrawn the element is replaced by a copy without `src` (a playing video stops). An element
 * `[data-consent-placeholder="<category>"]` beside it explains what is held back and is shown
 * only while it is.
 */
export const WAITING = '[data-category][data-src]';
export const PLACEHOLDER = '[data-consent-placeholder]';

export function applyEmbeds(root: ParentNode, allowed: (category: string) => boolean): void {
  for (const el of root.querySelectorAll<HTMLElement>(WAITING)) {
    // Scripts are never run from here: a script that must wait is left to the page.
    if (el instanceof HTMLScriptElement) continue;
    const src = el.dataset.src ?? '';
    if (allowed(el.dataset.category ?? '')) {
      if (el.getAttribute('src') !== src) el.setAttribute('src', src);
      el.hidden = false;
    } else if (el.hasAttribute('src')) {
      const copy = el.cloneNode(true) as HTMLElement;
      copy.removeAttribute('src');
      copy.hidden = true;
      el.replaceWith(copy);
    }
  }
  for (const note of root.querySelectorAll<HTMLElement>(PLACEHOLDER)) {
    note.hidden = allowed(note.dataset.consentPlaceholder ?? '');
  }
}
