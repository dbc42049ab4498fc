import { describe, expect, it } from 'vitest';
import { starClass } from './stars';

describe('starClass (reviews.md §7)', () => {
  const icons = (score: number) => [1, 3, 5, 7, 9].map((p) => starClass(p, score));

  it('an odd score: earlier stars full, the chosen one half-empty, later ones empty', () => {
    expect(icons(5)).toEqual(['fa fa-star', 'fa fa-star', 'fa fa-star-half-empty', 'fa fa-star-o', 'fa fa-star-o']);
  });

  it('an even score (a half position) fills the star before it', () => {
    expect(icons(6)).toEqual(['fa fa-star', 'fa fa-star', 'fa fa-star', 'fa fa-star-o', 'fa fa-star-o']);
    expect(icons(10)).toEqual(['fa fa-star', 'fa fa-star', 'fa fa-star', 'fa fa-star', 'fa fa-star']);
    expect(icons(1)).toEqual(['fa fa-star-half-empty', 'fa fa-star-o', 'fa fa-star-o', 'fa fa-star-o', 'fa fa-star-o']);
  });
});
