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

  const STATES = [
    'tourmaster-fixed',
    'tourmaster-fixed-lock',
    'tourmaster-top',
    'tourmaster-bottom',
    'tourmaster-lock',
  ];
  const topOffset = () => Number.parseInt(getComputedStyle(document.documentElement).marginTop, 10) || 0;
  const leftOf = () =>
    anchor.getBoundingClientRect().left - (Number.parseInt(getComputedStyle(anchor).marginLeft, 10) || 0);
  const pageTop = (el: Element) => el.getBoundingClientRect().top + window.scrollY;
  const set = (state: string | undefined, css: Partial<Record<'position' | 'top' | 'left' | 'marginTop', string>>) => {
    bar.classList.remove(...STATES);
    if (state) bar.classList.add(state);
    bar.style.position = css.position ?? '';
    bar.style.top = css.top ?? '';
    bar.style.left = css.left ?? '';
    bar.style.marginTop = css.marginTop ?? anchor.style.marginTop;
  };
  const reset = () => {
    if (STATES.some((s) => bar.classList.contains(s))) set(undefined, {});
  };

  let previous = window.scrollY;
  const onScroll = () => {
    const y = window.scrollY;
    const down = y >= previous;
    previous = y;
    if (window.innerWidth < minWidth || y + topOffset() <= pageTop(anchor)) return reset();
    const barHeight = bar.offsetHeight;
    const wrapBottom = pageTop(templateWrap) + templateWrap.offsetHeight;
    const has = (s: string) => bar.classList.contains(s);
    if (window.innerHeight > barHeight) {
      if (y + barHeight + topOffset() > wrapBottom) {
        if (!has('tourmaster-fixed-lock')) {
          set('tourmaster-fixed-lock', {
            position: 'absolute',
            top: `${templateWrap.offsetHeight - barHeight}px`,
            left: 'auto',
            marginTop: '0',
          });
        }
      } else if (!has('tourmaster-fixed')) {
        set('tourmaster-fixed', { position: 'fixed', top: `${topOffset()}px`, left: `${leftOf()}px`, marginTop: '0' });
      } else {
        bar.style.left = `${leftOf()}px`;
      }
      return;
    }
    // Taller than the window: scroll along, then hold by the bottom edge (down) or the top (up).
    const parentTop = bar.parentElement ? pageTop(bar.parentElement) : 0;
    if (down) {
      if (has('tourmaster-top')) {
        set('tourmaster-lock', {
          position: 'absolute',
          top: `${y + topOffset() - parentTop}px`,
          left: 'auto',
          marginTop: '0',
        });
      } else if (y + window.innerHeight > wrapBottom) {
        if (!has('tourmaster-lock')) {
          set('tourmaster-lock', {
            position: 'absolute',
            top: `${templateWrap.offsetHeight - barHeight}px`,
            left: 'auto',
            marginTop: '0',
          });
        }
      } else if (y + window.innerHeight > pageTop(bar) + barHeight && !has('tourmaster-bottom')) {
        set('tourmaster-bottom', {
          position: 'fixed',
          top: `${window.innerHeight - barHeight}px`,
          left: `${leftOf()}px`,
          marginTop: '0',
        });
      }
    } else if (has('tourmaster-bottom')) {
      set('tourmaster-lock', {
        position: 'absolute',
        top: `${y + window.innerHeight - barHeight - parentTop}px`,
        left: 'auto',
        marginTop: '0',
      });
    } else if (has('tourmaster-lock') && y + topOffset() < pageTop(bar)) {
      set('tourmaster-top', { position: 'fixed', top: `${topOffset()}px`, left: `${leftOf()}px`, marginTop: '0' });
    }
  };
  const onResize = () => {
    layout();
    reset();
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
