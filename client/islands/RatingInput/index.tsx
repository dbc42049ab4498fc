import { ratingInputProps } from '../../common/islands/RatingInput';
import { readIslandProps } from '../../lib/island-props';
import { renderInto } from '../../lib/render-island';
import { headingOf, ratingFromMarkup } from './adapter';
import { RatingInput } from './RatingInput';

/**
 * `.tourmaster-review-form-rating`: our pages' props, or the
 * legacy markup's (adapter.ts). A review's stars shown read-only (same class, nothing to choose)
 * are left as they are.
 */
export function mount(marker: HTMLElement): (() => void) | undefined {
  const props = readIslandProps('RatingInput', marker, ratingInputProps) ?? ratingFromMarkup(marker);
  if (!props) return undefined;
  return renderInto(marker, <RatingInput marker={marker} labelledBy={headingOf(marker)} {...props} />);
}
