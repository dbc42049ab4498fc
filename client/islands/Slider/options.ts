import type { Options } from '@splidejs/splide';

/**
 * How a page-builder slider or carousel moves (the theme's flexslider settings, on splide): a slide
 * every 7 s, 600 ms transitions, fading for sliders, looping for carousels, one item below 767 px,
 * dragged by touch or mouse, paused while hovered or focused. Pure: the island reads the markup's
 * data attributes and passes them here.
 */
export const AUTOPLAY_INTERVAL_MS = 7000;
export const TRANSITION_MS = 600;
export const ONE_ITEM_BELOW_PX = 767;

export interface SliderMarkup {
  /** `data-type`: `carousel` shows several items; anything else is a one-item slider. */
  type?: string;
  /** `data-effect`: `fade` or `slide` (a slider fades unless told otherwise). */
  effect?: string;
  /** `data-column`: the carousel's items per view. */
  column?: string;
  /** `data-nav`: `navigation` (arrows), `bullet`, `both` or `none`. */
  nav?: string;
}

export function sliderOptions(markup: SliderMarkup): Options {
  const carousel = markup.type === 'carousel';
  const perPage = carousel ? Math.min(Math.max(Number.parseInt(markup.column ?? '', 10) || 3, 1), 6) : 1;
  const fade = !carousel && markup.effect !== 'slide';
  const nav = markup.nav ?? 'both';
  return {
    // splide's fade type cannot loop by cloning; it rewinds instead, which looks the same for a fade.
    type: fade ? 'fade' : 'loop',
    rewind: fade,
    perPage,
    perMove: 1,
    speed: TRANSITION_MS,
    autoplay: true,
    interval: AUTOPLAY_INTERVAL_MS,
    pauseOnHover: true,
    pauseOnFocus: true,
    drag: true,
    arrows: nav === 'navigation' || nav === 'both',
    pagination: nav === 'bullet' || nav === 'both',
    gap: carousel ? '30px' : 0,
    breakpoints: { [ONE_ITEM_BELOW_PX]: { perPage: 1, gap: 0 } },
  };
}
