import { controlOf } from '../../common/field-control';
import type { EnquiryField, EnquiryFormProps } from '../../common/islands/EnquiryForm';
import type { AjaxValue } from '../../lib/ajax';

/**
 * The form's values in react-hook-form, under keys of their own (a name may hold characters
 * react-hook-form reads as a path): `field-{i}` for the i-th field, the acceptance box, the trap.
 */
export type EnquiryValues = Record<string, string | boolean | undefined>;

export const ACCEPTANCE_KEY = 'acceptance';
export const HONEYPOT_KEY = 'honeypot';
export const fieldKey = (index: number) => `field-${index}`;

/** What a select shows before anyone touches it: the printed choice, else its first option. */
export function shownValue(field: EnquiryField): string {
  if (controlOf(field.type) !== 'select' || field.options.some((o) => o.value === field.value)) return field.value;
  return field.options[0]?.value ?? '';
}

/**
 * `data[...]` as the plugin's script sends it (`tourmaster_get_booking_detail` over the form, in
 * the form's order): each field by its name, the trap, the box as `on` or the number 0, the tour id.
 */
export function enquiryData(props: EnquiryFormProps, values: EnquiryValues): Record<string, AjaxValue> {
  const data: Record<string, AjaxValue> = {};
  props.fields.forEach((field, i) => {
    data[field.name] = String(values[fieldKey(i)] ?? '');
  });
  if (props.honeypot) data[props.honeypot] = String(values[HONEYPOT_KEY] ?? '');
  data[props.acceptanceName] = values[ACCEPTANCE_KEY] === true ? 'on' : 0;
  data['tour-id'] = props.tourId;
  return data;
}

/** The form after a success: every field empty (a select on its first choice when none is empty), the box unticked. */
export function clearedValues(props: EnquiryFormProps): EnquiryValues {
  const values: EnquiryValues = { [ACCEPTANCE_KEY]: false, [HONEYPOT_KEY]: '' };
  props.fields.forEach((field, i) => {
    const empty = controlOf(field.type) !== 'select' || field.options.some((o) => o.value === '');
    values[fieldKey(i)] = empty ? '' : (field.options[0]?.value ?? '');
  });
  return values;
}
