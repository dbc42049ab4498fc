import { postAjax } from '../../lib/ajax';
import { htmlText } from '../../lib/dom';
import { bookingDetail, fieldsOf } from '../../lib/form-fields';
import { readProps } from '../../lib/props';
import { enquiryProps } from './props';

/**
 * The tour's enquiry form (engagement.md §1): the acceptance box and the required fields are checked
 * with the form's own texts, a click while sending is ignored, `data[...]` goes to `data-action`,
 * and the reply's message is shown with its status; a success empties every field but the tour id.
 */
const NETWORK_ERROR = 'An error occurs, please refresh the page to try again.';

export function mount(form: HTMLElement): () => void {
  if (!(form instanceof HTMLFormElement)) throw new Error('[island EnquiryForm] not a form');
  const props = readProps('EnquiryForm', form, enquiryProps);
  const box = Array.from(form.querySelectorAll<HTMLElement>('.tourmaster-enquiry-form-message')).find(
    (el) => !el.classList.contains('tourmaster-enquiry-term-message'),
  );
  const term = form.querySelector<HTMLElement>('.tourmaster-enquiry-term-message');
  const acceptance = form.querySelector<HTMLInputElement>(
    'input[type="checkbox"][name="tourmaster-require-acceptance"]',
  );
  box?.setAttribute('aria-live', 'polite');
  term?.setAttribute('role', 'alert');
  if (term && acceptance) {
    term.id ||= 'tourmaster-enquiry-term-message';
    acceptance.setAttribute('aria-describedby', term.id);
  }

  const say = (status: 'success' | 'failed', message: string) => {
    if (!box) return;
    box.classList.remove('tourmaster-success', 'tourmaster-failed');
    box.classList.add(`tourmaster-${status}`);
    box.textContent = htmlText(message);
    box.style.display = 'block';
    box.style.visibility = '';
  };

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    const button =
      (event.submitter as HTMLInputElement | null) ?? form.querySelector<HTMLInputElement>('input[type="submit"]');
    if (!button || button.classList.contains('tourmaster-now-loading')) return;

    if (acceptance && !acceptance.checked) {
      if (term) term.style.display = 'block';
      acceptance.focus();
      return;
    }
    if (term) term.style.display = 'none';

    const required = Array.from(
      form.querySelectorAll<HTMLInputElement>('input[data-required], select[data-required], textarea[data-required]'),
    );
    for (const f of required) {
      if (f.value) f.removeAttribute('aria-invalid');
      else f.setAttribute('aria-invalid', 'true');
    }
    const empty = required.find((f) => !f.value);
    if (empty) {
      say('failed', props.validateError);
      empty.focus();
      return;
    }

    // Hidden without collapsing, so the button does not move under a second click.
    if (box) box.style.visibility = 'hidden';
    button.classList.add('tourmaster-now-loading');
    button.setAttribute('aria-busy', 'true');
    const reply = await postAjax<{ status?: string; message?: string }>(props.ajaxUrl, {
      action: props.action,
      data: bookingDetail(fieldsOf(form)),
    });
    button.classList.remove('tourmaster-now-loading');
    button.removeAttribute('aria-busy');
    if (reply.kind === 'error') return say('failed', NETWORK_ERROR);
    const message = reply.kind === 'failed' ? reply.message : reply.data.message;
    const success = reply.kind === 'ok' && reply.data.status === 'success';
    if (success) {
      for (const field of form.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
        'input[name], select[name], textarea[name]',
      )) {
        if (field.name === 'tour-id') continue;
        if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
          field.checked = false;
        } else {
          field.value = '';
          if (field instanceof HTMLSelectElement && field.selectedIndex === -1) field.selectedIndex = 0;
        }
      }
    }
    if (message !== undefined) say(success ? 'success' : 'failed', message);
  };
  const onChange = (event: Event) => {
    if (event.target === acceptance && acceptance?.checked && term) term.style.display = 'none';
  };
  form.addEventListener('submit', onSubmit);
  form.addEventListener('change', onChange);
  return () => {
    form.removeEventListener('submit', onSubmit);
    form.removeEventListener('change', onChange);
  };
}
