import { delegate, fade } from '../../lib/dom';
import { readProps } from '../../lib/props';
import { bookingBarProps } from './props';
import { stickyBar } from './sticky';

/**
 * The booking bar around the form (`#tourmaster-tour-booking-bar-wrap`): it follows the page on
 * wide screens, its "Booking Form / Enquiry Form" tabs switch panels (as an ARIA tab list), and
 * links to the bar scroll to it in 1500 ms.
 */
const GO_TO_BOOKING =
  'a[href="#tourmaster-tour-booking-bar-wrap"], a[href="#tourmaster-single-tour-booking-fields"], [data-tourmaster-go-to-booking]';

let tabIds = 0;

function bindTabs(bar: HTMLElement): () => void {
  const title = bar.querySelector<HTMLElement>('#tourmaster-booking-tab-title');
  if (!title) return () => {};
  const tabs = Array.from(title.querySelectorAll<HTMLElement>('[data-tourmaster-tab]'));
  const panels = Array.from(title.parentElement?.children ?? []).filter(
    (el): el is HTMLElement => el instanceof HTMLElement && el.classList.contains('tourmaster-booking-tab-content'),
  );
  title.setAttribute('role', 'tablist');
  for (const tab of tabs) {
    const panel = panels.find((p) => p.dataset.tourmasterTab === tab.dataset.tourmasterTab);
    const n = ++tabIds;
    tab.id ||= `tourmaster-booking-tab-${n}`;
    tab.setAttribute('role', 'tab');
    const active = tab.classList.contains('tourmaster-active');
    tab.setAttribute('aria-selected', String(active));
    tab.tabIndex = active ? 0 : -1;
    if (panel) {
      panel.id ||= `tourmaster-booking-panel-${n}`;
      panel.setAttribute('role', 'tabpanel');
      panel.setAttribute('aria-labelledby', tab.id);
      tab.setAttribute('aria-controls', panel.id);
    }
  }
  const select = (tab: HTMLElement, focus: boolean) => {
    if (focus) tab.focus();
    if (tab.classList.contains('tourmaster-active')) return;
    for (const t of tabs) {
      const on = t === tab;
      t.classList.toggle('tourmaster-active', on);
      t.setAttribute('aria-selected', String(on));
      t.tabIndex = on ? 0 : -1;
    }
    for (const panel of panels) {
      if (panel.dataset.tourmasterTab === tab.dataset.tourmasterTab) {
        void fade(panel, 'in', 200, { display: 'block' }).then(() => panel.classList.add('tourmaster-active'));
      } else {
        panel.classList.remove('tourmaster-active');
        panel.style.display = 'none';
      }
    }
  };
  const offClick = delegate(title, 'click', '[data-tourmaster-tab]', (_e, tab) => select(tab, false));
  const offKey = delegate<KeyboardEvent>(title, 'keydown', '[data-tourmaster-tab]', (e, tab) => {
    const at = tabs.indexOf(tab);
    const next =
      e.key === 'ArrowRight' || e.key === 'ArrowDown'
        ? tabs[(at + 1) % tabs.length]
        : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
          ? tabs[(at + tabs.length - 1) % tabs.length]
          : e.key === 'Home'
            ? tabs[0]
            : e.key === 'End'
              ? tabs[tabs.length - 1]
              : e.key === 'Enter' || e.key === ' '
                ? tab
                : undefined;
    if (!next) return;
    e.preventDefault();
    select(next, true);
  });
  return () => {
    offClick();
    offKey();
  };
}

/** jQuery's default easing ("swing") over `ms`, to an absolute page offset. */
export function scrollToY(y: number, ms: number): Promise<void> {
  const start = window.scrollY;
  const t0 = performance.now();
  return new Promise((resolve) => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      window.scrollTo(0, y);
      return resolve();
    }
    const step = (now: number) => {
      const p = Math.min(1, (now - t0) / ms);
      window.scrollTo(0, start + (y - start) * (0.5 - Math.cos(p * Math.PI) / 2));
      if (p < 1) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
}

export function mount(bar: HTMLElement): () => void {
  const props = readProps('BookingBar', bar, bookingBarProps);
  const offSticky = stickyBar(bar, props.stickyMinWidth);
  const offTabs = bindTabs(bar);
  const offLinks = delegate(document, 'click', GO_TO_BOOKING, (event) => {
    event.preventDefault();
    // Where the bar sits in the page (its anchor), not where it is drawn while following the page.
    const anchor = bar.parentElement?.querySelector<HTMLElement>(':scope > .tourmaster-tour-booking-bar-anchor');
    const sticking = bar.style.position === 'fixed' || bar.style.position === 'absolute';
    const top =
      (sticking && anchor ? anchor : bar).getBoundingClientRect().top +
      window.scrollY -
      (Number.parseInt(getComputedStyle(document.documentElement).marginTop, 10) || 0);
    void scrollToY(Math.max(0, top), 1500).then(() => {
      bar
        .querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea, [tabindex="0"]')
        ?.focus({ preventScroll: true });
    });
  });
  return () => {
    offSticky();
    offTabs();
    offLinks();
  };
}
