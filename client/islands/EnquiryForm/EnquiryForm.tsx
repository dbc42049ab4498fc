import { type CSSProperties, useMemo } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { FormProvider, useForm } from 'react-hook-form';
import { type EnquiryFormProps, enquiryFormSchema } from '../../common/islands/EnquiryForm';
import { type FieldElements, FieldElementsContext } from '../../lib/field-elements';
import { readIslandProps } from '../../lib/island-props';
import { useLegacyField } from '../../lib/legacy-field';
import { AcceptanceTerm } from './AcceptanceTerm';
import { enquiryPropsFromMarkup } from './adapter';
import { EnquiryFieldView } from './EnquiryFieldView';
import { type EnquiryValues, fieldKey, HONEYPOT_KEY } from './enquiry-data';
import { type Message, useEnquirySubmit } from './useEnquirySubmit';

/**
 * The tour's enquiry form (engagement.md §1), rendered from its typed props: those our server
 * wrote beside it, or (WordPress printed the page) the plugin's markup read by adapter.ts. The
 * acceptance box first, then the required fields, with the form's own texts; a click while
 * sending is ignored; `data[...]` goes to the action, the reply's message is shown with its
 * status, and a success empties every field but the tour id.
 */
export function mount(form: HTMLElement): () => void {
  if (!(form instanceof HTMLFormElement)) throw new Error('[island EnquiryForm] not a form');
  // The plugin's markup is checked as the server's props are (an action name, an ajax URL).
  const props =
    readIslandProps('EnquiryForm', form, enquiryFormSchema) ?? enquiryFormSchema.parse(enquiryPropsFromMarkup(form));
  form.replaceChildren();
  const root = createRoot(form);
  flushSync(() => root.render(<EnquiryForm form={form} enquiry={props} />));
  return () => root.unmount();
}

export function EnquiryForm({ form, enquiry }: { form: HTMLFormElement; enquiry: EnquiryFormProps }) {
  const methods = useForm<EnquiryValues>({ mode: 'onSubmit', shouldFocusError: false });
  const elements = useMemo<FieldElements>(() => new Map(), []);
  const { sending, message, cleared } = useEnquirySubmit(form, enquiry, methods, elements);
  return (
    <FormProvider {...methods}>
      <FieldElementsContext.Provider value={elements}>
        {enquiry.fields.map((field, i) => (
          <EnquiryFieldView key={fieldKey(i)} field={field} formKey={fieldKey(i)} cleared={cleared} />
        ))}
        {enquiry.honeypot ? <Trap name={enquiry.honeypot} /> : null}
        <AcceptanceTerm
          name={enquiry.acceptanceName}
          termsUrl={enquiry.termsUrl}
          privacyUrl={enquiry.privacyUrl}
          sentence={enquiry.sentence}
          message={enquiry.acceptanceError}
        />
        <MessageBox message={message} />
        <input type="hidden" name="tour-id" value={enquiry.tourId} />
        <input
          type="submit"
          className={sending ? 'tourmaster-button tourmaster-now-loading' : 'tourmaster-button'}
          value={enquiry.submitLabel}
          aria-busy={sending || undefined}
        />
      </FieldElementsContext.Provider>
    </FormProvider>
  );
}

/** Our hidden field for robots (server/views/enquiry-form.ts): off-screen, out of the tab order. */
function Trap({ name }: { name: string }) {
  const field = useLegacyField(HONEYPOT_KEY, { value: '' });
  return (
    <div
      className="tourmaster-enquiry-field-trap"
      style={{ position: 'absolute', left: '-10000px', top: 'auto', width: '1px', height: '1px', overflow: 'hidden' }}
      aria-hidden="true"
    >
      <input
        type="text"
        name={name}
        ref={field.ref}
        tabIndex={-1}
        autoComplete="off"
        onChange={(event) => field.change(event.target.value)}
      />
    </div>
  );
}

function MessageBox({ message }: { message: Message }) {
  const status = message.status ? ` tourmaster-${message.status}` : '';
  const shown: CSSProperties | undefined = message.shown
    ? { display: 'block', visibility: message.hidden ? 'hidden' : undefined }
    : undefined;
  return (
    <div className={`tourmaster-enquiry-form-message${status}`} aria-live="polite" style={shown}>
      {message.text}
    </div>
  );
}
