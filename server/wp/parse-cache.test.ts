import { describe, expect, it } from 'vitest';
import { serialize } from '../php/serialize';
import { unserializeCached } from './parse-cache';

/** A serialised array of `n` digits (`a:1:{s:4:"text";s:n:"000…"}`), long enough to be kept. */
function option(digits: string): string {
  return serialize({ text: digits } as never);
}

describe('unserializeCached', () => {
  it('gives the same frozen value for the same text, read again as a new string', () => {
    const text = option('0'.repeat(200));
    const first = unserializeCached(text);
    const again = unserializeCached(text.split('').join(''));
    expect(again).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it('tells apart texts of one length that differ where the key does not look', () => {
    // Each text differs from the others in one character only, at a position the key's sample
    // skips (the sample takes every 7th character of these texts and the last 16): same key.
    const base = '0'.repeat(200);
    const texts = [1, 2, 3, 4, 5, 6].map((n) => option(`${base.slice(0, 101)}${n}${base.slice(102)}`));
    const digit = (text: string) => (unserializeCached(text) as { text: string }).text.charAt(101);
    expect(texts.map(digit)).toEqual(['1', '2', '3', '4', '5', '6']);
    // Read again (the first ones were pushed out of their key's list): still each its own value.
    expect(texts.map(digit)).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('parses a short text each time, frozen as well', () => {
    const value = unserializeCached('a:1:{i:0;s:1:"x";}');
    expect(value).toEqual(['x']);
    expect(Object.isFrozen(value)).toBe(true);
  });
});
