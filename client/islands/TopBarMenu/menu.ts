import { menuFade } from './fade';

/** What opened the menu: a menu the pointer opened closes when it leaves, one the keyboard is in does not. */
export type Opener = 'hover' | 'click' | 'keyboard';

const CLOSE_DELAY_MS = 200;

/** The account menu's open state, shared by the pointer, click, focus and keyboard handlers. */
export interface AccountMenu {
  readonly bar: HTMLElement;
  readonly nav: HTMLElement;
  readonly toggle: HTMLElement;
  openedBy: Opener | undefined;
  open(by: Opener): void;
  close(returnFocus?: boolean): void;
  /** Closes after the pointer has been away for a moment (it may come back). */
  closeSoon(): void;
  cancelClose(): void;
  cancelFade(): void;
  links(): HTMLElement[];
}

export function accountMenu(bar: HTMLElement, nav: HTMLElement, inner: HTMLElement, toggle: HTMLElement): AccountMenu {
  const fade = menuFade(nav, inner);
  let closeTimer: ReturnType<typeof setTimeout> | undefined;
  const menu: AccountMenu = {
    bar,
    nav,
    toggle,
    openedBy: undefined,
    open(by) {
      clearTimeout(closeTimer);
      if (menu.openedBy) {
        // A click on a menu the pointer opened keeps it open (it would otherwise close at once).
        if (by !== 'hover') menu.openedBy = by;
        return;
      }
      menu.openedBy = by;
      toggle.setAttribute('aria-expanded', 'true');
      nav.classList.add('tourmaster-active');
      fade.run(true);
    },
    close(returnFocus = false) {
      clearTimeout(closeTimer);
      if (!menu.openedBy) return;
      menu.openedBy = undefined;
      toggle.setAttribute('aria-expanded', 'false');
      nav.classList.remove('tourmaster-active');
      if (returnFocus) toggle.focus();
      fade.run(false);
    },
    closeSoon() {
      clearTimeout(closeTimer);
      closeTimer = setTimeout(() => menu.close(), CLOSE_DELAY_MS);
    },
    cancelClose() {
      clearTimeout(closeTimer);
    },
    cancelFade() {
      fade.cancel();
    },
    links() {
      return Array.from(nav.querySelectorAll<HTMLElement>('a[href]'));
    },
  };
  return menu;
}
