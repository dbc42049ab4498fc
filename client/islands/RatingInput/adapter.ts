import type { RatingInputProps } from '../../common/islands/RatingInput';

/**
 * The star input's props from markup WordPress printed (reviews.md §7, listing.md §1.4): the
 * positions' `data-rating-score`s, the hidden input, and the stars as drawn (the search form draws
 * the searched rating while its input says 0). Undefined for a rating that is shown, not asked
 * (the "View Review" stars: icons without positions or input).
 */
export function ratingFromMarkup(marker: HTMLElement): RatingInputProps | undefined {
  const children = [...marker.children] as HTMLElement[];
  const input = children.find((child): child is HTMLInputElement => child instanceof HTMLInputElement);
  const positions = children.filter((child) => child.matches('.tourmaster-rating-select[data-rating-score]'));
  const scores = positions.map((p) => Number(p.dataset.ratingScore)).filter(Number.isInteger);
  if (!input || scores.length === 0) return undefined;
  const text = input.value.trim();
  const value = text !== '' && Number.isInteger(Number(text)) ? Number(text) : null;
  return {
    name: input.name,
    required: input.hasAttribute('data-required'),
    min: Math.min(...scores),
    max: Math.max(...scores),
    value,
    shown: value === null ? 0 : drawnScore(positions),
  };
}

/** The score the star icons show: the half-empty star's, else the one after the last full star. */
function drawnScore(positions: readonly HTMLElement[]): number {
  const scoreOf = (p: HTMLElement | undefined) => Number(p?.dataset.ratingScore ?? 0);
  const stars = positions.filter((p) => p.tagName === 'I');
  const half = stars.find((p) => p.classList.contains('fa-star-half-empty'));
  if (half) return scoreOf(half);
  const full = stars.filter((p) => p.classList.contains('fa-star'));
  return full.length === 0 ? 0 : scoreOf(full.at(-1)) + 1;
}

/** The heading that names the review form's stars (outside the field, before it), given an id. */
export function headingOf(marker: HTMLElement): string | undefined {
  const heading = [...(marker.parentElement?.children ?? [])].find(
    (el): el is HTMLElement => el !== marker && el.classList.contains('tourmaster-head'),
  );
  if (!heading) return undefined;
  heading.id ||= `tourmaster-rating-label-${Math.random().toString(36).slice(2, 8)}`;
  return heading.id;
}
