import { useId, useState } from 'react';
import type { SideMethodProps } from '../../../common/islands/payment-sidebar';
import { legacyButton } from '../../../lib/button-keys';
import type { PayActions } from './action-props';
import { CardTypes } from './CardTypes';
import { Terms, type TermsState } from './Terms';

/**
 * SIDE-METHOD (payment.md §2.2, style-2 at step 3), the plugin's markup: the card logos, the terms
 * box, then a select of the online methods with "Pay Now" (paying with the one selected), "OR" and
 * "Book And Pay Later"; or, with WooCommerce, its "Pay Now" alone.
 */
export function SideMethod({
  method,
  terms,
  busy,
  onPay,
  onBookLater,
}: PayActions & { method: SideMethodProps; terms: TermsState }) {
  const titleId = useId();
  const { choices } = method;
  const [picked, setPicked] = useState('');
  // The first method until one is picked (and again should new props no longer offer the one picked).
  const selected = choices.some((choice) => choice.value === picked) ? picked : (choices[0]?.value ?? '');
  return (
    <div className="tourmaster-tour-booking-side-payment-wrap tourmaster-form-field">
      <h3 className="tourmaster-tour-booking-side-payment-title" id={titleId}>
        Payment Method
      </h3>
      <CardTypes images={method.cardTypes} />
      <Terms terms={method.terms} {...terms} />
      {method.woocommerce ? (
        <div className="tourmaster-online-payment-method tourmaster-payment-woocommerce tourmaster-center-align">
          <a
            className="tourmaster-button tourmaster-pay-woocommerce"
            {...legacyButton(() => onPay('woocommerce'), busy)}
          >
            Pay Now
          </a>
        </div>
      ) : (
        <>
          {choices.length > 0 ? (
            <div className="tourmaster-combobox-wrap">
              <select
                className="tourmaster-payment-selection"
                value={selected}
                aria-labelledby={titleId}
                onChange={(event) => setPicked(event.currentTarget.value)}
              >
                {choices.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {/* Without an online method "Pay Now" does nothing, as on the plugin's page. */}
          <a
            className="tourmaster-button tourmaster-blue tourmaster-pay-now"
            {...legacyButton(() => selected && onPay(selected), busy)}
          >
            Pay Now
          </a>
          <div className="tourmaster-or">OR</div>
          <a
            className="tourmaster-button tourmaster-pay-later tourmaster-payment-step"
            data-name="payment-method"
            data-value="booking"
            data-step="4"
            {...legacyButton(onBookLater, busy)}
          >
            Book And Pay Later
          </a>
        </>
      )}
    </div>
  );
}
