import { useLayoutEffect, useRef } from 'react';

/**
 * An island that renders into its marker (lib/render-island.tsx) keeps the marker element as the
 * server printed it: the theme's CSS styles it by class (`.tourmaster-save-wish-list.tourmaster-active`)
 * and, where the marker itself is the control (a button, a slider), its role, ARIA state and
 * events belong on it. React cannot render its own container, so these two hooks mirror React
 * state onto the marker and listen on it; the state itself stays React's. Layout effects: the
 * marker changes with the render that changes its content, and listens before the island is ready.
 */

/** Sets each attribute (a `null` removes it) and each class toggle on the marker after a render. */
export function useMarkerState(
  marker: HTMLElement,
  attributes: Readonly<Record<string, string | null>>,
  classes: Readonly<Record<string, boolean>> = {},
): void {
  const key = JSON.stringify([attributes, classes]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the attributes' and classes' value
  useLayoutEffect(() => {
    for (const [name, value] of Object.entries(attributes)) {
      if (value === null) marker.removeAttribute(name);
      else marker.setAttribute(name, value);
    }
    for (const [name, on] of Object.entries(classes)) marker.classList.toggle(name, on);
  }, [marker, key]);
}

/** Listens on the marker for the component's life; the newest handler is called (no re-binding). */
export function useMarkerEvent<K extends keyof HTMLElementEventMap>(
  marker: HTMLElement,
  type: K,
  handler: (event: HTMLElementEventMap[K]) => void,
): void {
  const latest = useRef(handler);
  latest.current = handler;
  useLayoutEffect(() => {
    const listener = (event: HTMLElementEventMap[K]) => latest.current(event);
    marker.addEventListener(type, listener);
    return () => marker.removeEventListener(type, listener);
  }, [marker, type]);
}

/** Enter or Space on a marker that is a button: a click, as on a `<button>` (the page's own listeners see it too). */
export function clickOnEnterOrSpace(marker: HTMLElement, event: KeyboardEvent): void {
  if ((event.key !== 'Enter' && event.key !== ' ') || event.defaultPrevented || event.target !== marker) return;
  event.preventDefault();
  marker.click();
}
