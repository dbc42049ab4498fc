import './focus.css';

/**
 * The few DOM helpers the islands share in place of jQuery: delegated events, fades, HTML
 * fragments from ajax replies. Browser-only; nothing here runs at import.
 */

/** `$(root).on(type, selector, fn)`: `fn` gets the matched element (closest to the target). */
export function delegate<E extends Event = Event>(
  root: EventTarget & ParentNode,
  type: string,
  selector: string,
  handler: (event: E, matched: HTMLElement) => void,
): () => void {
  const listener = (event: Event) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const matched = target.closest<HTMLElement>(selector);
    if (matched && (root === document || (root as Node).contains(matched))) handler(event as E, matched);
  };
  root.addEventListener(type, listener);
  return () => root.removeEventListener(type, listener);
}

const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Fades an element in (shown with `display`) or out (then hidden, or removed). */
export function fade(
  element: HTMLElement,
  direction: 'in' | 'out',
  ms: number,
  options: { display?: string; remove?: boolean } = {},
): Promise<void> {
  if (direction === 'in') element.style.display = options.display ?? '';
  const from = direction === 'out' ? Number(getComputedStyle(element).opacity) || 1 : 0;
  const frames = direction === 'in' ? [{ opacity: 0 }, { opacity: 1 }] : [{ opacity: from }, { opacity: 0 }];
  const done = () => {
    if (direction === 'out') {
      if (options.remove) element.remove();
      else element.style.display = 'none';
    }
  };
  if (reducedMotion() || typeof element.animate !== 'function') {
    done();
    return Promise.resolve();
  }
  const animation = element.animate(frames, { duration: ms, easing: 'ease' });
  return animation.finished.then(done, done);
}

/** An ajax reply's HTML fragment as nodes (scripts inert, as with jQuery's `$(html)` they would not run). */
export function fragment(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

/** The text of a small HTML string (entities decoded, tags dropped), for prices and messages. */
export function htmlText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

/** Tells the island loader (client/main.ts) that new markup may hold island markers. */
export function announceContent(root: Element): void {
  root.dispatchEvent(new CustomEvent('island:content', { bubbles: true }));
}

let keyboardInstalled = false;

/**
 * Makes a legacy clickable `<i>`/`<span>`/`<div>` a keyboard button: focusable, `role=button`, and
 * Enter or Space clicks it (one document listener serves every such element).
 */
export function asButton(element: HTMLElement, label?: string): void {
  if (element instanceof HTMLButtonElement || element instanceof HTMLAnchorElement) return;
  element.setAttribute('role', 'button');
  if (!element.hasAttribute('tabindex')) element.tabIndex = 0;
  if (label && !element.textContent?.trim()) element.setAttribute('aria-label', label);
  if (keyboardInstalled) return;
  keyboardInstalled = true;
  document.addEventListener('keydown', (event) => {
    if ((event.key !== 'Enter' && event.key !== ' ') || event.defaultPrevented) return;
    const target = event.target;
    if (!(target instanceof HTMLElement) || target.getAttribute('role') !== 'button') return;
    if (target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement) return;
    event.preventDefault();
    target.click();
  });
}
