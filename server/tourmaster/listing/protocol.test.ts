import { describe, expect, it } from 'vitest';
import { applyListOption, applyOrderOption, readOption } from './protocol';
import type { ListSettings } from './settings';

const base = (): ListSettings =>
  new Map<string, string | number | string[]>([
    ['category', ''],
    ['orderby', 'date'],
    ['order', 'desc'],
    ['tour-style', 'medium'],
    ['layout', 'fitrows'],
    ['has-column', 'no'],
    ['column-size', '60'],
    ['order-filterer-grid-style', 'grid-with-frame'],
    ['order-filterer-grid-style-thumbnail', 'Blog Column Thumbnail'],
    ['order-filterer-list-style', 'full'],
    ['with-frame', 'enable'],
    ['column-size-temp', '30'],
    ['paged', 1],
  ]);

describe('list ajax options (listing.md §2.9)', () => {
  it('reads the option pair, blank when missing', () => {
    expect(readOption({ name: 'paged', value: '2' })).toEqual({ name: 'paged', value: '2' });
    expect(readOption(undefined)).toEqual({ name: '', value: '' });
    expect(readOption({ name: ['x'] })).toEqual({ name: '', value: '' });
  });

  it('sets the page as posted, a category with page 1, and page 1 for a blank option', () => {
    const paged = applyListOption(base(), { name: 'paged', value: '3' });
    expect(paged.ok && paged.settings.get('paged')).toBe('3');
    const category = applyListOption(new Map([...base(), ['paged', '3']]), { name: 'category', value: 'islands' });
    expect(category.ok && [category.settings.get('category'), category.settings.get('paged')]).toEqual(['islands', 1]);
    const blank = applyListOption(new Map([...base(), ['paged', '3']]), { name: 'category', value: '' });
    expect(blank.ok && [blank.settings.get('category'), blank.settings.get('paged')]).toEqual(['', 1]);
    const other = applyListOption(new Map([...base(), ['paged', '3']]), { name: 'orderby', value: 'title' });
    expect(other.ok && [other.settings.get('orderby'), other.settings.get('paged')]).toEqual(['date', '3']);
    expect(applyListOption(base(), { name: 'category', value: '"><script>' })).toEqual({
      ok: false,
      reason: 'bad-category',
    });
    const junk = applyListOption(base(), { name: 'paged', value: 'abc' });
    expect(junk.ok && junk.settings.get('paged')).toBe(1);
  });

  it('sets orderby and order (unknown values are the defaults), always page 1', () => {
    expect(applyOrderOption(base(), { name: 'orderby', value: 'price' }).get('orderby')).toBe('price');
    expect(applyOrderOption(base(), { name: 'orderby', value: 'bogus' }).get('orderby')).toBe('date');
    expect(applyOrderOption(base(), { name: 'order', value: 'asc' }).get('order')).toBe('asc');
    expect(applyOrderOption(new Map([...base(), ['paged', '4']]), { name: 'paged', value: '2' }).get('paged')).toBe(1);
  });

  it('switches to the grid style and derives its keys', () => {
    const s = applyOrderOption(base(), { name: 'item-style', value: 'grid-style' });
    expect(Object.fromEntries(s)).toMatchObject({
      'tour-style': 'grid',
      'thumbnail-size': 'Blog Column Thumbnail',
      'with-frame': 'enable',
      'has-column': 'yes',
      'column-size': '30',
      'no-space': 'no',
    });
  });

  it('switches to the list style: one column of 60 in fitrows', () => {
    const s = applyOrderOption(base(), { name: 'item-style', value: 'list-style' });
    expect(Object.fromEntries(s)).toMatchObject({
      'tour-style': 'full',
      'thumbnail-size': 'full',
      'with-frame': 'disable',
      'has-column': 'no',
      'column-size': 60,
      layout: 'fitrows',
    });
  });

  it('re-derives the keys from the current style for any other item-style (as the legacy site did)', () => {
    const s = applyOrderOption(base(), { name: 'item-style', value: 'grid' });
    expect([s.get('tour-style'), s.get('with-frame'), s.get('column-size')]).toEqual(['medium', 'disable', 60]);
    // Existing keys keep their place; the posted order is the echo's order.
    expect([...s.keys()].indexOf('with-frame')).toBe([...base().keys()].indexOf('with-frame'));
  });
});
