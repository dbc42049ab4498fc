import { useEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { type FieldErrors, FormProvider, useForm } from 'react-hook-form';
import { postAjax } from '../../lib/ajax';
import { CustomField } from '../../lib/CustomField';
import { clearedValue } from '../../lib/custom-field';
import { htmlText } from '../../lib/dom';
import { type FieldElements, FieldElementsContext, firstInPage } from '../../lib/field-elements';
import { bookingDetail, fieldsOf } from '../../lib/form-fields';
import { attrsToProps, childElements, type Shell } from '../../lib/markup';
import { readProps } from '../../lib/props';
import { Raw, ShellElement } from '../../lib/RawMarkup';
import { AcceptanceTerm } from './AcceptanceTerm';
import { type EnquiryPart, parseEnquiry } from './enquiry-markup';
import { enquiryProps } from './props';

/**
 * The tour's enquiry form (engagement.md §1) on the markup the server printed: rendered again in
 * the same form with its fields held by react-hook-form. The acceptance box first, then the
 * required fields, with the form's own texts; a click while sending is ignored; `data[...]` goes
 * to `data-action`, the reply's message is shown with its status, and a success empties every
 * field but the tour id.
 */
const NETWORK_ERROR = 'An error occurs, please refresh the page to try again.';

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

interface Message {
  status: 'success' | 'failed' | undefined;
  text: string;
  /** Hidden without collapsing while sending, so the button does not move under a second click. */
  hidden: boolean;
  shown: boolean;
}

function EnquiryForm(props: {
  form: HTMLFormElement;
  ajaxUrl: string;
  action: string;
  validateError: string;
  parts: EnquiryPart[];
}) {
  const { form, parts } = props;
  const methods = useForm<Record<string, unknown>>({ mode: 'onSubmit', shouldFocusError: false });
  const elements = useMemo<FieldElements>(() => new Map(), []);
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<Message>(() => {
    const printed = parts.find((p) => p.kind === 'message');
    return { status: undefined, text: printed?.kind === 'message' ? printed.text : '', hidden: false, shown: false };
  });

  useEffect(() => {
    let running = false;
    const { handleSubmit, reset } = methods;
    const say = (status: 'success' | 'failed', text: string) =>
      setMessage({ status, text: htmlText(text), hidden: false, shown: true });
    const acceptance = parts.find((p) => p.kind === 'term')?.term.key;

    const refuse = (errors: FieldErrors) => {
      if (acceptance && errors[acceptance]) {
        elements.get(acceptance)?.focus();
        return;
      }
      say('failed', props.validateError);
      firstInPage(elements, Object.keys(errors))?.focus();
    };

    const send = async () => {
      // Fields the island kept as printed are checked as the legacy script did.
      const empty = Array.from(
        form.querySelectorAll<HTMLInputElement>('input[data-required], select[data-required], textarea[data-required]'),
      ).find((f) => !f.value);
      if (empty) {
        say('failed', props.validateError);
        empty.focus();
        return;
      }
      setMessage((m) => ({ ...m, hidden: true }));
      setSending(true);
      const reply = await postAjax<{ status?: string; message?: string }>(props.ajaxUrl, {
        action: props.action,
        data: bookingDetail(fieldsOf(form)),
      });
      setSending(false);
      if (reply.kind === 'error') return say('failed', NETWORK_ERROR);
      const text = reply.kind === 'failed' ? reply.message : reply.data.message;
      const success = reply.kind === 'ok' && reply.data.status === 'success';
      if (success) reset(clearedValues(parts), { keepFieldsRef: true });
      if (text !== undefined) say(success ? 'success' : 'failed', text);
      else setMessage((m) => ({ ...m, hidden: false }));
    };

    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      if (running) return;
      running = true;
      void handleSubmit(send, refuse)().finally(() => {
        running = false;
      });
    };
    form.addEventListener('submit', onSubmit);
    return () => form.removeEventListener('submit', onSubmit);
  }, [form, parts, methods, elements, props.ajaxUrl, props.action, props.validateError]);

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

/** The form after a success: every field empty (a select on its first choice when none is empty), the box unticked. */
function clearedValues(parts: readonly EnquiryPart[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const part of parts) {
    if (part.kind === 'field') values[part.spec.key] = clearedValue(part.spec.control);
    else if (part.kind === 'term') values[part.term.key] = false;
  }
  return values;
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
