import { useContext } from 'react';
import { attrsToProps } from '../../lib/markup';
import { RawList, ShellElement } from '../../lib/RawMarkup';
import type { Part } from './blocks';
import { SubmitViewContext } from './context';

type SubmitPart = Extract<Part, { kind: 'submit' }>;

/**
 * "Proceed Booking" (booking.md §4): the button (dimmed and busy while the amount is checked), the
 * server's refusal right after it (`.tourmaster-temp`, an alert), and the plugin's static
 * "select all required fields" error, shown when the check in the page fails.
 */
export function SubmitStep({ part }: { part: SubmitPart }) {
  const view = useContext(SubmitViewContext);
  const mine = view.key === part.key;
  const sending = mine && view.sending;
  const staticError = mine ? view.staticError : undefined;
  const message = mine ? view.message : undefined;
  const { defaultValue, ...button } = attrsToProps(part.button.attrs);
  return (
    <ShellElement shell={part.shell}>
      <input
        {...button}
        value={String(defaultValue ?? '')}
        style={sending ? { opacity: '0.5' } : undefined}
        aria-busy={sending || undefined}
      />
      {message ? (
        <div className="tourmaster-tour-booking-submit-error tourmaster-temp" role="alert" style={{ display: 'block' }}>
          {message}
        </div>
      ) : null}
      {part.error ? (
        <ShellElement
          shell={part.error}
          extra={{
            ...(staticError === undefined ? {} : { style: { display: staticError ? 'block' : 'none' } }),
            ...(staticError ? { role: 'alert' } : {}),
            // The server's sentence, escaped there.
            dangerouslySetInnerHTML: { __html: part.error.html },
          }}
        />
      ) : null}
      <RawList nodes={part.rest} />
    </ShellElement>
  );
}
