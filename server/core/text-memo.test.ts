import { describe, expect, it } from 'vitest';
import { textMemo } from './text-memo';

describe('textMemo', () => {
  it('builds once per text and again for a changed text', () => {
    const built: string[] = [];
    const upper = textMemo((text) => {
      built.push(text);
      return text.toUpperCase();
    });
    expect([upper('a'), upper('a'), upper('b'), upper('a')]).toEqual(['A', 'A', 'B', 'A']);
    expect(built).toEqual(['a', 'b']);
  });

  it('starts over at maxEntries and keeps no text longer than maxTextLength', () => {
    const built: string[] = [];
    const same = textMemo(
      (text) => {
        built.push(text);
        return text;
      },
      { maxEntries: 2, maxTextLength: 3 },
    );
    for (const text of ['a', 'b', 'c', 'a', 'long', 'long']) same(text);
    // 'c' found the map full and emptied it, so 'a' was built again; 'long' every time.
    expect(built).toEqual(['a', 'b', 'c', 'a', 'long', 'long']);
  });
});
