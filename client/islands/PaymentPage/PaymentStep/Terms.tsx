import { type Ref, useId } from 'react';
import type { TermsProps } from '../../../common/islands/payment-sidebar';
import { sentenceText, TermsSentenceText } from '../../../lib/TermsSentence';

/** The terms box's state, held by the page: ticked, shown as missing, and where focus goes when it is. */
export interface TermsState {
  agreed: boolean;
  invalid: boolean;
  onAgree: (agreed: boolean) => void;
  inputRef?: Ref<HTMLInputElement> | undefined;
}

/**
 * The payment step's terms box (payment.md §2.3): the box, the plugin's sentence with its two links,
 * and the error box, which shows `message` while the page holds the box as missing (an alert tied to
 * the box, which is marked invalid meanwhile).
 */
export function Terms({ terms, agreed, invalid, onAgree, inputRef }: TermsState & { terms: TermsProps }) {
  const errorId = useId();
  return (
    <div className="tourmaster-payment-terms">
      <input
        ref={inputRef}
        type="checkbox"
        name="term-and-service"
        checked={agreed}
        aria-label={sentenceText(terms.sentence)}
        aria-required="true"
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(event) => onAgree(event.currentTarget.checked)}
      />
      <TermsSentenceText sentence={terms.sentence} termsUrl={terms.termsUrl} privacyUrl={terms.privacyUrl} />
      <div
        id={errorId}
        className={`tourmaster-tour-booking-required-error tourmaster-notification-box tourmaster-failure${invalid ? ' tourmaster-active' : ''}`}
        data-default={terms.message}
        role="alert"
        style={{ display: invalid ? 'block' : 'none' }}
      >
        {invalid ? terms.message : null}
      </div>
    </div>
  );
}
