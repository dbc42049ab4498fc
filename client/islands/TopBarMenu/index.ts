import { menuKeyHandler } from './keyboard';
import { type AccountMenu, accountMenu } from './menu';

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

export function mount(bar: HTMLElement): (() => void) | undefined {
  const nav = bar.querySelector<HTMLElement>('.tourmaster-user-top-bar-nav');
  if (!nav) return undefined;
  const inner = nav.querySelector<HTMLElement>('.tourmaster-user-top-bar-nav-inner') ?? nav;
  const toggle =
    bar.querySelector<HTMLElement>('.tourmaster-user-top-bar-name') ?? bar.querySelector<HTMLElement>('.fa-sort-down');
  if (!toggle) return undefined;

  markAsDisclosure(bar, nav, toggle);
  // The island decides from now on: its inline display wins over the stylesheets' :hover rules.
  nav.style.display = 'none';

  const menu = accountMenu(bar, nav, inner, toggle);
  const { onPointerEnter, onPointerLeave, onClick, onFocusIn, onFocusOut, onDocumentPointer } = menuHandlers(menu);
  const onKeyDown = menuKeyHandler(menu);

  bar.addEventListener('pointerenter', onPointerEnter);
  bar.addEventListener('pointerleave', onPointerLeave);
  bar.addEventListener('click', onClick);
  bar.addEventListener('keydown', onKeyDown);
  bar.addEventListener('focusin', onFocusIn);
  bar.addEventListener('focusout', onFocusOut);
  document.addEventListener('pointerdown', onDocumentPointer);
  return () => {
    menu.cancelClose();
    bar.removeEventListener('pointerenter', onPointerEnter);
    bar.removeEventListener('pointerleave', onPointerLeave);
    bar.removeEventListener('click', onClick);
    bar.removeEventListener('keydown', onKeyDown);
    bar.removeEventListener('focusin', onFocusIn);
    bar.removeEventListener('focusout', onFocusOut);
    menu.cancelFade();
    document.removeEventListener('pointerdown', onDocumentPointer);
    nav.style.display = '';
    inner.style.display = '';
    nav.classList.remove('tourmaster-active');
  };
}

/** The name as a button that discloses the menu; the bar's icons are decoration. */
function markAsDisclosure(bar: HTMLElement, nav: HTMLElement, toggle: HTMLElement): void {
  nav.id ||= `tourmaster-user-top-bar-nav-${++count}`;
  toggle.setAttribute('role', 'button');
  toggle.tabIndex = 0;
  toggle.setAttribute('aria-expanded', 'false');
  toggle.setAttribute('aria-controls', nav.id);
  if (!toggle.textContent?.trim()) toggle.setAttribute('aria-label', 'Account menu');
  for (const icon of bar.querySelectorAll(':scope > i')) icon.setAttribute('aria-hidden', 'true');
}

/** The pointer, click and focus handlers: what opens the menu, and what makes it go. */
function menuHandlers(menu: AccountMenu) {
  const { bar, nav } = menu;
  return {
    onPointerEnter: (event: PointerEvent) => {
      if (event.pointerType === 'mouse') menu.open('hover');
    },
    onPointerLeave: (event: PointerEvent) => {
      if (event.pointerType !== 'mouse' || !menu.openedBy) return;
      // A menu the keyboard is in stays until focus leaves it.
      if (menu.openedBy === 'keyboard' && bar.contains(document.activeElement)) return;
      menu.closeSoon();
    },
    onClick: (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!target || target.closest('a[href]') || nav.contains(target)) return;
      // Enter and Space arrive as keydown (keyboard.ts); a click here is a pointer's.
      if (menu.openedBy && menu.openedBy !== 'hover') menu.close();
      else menu.open('click');
    },
    onFocusIn: (event: FocusEvent) => {
      // Tabbing into a menu the pointer opened: it now stays while focus is in it.
      if (menu.openedBy === 'hover' && event.target instanceof Node && nav.contains(event.target)) {
        menu.openedBy = 'keyboard';
      }
    },
    onFocusOut: (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (menu.openedBy && !(next instanceof Node && bar.contains(next))) menu.close();
    },
    onDocumentPointer: (event: Event) => {
      if (menu.openedBy && event.target instanceof Node && !bar.contains(event.target)) menu.close();
    },
  };
}
