import { type RefObject, useMemo, useRef, useState } from 'react';

/** What opened the menu: a menu the pointer opened closes when it leaves, one the keyboard is in does not. */
export type Opener = 'hover' | 'click' | 'keyboard';

const CLOSE_DELAY_MS = 200;

/**
 * The account menu's open state, in React, and what the pointer, click, focus and keyboard
 * handlers (handlers.ts, keyboard.ts) do to it. `openedBy` is also kept in a ref: several events
 * of one gesture (pointerdown, focusout, click) must each see the one before.
 */
export interface AccountMenu {
  readonly bar: HTMLElement;
  readonly toggle: HTMLElement | null;
  readonly nav: HTMLElement | null;
  openedBy: Opener | undefined;
  open(by: Opener): void;
  close(returnFocus?: boolean): void;
  /** Closes after the pointer has been away for a moment (it may come back). */
  closeSoon(): void;
  cancelClose(): void;
  links(): HTMLElement[];
  /** Focuses the link (wrapping); a link still hidden is focused once the menu is shown. */
  focusLink(index: number): void;
  /** The link a key asked for before the menu was shown, if any, focused now. */
  focusPending(): void;
}

export interface MenuRefs {
  toggle: RefObject<HTMLSpanElement | null>;
  nav: RefObject<HTMLDivElement | null>;
  /** The menu's links in order, for the arrow keys' focus. */
  links: RefObject<(HTMLAnchorElement | null)[]>;
}

export function useAccountMenu(bar: HTMLElement): { openedBy: Opener | undefined; menu: AccountMenu; refs: MenuRefs } {
  const [openedBy, setOpenedBy] = useState<Opener | undefined>(undefined);
  const refs: MenuRefs = { toggle: useRef(null), nav: useRef(null), links: useRef([]) };
  const current = useRef<Opener | undefined>(undefined);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<HTMLElement | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the refs are stable; one menu per bar.
  const menu = useMemo<AccountMenu>(() => {
    const set = (by: Opener | undefined) => {
      current.current = by;
      setOpenedBy(by);
    };
    const menu: AccountMenu = {
      bar,
      get toggle() {
        return refs.toggle.current;
      },
      get nav() {
        return refs.nav.current;
      },
      get openedBy() {
        return current.current;
      },
      set openedBy(by) {
        set(by);
      },
      open(by) {
        clearTimeout(closeTimer.current);
        // A click on a menu the pointer opened keeps it open (it would otherwise close at once).
        if (current.current && by === 'hover') return;
        set(by);
      },
      close(returnFocus = false) {
        clearTimeout(closeTimer.current);
        if (!current.current) return;
        set(undefined);
        if (returnFocus) refs.toggle.current?.focus();
      },
      closeSoon() {
        clearTimeout(closeTimer.current);
        closeTimer.current = setTimeout(() => menu.close(), CLOSE_DELAY_MS);
      },
      cancelClose() {
        clearTimeout(closeTimer.current);
      },
      links: () => (refs.links.current ?? []).filter((a): a is HTMLAnchorElement => a !== null),
      focusLink(index) {
        const all = menu.links();
        const link = all[(index + all.length) % all.length];
        link?.focus();
        pending.current = link && document.activeElement !== link ? link : undefined;
      },
      focusPending() {
        pending.current?.focus();
        pending.current = undefined;
      },
    };
    return menu;
  }, [bar]);
  return { openedBy, menu, refs };
}
