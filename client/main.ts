import './styles/index.css';
import { type IslandEntry, islands } from './islands/registry';

/**
 * Walks the document once, and for each island whose marker is present loads its chunk and mounts
 * it when its directive says so. A failing island is marked and logged; the page keeps working.
 */
export function boot(root: ParentNode = document, registry: readonly IslandEntry[] = islands): void {
  for (const entry of registry) {
    for (const element of root.querySelectorAll<HTMLElement>(entry.selector)) {
      if (element.dataset.islandReady !== undefined || element.dataset.islandError !== undefined) continue;
      if (inLightboxTemplate(element)) continue;
      schedule(entry.when, element, () => mount(entry, element));
    }
  }
}

/**
 * A lightbox's template (`[data-tmlb-id]`, hidden) is never shown itself: the islands in it (the
 * sign-up form, its date selects) mount in the copy client/lib/lightbox.ts opens and announces, so
 * their code is fetched when a visitor opens one, not with every page that prints the template.
 */
export function inLightboxTemplate(element: Element): boolean {
  return element.closest('[data-tmlb-id]') !== null && element.closest('.tourmaster-lightbox-wrapper') === null;
}

async function mount(entry: IslandEntry, element: HTMLElement): Promise<void> {
  try {
    const module = await entry.load();
    await module.mount(element);
    element.dataset.islandReady = entry.name;
    element.dispatchEvent(new CustomEvent('island:ready', { bubbles: true, detail: { name: entry.name } }));
  } catch (error) {
    element.dataset.islandError = entry.name;
    console.error(`[island ${entry.name}] failed to mount`, error);
  }
}

function schedule(when: IslandEntry['when'], element: HTMLElement, run: () => void): void {
  if (when === 'visible' && 'IntersectionObserver' in window) {
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        run();
      }
    });
    observer.observe(element);
  } else if (when === 'idle' && 'requestIdleCallback' in window) {
    window.requestIdleCallback(run);
  } else {
    setTimeout(run, 0);
  }
}

if (typeof document !== 'undefined') {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => boot());
  else boot();
  // Markup an island inserted later (an ajax fragment, a lightbox's copy) may hold markers too.
  document.addEventListener('island:content', (event) => {
    if (event.target instanceof Element) boot(event.target);
  });
}
