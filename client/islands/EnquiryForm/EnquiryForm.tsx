import { useMemo } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { FormProvider, useForm } from 'react-hook-form';
import { CustomField } from '../../lib/CustomField';
import { type FieldElements, FieldElementsContext } from '../../lib/field-elements';
import { attrsToProps, childElements, type Shell } from '../../lib/markup';
import { readProps } from '../../lib/props';
import { Raw, ShellElement } from '../../lib/RawMarkup';
import { AcceptanceTerm } from './AcceptanceTerm';
import { parseEnquiry } from './enquiry-markup';
import { enquiryProps } from './props';
import { type EnquiryTarget, type Message, useEnquirySubmit } from './useEnquirySubmit';

/**
 * The tour's enquiry form (engagement.md §1) on the markup the server printed: rendered again in
 * the same form with its fields held by react-hook-form. The acceptance box first, then the
 * required fields, with the form's own texts; a click while sending is ignored; `data[...]` goes
 * to `data-action`, the reply's message is shown with its status, and a success empties every
 * field but the tour id.
 */
export function mount(form: HTMLElement): () => void {
  if (!(form instanceof HTMLFormElement)) throw new Error('[island EnquiryForm] not a form');
  const props = readProps('EnquiryForm', form, enquiryProps);
  const parts = parseEnquiry(childElements(form));
  form.replaceChildren();
  const root = createRoot(form);
  flushSync(() =>
    root.render(
      <EnquiryForm
        form={form}
        ajaxUrl={props.ajaxUrl}
        action={props.action}
        validateError={props.validateError}
        parts={parts}
      />,
    ),
  );
  return () => root.unmount();
}

function EnquiryForm(props: EnquiryTarget) {
  const { parts } = props;
  const methods = useForm<Record<string, unknown>>({ mode: 'onSubmit', shouldFocusError: false });
  const elements = useMemo<FieldElements>(() => new Map(), []);
  const { sending, message } = useEnquirySubmit(props, methods, elements);

  return (
    <FormProvider {...methods}>
      <FieldElementsContext.Provider value={elements}>
        {parts.map((part) => {
          switch (part.kind) {
            case 'field':
              return <CustomField key={part.id} spec={part.spec} />;
            case 'term':
              return <AcceptanceTerm key={part.id} term={part.term} />;
            case 'message':
              return <MessageBox key={part.id} shell={part.shell} message={message} />;
            case 'submit':
              return <SubmitButton key={part.id} shell={part.shell} sending={sending} />;
            default:
              return <Raw key={part.id} node={part.node} />;
          }
        })}
      </FieldElementsContext.Provider>
    </FormProvider>
  );
}

function MessageBox({ shell, message }: { shell: Shell; message: Message }) {
  const className = [
    String(attrsToProps(shell.attrs).className ?? ''),
    message.status && `tourmaster-${message.status}`,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <ShellElement
      shell={shell}
      extra={{
        className,
        'aria-live': 'polite',
        style: message.shown ? { display: 'block', visibility: message.hidden ? 'hidden' : undefined } : undefined,
      }}
    >
      {message.text}
    </ShellElement>
  );
}

function SubmitButton({ shell, sending }: { shell: Shell; sending: boolean }) {
  const { defaultValue, className, ...button } = attrsToProps(shell.attrs);
  return (
    <input
      {...button}
      type="submit"
      value={String(defaultValue ?? '')}
      className={[className, sending && 'tourmaster-now-loading'].filter(Boolean).join(' ')}
      aria-busy={sending || undefined}
    />
  );
}
