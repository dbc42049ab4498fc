import { fieldKey, type Option, optionsOf, type RawNode, rawNode, type Shell, selectedValue, shellOf } from './markup';

/**
 * The plugin's form field (`tourmaster_get_form_field`, server/views/form-field.ts): a wrapper
 * `div.{prefix} .{prefix}-{slug} .tourmaster-type-{type}` with the title in `div.tourmaster-head`
 * and the control in `div.tourmaster-tail`. The booking bar's extra fields and the enquiry form
 * print it; both islands render it again through CustomField.tsx.
 */
export type CustomControl =
  | { type: 'text' | 'email'; name: string; value: string }
  | { type: 'textarea'; name: string; value: string }
  | { type: 'select'; name: string; value: string; options: Option[] }
  /** `input.tourmaster-datepicker[name]` (any date, `Y-m-d`) and its calendar icon. */
  | { type: 'datepicker'; name: string; value: string; after: RawNode[] };

export interface CustomFieldSpec {
  /** The react-hook-form key (the legacy name can repeat or hold brackets). */
  key: string;
  shell: Shell;
  head: RawNode | undefined;
  tail: Shell;
  /** Title without the star, for the control's accessible name. */
  label: string;
  required: boolean;
  control: CustomControl;
}

/**
 * Reads a form field; undefined when the island does not render its control (the `date` type's
 * three selects, or markup it does not know): such a field is kept as printed.
 */
export function parseCustomField(el: Element): CustomFieldSpec | undefined {
  const head = el.querySelector(':scope > .tourmaster-head');
  const tail = el.querySelector(':scope > .tourmaster-tail');
  if (!tail) return undefined;
  const control = controlOf(tail);
  if (!control) return undefined;
  const named = tail.querySelector('[name]');
  return {
    key: fieldKey(),
    shell: shellOf(el),
    head: head ? rawNode(head) : undefined,
    tail: shellOf(tail),
    label: labelTextOf(head),
    required: named?.hasAttribute('data-required') ?? false,
    control,
  };
}

function labelTextOf(head: Element | null): string {
  if (!head) return '';
  const copy = head.cloneNode(true) as Element;
  for (const star of copy.querySelectorAll('.tourmaster-req')) star.remove();
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}

function controlOf(tail: Element): CustomControl | undefined {
  const children = Array.from(tail.children);
  const first = children[0];
  if (!first) return undefined;
  if (first instanceof HTMLTextAreaElement && children.length === 1) {
    return { type: 'textarea', name: first.name, value: first.value };
  }
  if (first instanceof HTMLInputElement && first.classList.contains('tourmaster-datepicker') && first.name) {
    return { type: 'datepicker', name: first.name, value: first.value, after: children.slice(1).map(rawNode) };
  }
  if (first instanceof HTMLInputElement && (first.type === 'text' || first.type === 'email') && children.length === 1) {
    return { type: first.type, name: first.name, value: first.value };
  }
  const select = first.querySelector(':scope > select[name]');
  if (first.classList.contains('tourmaster-combobox-wrap') && select instanceof HTMLSelectElement) {
    return { type: 'select', name: select.name, value: selectedValue(select), options: optionsOf(select) };
  }
  return undefined;
}

/** What "clear the form" leaves in a field: nothing, or a select's first option when none is empty. */
export function clearedValue(control: CustomControl): string {
  if (control.type === 'select' && !control.options.some((o) => o.value === '')) return control.options[0]?.value ?? '';
  return '';
}
