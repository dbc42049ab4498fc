import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import './book-now.css';
import type { BarParts } from './parts';

/** What the bar says of the price: the header price as the page shows it now. */
interface ShownPrice {
  head: string;
  amount: string;
}

/**
 * "From $120" from the bar's header price (the discounted amount where there is one). Once the
 * server has priced the visitor's choice the header is marked updated and the theme hides its
 * "From": the price is then the choice's, and the bar says it without the word.
 */
export function shownPrice(headerPrice: HTMLElement | null): ShownPrice | undefined {
  const price = headerPrice?.querySelector('.tourmaster-tour-price');
  const text = (el: Element | null | undefined) => el?.textContent?.trim() ?? '';
  const amount =
    text(headerPrice?.querySelector('.tourmaster-tour-discount-price')) ||
    text(price?.querySelector('.tourmaster-tail'));
  const priced = headerPrice?.classList.contains('tourmaster-price-updated') ?? false;
  return amount ? { head: priced ? '' : text(price?.querySelector('.tourmaster-head')), amount } : undefined;
}

/**
 * Below the width where the booking bar follows the page (phones, small tablets) the bar sits far
 * down a tour page: while it is off screen, a bar fixed at the bottom of the window shows the price
 * and a "Book now" button (issue 17). The button is one of the page's links to the booking bar
 * (`data-tourmaster-go-to-booking`, useGoToBooking.ts): the page scrolls there and the form's first
 * control takes the focus; `onBook` first shows the booking tab where there are tabs.
 */
export function BookNowBar({ parts, minWidth, onBook }: { parts: BarParts; minWidth: number; onBook: () => void }) {
  const [host] = useState(() => {
    const div = document.createElement('div');
    div.className = 'dropin-book-now-host';
    return div;
  });
  const [price, setPrice] = useState<ShownPrice | undefined>();
  const shown = useOffScreen(parts.bar, minWidth);
  useEffect(() => {
    document.body.append(host);
    return () => host.remove();
  }, [host]);
  useEffect(() => {
    // The price may have changed since (a date chosen): read as it is each time the bar shows.
    if (shown) setPrice(shownPrice(parts.headerPrice));
  }, [shown, parts.headerPrice]);
  return createPortal(
    <div className="dropin-book-now" hidden={!shown}>
      {price ? (
        <p className="dropin-book-now-price">
          {price.head ? <span className="dropin-book-now-head">{price.head} </span> : null}
          <strong>{price.amount}</strong>
        </p>
      ) : null}
      <button type="button" className="dropin-book-now-button" data-tourmaster-go-to-booking="" onClick={onBook}>
        Book now
      </button>
    </div>,
    host,
  );
}

/** True while the window is narrower than `minWidth` and `target` is not on screen. */
function useOffScreen(target: HTMLElement, minWidth: number): boolean {
  const [off, setOff] = useState(false);
  useEffect(() => {
    const narrow = window.matchMedia(`(max-width: ${minWidth - 0.02}px)`);
    let onScreen = true;
    const update = () => setOff(narrow.matches && !onScreen);
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) onScreen = entry.isIntersecting;
      update();
    });
    observer.observe(target);
    narrow.addEventListener('change', update);
    return () => {
      observer.disconnect();
      narrow.removeEventListener('change', update);
    };
  }, [target, minWidth]);
  return off;
}
