import type { KeyboardEvent, MouseEvent } from 'react';

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

/**
 * What makes one of the plugin's links or images (an `<a>` without `href`, a `<span>`, a gateway's
 * `<img>`: the theme styles those elements, they cannot become `<button>`s) a keyboard button that
 * runs `run`; while `disabled` it is marked so and does nothing.
 */
export function legacyButton(run: () => void, disabled = false) {
  const act = () => {
    if (!disabled) run();
  };
  return {
    role: 'button',
    tabIndex: 0,
    'aria-disabled': disabled || undefined,
    onClick: (event: MouseEvent) => {
      event.preventDefault();
      act();
    },
    onKeyDown: buttonKeys(act),
  } as const;
}
