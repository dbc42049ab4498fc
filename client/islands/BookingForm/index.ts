import { type AjaxResult, postAjax } from '../../lib/ajax';
import { amountCheckRequest } from '../../lib/amount-check';
import { BOOKING_DETAIL_COOKIE, setCookie } from '../../lib/cookies';
import { announceContent, fragment, htmlText } from '../../lib/dom';
import { bookingDetail, fieldsOf, tourInput } from '../../lib/form-fields';
import { cloneTemplate, openLightbox } from '../../lib/lightbox';
import { readProps } from '../../lib/props';
import { attachDatepicker } from './datepicker';
import { bindPackagePickers, enhancePackagePickers } from './package-picker';
import { bookingFormProps } from './props';
import { syncRooms } from './rooms';

/**
 * The booking bar's form (booking.md §2–§4, §7), on the markup the server (ours or WordPress)
 * printed: the calendar, the steps fetched with `tourmaster_tour_booking` as the date and package
 * change, rooms, the live head price, and the submit (client checks, the amount check, the
 * `tourmaster-booking-detail` cookie, then the POST to the payment page or the guest's lightbox).
 */
const GENERIC_ERROR = 'An error occurs, please refresh the page to try again.';

export function mount(form: HTMLElement): () => void {
  if (!(form instanceof HTMLFormElement)) throw new Error('[island BookingForm] not a form');
  const { ajaxUrl } = readProps('BookingForm', form, bookingFormProps);
  const pickers = new Map<HTMLInputElement, () => void>();

  const enhance = (root: ParentNode) => {
    for (const input of root.querySelectorAll<HTMLInputElement>('input.tourmaster-datepicker')) {
      if (!pickers.has(input)) pickers.set(input, attachDatepicker(input));
    }
    enhancePackagePickers(root);
  };
  const prune = () => {
    for (const [input, destroy] of pickers) {
      if (!form.contains(input)) {
        destroy();
        pickers.delete(input);
      }
    }
  };
  const removeStepsAfter = (step: number) => {
    for (const block of form.querySelectorAll<HTMLElement>('[data-step]')) {
      if (Number(block.dataset.step) > step) block.remove();
    }
    prune();
  };

  let stepRequest: AbortController | undefined;
  const loadStep = async (step: 1 | 2) => {
    const data = { ...tourInput(fieldsOf(form)), step };
    removeStepsAfter(step);
    stepRequest?.abort();
    const request = new AbortController();
    stepRequest = request;
    form.setAttribute('aria-busy', 'true');
    const reply = await postAjax<{ content?: unknown }>(
      ajaxUrl,
      { action: 'tourmaster_tour_booking', data },
      {
        signal: request.signal,
      },
    );
    if (request.signal.aborted) return;
    form.removeAttribute('aria-busy');
    if (reply.kind !== 'ok') {
      console.warn('[island BookingForm] tourmaster_tour_booking', reply);
      return;
    }
    removeStepsAfter(step);
    const content = reply.data.content;
    if (typeof content !== 'string' || content === '') return;
    const nodes = fragment(content);
    const added = Array.from(nodes.children);
    form.append(nodes);
    enhance(form);
    for (const node of added) announceContent(node);
  };

  let priceRequest = 0;
  const updateHeadPrice = async (detail: ReturnType<typeof bookingDetail>) => {
    const seq = ++priceRequest;
    const reply = await postAjax<{ price?: unknown }>(ajaxUrl, {
      action: 'tourmaster_update_head_price',
      data: detail,
    });
    if (seq !== priceRequest || reply.kind !== 'ok' || typeof reply.data.price !== 'string') return;
    const price = htmlText(reply.data.price);
    for (const head of document.querySelectorAll<HTMLElement>('.tourmaster-header-price')) {
      for (const discount of head.querySelectorAll('.tourmaster-tour-discount-price')) discount.remove();
      for (const wrap of head.querySelectorAll('.tourmaster-tour-price-wrap'))
        wrap.classList.remove('tourmaster-discount');
      head.classList.add('tourmaster-price-updated');
      for (const tail of head.querySelectorAll<HTMLElement>('.tourmaster-tour-price .tourmaster-tail')) {
        tail.textContent = price;
      }
    }
  };
  for (const tail of document.querySelectorAll<HTMLElement>(
    '.tourmaster-header-price .tourmaster-tour-price .tourmaster-tail',
  )) {
    tail.setAttribute('aria-live', 'polite');
  }

  const onChange = (event: Event) => {
    const target = event.target;
    if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement)) return;
    const detail = bookingDetail(fieldsOf(form));
    if (target.name === 'tour-date') void loadStep(1);
    else if (target.name === 'package') void loadStep(2);
    else if (target.name === 'tour-room' && target instanceof HTMLSelectElement) syncRooms(target);
    if (target.getAttribute('aria-invalid') === 'true' && target.value) target.removeAttribute('aria-invalid');
    if (form.classList.contains('tourmaster-update-header-price')) void updateHeadPrice(detail);
  };

  let submitting = false;
  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (submitting) return;
    const button =
      (event.submitter as HTMLInputElement | null) ?? form.querySelector<HTMLInputElement>('input[type="submit"]');
    if (!button) return;
    const box = button.parentElement;
    const staticError = box?.querySelector<HTMLElement>('.tourmaster-tour-booking-submit-error:not(.tourmaster-temp)');
    for (const temp of form.querySelectorAll('.tourmaster-tour-booking-submit-error.tourmaster-temp')) temp.remove();
    const showStatic = (show: boolean) => {
      if (!staticError) return;
      staticError.style.display = show ? 'block' : 'none';
      staticError.setAttribute('role', 'alert');
    };

    const required = Array.from(
      form.querySelectorAll<HTMLInputElement>('input[data-required], select[data-required], textarea[data-required]'),
    );
    const empty = required.filter((f) => !f.value);
    for (const f of required) {
      if (f.value) f.removeAttribute('aria-invalid');
      else f.setAttribute('aria-invalid', 'true');
    }
    const { ok, request } = amountCheckRequest({
      blocks: Array.from(form.querySelectorAll<HTMLElement>('[data-step]'), (block) => ({
        step: block.dataset.step ?? '',
        fields: fieldsOf(block, 'input[name], select[name]'),
      })),
      extraFields: Array.from(form.querySelectorAll('.tourmaster-extra-booking-field')).flatMap((f) => fieldsOf(f)),
      tourId: form.querySelector<HTMLInputElement>('[name="tour-id"]')?.value ?? '',
      tourDate: form.querySelector<HTMLInputElement>('[name="tour-date"]')?.value ?? '',
      tid: form.querySelector<HTMLInputElement>('[name="tid"]')?.value ?? '',
    });
    if (empty.length > 0 || !ok) {
      showStatic(true);
      empty[0]?.focus();
      return;
    }
    showStatic(false);

    submitting = true;
    button.style.opacity = '0.5';
    button.setAttribute('aria-busy', 'true');
    const reply: AjaxResult<{ status?: string; message?: string }> = await postAjax(ajaxUrl, {
      action: 'tourmaster_tour_booking_amount_check',
      ...request,
    });
    submitting = false;
    button.style.opacity = '';
    button.removeAttribute('aria-busy');

    if (reply.kind === 'ok' && reply.data.status === 'success') {
      setCookie(BOOKING_DETAIL_COOKIE, JSON.stringify(bookingDetail(fieldsOf(form))), 0);
      const askLogin = button.dataset.askLogin;
      if (askLogin) {
        const selector = `[data-tmlb-id="${CSS.escape(askLogin)}"]`;
        const template =
          Array.from(box?.children ?? []).find((el) => el.matches(selector)) ??
          Array.from(form.parentElement?.children ?? []).find((el) => el.matches(selector));
        if (template) openLightbox(cloneTemplate(template), button);
        return;
      }
      form.submit();
      return;
    }
    const message =
      reply.kind === 'error' ? GENERIC_ERROR : reply.kind === 'failed' ? reply.message : (reply.data.message ?? '');
    if (!message) return;
    const temp = document.createElement('div');
    temp.className = 'tourmaster-tour-booking-submit-error tourmaster-temp';
    temp.setAttribute('role', 'alert');
    temp.style.display = 'block';
    temp.textContent = htmlText(message);
    button.after(temp);
  };

  enhance(form);
  const offPackages = bindPackagePickers(form);
  form.addEventListener('change', onChange);
  form.addEventListener('submit', onSubmit);
  return () => {
    offPackages();
    form.removeEventListener('change', onChange);
    form.removeEventListener('submit', onSubmit);
    stepRequest?.abort();
    for (const destroy of pickers.values()) destroy();
    pickers.clear();
  };
}
