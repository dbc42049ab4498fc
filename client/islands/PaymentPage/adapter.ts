import type {
  CompleteProps,
  ContactStepProps,
  FieldOption,
  FormFieldProps,
  PaymentPageProps,
  TravellerFieldProps,
  TravellerFormProps,
  TravellerRowProps,
} from '../../common/islands/PaymentPage';
import type { SidebarProps } from '../../common/islands/payment-sidebar';
import { paymentStepOf } from './adapter/payment-step';
import { sidebarOf } from './adapter/sidebar';
import { DEFAULT_MESSAGES } from './messages';

/**
 * The island's one reader of legacy markup: where WordPress rendered the payment page or answered
 * `tourmaster_payment_template` / `tourmaster_payment_selected` (no props script, no `props` key),
 * the step's content is read from the plugin's markup (payment.md §2.2) into the same typed props
 * our server writes: the contact step's forms (TRAVELLER-FORM, CONTACT-FORM: here, as
 * server/views/payment/contact-step-props.ts writes them), the payment step
 * (adapter/payment-step.ts), the completion, and the sidebar beside them (adapter/sidebar.ts).
 * Nothing else reads the DOM for state; adapter*.test.tsx check it against the captured pages and replies.
 */

/**
 * The props of a page that has none: its step (the step bar's current item), its content, and its
 * sidebar (`#tourmaster-tour-booking-bar-inner`, style-2 when the page is style-2's).
 */
export function adaptPage(marker: Element, step: number): PaymentPageProps {
  const content = marker.querySelector('#tourmaster-tour-payment-content');
  const bar = marker.querySelector('#tourmaster-tour-booking-bar-inner');
  const sidebar = bar ? sidebarOf(bar, marker.closest('.tourmaster-payment-style-2') !== null) : undefined;
  return { ...(content ? propsOf(content, step) : { step }), ...(sidebar && { sidebar }) };
}

/**
 * The props of a reply that has none: its `content` HTML at the step the page moves to, and its
 * `sidebar` HTML (`style2` when the page is style-2's).
 */
export function adaptReply(content: string, step: number, sidebar?: string, style2 = false): PaymentPageProps {
  const props = propsOf(parse(content), step);
  const read = sidebar === undefined ? undefined : adaptSidebar(sidebar, style2);
  return read ? { ...props, sidebar: read } : props;
}

/** A reply's sidebar HTML alone (`update_sidebar`). */
export function adaptSidebar(sidebar: string, style2 = false): SidebarProps | undefined {
  return sidebarOf(parse(sidebar), style2);
}

/** Markup in an inert document: its scripts do not run, its images do not load. */
function parse(html: string): HTMLElement {
  return new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body;
}

function propsOf(root: ParentNode, step: number): PaymentPageProps {
  const contact = contactStepOf(root);
  if (contact) return { step, contact };
  const payment = paymentStepOf(root);
  if (payment) return { step, payment };
  const complete = completeOf(root);
  return complete ? { step, complete } : { step };
}

/** COMPLETE: the message's lines (the text between its `<br>`s), the button, the bottom text's HTML. */
export function completeOf(root: ParentNode): CompleteProps | undefined {
  const wrap = root.querySelector('.tourmaster-payment-complete-wrap');
  if (!wrap) return undefined;
  const lines = [''];
  for (const node of wrap.querySelector('.tourmaster-payment-complete-content')?.childNodes ?? []) {
    if (node.nodeName === 'BR') lines.push('');
    else lines[lines.length - 1] += node.textContent ?? '';
  }
  const button = wrap.querySelector('a.tourmaster-payment-complete-button');
  return {
    lines,
    button: { url: button?.getAttribute('href') ?? '', label: button?.textContent ?? '' },
    bottomText: wrap.querySelector('.tourmaster-payment-complete-bottom-text')?.innerHTML ?? '',
  };
}

