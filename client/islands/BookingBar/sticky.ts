import { pageTop, placeBar, resetBar, type Sticky, topOffset } from './sticky-position';

/**
 * The booking bar following the page on wide screens (the legacy `tourmaster_tour_booking_sticky`):
 * fixed at the top once the page scrolls past its anchor, stopped at the bottom of the tour's
 * template wrapper; a bar taller than the window scrolls with the page and sticks by its bottom.
 * Below `minWidth` it stays in the flow.
 */
export function stickyBar(bar: HTMLElement, minWidth: number): () => void {
  const anchor = Array.from(bar.parentElement?.children ?? []).find((el) =>
    el.classList.contains('tourmaster-tour-booking-bar-anchor'),
  ) as HTMLElement | undefined;
  const pageWrap = bar.closest<HTMLElement>('.tourmaster-page-wrapper');
  const templateWrap =
    (pageWrap && Array.from(pageWrap.children).find((el) => el.classList.contains('tourmaster-template-wrapper'))) ??
    bar.closest<HTMLElement>('.tourmaster-template-wrapper');
  if (!anchor || !(templateWrap instanceof HTMLElement)) return () => {};

  const layout = overlapHeader(bar, anchor, pageWrap);
  const sticky: Sticky = { bar, anchor, templateWrap };
  let previous = window.scrollY;
  const onScroll = () => {
    const y = window.scrollY;
    const down = y >= previous;
    previous = y;
    if (window.innerWidth < minWidth || y + topOffset() <= pageTop(anchor)) return resetBar(sticky);
    placeBar(sticky, y, down);
  };
  const onResize = () => {
    layout();
    resetBar(sticky);
    onScroll();
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('resize', onResize);
  onScroll();
  return () => {
    window.removeEventListener('scroll', onScroll);
    window.removeEventListener('resize', onResize);
  };
}

/**
 * Tour style 1 prints the price above the bar, overlapping the header: the bar and its anchor are
 * pulled up by the price's height (again on resize, returned), and the page keeps room for the bar.
 */
function overlapHeader(bar: HTMLElement, anchor: HTMLElement, pageWrap: HTMLElement | null): () => void {
  const headerPrice = bar.querySelector<HTMLElement>(
    ':scope > .tourmaster-tour-booking-bar-outer > .tourmaster-header-price',
  );
  const overlap = Boolean(pageWrap?.classList.contains('tourmaster-tour-style-1') && headerPrice);
  const layout = () => {
    if (!overlap || !headerPrice || !pageWrap) return;
    const h = headerPrice.offsetHeight;
    bar.style.marginTop = `${-h}px`;
    anchor.style.marginTop = `${-h}px`;
    pageWrap.style.minHeight = `${bar.offsetHeight - h}px`;
  };
  if (overlap) {
    bar.classList.add('tourmaster-start-script');
    for (const header of pageWrap?.parentElement?.querySelectorAll(':scope > .tourmaster-single-header') ?? []) {
      header.classList.add('tourmaster-start-script');
    }
  }
  layout();
  return layout;
}
