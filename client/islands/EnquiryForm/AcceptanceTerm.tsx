import { useId } from 'react';
import { useLegacyField } from '../../lib/legacy-field';
import { attrsToProps } from '../../lib/markup';
import { ShellElement } from '../../lib/RawMarkup';
import type { TermSpec } from './enquiry-markup';

/**
 * The acceptance box (`tourmaster-require-acceptance`): it must be ticked before anything is sent.
 * Unticked at a submit, the plugin's own sentence under it is shown (an alert) until it is ticked.
 * The box is named by the sentence beside it and described by that message.
 */
export function AcceptanceTerm({ term }: { term: TermSpec }) {
  const field = useLegacyField(term.key, {
    value: term.checkbox.attrs.checked !== undefined,
    rules: { validate: (checked) => checked === true },
  });
  const labelId = useId();
  const messageId = term.message?.attrs.id || 'tourmaster-enquiry-term-message';
  const checkbox = attrsToProps(term.checkbox.attrs);
  return (
    <ShellElement shell={term.shell}>
      <input
        {...checkbox}
        type="checkbox"
        ref={(el) => {
          field.ref(el);
          field.focusRef(el);
        }}
        aria-labelledby={labelId}
        aria-describedby={term.message ? messageId : undefined}
        aria-invalid={field.invalid || undefined}
        onChange={(event) => field.change(event.target.checked)}
      />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sentence and links, escaped there. */}
      <span id={labelId} dangerouslySetInnerHTML={{ __html: term.labelHtml }} />
      {term.message ? (
        <ShellElement
          shell={term.message}
          extra={{
            id: messageId,
            role: 'alert',
            // Hidden by the stylesheet, shown while a submit found the box unticked.
            ...(field.invalid ? { style: { display: 'block' } } : {}),
            dangerouslySetInnerHTML: { __html: term.message.html },
          }}
        />
      ) : null}
    </ShellElement>
  );
}
