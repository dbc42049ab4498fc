/**
 * Where the sticky booking bar sits for a scroll position (the legacy `tourmaster_tour_booking_sticky`
 * rules), as a pure function of the current placement and what was measured: each placement is a
 * class on the bar and an inline position. The current placement is returned unchanged while the
 * page scrolls within it, so the bar does not jump.
 */
export type Css = Partial<Record<'position' | 'top' | 'left' | 'marginTop', string>>;

export interface Placement {
  state: string | undefined;
  css: Css;
}

export const STATES = [
  'tourmaster-fixed',
  'tourmaster-fixed-lock',
  'tourmaster-top',
  'tourmaster-bottom',
  'tourmaster-lock',
];

/** In the flow, as printed. */
export const IN_FLOW: Placement = { state: undefined, css: {} };

/** Page offsets in px (`...Top` from the top of the document). */
export interface Measured {
  y: number;
  /** Scrolled down since the last measure. */
  down: boolean;
  windowWidth: number;
  windowHeight: number;
  minWidth: number;
  /** The space above the page (the admin bar's margin on the document). */
  topOffset: number;
  anchorTop: number;
  anchorLeft: number;
  barTop: number;
  barHeight: number;
  parentTop: number;
  wrapTop: number;
  wrapHeight: number;
}

/** Fixed to the window, over the anchor's column. */
const pin = (state: string, top: string, left: number): Placement => ({
  state,
  css: { position: 'fixed', top, left: `${left}px`, marginTop: '0' },
});

/** Held in the page, at `top` within the bar's parent. */
const hold = (state: string, top: string): Placement => ({
  state,
  css: { position: 'absolute', top, left: 'auto', marginTop: '0' },
});

export function nextPlacement(current: Placement, m: Measured): Placement {
  if (m.windowWidth < m.minWidth || m.y + m.topOffset <= m.anchorTop) return current.state ? IN_FLOW : current;
  return m.windowHeight > m.barHeight ? shortBar(current, m) : tallBar(current, m);
}

/** A bar the window can hold whole: fixed at the top, then held where the tour's content ends. */
function shortBar(current: Placement, m: Measured): Placement {
  if (m.y + m.barHeight + m.topOffset > m.wrapTop + m.wrapHeight) {
    return current.state === 'tourmaster-fixed-lock'
      ? current
      : hold('tourmaster-fixed-lock', `${m.wrapHeight - m.barHeight}px`);
  }
  if (current.state === 'tourmaster-fixed' && current.css.left === `${m.anchorLeft}px`) return current;
  return pin('tourmaster-fixed', `${m.topOffset}px`, m.anchorLeft);
}

/** Taller than the window: scroll along, then hold by the bottom edge (down) or the top (up). */
function tallBar(current: Placement, m: Measured): Placement {
  const { state } = current;
  if (m.down) {
    if (state === 'tourmaster-top') return hold('tourmaster-lock', `${m.y + m.topOffset - m.parentTop}px`);
    if (m.y + m.windowHeight > m.wrapTop + m.wrapHeight) {
      return state === 'tourmaster-lock' ? current : hold('tourmaster-lock', `${m.wrapHeight - m.barHeight}px`);
    }
    if (m.y + m.windowHeight > m.barTop + m.barHeight && state !== 'tourmaster-bottom') {
      return pin('tourmaster-bottom', `${m.windowHeight - m.barHeight}px`, m.anchorLeft);
    }
    return current;
  }
  if (state === 'tourmaster-bottom') {
    return hold('tourmaster-lock', `${m.y + m.windowHeight - m.barHeight - m.parentTop}px`);
  }
  if (state === 'tourmaster-lock' && m.y + m.topOffset < m.barTop)
    return pin('tourmaster-top', `${m.topOffset}px`, m.anchorLeft);
  return current;
}
