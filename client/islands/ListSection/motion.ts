/**
 * The list's animations (the legacy jQuery timings): the holder fades out while a page loads, its
 * height follows the new items, the pagination and load-more slide open and shut. With `prefers-reduced-motion`
 * nothing moves: the holder is only dimmed while loading, and the page jumps instead of scrolling.
 */
export const reducedMotion = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

const canAnimate = (element: Element) => typeof element.animate === 'function';

/** Fades the holder out (kept until cancelled): 150 ms to transparent, or dimmed at once. */
export function dim(element: HTMLElement): Animation | undefined {
  if (!canAnimate(element)) return undefined;
  const reduced = reducedMotion();
  return element.animate([{ opacity: getComputedStyle(element).opacity }, { opacity: reduced ? 0.4 : 0 }], {
    duration: reduced ? 0 : 150,
    fill: 'forwards',
  });
}

/** From the height the holder had to the one its new content gives it (400 ms, easing out). */
export function growFrom(element: HTMLElement, from: number): void {
  const to = element.getBoundingClientRect().height;
  if (reducedMotion() || !canAnimate(element) || Math.abs(to - from) < 1) return;
  element.style.overflow = 'hidden';
  const animation = element.animate([{ height: `${from}px` }, { height: `${to}px` }], {
    duration: 400,
    easing: 'cubic-bezier(0.19, 1, 0.22, 1)',
  });
  const done = () => {
    element.style.overflow = '';
  };
  animation.finished.then(done, done);
}

/** A new pagination or load-more sliding open (100 ms). */
export function slideIn(element: HTMLElement): void {
  if (reducedMotion() || !canAnimate(element)) return;
  const height = element.getBoundingClientRect().height;
  element.style.overflow = 'hidden';
  const done = () => {
    element.style.overflow = '';
  };
  element.animate([{ height: '0px' }, { height: `${height}px` }], { duration: 100 }).finished.then(done, done);
}

/** A control sliding shut (100 ms) before it goes; at once with reduced motion. */
export function slideShut(element: HTMLElement): Promise<void> {
  if (reducedMotion() || !canAnimate(element) || !element.isConnected) return Promise.resolve();
  const height = element.getBoundingClientRect().height;
  element.style.overflow = 'hidden';
  const animation = element.animate([{ height: `${height}px` }, { height: '0px' }], {
    duration: 100,
    fill: 'forwards',
  });
  return animation.finished.then(
    () => {},
    () => {},
  );
}

/** Back up to the list when its top has scrolled out of view (100 px above it, as the theme did). */
export function scrollToList(holder: HTMLElement): void {
  const offset = Number((window as { traveltour_anchor_offset?: unknown }).traveltour_anchor_offset) || 0;
  const top = Math.max(0, holder.getBoundingClientRect().top + window.scrollY - 100 - offset);
  if (window.scrollY > top) window.scrollTo({ top, behavior: reducedMotion() ? 'auto' : 'smooth' });
}
