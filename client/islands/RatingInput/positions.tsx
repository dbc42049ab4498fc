import { starClass } from './stars';

/**
 * The star input's positions (reviews.md §7, listing.md §1.4), shared by the review form's input
 * and the search form's rating field: a star `<i>` for odd scores, the half-star `<span>` between
 * stars for even ones, each choosing its score on a click. They are pointer targets; the keyboard
 * works the slider around them (see {@link nextScore}), as one control.
 */
export function RatingPositions(props: {
  min: number;
  max: number;
  /** The score the stars show. */
  shown: number;
  choose: (score: number) => void;
}) {
  const positions: number[] = [];
  for (let score = props.min; score <= props.max; score++) positions.push(score);
  return positions.map((score) => {
    const onClick = () => props.choose(score);
    return score % 2 === 1 ? (
      // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: a pointer target of the slider, which has the keys
      <i
        key={score}
        className={`tourmaster-rating-select ${starClass(score, props.shown)}`}
        data-rating-score={score}
        onClick={onClick}
      />
    ) : (
      // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: a pointer target of the slider, which has the keys
      <span key={score} className="tourmaster-rating-select" data-rating-score={score} onClick={onClick} />
    );
  });
}

/**
 * The slider's keys: arrows up and right add one (half a star), down and left take one, Home and
 * End go to the ends; `value` null (nothing chosen yet) steps up to `min`. Undefined for other keys.
 */
export function nextScore(key: string, value: number | null, min: number, max: number): number | undefined {
  const now = value ?? min - 1;
  const step: Readonly<Record<string, number>> = {
    ArrowRight: now + 1,
    ArrowUp: now + 1,
    ArrowLeft: now - 1,
    ArrowDown: now - 1,
    Home: min,
    End: max,
  };
  const next = step[key];
  return next === undefined ? undefined : Math.min(max, Math.max(min, next));
}
