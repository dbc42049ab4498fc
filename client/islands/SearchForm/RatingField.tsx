import type { KeyboardEvent } from 'react';
import { starClass } from '../RatingInput/stars';
import { styleOf } from './fields';

const MAX = 10;

/**
 * "Rating … or more" (listing.md §1.4, reviews.md §7): ten positions over five stars, `<i>` for odd
 * scores and `<span>` halves for even ones; a click chooses a score, the hidden `rating` carries it.
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
    const step: Readonly<Record<string, number>> = {
      ArrowRight: value + 1,
      ArrowUp: value + 1,
      ArrowLeft: value - 1,
      ArrowDown: value - 1,
      Home: 0,
      End: MAX,
    };
    const next = step[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onRate(Math.min(MAX, Math.max(0, next)));
  };
  const positions = [];
  for (let score = 0; score <= MAX; score++) {
    const Tag = score % 2 === 0 ? 'span' : 'i';
    const className =
      score % 2 === 0 ? 'tourmaster-rating-select' : `tourmaster-rating-select ${starClass(score, props.stars)}`;
    positions.push(<Tag key={score} className={className} data-rating-score={score} onClick={() => onRate(score)} />);
  }
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
      {positions}
      <input type="hidden" name="rating" value={String(value)} readOnly />
      <span className="tourmaster-tail">or more</span>
    </div>
  );
}
