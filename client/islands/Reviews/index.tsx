import { reviewsProps } from '../../common/islands/Reviews';
import { readIslandProps } from '../../lib/island-props';
import { renderInto } from '../../lib/render-island';
import { reviewsFromMarkup } from './adapter';
import { Reviews } from './Reviews';

/** `.tourmaster-single-review`: our pages' props, or the legacy section's (adapter.ts). */
export function mount(marker: HTMLElement): () => void {
  const props = readIslandProps('Reviews', marker, reviewsProps) ?? reviewsFromMarkup(marker);
  return renderInto(marker, <Reviews {...props} />);
}
