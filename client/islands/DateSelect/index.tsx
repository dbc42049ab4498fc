import { dateSelectSchema } from '../../common/islands/DateSelect';
import { readIslandProps } from '../../lib/island-props';
import { renderInto } from '../../lib/render-island';
import { dateSelectFromMarkup, hiddenOf } from './adapter';
import { DateSelect } from './DateSelect';

/**
 * The three-select date on a page (the register form and its Sign Up lightbox copy, the profile
 * form): the marker is `div.tourmaster-date-select`, but the input the form posts is its sibling,
 * so the component takes over both: they are replaced by the same markup, rendered by React from
 * the typed props (the server's, else adapter.ts's reading of the plugin's markup). Forms that
 * render their fields themselves (the enquiry form) use the DateSelect component directly.
 */
export function mount(wrap: HTMLElement): (() => void) | undefined {
  // Gone already: a form island (the enquiry form) renders its own fields. A lightbox's hidden
  // template is only copied; its copy is mounted on its own.
  if (!wrap.isConnected) return undefined;
  if (wrap.closest('[data-tmlb-id]') && !wrap.closest('.tourmaster-lightbox-wrapper')) return undefined;
  const hidden = hiddenOf(wrap);
  const container = wrap.parentElement;
  // The form posts what React renders from here on; nothing else is in the plugin's tail.
  if (!hidden || !container || hidden.parentElement !== container || container.children.length !== 2) return undefined;
  const props = readIslandProps('DateSelect', wrap, dateSelectSchema) ?? dateSelectFromMarkup(wrap);
  container.replaceChildren();
  return renderInto(container, <DateSelect {...props} />);
}
