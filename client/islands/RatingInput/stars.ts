/** The legacy star rule: positions before the score full, the chosen one half-empty, later ones empty. */
const FULL = 'fa fa-star';
const HALF = 'fa fa-star-half-empty';
const EMPTY = 'fa fa-star-o';

export function starClass(position: number, score: number): string {
  return position < score ? FULL : position === score ? HALF : EMPTY;
}
