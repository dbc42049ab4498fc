import type { BarParts } from './parts';
import { type Measured, type Placement, STATES } from './sticky-position';

/** What sticky-position.ts decides from: the window and the bar's elements, measured now. */
export function measure(parts: BarParts, y: number, down: boolean, minWidth: number): Measured | undefined {
  const { bar, anchor, templateWrap } = parts;
  if (!anchor || !templateWrap) return undefined;
  const pageTop = (el: Element) => el.getBoundingClientRect().top + window.scrollY;
  return {
    y,
    down,
    windowWidth: window.innerWidth,
    windowHeight: window.innerHeight,
    minWidth,
    topOffset: Number.parseInt(getComputedStyle(document.documentElement).marginTop, 10) || 0,
    anchorTop: pageTop(anchor),
    anchorLeft: anchor.getBoundingClientRect().left - (Number.parseInt(getComputedStyle(anchor).marginLeft, 10) || 0),
    barTop: pageTop(bar),
    barHeight: bar.offsetHeight,
    parentTop: bar.parentElement ? pageTop(bar.parentElement) : 0,
    wrapTop: pageTop(templateWrap),
    wrapHeight: templateWrap.offsetHeight,
  };
}

/** The placement on the bar (the island's marker, not rendered by React): its class and inline position. */
export function applyPlacement({ bar, anchor }: BarParts, placement: Placement): void {
  bar.classList.remove(...STATES);
  if (placement.state) bar.classList.add(placement.state);
  bar.style.position = placement.css.position ?? '';
  bar.style.top = placement.css.top ?? '';
  bar.style.left = placement.css.left ?? '';
  // In the flow, the bar keeps the anchor's margin (tour style 1 pulls both up).
  bar.style.marginTop = placement.css.marginTop ?? anchor?.style.marginTop ?? '';
}

/**
 * Tour style 1 prints the price above the bar, overlapping the header: the bar and its anchor are
 * pulled up by the price's height (again on resize, returned), and the page keeps room for the bar.
 */
export function overlapHeader({ bar, anchor, pageWrap, headerPrice }: BarParts): () => void {
  const overlap = Boolean(pageWrap?.classList.contains('tourmaster-tour-style-1') && headerPrice);
  const layout = () => {
    if (!overlap || !headerPrice || !pageWrap || !anchor) return;
    const h = headerPrice.offsetHeight;
    bar.style.marginTop = `${-h}px`;
    anchor.style.marginTop = `${-h}px`;
    pageWrap.style.minHeight = `${bar.offsetHeight - h}px`;
  };
  if (overlap) {
    bar.classList.add('tourmaster-start-script');
    for (const header of pageWrap?.parentElement?.children ?? []) {
      if (header.classList.contains('tourmaster-single-header')) header.classList.add('tourmaster-start-script');
    }
  }
  layout();
  return layout;
}
