import { describe, expect, it } from 'vitest';
import { sliderOptions } from './options';

describe('sliderOptions', () => {
  it('a slider fades every 7 s in 600 ms, pausing on hover, one item on phones', () => {
    const o = sliderOptions({});
    expect(o).toMatchObject({ type: 'fade', rewind: true, perPage: 1, interval: 7000, speed: 600 });
    expect(o).toMatchObject({ autoplay: true, pauseOnHover: true, pauseOnFocus: true, drag: true });
    expect(o.breakpoints?.[767]).toMatchObject({ perPage: 1 });
  });

  it('a carousel loops with its columns, bounded', () => {
    expect(sliderOptions({ type: 'carousel', column: '4' })).toMatchObject({ type: 'loop', perPage: 4 });
    expect(sliderOptions({ type: 'carousel', column: '40' }).perPage).toBe(6);
    expect(sliderOptions({ type: 'carousel', column: 'x' }).perPage).toBe(3);
  });

  it('a slider told to slide loops instead of fading', () => {
    expect(sliderOptions({ effect: 'slide' }).type).toBe('loop');
  });

  it('navigation follows data-nav', () => {
    expect(sliderOptions({ nav: 'none' })).toMatchObject({ arrows: false, pagination: false });
    expect(sliderOptions({ nav: 'bullet' })).toMatchObject({ arrows: false, pagination: true });
    expect(sliderOptions({ nav: 'navigation' })).toMatchObject({ arrows: true, pagination: false });
  });
});
