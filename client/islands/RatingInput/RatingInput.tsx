import './rating.css';
import { useId, useState } from 'react';
import { useMarkerEvent, useMarkerState } from '../../lib/marker-state';
import type { RatingInputProps } from '../../shared/islands/RatingInput';
import { starClass } from './stars';

type Props = RatingInputProps & { marker: HTMLElement; labelledBy: string | undefined };

/**
 * The star input (reviews.md §7, the legacy `tourmaster_rating`): choosing score s posts it in the
 * hidden input; stars before it are full, the chosen star half-empty, later ones empty. The marker
 * is the slider for assistive technology and the keyboard (arrows step by half a star, Home/End go
 * to the ends); its content, the positions and the input, is this component's.
 */
export function RatingInput({ marker, labelledBy, ...props }: Props) {
  const [{ value, shown }, setRating] = useState({ value: props.value, shown: props.shown });
  const choose = (score: number) => setRating({ value: score, shown: score });
  const ownLabel = useId();
  useSliderKeys(marker, props, value, choose);
  useMarkerState(marker, {
    role: 'slider',
    tabindex: '0',
    'aria-valuemin': String(props.min),
    'aria-valuemax': String(props.max),
    'aria-valuenow': value === null ? null : String(value),
    'aria-valuetext': value === null ? 'No rating chosen' : `${value / 2} of ${props.max / 2} stars`,
    'aria-labelledby': props.label ? ownLabel : (labelledBy ?? null),
    'aria-label': props.label || labelledBy ? null : 'Rating',
  });

  const positions: number[] = [];
  for (let score = props.min; score <= props.max; score++) positions.push(score);
  return (
    <>
      {props.label && (
        // biome-ignore lint/a11y/noLabelWithoutControl: the plugin's label (styled by the theme) names the slider, the marker, through aria-labelledby
        <label id={ownLabel} className="gdlr-core-skin-title">
          {props.label}
        </label>
      )}
      {positions.map((score) => (
        <Position key={score} score={score} shown={shown} choose={choose} />
      ))}
      <input type="hidden" name={props.name} value={value ?? ''} data-required={props.required ? '' : undefined} />
      {props.tail && <span className="tourmaster-tail">{props.tail}</span>}
    </>
  );
}

/**
 * One position: a star for odd scores, the half-star span between stars for even ones. They are
 * pointer targets; the keyboard works the slider (the marker) instead, as one control.
 */
function Position({ score, shown, choose }: { score: number; shown: number; choose: (score: number) => void }) {
  const onClick = () => choose(score);
  return score % 2 === 1 ? (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: a pointer target of the slider, which has the keys
    <i className={`tourmaster-rating-select ${starClass(score, shown)}`} data-rating-score={score} onClick={onClick} />
  ) : (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: a pointer target of the slider, which has the keys
    <span className="tourmaster-rating-select" data-rating-score={score} onClick={onClick} />
  );
}

/** Arrows up and right add one (half a star), down and left take one; Home and End go to the ends. */
function useSliderKeys(
  marker: HTMLElement,
  { min, max }: { min: number; max: number },
  value: number | null,
  choose: (score: number) => void,
): void {
  useMarkerEvent(marker, 'keydown', (event) => {
    const now = value ?? min - 1;
    const step: Record<string, number> = {
      ArrowRight: now + 1,
      ArrowUp: now + 1,
      ArrowLeft: now - 1,
      ArrowDown: now - 1,
      Home: min,
      End: max,
    };
    const next = step[event.key];
    if (next === undefined) return;
    event.preventDefault();
    choose(Math.min(max, Math.max(min, next)));
  });
}
