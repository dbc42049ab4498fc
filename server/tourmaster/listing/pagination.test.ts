import { describe, expect, it } from 'vitest';
import { ajaxPaginationItems, linkPaginationItems, loadMorePage } from './pagination';

const ajax = (current: number, max: number) =>
  ajaxPaginationItems(current, max)
    .map((i) => (i.kind === 'dots' ? '…' : i.active ? `[${i.n}]` : String(i.n)))
    .join(' ');

const links = (current: number, total: number) =>
  linkPaginationItems(current, total)
    .map((i) =>
      i.kind === 'dots' ? '…' : i.kind === 'current' ? `[${i.n}]` : i.kind === 'page' ? String(i.n) : i.kind,
    )
    .join(' ');

describe('list pagination numbering', () => {
  it('ajax: nothing for one page or none', () => {
    expect(ajax(1, 1)).toBe('');
    expect(ajax(9, 0)).toBe('');
  });

  it('ajax: the current page, two neighbours each side, first and last, one … per gap', () => {
    expect(ajax(2, 3)).toBe('1 [2] 3');
    expect(ajax(1, 10)).toBe('[1] 2 3 … 10');
    expect(ajax(5, 10)).toBe('1 … 3 4 [5] 6 7 … 10');
    expect(ajax(4, 10)).toBe('1 2 3 [4] 5 6 … 10');
    expect(ajax(10, 10)).toBe('1 … 8 9 [10]');
    // A page past the end: no active page (the legacy reply for such a page is 'none' anyway).
    expect(ajax(12, 10)).toBe('1 … 10');
  });

  it('load more: the next page while there is one', () => {
    expect(loadMorePage(1, 3)).toBe(2);
    expect(loadMorePage(2, 3)).toBe(3);
    expect(loadMorePage(3, 3)).toBeUndefined();
    expect(loadMorePage(1, 0)).toBeUndefined();
  });

  it('links: every page up to five, else end size 1 and mid size 2, with prev and next', () => {
    expect(links(1, 1)).toBe('');
    expect(links(1, 5)).toBe('[1] 2 3 4 5 next');
    expect(links(3, 5)).toBe('prev 1 2 [3] 4 5 next');
    expect(links(1, 9)).toBe('[1] 2 3 … 9 next');
    expect(links(5, 9)).toBe('prev 1 … 3 4 [5] 6 7 … 9 next');
    expect(links(9, 9)).toBe('prev 1 … 7 8 [9]');
  });
});
