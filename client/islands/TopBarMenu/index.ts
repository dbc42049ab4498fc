/**
 * The logged-in top bar's account menu (`div.tourmaster-user-top-bar.tourmaster-user`, engagement.md
 * §3): the links under the name fade in while the pointer is over the bar (the plugin's hover fade of
 * `.tourmaster-user-top-bar-nav-inner`) and fade out when it leaves.
 *
 * Added to the legacy behaviour, for keyboards and touch: the name is a disclosure button
 * (`aria-expanded`, `aria-controls`); a click or a tap toggles the menu; Enter, Space or Arrow Down
 * open it with focus on the first link; Arrow Up/Down, Home and End move between the links; Escape
 * closes it and gives focus back to the name; it also closes when focus or a click goes elsewhere.
 */
let count = 0;
const CLOSE_DELAY_MS = 200;

type Opener = 'hover' | 'click' | 'keyboard';

export function mount(bar: HTMLElement): (() => void) | undefined {
  const nav = bar.querySelector<HTMLElement>('.tourmaster-user-top-bar-nav');
  if (!nav) return undefined;
  const inner = nav.querySelector<HTMLElement>('.tourmaster-user-top-bar-nav-inner') ?? nav;
  const toggle =
    bar.querySelector<HTMLElement>('.tourmaster-user-top-bar-name') ?? bar.querySelector<HTMLElement>('.fa-sort-down');
  if (!toggle) return undefined;

  nav.id ||= `tourmaster-user-top-bar-nav-${++count}`;
  toggle.setAttribute('role', 'button');
  toggle.tabIndex = 0;
  toggle.setAttribute('aria-expanded', 'false');
  toggle.setAttribute('aria-controls', nav.id);
  if (!toggle.textContent?.trim()) toggle.setAttribute('aria-label', 'Account menu');
  for (const icon of bar.querySelectorAll(':scope > i')) icon.setAttribute('aria-hidden', 'true');
  // The island decides from now on: its inline display wins over the stylesheets' :hover rules.
  nav.style.display = 'none';

  const links = () => Array.from(nav.querySelectorAll<HTMLElement>('a[href]'));
  let openedBy: Opener | undefined;
  let closeTimer: ReturnType<typeof setTimeout> | undefined;
  let animation: Animation | undefined;

  /** The plugin's 200 ms fade of the links; a fade started while another runs takes over. */
  const fadeMenu = (show: boolean) => {
    animation?.cancel();
    animation = undefined;
    if (show) {
      nav.style.display = 'block';
      inner.style.display = 'block';
    }
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (reduced || typeof inner.animate !== 'function') {
      if (!show) nav.style.display = 'none';
      return;
    }
    const run = inner.animate(show ? [{ opacity: 0 }, { opacity: 1 }] : [{ opacity: 1 }, { opacity: 0 }], {
      duration: 200,
      easing: 'ease',
    });
    animation = run;
    run.finished.then(
      () => {
        if (animation !== run) return;
        animation = undefined;
        if (!show) nav.style.display = 'none';
      },
      () => undefined,
    );
  };

  const open = (by: Opener) => {
    clearTimeout(closeTimer);
    if (openedBy) {
      // A click on a menu the pointer opened keeps it open (it would otherwise close at once).
      if (by !== 'hover') openedBy = by;
      return;
    }
    openedBy = by;
    toggle.setAttribute('aria-expanded', 'true');
    nav.classList.add('tourmaster-active');
    fadeMenu(true);
  };
  const close = (returnFocus = false) => {
    clearTimeout(closeTimer);
    if (!openedBy) return;
    openedBy = undefined;
    toggle.setAttribute('aria-expanded', 'false');
    nav.classList.remove('tourmaster-active');
    if (returnFocus) toggle.focus();
    fadeMenu(false);
  };

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') open('hover');
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse' || !openedBy) return;
    // A menu the keyboard is in stays until focus leaves it.
    if (openedBy === 'keyboard' && bar.contains(document.activeElement)) return;
    clearTimeout(closeTimer);
    closeTimer = setTimeout(() => close(), CLOSE_DELAY_MS);
  };
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || target.closest('a[href]') || nav.contains(target)) return;
    // Enter and Space arrive as keydown (below); a click here is a pointer's.
    if (openedBy && openedBy !== 'hover') close();
    else open('click');
  };
  const focusLink = (index: number) => {
    const all = links();
    if (all.length === 0) return;
    all[(index + all.length) % all.length]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const onToggle = event.target === toggle;
    const current = links().indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape' && openedBy) {
      event.preventDefault();
      close(true);
    } else if (onToggle && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      if (openedBy) close();
      else {
        open('keyboard');
        focusLink(0);
      }
    } else if (event.key === 'ArrowDown' && (onToggle || current >= 0)) {
      event.preventDefault();
      open('keyboard');
      focusLink(current + 1);
    } else if (event.key === 'ArrowUp' && current >= 0) {
      event.preventDefault();
      focusLink(current - 1);
    } else if ((event.key === 'Home' || event.key === 'End') && current >= 0) {
      event.preventDefault();
      focusLink(event.key === 'Home' ? 0 : -1);
    }
  };
  const onFocusIn = (event: FocusEvent) => {
    // Tabbing into a menu the pointer opened: it now stays while focus is in it.
    if (openedBy === 'hover' && event.target instanceof Node && nav.contains(event.target)) openedBy = 'keyboard';
  };
  const onFocusOut = (event: FocusEvent) => {
    const next = event.relatedTarget;
    if (openedBy && !(next instanceof Node && bar.contains(next))) close();
  };
  const onDocumentPointer = (event: Event) => {
    if (openedBy && event.target instanceof Node && !bar.contains(event.target)) close();
  };

  bar.addEventListener('pointerenter', onPointerEnter);
  bar.addEventListener('pointerleave', onPointerLeave);
  bar.addEventListener('click', onClick);
  bar.addEventListener('keydown', onKeyDown);
  bar.addEventListener('focusin', onFocusIn);
  bar.addEventListener('focusout', onFocusOut);
  document.addEventListener('pointerdown', onDocumentPointer);
  return () => {
    clearTimeout(closeTimer);
    bar.removeEventListener('pointerenter', onPointerEnter);
    bar.removeEventListener('pointerleave', onPointerLeave);
    bar.removeEventListener('click', onClick);
    bar.removeEventListener('keydown', onKeyDown);
    bar.removeEventListener('focusin', onFocusIn);
    bar.removeEventListener('focusout', onFocusOut);
    animation?.cancel();
    document.removeEventListener('pointerdown', onDocumentPointer);
    nav.style.display = '';
    inner.style.display = '';
    nav.classList.remove('tourmaster-active');
  };
}
