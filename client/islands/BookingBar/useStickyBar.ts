import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { BarParts } from './parts';
import { applyPlacement, measure, overlapHeader } from './sticky-dom';
import { IN_FLOW, nextPlacement, type Placement } from './sticky-position';

/**
 * The booking bar following the page on wide screens (the legacy `tourmaster_tour_booking_sticky`):
 * fixed at the top once the page scrolls past its anchor, stopped at the bottom of the tour's
 * template wrapper; a bar taller than the window scrolls with the page and sticks by its bottom.
 * Below `minWidth` it stays in the flow. The placement is React state; the bar shows it.
 */
export function useStickyBar(parts: BarParts, minWidth: number): Placement {
  const [placement, setPlacement] = useState<Placement>(IN_FLOW);
  const current = useRef(placement);
  current.current = placement;

  useLayoutEffect(() => applyPlacement(parts, placement), [parts, placement]);

  useEffect(() => {
    if (!parts.anchor || !parts.templateWrap) return;
    const layout = overlapHeader(parts);
    let previous = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      const m = measure(parts, y, y >= previous, minWidth);
      previous = y;
      if (!m) return;
      current.current = nextPlacement(current.current, m);
      setPlacement(current.current);
    };
    const onResize = () => {
      layout();
      // Measured back in the flow: the window's new width decides afresh.
      applyPlacement(parts, IN_FLOW);
      current.current = IN_FLOW;
      onScroll();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onResize);
    onScroll();
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onResize);
    };
  }, [parts, minWidth]);
  return placement;
}
