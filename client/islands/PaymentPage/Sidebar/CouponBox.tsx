import { useId } from 'react';
import { legacyButton } from '../../../lib/button-keys';

/** What `tourmaster_validate_coupon_code` answered for the code last applied. */
export interface CouponMessage {
  status: 'success' | 'failed';
  message: string;
}

/**
 * The coupon box (step 2): the code (part of the booking detail, so the page holds it) and Apply,
 * with the answer below. Style-2 puts it in the total box with a head instead of a placeholder.
 */
export function CouponBox(props: {
  code: string;
  withHead: boolean;
  message: CouponMessage | undefined;
  busy: boolean;
  onCode: (code: string) => void;
  onApply: () => void;
}) {
  const messageId = useId();
  const { message } = props;
  return (
    <div className="tourmaster-tour-booking-bar-coupon-wrap">
      {props.withHead ? <span className="tourmaster-head">Coupon Code :</span> : null}
      <input
        type="text"
        className="tourmaster-tour-booking-bar-coupon"
        name="coupon-code"
        placeholder={props.withHead ? undefined : 'Coupon Code'}
        aria-label="Coupon code"
        aria-describedby={messageId}
        value={props.code}
        onChange={(e) => props.onCode(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          props.onApply();
        }}
      />
      <a className="tourmaster-tour-booking-bar-coupon-validate" {...legacyButton(props.onApply, props.busy)}>
        Apply
      </a>
      <div
        id={messageId}
        role="status"
        className={`tourmaster-tour-booking-coupon-message${message ? ` tourmaster-${message.status}` : ''}`}
        style={{ display: message?.message ? 'block' : 'none' }}
      >
        {message?.message}
      </div>
    </div>
  );
}
