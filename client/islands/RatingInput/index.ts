import './rating.css';
import { readProps } from '../../lib/props';
import { ratingProps } from './props';
import { starClass } from './stars';

/**
 * The star input of the review form (reviews.md §7, the legacy `tourmaster_rating`): ten positions
 * over five stars, `<i>` for odd scores and `<span>` halves for even ones. Choosing score s writes
 * it to the sibling input; stars before it are full, the chosen `<i>` half-empty, later ones empty.
 * An empty input (the review form, before a choice) shows empty stars. Also a slider for the
 * keyboard: arrows step by one (half a star), Home/End go to 1/10.
 */
export function mount(rating: HTMLElement): () => void {
  readProps('RatingInput', rating, ratingProps);
  const input = rating.querySelector<HTMLInputElement>(':scope > input');
  const positions = Array.from(
    rating.querySelectorAll<HTMLElement>(':scope > .tourmaster-rating-select[data-rating-score]'),
  );
  // The search form's rating starts at a "0" position (any rating); the review form's at 1.
  const scores = positions.map((p) => Number(p.dataset.ratingScore)).filter((n) => n >= 0);
  const min = Math.min(...scores);
  const max = Math.max(...scores);
  const label = rating.parentElement?.querySelector<HTMLElement>(':scope > .tourmaster-head');
  rating.setAttribute('role', 'slider');
  rating.tabIndex = 0;
  rating.setAttribute('aria-valuemin', String(min));
  rating.setAttribute('aria-valuemax', String(max));
  if (label) {
    label.id ||= `tourmaster-rating-label-${Math.random().toString(36).slice(2, 8)}`;
    rating.setAttribute('aria-labelledby', label.id);
  } else rating.setAttribute('aria-label', 'Rating');

  const set = (score: number) => {
    if (input) input.value = String(score);
    for (const p of positions) {
      if (p.tagName === 'I')
        p.className = `tourmaster-rating-select ${starClass(Number(p.dataset.ratingScore), score)}`;
    }
    rating.setAttribute('aria-valuenow', String(score));
    rating.setAttribute('aria-valuetext', `${score / 2} of ${max / 2} stars`);
  };
  /** The chosen score; none while the review form's input is still empty. */
  const current = (): number | undefined =>
    input && input.value.trim() !== '' && Number.isFinite(Number(input.value)) ? Number(input.value) : undefined;
  const chosen = current();
  if (chosen === undefined) {
    // Nothing chosen yet: empty stars, so untouched stars never read as a rating.
    for (const p of positions) if (p.tagName === 'I') p.className = `tourmaster-rating-select ${starClass(1, 0)}`;
    rating.setAttribute('aria-valuetext', 'No rating chosen');
  } else {
    rating.setAttribute('aria-valuenow', String(chosen));
    rating.setAttribute('aria-valuetext', `${chosen / 2} of ${max / 2} stars`);
  }

  const onClick = (event: Event) => {
    const target =
      event.target instanceof Element ? event.target.closest<HTMLElement>('.tourmaster-rating-select') : null;
    if (target && rating.contains(target)) set(Number(target.dataset.ratingScore));
  };
  const onKey = (event: KeyboardEvent) => {
    const now = current() ?? min - 1;
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowUp'
        ? now + 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowDown'
          ? now - 1
          : event.key === 'Home'
            ? min
            : event.key === 'End'
              ? max
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    set(Math.min(max, Math.max(min, next)));
  };
  rating.addEventListener('click', onClick);
  rating.addEventListener('keydown', onKey);
  return () => {
    rating.removeEventListener('click', onClick);
    rating.removeEventListener('keydown', onKey);
  };
}
