import type { BookLaterProps } from '../../../common/islands/payment-step';
import { legacyButton } from '../../../lib/button-keys';
import { LoginFirst } from './LoginFirst';

/**
 * METHOD-BLOCK's end: "OR" (where online methods come first), then "Book and pay later" (or "Book
 * now via email", "Book Now"), which books without paying (`onBookLater`, step 4), or for a guest
 * who must log in first, opens the login lightbox.
 */
export function BookLater({
  bookLater,
  or,
  busy,
  onBookLater,
}: {
  bookLater: BookLaterProps;
  or: boolean;
  busy: boolean;
  onBookLater: () => void;
}) {
  return (
    <>
      {or ? (
        <div className="tourmaster-payment-method-or" id="tourmaster-payment-method-or">
          <span className="tourmaster-left" />
          <span className="tourmaster-middle">OR</span>
          <span className="tourmaster-right" />
        </div>
      ) : null}
      <div className="tourmaster-payment-method-booking">
        {bookLater.login ? (
          <LoginFirst label={bookLater.label} login={bookLater.login} />
        ) : (
          <a
            className="tourmaster-button tourmaster-payment-method-booking-button tourmaster-payment-step"
            data-name="payment-method"
            data-value="booking"
            data-step="4"
            {...legacyButton(onBookLater, busy)}
          >
            {bookLater.label}
          </a>
        )}
      </div>
    </>
  );
}
