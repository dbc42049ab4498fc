import { menuKeyHandler } from './keyboard';
import type { AccountMenu } from './useAccountMenu';

/**
 * The bar's pointer, click, focus and key listeners, and the document's pointer (a press outside
 * closes the menu). The bar is the island's marker, so they are put on it rather than rendered.
 * Returns their removal.
 */
export function listenToBar(menu: AccountMenu): () => void {
  const { bar } = menu;
  const inNav = (target: EventTarget | null) => target instanceof Node && !!menu.nav?.contains(target);
  const on: Record<string, (event: never) => void> = {
    pointerenter: (event: PointerEvent) => {
      if (event.pointerType === 'mouse') menu.open('hover');
    },
    pointerleave: (event: PointerEvent) => {
      if (event.pointerType !== 'mouse' || !menu.openedBy) return;
      // A menu the keyboard is in stays until focus leaves it.
      if (menu.openedBy === 'keyboard' && bar.contains(document.activeElement)) return;
      menu.closeSoon();
    },
    click: (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!target || target.closest('a[href]') || inNav(target)) return;
      // Enter and Space arrive as keydown (keyboard.ts); a click here is a pointer's.
      if (menu.openedBy && menu.openedBy !== 'hover') menu.close();
      else menu.open('click');
    },
    keydown: menuKeyHandler(menu),
    focusin: (event: FocusEvent) => {
      // Tabbing into a menu the pointer opened: it now stays while focus is in it.
      if (menu.openedBy === 'hover' && inNav(event.target)) menu.openedBy = 'keyboard';
    },
    focusout: (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (menu.openedBy && !(next instanceof Node && bar.contains(next))) menu.close();
    },
  };
  const outside = (event: Event) => {
    if (menu.openedBy && event.target instanceof Node && !bar.contains(event.target)) menu.close();
  };
  for (const [type, listener] of Object.entries(on)) bar.addEventListener(type, listener as EventListener);
  document.addEventListener('pointerdown', outside);
  return () => {
    menu.cancelClose();
    for (const [type, listener] of Object.entries(on)) bar.removeEventListener(type, listener as EventListener);
    document.removeEventListener('pointerdown', outside);
  };
}
