import type { KeyboardEvent, MouseEvent } from 'react';
import { buttonKeys } from '../../lib/button-keys';

/**
 * What makes one of the payment step's legacy links or images (an `<a>` without `href`, a gateway's
 * `<img>`: the theme styles them, they cannot become `<button>`s) a keyboard button that runs
 * `run`; while the page is busy it is marked disabled and does nothing.
 */
export function actionProps(run: () => void, busy: boolean) {
  const act = () => {
    if (!busy) run();
  };
  return {
    role: 'button',
    tabIndex: 0,
    'aria-disabled': busy || undefined,
    onClick: (event: MouseEvent) => {
      event.preventDefault();
      act();
    },
    onKeyDown: buttonKeys(act) as (event: KeyboardEvent) => void,
  } as const;
}

/** What the payment step's buttons ask of the page: pay online with a gateway's `type`, or book and pay later. */
export interface PayActions {
  /** A request is running: the buttons do nothing meanwhile. */
  busy: boolean;
  onPay: (type: string) => void;
  onBookLater: () => void;
}
