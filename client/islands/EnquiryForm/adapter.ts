import type { EnquiryField, EnquiryFormProps } from '../../common/islands/EnquiryForm';
import { AGREE_SENTENCE } from '../../common/islands/terms-sentence';
import { sentenceFromMarkup } from '../../lib/TermsSentence';

/**
 * The enquiry form WordPress printed (`tourmaster_get_enquiry_form`, as on
 * legacy-fixtures/pages/tour-corfu-booking-enquiry.html) read into the typed props our server
 * writes beside its own form (server/views/enquiry-form.ts). The only place the island reads markup.
 */
export function enquiryPropsFromMarkup(form: HTMLFormElement): EnquiryFormProps {
  const term = form.querySelector(':scope > .tourmaster-enquiry-term');
  const box = term?.querySelector<HTMLInputElement>(':scope > input[type="checkbox"][name]');
  const links = term ? Array.from(term.querySelectorAll<HTMLAnchorElement>(':scope > a[href]')) : [];
  const trap = form.querySelector<HTMLInputElement>(':scope > .tourmaster-enquiry-field-trap input[name]');
  const submit = form.querySelector<HTMLInputElement>(':scope > input[type="submit"]');
  return {
    ajaxUrl: form.dataset.ajaxUrl ?? '',
    action: form.dataset.action || 'tourmaster_send_enquiry_form',
    validateError: form.dataset.validateError ?? 'Please fill all required fields.',
    acceptanceError: text(term?.querySelector(':scope > .tourmaster-enquiry-term-message')),
    acceptanceName: box?.name ?? 'tourmaster-require-acceptance',
    termsUrl: links[0]?.getAttribute('href') ?? '',
    privacyUrl: links[1]?.getAttribute('href') ?? '',
    sentence: sentenceFromMarkup(term ?? null, AGREE_SENTENCE),
    tourId: form.querySelector<HTMLInputElement>(':scope > input[type="hidden"][name="tour-id"]')?.value ?? '',
    fields: Array.from(form.querySelectorAll(':scope > .tourmaster-enquiry-field'), fieldOf),
    ...(trap ? { honeypot: trap.name } : {}),
    submitLabel: submit?.value ?? 'Submit Enquiry',
  };
}

const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** `div.tourmaster-enquiry-field.tourmaster-enquiry-field-{name}.tourmaster-type-{type}` (form-field.ts). */
function fieldOf(wrapper: Element): EnquiryField {
  const type = /(?:^|\s)tourmaster-type-(\S*)/.exec(wrapper.className)?.[1] ?? '';
  const head = wrapper.querySelector(':scope > .tourmaster-head')?.cloneNode(true) as Element | undefined;
  head?.querySelector(':scope > .tourmaster-req')?.remove();
  const tail = wrapper.querySelector(':scope > .tourmaster-tail');
  const named = tail?.querySelector<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
    'input[name], select[name], textarea[name]',
  );
  const select = tail?.querySelector<HTMLSelectElement>('.tourmaster-combobox-wrap > select[name]');
  const dateSelect = tail?.querySelector('.tourmaster-date-select');
  const years = dateSelect?.querySelector<HTMLSelectElement>('select[data-type="year"]');
  return {
    name: named?.name ?? '',
    title: text(head),
    type,
    required: named?.hasAttribute('data-required') ?? false,
    value: select ? printedChoice(select) : (named?.getAttribute('value') ?? named?.textContent ?? ''),
    options: select ? Array.from(select.options, (o) => ({ value: o.value, label: o.textContent ?? '' })) : [],
    years: years ? Array.from(years.options, (o) => o.value).filter(Boolean) : [],
  };
}

/** The option printed `selected`, or '' (the server writes the value it was given, not the first option). */
function printedChoice(select: HTMLSelectElement): string {
  return Array.from(select.options).find((o) => o.hasAttribute('selected'))?.value ?? '';
}
