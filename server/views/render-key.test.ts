import { describe, expect, it } from 'vitest';
import { raw } from './html';
import { renderKey } from './render-cache';

describe('renderKey', () => {
  it('writes a part whole the first time and as its id after, so kept parts cost no copy', () => {
    const footer = raw('<footer>'.padEnd(5000, 'x'));
    const first = renderKey({ title: 'Santorini', footer });
    const again = renderKey({ title: 'Santorini', footer });
    expect(first).toContain(footer.value);
    expect(again).not.toContain('xxxx');
    expect(again.length).toBeLessThan(100);
    // The same part gives the same key from then on.
    expect(renderKey({ title: 'Santorini', footer })).toBe(again);
  });

  it('tells parts apart by text when they are new objects, and never as plain data', () => {
    const a = raw('<p>one</p>');
    const b = raw('<p>one</p>');
    const c = raw('<p>two</p>');
    // A new object with equal text writes its text: the key of the first time an equal part was met.
    expect(renderKey([a])).toBe(renderKey([b]));
    expect(renderKey([c])).not.toBe(renderKey([raw('<p>one</p>')]));
    // Ids of two different parts differ, and no plain object reads as an id.
    expect(renderKey([a])).not.toBe(renderKey([b]));
    expect(renderKey([a])).not.toBe(JSON.stringify([{ part: 1 }]));
    expect(renderKey({ part: 1 })).toBe('{"part":1}');
  });
});
