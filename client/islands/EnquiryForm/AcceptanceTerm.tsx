import { useId } from 'react';
import type { TermsSentence } from '../../common/islands/terms-sentence';
import { useLegacyField } from '../../lib/legacy-field';
import { TermsSentenceText } from '../../lib/TermsSentence';
import { ACCEPTANCE_KEY } from './enquiry-data';

interface Props {
  name: string;
  termsUrl: string;
  privacyUrl: string;
  sentence: TermsSentence;
  /** The plugin's sentence under the box, shown while a submit found it unticked. */
  message: string;
}

/**
 * The acceptance box (`tourmaster-require-acceptance`): it must be ticked before anything is sent.
 * Unticked at a submit, the sentence under it is shown (an alert) until it is ticked. The box is
 * named by the sentence beside it and described by that message.
 */
export function AcceptanceTerm({ name, termsUrl, privacyUrl, sentence, message }: Props) {
  const field = useLegacyField(ACCEPTANCE_KEY, { value: false, rules: { validate: (checked) => checked === true } });
  const labelId = useId();
  const messageId = useId();
  return (
    <div className="tourmaster-enquiry-term">
      <input
        type="checkbox"
        name={name}
        ref={(el) => {
          field.ref(el);
          field.focusRef(el);
        }}
        aria-labelledby={labelId}
        aria-describedby={message ? messageId : undefined}
        aria-invalid={field.invalid || undefined}
        onChange={(event) => field.change(event.target.checked)}
      />
      <span id={labelId}>
        <TermsSentenceText sentence={sentence} termsUrl={termsUrl} privacyUrl={privacyUrl} />
      </span>
      <div
        id={messageId}
        className="tourmaster-enquiry-term-message tourmaster-enquiry-form-message tourmaster-failed"
        role="alert"
        // Hidden by the stylesheet, shown while a submit found the box unticked.
        style={field.invalid ? { display: 'block' } : undefined}
      >
        {message}
      </div>
    </div>
  );
}
