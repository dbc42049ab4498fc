import { useEffect, useRef } from 'react';
import { delegate } from '../../lib/dom';
import type { BarParts } from './parts';
import { scrollToY } from './scroll';
import type { Placement } from './sticky-position';

const GO_TO_BOOKING =
  'a[href="#tourmaster-tour-booking-bar-wrap"], a[href="#tourmaster-single-tour-booking-fields"], [data-tourmaster-go-to-booking]';

/** The bar's first control, focused once the page is there (not state: where the focus goes). */
const FIRST_CONTROL = 'input:not([type="hidden"]), select, textarea, [tabindex="0"]';

/**
 * Links to the bar anywhere in the page scroll to it in 1500 ms (as the plugin's script did, with
 * no `#` added to the address), then the bar's first control takes the focus.
 */
export function useGoToBooking(parts: BarParts, placement: Placement): void {
  const sticking = useRef(false);
  sticking.current = placement.css.position === 'fixed' || placement.css.position === 'absolute';
  useEffect(() => {
    const { bar, anchor } = parts;
    return delegate(document, 'click', GO_TO_BOOKING, (event) => {
      event.preventDefault();
      // Where the bar sits in the page (its anchor), not where it is drawn while following the page.
      const top =
        (sticking.current && anchor ? anchor : bar).getBoundingClientRect().top +
        window.scrollY -
        (Number.parseInt(getComputedStyle(document.documentElement).marginTop, 10) || 0);
      void scrollToY(Math.max(0, top), 1500).then(() => {
        bar.querySelector<HTMLElement>(FIRST_CONTROL)?.focus({ preventScroll: true });
      });
    });
  }, [parts]);
}
