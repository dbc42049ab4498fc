import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { bookingBarSchema } from '../../common/islands/BookingBar';
import { readIslandProps } from '../../lib/island-props';
import { renderInto } from '../../lib/render-island';
import { bookingBarFromMarkup } from './adapter';
import { barParts } from './parts';
import { StickyBar } from './StickyBar';

/**
 * The booking bar island: its props from the page we render (the props script), else from the
 * markup WordPress printed (adapter.ts). The bar's content stays the server's (the forms in it are
 * islands of their own), so the component renders from a root of its own. On a tour page it draws
 * its tab list into the bar's tab title and answers the page's links to it (BookingBar.tsx,
 * fetched for tour pages); the payment page's bar is its sidebar, which only follows the page.
 */
export function mount(bar: HTMLElement): (() => void) | Promise<() => void> {
  const props = readIslandProps('BookingBar', bar, bookingBarSchema) ?? bookingBarFromMarkup(bar);
  const parts = barParts(bar);
  if (bar.closest('#tourmaster-payment-template-wrapper')) {
    return renderSync(<StickyBar parts={parts} minWidth={props.stickyMinWidth} />);
  }
  return import('./BookingBar').then(({ BookingBar }) => {
    parts.tabTitle?.replaceChildren();
    parts.tabTitle?.setAttribute('role', 'tablist');
    return renderSync(<BookingBar props={props} parts={parts} />);
  });
}

/** Synchronously, so the bar is whole again when the loader marks the island ready. */
function renderSync(node: ReactNode): () => void {
  let unmount = () => {};
  flushSync(() => {
    unmount = renderInto(document.createElement('div'), node);
  });
  return unmount;
}
