import { type BookingBarProps, STICKY_MIN_WIDTH } from '../../common/islands/BookingBar';

/**
 * The booking bar's props from the markup WordPress printed (no props script): the tab titles of
 * `#tourmaster-booking-tab-title` and the one marked `tourmaster-active`.
 */
export function bookingBarFromMarkup(bar: Element): BookingBarProps {
  const title = bar.querySelector('#tourmaster-booking-tab-title');
  const items = title ? Array.from(title.querySelectorAll('[data-tourmaster-tab]')) : [];
  const tabs = items.map((item) => ({
    tab: item.getAttribute('data-tourmaster-tab') ?? '',
    title: (item.textContent ?? '').trim(),
  }));
  const active = items.find((item) => item.classList.contains('tourmaster-active'));
  return {
    stickyMinWidth: STICKY_MIN_WIDTH,
    tabs,
    active: active?.getAttribute('data-tourmaster-tab') ?? tabs[0]?.tab ?? '',
  };
}
