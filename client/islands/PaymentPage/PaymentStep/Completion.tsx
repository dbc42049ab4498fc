import { Fragment } from 'react';
import type { CompleteProps } from '../../../common/islands/PaymentPage';
import { ServerFragment } from '../../../lib/ServerFragment';

/**
 * COMPLETE ("Booking Completed!", payment.md §2.2) from its typed props, with the plugin's classes:
 * the message's lines with the plugin's line breaks, the button, and the admin's bottom text (HTML
 * from the site's options, pure content: ServerFragment).
 */
export function Completion({ complete }: { complete: CompleteProps }) {
  return (
    <div className="tourmaster-payment-complete-wrap">
      {/* The page moves the focus here when the booking is done. */}
      <div className="tourmaster-payment-complete-head" tabIndex={-1}>
        Booking Completed!
      </div>
      <div className="tourmaster-payment-complete-content-wrap">
        <i className=" icon_check_alt2 tourmaster-payment-complete-icon" />
        <div className="tourmaster-payment-complete-thank-you">Thank you!</div>
        <div className="tourmaster-payment-complete-content">
          {complete.lines.map((line, n) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed sentences, never reordered
            <Fragment key={n}>
              {n > 0 ? <br /> : null}
              {line}
            </Fragment>
          ))}
        </div>
        {complete.confirmation ? (
          <ServerFragment className="dropin-order-confirmation-wrap" html={complete.confirmation} />
        ) : null}
        <a className="tourmaster-payment-complete-button tourmaster-button" href={complete.button.url}>
          {complete.button.label}
        </a>
        {complete.bottomText ? (
          <ServerFragment className="tourmaster-payment-complete-bottom-text" html={complete.bottomText} />
        ) : null}
      </div>
    </div>
  );
}
