import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { BookingBarProps } from '../../common/islands/BookingBar';
import { fade } from '../../lib/dom';
import { BookingTabs, type TabIds } from './BookingTabs';
import { BookNowBar } from './BookNowBar';
import type { BarParts } from './parts';
import { useGoToBooking } from './useGoToBooking';
import { useStickyBar } from './useStickyBar';

/**
 * The booking bar around the form (`#tourmaster-tour-booking-bar-wrap`, booking.md §2): it follows
 * the page on wide screens, its tabs switch between the booking and the enquiry form, and links to
 * it scroll there. The forms inside are islands of their own: the bar renders its tab list and
 * shows the chosen panel, and leaves the panels' content alone. Below the width where it follows the
 * page, a "Book now" bar at the bottom of the window leads to it while it is off screen.
 */
export function BookingBar({ props, parts }: { props: BookingBarProps; parts: BarParts }) {
  const [active, setActive] = useState(props.active);
  const placement = useStickyBar(parts, props.stickyMinWidth);
  useGoToBooking(parts, placement);
  const base = useId();
  const ids = useMemo<TabIds>(
    () => ({ tab: (tab) => `${base}tab-${tab}`, panel: (tab) => `${base}panel-${tab}` }),
    [base],
  );
  usePanels(parts.panels, active, ids);
  const bookable = Boolean(parts.bar.querySelector(BOOKING_FORM));
  const bookingTab = props.tabs.find(({ tab }) => parts.panels.get(tab)?.querySelector(BOOKING_FORM))?.tab;
  return (
    <>
      {parts.tabTitle && props.tabs.length > 0
        ? createPortal(<BookingTabs tabs={props.tabs} active={active} ids={ids} onSelect={setActive} />, parts.tabTitle)
        : null}
      {bookable ? (
        <BookNowBar
          parts={parts}
          minWidth={props.stickyMinWidth}
          onBook={() => {
            if (bookingTab) setActive(bookingTab);
          }}
        />
      ) : null}
    </>
  );
}

/** The booking form (not the enquiry form, nor a referral link): what "Book now" leads to. */
const BOOKING_FORM = 'form#tourmaster-single-tour-booking-fields';

/**
 * The panels are the server's (each holds a form island): the chosen one fades in and is marked
 * active, the others are hidden; each is labelled by its tab.
 */
function usePanels(panels: BarParts['panels'], active: string, ids: TabIds): void {
  const shown = useRef(active);
  useLayoutEffect(() => {
    for (const [tab, panel] of panels) {
      panel.id ||= ids.panel(tab);
      panel.setAttribute('role', 'tabpanel');
      panel.setAttribute('aria-labelledby', ids.tab(tab));
    }
  }, [panels, ids]);
  useLayoutEffect(() => {
    if (shown.current === active) return;
    shown.current = active;
    for (const [tab, panel] of panels) {
      if (tab === active) {
        void fade(panel, 'in', 200, { display: 'block' }).then(() => panel.classList.add('tourmaster-active'));
      } else {
        panel.classList.remove('tourmaster-active');
        panel.style.display = 'none';
      }
    }
  }, [panels, active]);
}
