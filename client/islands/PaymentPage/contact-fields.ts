import type {
  ContactStepProps,
  FieldOption,
  FormFieldProps,
  TravellerFieldProps,
  TravellerFormProps,
} from '../../shared/islands/PaymentPage';
import { TRAVELLER_TITLES } from '../../shared/islands/PaymentPage';
import type { NamedField } from './detail';
import { type FieldRules, PHONE_FIELDS } from './validation';

/**
 * The contact step's fields as react-hook-form holds them: one key per control (the legacy names
 * repeat, `traveller_first_name[]`), its name in the booking detail, its rules and its first value.
 * Pure: ContactStep renders these, useContactForm registers them.
 */
export interface ContactControl {
  /** react-hook-form's key (no `.` or `[`, which it would read as a path). */
  key: string;
  /** The name the legacy form gives the control, as sent in `booking_detail[...]`. */
  name: string;
  rules: FieldRules;
  initial: string;
  /** A billing field: the contact field it copies. */
  copies?: string;
}

export const travellerKey = (row: number, slug: string) => `traveller-${row}-${slug}`;
export const fieldKey = (name: string) => `field-${name}`;
export const NOTES_KEY = 'notes';

/** Every control of the step in page order (travellers, contact, billing, notes). */
export function contactControls(props: ContactStepProps): ContactControl[] {
  return [
    ...travellerControls(props.travellers),
    ...props.contact.map(fieldControl),
    ...props.billing.map(fieldControl),
    { key: NOTES_KEY, name: 'additional_notes', rules: NO_RULES, initial: props.notes },
  ];
}

const NO_RULES: FieldRules = { required: false, email: false, phone: false };

function fieldControl(field: FormFieldProps): ContactControl {
  const select = field.type === 'combobox' || field.type === 'country';
  return {
    key: fieldKey(field.name),
    name: field.name,
    rules: { required: field.required, email: field.type === 'email', phone: PHONE_FIELDS.has(field.name) },
    initial: select ? chosenOption(field.value, field.options) : field.value,
    ...(field.contactDetail !== undefined ? { copies: field.contactDetail } : {}),
  };
}

/** The named controls of each traveller row, in the row's order (title, names, passport, extra fields). */
export function travellerSlugs(form: TravellerFormProps): { slug: string; extra?: TravellerFieldProps }[] {
  return [
    ...(form.withTitle ? [{ slug: 'title' }] : []),
    { slug: 'first_name' },
    { slug: 'last_name' },
    ...(form.withPassport ? [{ slug: 'passport' }] : []),
    ...form.fields.map((extra) => ({ slug: extra.slug, extra })),
  ];
}

function travellerControls(form: TravellerFormProps | undefined): ContactControl[] {
  if (!form) return [];
  return form.rows.flatMap((row, i) =>
    travellerSlugs(form).map(({ slug, extra }) => {
      const value = row.values[slug] ?? '';
      const required = extra ? extra.required : row.required && slug !== 'title';
      let initial = value;
      if (slug === 'title') initial = chosenOption(value, TRAVELLER_TITLES);
      else if (extra?.select) initial = chosenOption(value, extra.options);
      return {
        key: travellerKey(i, slug),
        name: `traveller_${slug}[]`,
        rules: { required, email: false, phone: false },
        initial,
      };
    }),
  );
}

/** What a select shows for `value`: that option, else the first (as a browser picks). */
export function chosenOption(value: string, options: readonly FieldOption[]): string {
  return options.some((o) => o.value === value) ? value : (options[0]?.value ?? '');
}

/** The step's values as the legacy script read its named controls (client/islands/PaymentPage/detail.ts). */
export function namedFields(controls: readonly ContactControl[], values: Record<string, unknown>): NamedField[] {
  return controls.map((c) => ({ name: c.name, kind: 'other', value: String(values[c.key] ?? ''), checked: false }));
}
