/**
 * What the legacy script reads from a form, as plain data so it can be tested without a DOM:
 * `tourmaster_tour_input` (every named field, for the booking steps) and
 * `tourmaster_get_booking_detail` (checkboxes and radios honoured, for the head price, the cookie
 * and the enquiry). Names ending in `[]` collect arrays in document order.
 */
export interface FieldLike {
  name: string;
  /** `input.type`, or `select-one`, `textarea`. */
  type: string;
  value: string;
  checked?: boolean;
}

export type FieldValues = Record<string, string | number | (string | number)[]>;

function add(out: FieldValues, name: string, value: string | number): void {
  if (name.endsWith('[]')) {
    const key = name.slice(0, -2);
    const list = out[key];
    if (Array.isArray(list)) list.push(value);
    else out[key] = [value];
  } else {
    out[name] = value;
  }
}

/** Every named field's value, checkbox and radio state ignored (the booking step requests). */
export function tourInput(fields: Iterable<FieldLike>): FieldValues {
  const out: FieldValues = {};
  for (const f of fields) add(out, f.name, f.value);
  return out;
}

/** The booking detail: a checkbox gives its value or the number 0, a radio only when checked. */
export function bookingDetail(fields: Iterable<FieldLike>): FieldValues {
  const out: FieldValues = {};
  for (const f of fields) {
    if (f.type === 'checkbox') add(out, f.name, f.checked ? f.value : 0);
    else if (f.type === 'radio') {
      if (f.checked) add(out, f.name, f.value);
    } else add(out, f.name, f.value);
  }
  return out;
}

/** The named fields of a form or part of it, in document order. */
export function fieldsOf(root: ParentNode, selector = 'input[name], select[name], textarea[name]'): FieldLike[] {
  return Array.from(
    root.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(selector),
    (el) => ({
      name: el.name,
      type: el.type,
      value: el.value,
      ...(el instanceof HTMLInputElement ? { checked: el.checked } : {}),
    }),
  );
}