/** CONTACT-FORM (and TRAVELLER-FORM before it), when `root` holds the contact step. */
export function contactStepOf(root: ParentNode): ContactStepProps | undefined {
  const contactWrap = root.querySelector('.tourmaster-payment-contact-wrap');
  if (!contactWrap) return undefined;
  const travellerWrap = root.querySelector('.tourmaster-payment-traveller-info-wrap');
  const box = root.querySelector<HTMLElement>('.tourmaster-tour-booking-required-error');
  const error = box && /display:\s*block/.test(box.getAttribute('style') ?? '') ? (box.textContent ?? '') : undefined;
  return {
    ...(travellerWrap ? { travellers: travellerFormOf(travellerWrap) } : {}),
    contact: fieldsOf(contactWrap, '.tourmaster-contact-field'),
    billing: fieldsOf(root.querySelector('.tourmaster-payment-billing-wrap'), '.tourmaster-billing-field'),
    notes: root.querySelector<HTMLTextAreaElement>('textarea[name="additional_notes"]')?.value ?? '',
    messages: {
      default: box?.dataset.default ?? DEFAULT_MESSAGES.default,
      email: box?.dataset.email ?? DEFAULT_MESSAGES.email,
      phone: box?.dataset.phone ?? DEFAULT_MESSAGES.phone,
    },
    ...(error !== undefined ? { error } : {}),
  };
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function fieldsOf(wrap: Element | null, selector: string): FormFieldProps[] {
  if (!wrap) return [];
  const fields: FormFieldProps[] = [];
  for (const field of wrap.querySelectorAll(selector)) {
    const type = [...field.classList].find((c) => c.startsWith('tourmaster-type-'))?.slice(16) ?? 'text';
    // The `date` type's value is its hidden input (the three selects have no name).
    const control = field.querySelector<Control>('input[name], select[name], textarea[name]');
    if (!control) continue;
    const head = field.querySelector('.tourmaster-head');
    const contactDetail = control.dataset.contactDetail;
    fields.push({
      name: control.name,
      slug: contactDetail ?? control.name,
      // The title is the head's own text (its required star is a span).
      title: [...(head?.childNodes ?? [])].map((n) => (n.nodeType === 3 ? n.textContent : '')).join(''),
      type,
      required: control.hasAttribute('data-required'),
      options: control instanceof HTMLSelectElement ? optionsOf(control) : [],
      value: printedValue(control),
      ...(contactDetail !== undefined ? { contactDetail } : {}),
    });
  }
  return fields;
}

/** What the server printed as the control's value (a select: its `selected` option, not the browser's pick). */
function printedValue(control: Control): string {
  if (control instanceof HTMLSelectElement) {
    return [...control.options].find((o) => o.hasAttribute('selected'))?.value ?? '';
  }
  if (control instanceof HTMLTextAreaElement) return control.defaultValue;
  return control.getAttribute('value') ?? '';
}

function optionsOf(select: HTMLSelectElement): FieldOption[] {
  return [...select.options].map((o) => ({ value: o.value, label: o.text }));
}

const STAR = / \*$/;

function travellerFormOf(wrap: Element): TravellerFormProps {
  const rows = [...wrap.querySelectorAll('.tourmaster-traveller-info-field')];
  const first = rows[0];
  const fields: TravellerFieldProps[] = [];
  for (const custom of first?.querySelectorAll('.tourmaster-traveller-info-custom') ?? []) {
    const control = custom.querySelector<HTMLInputElement | HTMLSelectElement>('[name]');
    if (!control) continue;
    const select = control instanceof HTMLSelectElement;
    const options = select ? optionsOf(control).map((o, n) => (n === 0 ? { ...o, label: strip(o.label) } : o)) : [];
    const width = /width:\s*([^;]+?)\s*(;|$)/.exec(custom.parentElement?.getAttribute('style') ?? '')?.[1] ?? '';
    fields.push({
      slug: control.name.replace(/^traveller_/, '').replace(/\[\]$/, ''),
      // The title is the placeholder, or the select's first option (the required star taken off).
      title: select ? (options[0]?.label ?? '') : strip(control.getAttribute('placeholder') ?? ''),
      select,
      required: control.hasAttribute('data-required'),
      options,
      width,
    });
  }
  return {
    heading: wrap.querySelector('.tourmaster-payment-traveller-info-title') !== null,
    withTitle: first?.querySelector('select[name="traveller_title[]"]') !== null && first !== undefined,
    withPassport: first?.querySelector('input[name="traveller_passport[]"]') !== null && first !== undefined,
    fields,
    rows: rows.map((row) => travellerRowOf(row, fields)),
  };
}

function strip(label: string): string {
  return label.replace(STAR, '');
}

function travellerRowOf(row: Element, fields: readonly TravellerFieldProps[]): TravellerRowProps {
  const value = (slug: string) => {
    const control = row.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="traveller_${slug}[]"]`);
    return control ? printedValue(control) : undefined;
  };
  const title = value('title');
  const passport = value('passport');
  return {
    required: row.querySelector('input[name="traveller_first_name[]"]')?.hasAttribute('data-required') ?? false,
    ...(title !== undefined ? { title } : {}),
    firstName: value('first_name') ?? '',
    lastName: value('last_name') ?? '',
    ...(passport !== undefined ? { passport } : {}),
    extra: fields.map((f) => value(f.slug) ?? ''),
  };
}
