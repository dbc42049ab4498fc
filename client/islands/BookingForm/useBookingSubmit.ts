import { useEffect } from 'react';
import type { FieldErrors, UseFormHandleSubmit } from 'react-hook-form';
import { postAjax } from '../../lib/ajax';
import type { AmountCheckInput } from '../../lib/amount-check';
import { amountCheckRequest } from '../../lib/amount-check';
import { BOOKING_DETAIL_COOKIE, setCookie } from '../../lib/cookies';
import { htmlText } from '../../lib/dom';
import { type FieldElements, firstInPage } from '../../lib/field-elements';
import { bookingDetail } from '../../lib/form-fields';
import { cloneTemplate, openLightbox } from '../../lib/lightbox';
import type { SubmitView } from './context';
import { submission } from './submission';

const GENERIC_ERROR = 'An error occurs, please refresh the page to try again.';

/**
 * "Proceed Booking" (booking.md §4, §7): react-hook-form checks the fields (steps 1–3 filled,
 * somebody in each traveller block, required extra fields); then the availability check
 * `tourmaster_tour_booking_amount_check`, the `tourmaster-booking-detail` cookie, and either the
 * guest's "log in or go on" lightbox or the form's own POST to the payment page. A second submit
 * while one is running is ignored.
 *
 * The form element is the island's root, not rendered by it: its `submit` is listened to here.
 */
export function useBookingSubmit(options: {
  form: HTMLFormElement;
  ajaxUrl: string;
  handleSubmit: UseFormHandleSubmit<Record<string, unknown>>;
  /** What the availability check is computed from, for the values the visitor chose (booking-block.ts). */
  checkInput: (values: Record<string, unknown>) => AmountCheckInput;
  elements: FieldElements;
  /** Changes what the current submit part shows. */
  show: (change: Partial<SubmitView>) => void;
}): void {
  const { form, ajaxUrl, handleSubmit, checkInput, elements, show } = options;
  useEffect(() => {
    let running = false;

    const refuse = (errors: FieldErrors) => {
      show({ staticError: true });
      firstInPage(elements, Object.keys(errors))?.focus();
    };

    const proceed = async (values: Record<string, unknown>, button: HTMLInputElement) => {
      const { ok, request } = amountCheckRequest(checkInput(values));
      if (!ok) {
        show({ staticError: true });
        return;
      }
      show({ staticError: false, sending: true });
      const reply = await postAjax<{ status?: string; message?: string }>(ajaxUrl, {
        action: 'tourmaster_tour_booking_amount_check',
        ...request,
      });
      show({ sending: false });
      if (reply.kind === 'ok' && reply.data.status === 'success') {
        setCookie(BOOKING_DETAIL_COOKIE, JSON.stringify(bookingDetail(submission(form))), 0);
        const askLogin = button.dataset.askLogin;
        if (!askLogin) {
          form.submit();
          return;
        }
        // The lightbox the bar prints beside the form (or beside the button) under that name.
        const named = (el: Element) => el.getAttribute('data-tmlb-id') === askLogin;
        const template =
          Array.from(button.parentElement?.children ?? []).find(named) ??
          Array.from(form.parentElement?.children ?? []).find(named);
        if (template) openLightbox(cloneTemplate(template), button);
        return;
      }
      const message =
        reply.kind === 'error' ? GENERIC_ERROR : reply.kind === 'failed' ? reply.message : (reply.data.message ?? '');
      if (message) show({ message: htmlText(message) });
    };

    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      if (running) return;
      const button =
        (event.submitter as HTMLInputElement | null) ?? form.querySelector<HTMLInputElement>('input[type="submit"]');
      if (!button) return;
      running = true;
      show({ message: undefined });
      void handleSubmit((values) => proceed(values, button), refuse)().finally(() => {
        running = false;
      });
    };
    form.addEventListener('submit', onSubmit);
    return () => form.removeEventListener('submit', onSubmit);
  }, [form, ajaxUrl, handleSubmit, checkInput, elements, show]);
}
