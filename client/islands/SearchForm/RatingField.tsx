import type { KeyboardEvent } from 'react';
import { nextScore, RatingPositions } from '../RatingInput/positions';
import { styleOf } from './fields';

const MAX = 10;

/**
 * "Rating … or more" (listing.md §1.4, reviews.md §7): eleven positions over five stars (RatingInput's
 * positions); a click chooses a score, the hidden `rating` carries it.
 * A slider for the keyboard: arrows step by one (half a star), Home/End go to 0/10.
 */
export function RatingField(props: {
  style?: string | undefined;
  value: number;
  stars: number;
  onRate: (score: number) => void;
}) {
  const { value, onRate } = props;
  const onKey = (event: KeyboardEvent) => {
    const next = nextScore(event.key, value, 0, MAX);
    if (next === undefined) return;
    event.preventDefault();
    onRate(next);
  };
  return (
    <div
      className="tourmaster-tour-search-field tourmaster-tour-search-field-rating clearfix"
      style={styleOf(props.style)}
      role="slider"
      tabIndex={0}
      aria-label="Rating"
      aria-valuemin={0}
      aria-valuemax={MAX}
      aria-valuenow={value}
      aria-valuetext={`${value / 2} of ${MAX / 2} stars`}
      onKeyDown={onKey}
    >
      {/* biome-ignore lint/a11y/noLabelWithoutControl: the plugin's caption of the stars (its CSS styles the label); the slider names itself. */}
      <label className="gdlr-core-skin-title">Rating</label>
      <RatingPositions min={0} max={MAX} shown={props.stars} choose={onRate} />
      <input type="hidden" name="rating" value={String(value)} readOnly />
      <span className="tourmaster-tail">or more</span>
    </div>
  );
}
