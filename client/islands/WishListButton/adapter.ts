import type { WishListButtonProps } from '../../common/islands/WishListButton';

/**
 * The wish-list button's props from the markup WordPress printed (engagement.md §2), where the page
 * carries no props script: `data-tmlb` for a guest, `tourmaster-active` once saved, `data-ajax-url`
 * and `data-tour-id` for a customer who has not saved the tour. Anything else is a guest without a
 * lightbox of its own (the top bar's login is shown).
 */
export function wishListFromMarkup(marker: HTMLElement): WishListButtonProps {
  const label = marker.textContent?.trim() ?? '';
  const { tmlb, ajaxUrl, tourId } = marker.dataset;
  if (tmlb) return { label, button: { kind: 'guest', lightbox: tmlb } };
  if (marker.classList.contains('tourmaster-active')) return { label, button: { kind: 'saved' } };
  if (ajaxUrl && tourId && /^\d+$/.test(tourId)) return { label, button: { kind: 'add', ajaxUrl, tourId } };
  return { label, button: { kind: 'guest', lightbox: null } };
}
