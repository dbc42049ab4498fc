import { flushSync } from 'react-dom';
import { bookingBarSchema } from '../../common/islands/BookingBar';
import { readIslandProps } from '../../lib/island-props';
import { renderInto } from '../../lib/render-island';
import { bookingBarFromMarkup } from './adapter';
import { BookingBar } from './BookingBar';
import { barParts } from './parts';

/**
 * The booking bar island: its props from the page we render (the props script), else from the
 * markup WordPress printed (adapter.ts). The bar's content stays the server's (the forms in it are
 * islands of their own), so the component renders from a root of its own and draws its tab list
 * into the bar's tab title.
 */
export function mount(bar: HTMLElement): () => void {
  const props = readIslandProps('BookingBar', bar, bookingBarSchema) ?? bookingBarFromMarkup(bar);
  const parts = barParts(bar);
  parts.tabTitle?.replaceChildren();
  parts.tabTitle?.setAttribute('role', 'tablist');
  let unmount = () => {};
  // Synchronously, so the tabs are back when the loader marks the island ready.
  flushSync(() => {
    unmount = renderInto(document.createElement('div'), <BookingBar props={props} parts={parts} />);
  });
  return unmount;
}
