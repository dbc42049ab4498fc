import { useLayoutEffect, useState } from 'react';
import type { FieldErrors, UseFormReturn } from 'react-hook-form';
import type { EnquiryFormProps } from '../../common/islands/EnquiryForm';
import { postAjax } from '../../lib/ajax';
import { htmlText } from '../../lib/dom';
import { type FieldElements, firstInPage } from '../../lib/field-elements';
import { ACCEPTANCE_KEY, clearedValues, type EnquiryValues, enquiryData } from './enquiry-data';

const NETWORK_ERROR = 'An error occurs, please refresh the page to try again.';

export interface Message {
  status: 'success' | 'failed' | undefined;
  text: string;
  /** Hidden without collapsing while sending, so the button does not move under a second click. */
  hidden: boolean;
  shown: boolean;
}

const NO_MESSAGE: Message = { status: undefined, text: '', hidden: false, shown: false };

/**
 * The form's submit (the marker is the form, so its submit event is listened to): checked by
 * react-hook-form (the acceptance box first, then the required fields), sent once at a time,
 * answered in the message box. `cleared` counts the successes, each of which empties the form.
 */
export function useEnquirySubmit(
  form: HTMLFormElement,
  props: EnquiryFormProps,
  methods: UseFormReturn<EnquiryValues>,
  elements: FieldElements,
): { sending: boolean; message: Message; cleared: number } {
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<Message>(NO_MESSAGE);
  const [cleared, setCleared] = useState(0);

  // A layout effect: the listener is there before the island reports itself mounted.
  useLayoutEffect(() => {
    let running = false;
    const { handleSubmit, reset } = methods;
    const say = (status: 'success' | 'failed', text: string) =>
      setMessage({ status, text: htmlText(text), hidden: false, shown: true });
    const refuse = (errors: FieldErrors) => {
      if (errors[ACCEPTANCE_KEY]) return elements.get(ACCEPTANCE_KEY)?.focus();
      say('failed', props.validateError);
      firstInPage(elements, Object.keys(errors))?.focus();
    };
    const send = async (values: EnquiryValues) => {
      setMessage((m) => ({ ...m, hidden: true }));
      setSending(true);
      const reply = await postAjax<{ status?: string; message?: string }>(props.ajaxUrl, {
        action: props.action,
        data: enquiryData(props, values),
      });
      setSending(false);
      if (reply.kind === 'error') return say('failed', NETWORK_ERROR);
      const text = reply.kind === 'failed' ? reply.message : reply.data.message;
      const success = reply.kind === 'ok' && reply.data.status === 'success';
      if (success) {
        reset(clearedValues(props), { keepFieldsRef: true });
        setCleared((n) => n + 1);
      }
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
  }, [form, props, methods, elements]);

  return { sending, message, cleared };
}
