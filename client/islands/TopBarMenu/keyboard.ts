import type { AccountMenu } from './useAccountMenu';

/**
 * The menu's keys: Enter or Space on the name toggle it (opening with focus on the first link),
 * Arrow Down opens it or moves on, Arrow Up, Home and End move between the links (wrapping), and
 * Escape closes it with focus back on the name.
 */
export function menuKeyHandler(menu: AccountMenu): (event: KeyboardEvent) => void {
  const focusLink = (index: number) => menu.focusLink(index);
  return (event) => {
    const onToggle = event.target === menu.toggle;
    const current = menu.links().indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape' && menu.openedBy) {
      event.preventDefault();
      menu.close(true);
    } else if (onToggle && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      if (menu.openedBy) menu.close();
      else {
        menu.open('keyboard');
        focusLink(0);
      }
    } else if (event.key === 'ArrowDown' && (onToggle || current >= 0)) {
      event.preventDefault();
      menu.open('keyboard');
      focusLink(current + 1);
    } else if (event.key === 'ArrowUp' && current >= 0) {
      event.preventDefault();
      focusLink(current - 1);
    } else if ((event.key === 'Home' || event.key === 'End') && current >= 0) {
      event.preventDefault();
      focusLink(event.key === 'Home' ? 0 : -1);
    }
  };
}
