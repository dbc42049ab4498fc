import { describe, expect, it } from 'vitest';
import { IN_FLOW, type Measured, nextPlacement } from './sticky-position';

/** A 1280×800 window, the anchor at 600 px, the tour's content from 500 to 3500 px. */
const at = (y: number, over: Partial<Measured> = {}): Measured => ({
  y,
  down: true,
  windowWidth: 1280,
  windowHeight: 800,
  minWidth: 1000,
  topOffset: 0,
  anchorTop: 600,
  anchorLeft: 900,
  barTop: 600,
  barHeight: 500,
  parentTop: 500,
  wrapTop: 500,
  wrapHeight: 3000,
  ...over,
});

describe('the sticky booking bar', () => {
  it('stays in the flow above its anchor and below 1000 px', () => {
    expect(nextPlacement(IN_FLOW, at(100))).toBe(IN_FLOW);
    expect(nextPlacement(IN_FLOW, at(1000, { windowWidth: 390 }))).toBe(IN_FLOW);
  });

  it('is fixed at the top past its anchor, unchanged while the page scrolls, held where the content ends', () => {
    const fixed = nextPlacement(IN_FLOW, at(700));
    expect(fixed).toEqual({
      state: 'tourmaster-fixed',
      css: { position: 'fixed', top: '0px', left: '900px', marginTop: '0' },
    });
    expect(nextPlacement(fixed, at(900))).toBe(fixed);
    const locked = nextPlacement(fixed, at(3100));
    expect(locked).toEqual({
      state: 'tourmaster-fixed-lock',
      css: { position: 'absolute', top: '2500px', left: 'auto', marginTop: '0' },
    });
    expect(nextPlacement(locked, at(200))).toBe(IN_FLOW);
  });

  it('scrolls along when taller than the window, then sticks by its bottom going down and its top going up', () => {
    const tall = { barHeight: 1000 };
    expect(nextPlacement(IN_FLOW, at(700, tall))).toBe(IN_FLOW);
    const bottom = nextPlacement(IN_FLOW, at(900, tall));
    expect(bottom).toMatchObject({ state: 'tourmaster-bottom', css: { position: 'fixed', top: '-200px' } });
    const lockedUp = nextPlacement(bottom, at(850, { ...tall, down: false }));
    expect(lockedUp).toMatchObject({ state: 'tourmaster-lock', css: { position: 'absolute', top: '150px' } });
    expect(nextPlacement(lockedUp, at(640, { ...tall, down: false, barTop: 650 }))).toMatchObject({
      state: 'tourmaster-top',
      css: { position: 'fixed', top: '0px' },
    });
  });
});
