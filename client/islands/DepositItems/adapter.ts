import type { DepositItemProps } from '../../common/islands/DepositItems';

/**
 * A payment as the plugin prints it (legacy-fixtures/pages/user-my-booking-single-customer1.html):
 * `div.tourmaster-deposit-item[.tourmaster-active]` > `div.tourmaster-deposit-item-head` (an icon
 * and the heading) + `div.tourmaster-deposit-item-content` > the receipt's link (an image, or "Download" for a PDF),
 * then one row per detail.
 */
export function depositItemFromMarkup(item: HTMLElement): DepositItemProps {
  const text = (el: Element | null | undefined) => el?.textContent ?? '';
  const rows = item.querySelectorAll(':scope > .tourmaster-deposit-item-content > .tourmaster-my-booking-single-field');
  const link = item.querySelector<HTMLAnchorElement>(
    ':scope > .tourmaster-deposit-item-content > .tourmaster-my-booking-single-payment-receipt > a[href]',
  );
  const url = link?.getAttribute('href') ?? '';
  return {
    ...(url ? { receipt: { url, pdf: link?.querySelector('img') === null } } : {}),
    heading: text(item.querySelector(':scope > .tourmaster-deposit-item-head')),
    open: item.classList.contains('tourmaster-active'),
    rows: Array.from(rows, (row) => ({
      head: text(row.querySelector('.tourmaster-head')),
      tail: text(row.querySelector('.tourmaster-tail')),
    })),
  };
}
