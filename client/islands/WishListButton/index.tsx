import { wishListButtonProps } from '../../common/islands/WishListButton';
import { readIslandProps } from '../../lib/island-props';
import { renderInto } from '../../lib/render-island';
import { wishListFromMarkup } from './adapter';
import { WishListButton } from './WishListButton';

/** `.tourmaster-save-wish-list`: our pages' props, or the legacy markup's (adapter.ts). */
export function mount(marker: HTMLElement): () => void {
  const props = readIslandProps('WishListButton', marker, wishListButtonProps) ?? wishListFromMarkup(marker);
  return renderInto(marker, <WishListButton marker={marker} {...props} />);
}
