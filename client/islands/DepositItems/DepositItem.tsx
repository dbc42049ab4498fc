import { type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import type { DepositItemProps } from '../../common/islands/DepositItems';
import { slide } from './slide';

/**
 * A payment of the booking page's sidebar (engagement.md §5 item 5): the head opens and closes the
 * details below it (sliding, 200 ms); `tourmaster-active` on the item (the island's marker, which
 * the theme styles) marks the open one, as printed. The head is a keyboard button with
 * `aria-expanded` and `aria-controls`. A receipt's picture (or PDF link) stays above the rows.
 */
export function DepositItem({
  item,
  heading,
  open: printedOpen,
  rows,
  receipt,
}: DepositItemProps & { item: HTMLElement }) {
  const [open, setOpen] = useState(printedOpen);
  const content = useRef<HTMLDivElement>(null);
  const contentId = useId();
  const first = useRef(true);
  useLayoutEffect(() => {
    item.classList.toggle('tourmaster-active', open);
    if (first.current) {
      first.current = false;
      return;
    }
    // The slide measures and animates the element itself.
    if (content.current) void slide(content.current, open ? 'down' : 'up', 200);
  }, [open, item]);
  const toggle = () => setOpen((was) => !was);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    toggle();
  };
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: the plugin's div, as the theme styles it, made a button. */}
      <div
        className="tourmaster-deposit-item-head"
        role="button"
        tabIndex={0}
        aria-expanded={open}
        aria-controls={contentId}
        onClick={toggle}
        onKeyDown={onKeyDown}
      >
        <i className="icon_plus" aria-hidden="true" />
        {heading}
      </div>
      <div
        ref={content}
        id={contentId}
        className="tourmaster-deposit-item-content"
        style={{ display: printedOpen ? 'block' : 'none' }}
      >
        {receipt && /^https?:\/\//i.test(receipt.url) && (
          <div className="tourmaster-my-booking-single-payment-receipt">
            <a href={receipt.url} target="_blank" rel="noopener">
              {receipt.pdf ? (
                <>
                  <i className="fa fa-file" />
                  Download
                </>
              ) : (
                <img src={receipt.url} alt="receipt" />
              )}
            </a>
          </div>
        )}
        {rows.map((row) => (
          <div key={row.head} className="tourmaster-my-booking-single-field clearfix">
            <span className="tourmaster-head">{row.head}</span> <span className="tourmaster-tail">{row.tail}</span>
          </div>
        ))}
      </div>
    </>
  );
}
