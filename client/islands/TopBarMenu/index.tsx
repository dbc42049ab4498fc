import { flushSync } from 'react-dom';
import { topBarMenuSchema } from '../../common/islands/TopBarMenu';
import { readIslandProps } from '../../lib/island-props';
import { renderInto } from '../../lib/render-island';
import { topBarFromMarkup } from './adapter';
import { TopBarMenu } from './TopBarMenu';

/**
 * The logged-in top bar (`div.tourmaster-user-top-bar.tourmaster-user`): its content is rendered
 * by React from the typed props (the server's, else adapter.ts's reading of the plugin's markup).
 */
export function mount(bar: HTMLElement): (() => void) | undefined {
  if (!bar.querySelector('.tourmaster-user-top-bar-nav')) return undefined;
  const props = readIslandProps('TopBarMenu', bar, topBarMenuSchema) ?? topBarFromMarkup(bar);
  bar.replaceChildren();
  let unmount: () => void = () => undefined;
  flushSync(() => {
    unmount = renderInto(bar, <TopBarMenu bar={bar} {...props} />);
  });
  return unmount;
}
