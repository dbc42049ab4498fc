import { type Dispatch, type SetStateAction, useEffect, useState } from 'react';
import type { FieldErrors, UseFormReturn } from 'react-hook-form';
import { postAjax } from '../../lib/ajax';
import { clearedValue } from '../../lib/custom-field';
import { htmlText } from '../../lib/dom';
import { type FieldElements, firstInPage } from '../../lib/field-elements';
import { bookingDetail, fieldsOf } from '../../lib/form-fields';
import type { EnquiryPart } from './enquiry-markup';

const NETWORK_ERROR = 'An error occurs, please refresh the page to try again.';

export interface Message {
  status: 'success' | 'failed' | undefined;
  text: string;
  /** Hidden without collapsing while sending, so the button does not move under a second click. */
  hidden: boolean;
  shown: boolean;
}

export interface EnquiryTarget {
  form: HTMLFormElement;
  ajaxUrl: string;
  action: string;
  validateError: string;
  parts: EnquiryPart[];
}

type Say = (status: 'success' | 'failed', text: string) => void;

/**
 * The form's submit: checked by react-hook-form (the acceptance box first, then the required
 * fields), sent once at a time, answered in the message box.
 */
export function useEnquirySubmit(
  target: EnquiryTarget,
  methods: UseFormReturn<Record<string, unknown>>,
  elements: FieldElements,
): { sending: boolean; message: Message } {
  const { form, parts, ajaxUrl, action, validateError } = target;
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<Message>(() => {
    const printed = parts.find((p) => p.kind === 'message');
    return { status: undefined, text: printed?.kind === 'message' ? printed.text : '', hidden: false, shown: false };
  });

  useEffect(() => {
    let running = false;
    const { handleSubmit, reset } = methods;
    const say: Say = (status, text) => setMessage({ status, text: htmlText(text), hidden: false, shown: true });
    const acceptance = parts.find((p) => p.kind === 'term')?.term.key;

    const refuse = (errors: FieldErrors) => {
      if (acceptance && errors[acceptance]) {
        elements.get(acceptance)?.focus();
        return;
      }
      say('failed', validateError);
      firstInPage(elements, Object.keys(errors))?.focus();
    };
    const send = () =>
      sendEnquiry({ form, ajaxUrl, action, validateError }, { say, setMessage, setSending }, () =>
        reset(clearedValues(parts), { keepFieldsRef: true }),
      );

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
  }, [form, parts, methods, elements, ajaxUrl, action, validateError]);

  return { sending, message };
}

/** Posts `data[...]` to the action and shows the reply's message; a success empties the form (`clear`). */
async function sendEnquiry(
  target: Omit<EnquiryTarget, 'parts'>,
  show: { say: Say; setMessage: Dispatch<SetStateAction<Message>>; setSending: (sending: boolean) => void },
  clear: () => void,
): Promise<void> {
  const { form } = target;
  const { say, setMessage, setSending } = show;
  // Fields the island kept as printed are checked as the legacy script did.
  const empty = Array.from(
    form.querySelectorAll<HTMLInputElement>('input[data-required], select[data-required], textarea[data-required]'),
  ).find((f) => !f.value);
  if (empty) {
    say('failed', target.validateError);
    empty.focus();
    return;
  }
  setMessage((m) => ({ ...m, hidden: true }));
  setSending(true);
  const reply = await postAjax<{ status?: string; message?: string }>(target.ajaxUrl, {
    action: target.action,
    data: bookingDetail(fieldsOf(form)),
  });
  setSending(false);
  if (reply.kind === 'error') return say('failed', NETWORK_ERROR);
  const text = reply.kind === 'failed' ? reply.message : reply.data.message;
  const success = reply.kind === 'ok' && reply.data.status === 'success';
  if (success) clear();
  if (text !== undefined) say(success ? 'success' : 'failed', text);
  else setMessage((m) => ({ ...m, hidden: false }));
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
