/**
 * Where the sticky booking bar sits for a scroll position (the legacy `tourmaster_tour_booking_sticky`
 * rules): each state is a class on the bar and an inline position. A state is set only when it
 * changes, so the bar does not jump while the page scrolls within one.
 */
export interface Sticky {
  bar: HTMLElement;
  /** The bar's place in the flow (the page's layout puts it there). */
  anchor: HTMLElement;
  /** The tour's content: the bar never goes past its bottom. */
  templateWrap: HTMLElement;
}

const STATES = ['tourmaster-fixed', 'tourmaster-fixed-lock', 'tourmaster-top', 'tourmaster-bottom', 'tourmaster-lock'];

type Css = Partial<Record<'position' | 'top' | 'left' | 'marginTop', string>>;

/** The space above the page (the admin bar's margin on the document). */
export const topOffset = () => Number.parseInt(getComputedStyle(document.documentElement).marginTop, 10) || 0;

export const pageTop = (el: Element) => el.getBoundingClientRect().top + window.scrollY;

const leftOf = (anchor: HTMLElement) =>
  anchor.getBoundingClientRect().left - (Number.parseInt(getComputedStyle(anchor).marginLeft, 10) || 0);

const has = ({ bar }: Sticky, state: string) => bar.classList.contains(state);

function set({ bar, anchor }: Sticky, state: string | undefined, css: Css): void {
  bar.classList.remove(...STATES);
  if (state) bar.classList.add(state);
  bar.style.position = css.position ?? '';
  bar.style.top = css.top ?? '';
  bar.style.left = css.left ?? '';
  bar.style.marginTop = css.marginTop ?? anchor.style.marginTop;
}

/** Fixed to the window, over the anchor's column. */
function pin(sticky: Sticky, state: string, top: string): void {
  set(sticky, state, { position: 'fixed', top, left: `${leftOf(sticky.anchor)}px`, marginTop: '0' });
}

/** Held in the page, at `top` within the bar's parent. */
function hold(sticky: Sticky, state: string, top: string): void {
  set(sticky, state, { position: 'absolute', top, left: 'auto', marginTop: '0' });
}

/** Back in the flow. */
export function resetBar(sticky: Sticky): void {
  if (STATES.some((s) => has(sticky, s))) set(sticky, undefined, {});
}

/** The bar's state once the page has scrolled past the anchor to `y` (`down` or up). */
export function placeBar(sticky: Sticky, y: number, down: boolean): void {
  const { bar, templateWrap } = sticky;
  const barHeight = bar.offsetHeight;
  const wrapBottom = pageTop(templateWrap) + templateWrap.offsetHeight;
  if (window.innerHeight > barHeight) placeShortBar(sticky, y, barHeight, wrapBottom);
  else placeTallBar(sticky, y, down, barHeight, wrapBottom);
}

/** A bar the window can hold whole: fixed at the top, then held where the tour's content ends. */
function placeShortBar(sticky: Sticky, y: number, barHeight: number, wrapBottom: number): void {
  const { bar, templateWrap } = sticky;
  if (y + barHeight + topOffset() > wrapBottom) {
    if (!has(sticky, 'tourmaster-fixed-lock')) {
      hold(sticky, 'tourmaster-fixed-lock', `${templateWrap.offsetHeight - barHeight}px`);
    }
  } else if (!has(sticky, 'tourmaster-fixed')) {
    pin(sticky, 'tourmaster-fixed', `${topOffset()}px`);
  } else {
    bar.style.left = `${leftOf(sticky.anchor)}px`;
  }
}

/** Taller than the window: scroll along, then hold by the bottom edge (down) or the top (up). */
function placeTallBar(sticky: Sticky, y: number, down: boolean, barHeight: number, wrapBottom: number): void {
  const { bar, templateWrap } = sticky;
  const parentTop = bar.parentElement ? pageTop(bar.parentElement) : 0;
  if (down) {
    if (has(sticky, 'tourmaster-top')) {
      hold(sticky, 'tourmaster-lock', `${y + topOffset() - parentTop}px`);
    } else if (y + window.innerHeight > wrapBottom) {
      if (!has(sticky, 'tourmaster-lock')) {
        hold(sticky, 'tourmaster-lock', `${templateWrap.offsetHeight - barHeight}px`);
      }
    } else if (y + window.innerHeight > pageTop(bar) + barHeight && !has(sticky, 'tourmaster-bottom')) {
      pin(sticky, 'tourmaster-bottom', `${window.innerHeight - barHeight}px`);
    }
  } else if (has(sticky, 'tourmaster-bottom')) {
    hold(sticky, 'tourmaster-lock', `${y + window.innerHeight - barHeight - parentTop}px`);
  } else if (has(sticky, 'tourmaster-lock') && y + topOffset() < pageTop(bar)) {
    pin(sticky, 'tourmaster-top', `${topOffset()}px`);
  }
}
