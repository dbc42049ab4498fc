import type { DepositItemProps } from '../../common/islands/DepositItems';

/**
 * A payment as the plugin prints it (legacy-fixtures/pages/user-my-booking-single-customer1.html):
 * `div.tourmaster-deposit-item[.tourmaster-active]` > `div.tourmaster-deposit-item-head` (an icon
 * and the heading) + `div.tourmaster-deposit-item-content` > one row per detail.
 */
export function depositItemFromMarkup(item: HTMLElement): DepositItemProps {
  const text = (el: Element | null | undefined) => el?.textContent ?? '';
  const rows = item.querySelectorAll(':scope > .tourmaster-deposit-item-content > .tourmaster-my-booking-single-field');
  return {
    heading: text(item.querySelector(':scope > .tourmaster-deposit-item-head')),
    open: item.classList.contains('tourmaster-active'),
    rows: Array.from(rows, (row) => ({
      head: text(row.querySelector('.tourmaster-head')),
      tail: text(row.querySelector('.tourmaster-tail')),
    })),
  };
}
