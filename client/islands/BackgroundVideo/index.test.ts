import { describe, expect, it } from 'vitest';
import { shouldLoadVideo } from './index';

describe('shouldLoadVideo', () => {
  const desktop = { width: 1280, saveData: false, reducedMotion: false };
  it('loads on a desktop', () => expect(shouldLoadVideo(desktop)).toBe(true));
  it('never on a phone', () => {
    expect(shouldLoadVideo({ ...desktop, width: 390 })).toBe(false);
    expect(shouldLoadVideo({ ...desktop, width: 767 })).toBe(false);
    expect(shouldLoadVideo({ ...desktop, width: 768 })).toBe(true);
  });
  it('not when the visitor saves data or asks for less motion', () => {
    expect(shouldLoadVideo({ ...desktop, saveData: true })).toBe(false);
    expect(shouldLoadVideo({ ...desktop, reducedMotion: true })).toBe(false);
  });
});
