import { useLayoutEffect } from 'react';
import { createPortal } from 'react-dom';
import type { HeadPriceProps } from '../../common/islands/BookingForm';
import { PriceBox } from './PriceBox';

/**
 * The bar's "From $X" (`.tourmaster-header-price`, page markup outside the form), found when the
 * island mounts: the price's tails the island renders into, and the discount shown beside them.
 */
export interface HeadPriceParts {
  head: HTMLElement;
  tails: { element: HTMLElement; printed: string }[];
  discounts: Element[];
  wraps: Element[];
  /** Where the price box goes (PriceBox.tsx): under the price, in the header's price wrap. */
  boxHost: { parent: Element; element: HTMLElement };
}

/** The page's header prices; their tails are emptied for the island to render the price into. */
export function headPriceParts(page: ParentNode): HeadPriceParts[] {
  return Array.from(page.querySelectorAll<HTMLElement>('.tourmaster-header-price'), (head) => {
    const tails = Array.from(
      head.querySelectorAll<HTMLElement>('.tourmaster-tour-price .tourmaster-tail'),
      (element) => {
        const printed = element.textContent ?? '';
        element.replaceChildren();
        return { element, printed };
      },
    );
    return {
      head,
      tails,
      discounts: Array.from(head.querySelectorAll('.tourmaster-tour-discount-price')),
      wraps: Array.from(head.querySelectorAll('.tourmaster-tour-price-wrap')),
      boxHost: {
        parent: head.querySelector('.tourmaster-header-price-wrap') ?? head,
        element: document.createElement('div'),
      },
    };
  });
}

/**
 * The live head price (booking.md §2, `tourmaster-update-header-price`): the printed price until
 * the server prices what is chosen; then the discount beside it goes and the header is marked
 * updated. Read out politely. Under it, the price box of what is chosen now (issue 18).
 */
export function HeadPrice({
  parts,
  price,
  box,
}: {
  parts: readonly HeadPriceParts[];
  price: string | undefined;
  box: HeadPriceProps | undefined;
}) {
  const updated = price !== undefined;
  useLayoutEffect(() => {
    for (const { tails } of parts) for (const { element } of tails) element.setAttribute('aria-live', 'polite');
  }, [parts]);
  useLayoutEffect(() => {
    for (const { boxHost } of parts) boxHost.parent.append(boxHost.element);
    return () => {
      for (const { boxHost } of parts) boxHost.element.remove();
    };
  }, [parts]);
  // The header grows with the box: it is no longer the fixed-height ribbon of the printed page.
  useLayoutEffect(() => {
    for (const part of parts) part.head.classList.toggle('dropin-has-price-box', box !== undefined);
  }, [parts, box]);
  useLayoutEffect(() => {
    if (!updated) return;
    for (const part of parts) {
      for (const discount of part.discounts) discount.remove();
      for (const wrap of part.wraps) wrap.classList.remove('tourmaster-discount');
      part.head.classList.add('tourmaster-price-updated');
    }
  }, [parts, updated]);
  return parts.flatMap(({ tails, boxHost }, at) => [
    ...tails.map(({ element, printed }, i) => createPortal(price ?? printed, element, `${at}-${i}`)),
    box ? createPortal(<PriceBox box={box} />, boxHost.element, `${at}-box`) : null,
  ]);
}
