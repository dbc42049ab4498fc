import { useContext } from 'react';
import { SubmitViewContext } from './context';
import { BoltIcon, NextSign } from './marks';

/** The plugin's static error, shown when the check in the page fails. */
export const REQUIRED_FIELDS_ERROR = '* Please select all required fields to proceed to the next step.';

/**
 * "Proceed Booking" (booking.md §4): the button (dimmed and busy while the amount is checked), the
 * server's refusal right after it (`.tourmaster-temp`, an alert), and the static error. A guest on
 * a site with accounts is asked to log in first (`data-ask-login` names the lightbox).
 */
export function SubmitStep({ askLogin }: { askLogin: boolean }) {
  const { sending, staticError, message } = useContext(SubmitViewContext);
  return (
    <div className="tourmaster-tour-booking-submit" data-step="5">
      <NextSign />
      <BoltIcon />
      <i className="fa fa-check-circle" />
      <div className="tourmaster-tour-booking-submit-input">
        <input
          className="tourmaster-button"
          type="submit"
          value="Proceed Booking"
          data-ask-login={askLogin ? 'proceed-without-login' : undefined}
          style={sending ? { opacity: '0.5' } : undefined}
          aria-busy={sending || undefined}
        />
        {message ? (
          <div
            className="tourmaster-tour-booking-submit-error tourmaster-temp"
            role="alert"
            style={{ display: 'block' }}
          >
            {message}
          </div>
        ) : null}
        <div
          className="tourmaster-tour-booking-submit-error"
          style={staticError === undefined ? undefined : { display: staticError ? 'block' : 'none' }}
          role={staticError ? 'alert' : undefined}
        >
          {REQUIRED_FIELDS_ERROR}
        </div>
      </div>
    </div>
  );
}
