import { asButton } from '../../lib/dom';
import { uid } from './element-id';

/** Adds a listener that the island's cleanup removes. */
export type Listen = <K extends keyof HTMLElementEventMap>(
  target: HTMLElement,
  type: K,
  listener: (event: HTMLElementEventMap[K]) => void,
) => void;

/** The type filter's title opens and closes its list (the icon is the button, `aria-expanded`). */
export function wireTypeFilters(form: HTMLElement, on: Listen): void {
  for (const filter of form.querySelectorAll<HTMLElement>('.tourmaster-tour-search-type-filter')) {
    const title = filter.querySelector<HTMLElement>('.tourmaster-type-filter-title');
    const wrap = filter.querySelector<HTMLElement>('.tourmaster-type-filter-item-wrap');
    const icon =
      title?.querySelector<HTMLElement>('i.fa-plus-circle, i.icon_plus') ?? title?.querySelector<HTMLElement>('i');
    if (!title || !wrap || !icon) continue;
    let open = icon.classList.contains('tourmaster-active') || wrap.classList.contains('tourmaster-active');
    asButton(icon);
    icon.setAttribute('aria-label', title.textContent?.trim() || 'Type Filter');
    icon.setAttribute('aria-controls', uid(wrap, 'tourmaster-type-filter'));
    const show = (animate: boolean) => {
      icon.classList.toggle('tourmaster-active', open);
      wrap.classList.toggle('tourmaster-active', open);
      icon.setAttribute('aria-expanded', String(open));
      slide(wrap, open, animate ? 200 : 0);
    };
    show(false);
    // The whole title toggles (the legacy script listened on the icon only).
    on(title, 'click', () => {
      open = !open;
      show(true);
    });
  }
}

/** "More" shows the rest of a type filter's items; its checkbox keeps the state, the label is the button. */
export function wireShowMore(form: HTMLElement, on: Listen): void {
  for (const more of form.querySelectorAll<HTMLInputElement>('input.tourmaster-type-filter-show-more')) {
    const button = more.parentElement?.querySelector<HTMLElement>(':scope > .tourmaster-type-filter-more-button');
    const hidden = more.parentElement?.querySelector<HTMLElement>(':scope > .tourmaster-type-filter-hide');
    if (!button || !hidden) continue;
    more.tabIndex = -1;
    asButton(button);
    button.setAttribute('aria-controls', uid(hidden, 'tourmaster-type-filter-more'));
    const show = (animate: boolean) => {
      button.setAttribute('aria-expanded', String(more.checked));
      slide(hidden, more.checked, animate ? 200 : 0);
    };
    show(false);
    on(more, 'change', () => show(true));
  }
}

const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Shows or hides a panel, sliding (200 ms) unless motion is reduced; the inline display wins over the theme's. */
function slide(panel: HTMLElement, open: boolean, ms: number): void {
  panel.getAnimations().forEach((a) => {
    a.cancel();
  });
  panel.style.display = open ? 'block' : 'none';
  if (!ms || reducedMotion() || typeof panel.animate !== 'function') return;
  panel.style.overflow = 'hidden';
  if (!open) panel.style.display = 'block';
  const height = panel.scrollHeight;
  const frames = open ? [{ height: '0px' }, { height: `${height}px` }] : [{ height: `${height}px` }, { height: '0px' }];
  const done = () => {
    panel.style.overflow = '';
    panel.style.display = open ? 'block' : 'none';
  };
  panel.animate(frames, { duration: ms, easing: 'ease' }).finished.then(done, () => {});
}
