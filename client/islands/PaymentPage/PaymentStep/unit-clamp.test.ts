import { describe, expect, it } from 'vitest';
import { clampUnits, maxUnitOf } from './unit-clamp';

describe('maxUnitOf (data-max-unit)', () => {
  it('reads a positive whole number', () => {
    expect(maxUnitOf('4')).toBe(4);
    expect(maxUnitOf(' 12 ')).toBe(12);
  });

  it('ignores what is not a usable maximum', () => {
    for (const bad of [undefined, null, '', '0', '-3', '2.5', 'abc', '99999999999999999999']) {
      expect(maxUnitOf(bad)).toBeUndefined();
    }
  });
});

describe('clampUnits', () => {
  it('while typing: only a number over the maximum is replaced', () => {
    expect(clampUnits('9', 4, false)).toBe('4');
    expect(clampUnits('40', 4, false)).toBe('4');
    expect(clampUnits('3', 4, false)).toBe('3');
    expect(clampUnits('', 4, false)).toBe('');
    expect(clampUnits('-', 4, false)).toBe('-');
    expect(clampUnits('0', 4, false)).toBe('0');
  });

  it('when the field is left: a whole number from 1 to the maximum', () => {
    expect(clampUnits('3', 4, true)).toBe('3');
    expect(clampUnits('7', 4, true)).toBe('4');
    expect(clampUnits('0', 4, true)).toBe('1');
    expect(clampUnits('-2', 4, true)).toBe('1');
    expect(clampUnits('2.7', 4, true)).toBe('2');
    expect(clampUnits('', 4, true)).toBe('1');
    expect(clampUnits('abc', 4, true)).toBe('1');
    expect(clampUnits(' 2 ', 4, true)).toBe('2');
  });
});
