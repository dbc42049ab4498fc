import './rating.css';
import { useState } from 'react';
import type { RatingInputProps } from '../../common/islands/RatingInput';
import { useMarkerEvent, useMarkerState } from '../../lib/marker-state';
import { nextScore, RatingPositions } from './positions';

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
  useSliderKeys(marker, props, value, choose);
  useMarkerState(marker, {
    role: 'slider',
    tabindex: '0',
    'aria-valuemin': String(props.min),
    'aria-valuemax': String(props.max),
    'aria-valuenow': value === null ? null : String(value),
    'aria-valuetext': value === null ? 'No rating chosen' : `${value / 2} of ${props.max / 2} stars`,
    'aria-labelledby': labelledBy ?? null,
    'aria-label': labelledBy ? null : 'Rating',
  });

  return (
    <>
      <RatingPositions min={props.min} max={props.max} shown={shown} choose={choose} />
      <input type="hidden" name={props.name} value={value ?? ''} data-required={props.required ? '' : undefined} />
    </>
  );
}

/** The slider's keys on the marker (positions.ts). */
function useSliderKeys(
  marker: HTMLElement,
  { min, max }: { min: number; max: number },
  value: number | null,
  choose: (score: number) => void,
): void {
  useMarkerEvent(marker, 'keydown', (event) => {
    const next = nextScore(event.key, value, min, max);
    if (next === undefined) return;
    event.preventDefault();
    choose(next);
  });
}
