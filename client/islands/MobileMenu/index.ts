/**
 * The header's menu below 1000 px (server/pages/layout.tsx `MobileMenu`): the hamburger opens the
 * sidebar as a modal dialog. While it is open, focus stays inside it (Tab and Shift+Tab wrap), the
 * page behind does not scroll, and Escape, the close button, the overlay or a link close it; focus
 * then returns to the hamburger. Growing the window past the breakpoint closes it too.
 */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The width from which the header shows the full menu (client/styles/shell.css). */
export const DESKTOP_QUERY = '(min-width: 1000px)';

const ANIMATION_MS = 250;

export function mount(root: HTMLElement): () => void {
  const toggle = root.querySelector<HTMLButtonElement>('[data-mobile-menu-toggle]');
  const panelId = toggle?.getAttribute('aria-controls');
  const panel = panelId ? root.querySelector<HTMLElement>(`#${CSS.escape(panelId)}`) : null;
  const sidebar = panel?.querySelector<HTMLElement>('[role="dialog"]');
  if (!toggle || !panel || !sidebar) throw new Error('[island MobileMenu] missing its button or sidebar');

  let open = false;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;

  const show = () => {
    if (open) return;
    open = true;
    clearTimeout(hideTimer);
    panel.hidden = false;
    // The next frame starts the slide-in from the hidden state's position.
    requestAnimationFrame(() => panel.classList.add('dropin-is-open'));
    toggle.setAttribute('aria-expanded', 'true');
    document.documentElement.classList.add('dropin-mobile-menu-open');
    document.addEventListener('keydown', onKeydown);
    (sidebar.querySelector<HTMLElement>('.dropin-mobile-menu-list a[href]') ?? focusables(sidebar)[0])?.focus();
  };

  const hide = (returnFocus: boolean) => {
    if (!open) return;
    open = false;
    panel.classList.remove('dropin-is-open');
    toggle.setAttribute('aria-expanded', 'false');
    document.documentElement.classList.remove('dropin-mobile-menu-open');
    document.removeEventListener('keydown', onKeydown);
    hideTimer = setTimeout(() => {
      panel.hidden = true;
    }, ANIMATION_MS);
    if (returnFocus) toggle.focus();
  };

  const onKeydown = dialogKeys(sidebar, hide);

  const onToggle = () => (open ? hide(true) : show());
  const onPanelClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest('[data-mobile-menu-close]')) hide(true);
    else if (target?.closest('a[href]')) hide(false);
  };
  const desktop = window.matchMedia(DESKTOP_QUERY);
  const onBreakpoint = (event: MediaQueryListEvent) => {
    if (event.matches) hide(false);
  };

  toggle.addEventListener('click', onToggle);
  panel.addEventListener('click', onPanelClick);
  desktop.addEventListener('change', onBreakpoint);
  return () => {
    hide(false);
    clearTimeout(hideTimer);
    panel.hidden = true;
    toggle.removeEventListener('click', onToggle);
    panel.removeEventListener('click', onPanelClick);
    desktop.removeEventListener('change', onBreakpoint);
  };
}

/** The sidebar's controls that can take focus now (shown ones). */
function focusables(sidebar: HTMLElement): HTMLElement[] {
  return Array.from(sidebar.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null);
}

/** Escape closes the open sidebar; Tab and Shift+Tab wrap around its controls, and bring focus back into it. */
function dialogKeys(sidebar: HTMLElement, hide: (returnFocus: boolean) => void): (event: KeyboardEvent) => void {
  return (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      hide(true);
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusables(sidebar);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !sidebar.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !sidebar.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };
}
