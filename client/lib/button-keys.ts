import type { KeyboardEvent } from 'react';

/**
 * Enter and Space on an element that is a button by its role (a legacy `<span>` the theme styles,
 * which cannot become a `<button>`): `run`, as a click would.
 */
export function buttonKeys(run: () => void): (event: KeyboardEvent) => void {
  return (event) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    run();
  };
}
