import { depositItemSchema } from '../../common/islands/DepositItems';
import { readIslandProps } from '../../lib/island-props';
import { renderInto } from '../../lib/render-island';
import { depositItemFromMarkup } from './adapter';
import { DepositItem } from './DepositItem';

/**
 * A payment of the booking page (`div.tourmaster-deposit-item`), rendered by React from the typed
 * props (the server's, else adapter.ts's reading of the plugin's markup).
 */
export function mount(item: HTMLElement): (() => void) | undefined {
  if (!item.querySelector(':scope > .tourmaster-deposit-item-content')) return undefined;
  const props = readIslandProps('DepositItems', item, depositItemSchema) ?? depositItemFromMarkup(item);
  item.replaceChildren();
  return renderInto(item, <DepositItem item={item} {...props} />);
}
