import { controlOf } from '../../../common/field-control';
import type {
  ContactStepProps,
  FieldOption,
  FormFieldProps,
  TravellerFieldProps,
  TravellerFormProps,
  TravellerRowProps,
} from '../../../common/islands/PaymentPage';
import { TRAVELLER_TITLES } from '../../../common/islands/PaymentPage';
import type { NamedField } from '../detail';
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
  const control = controlOf(field.type);
  return {
    key: fieldKey(field.name),
    name: field.name,
    rules: { required: field.required, email: control === 'email', phone: PHONE_FIELDS.has(field.name) },
    initial: control === 'select' ? chosenOption(field.value, field.options) : field.value,
    ...(field.contactDetail !== undefined ? { copies: field.contactDetail } : {}),
  };
}

/** A control of a traveller row: its slug (`traveller_{slug}[]`), the extra field it is, its value. */
export interface TravellerSlot {
  slug: string;
  extra?: TravellerFieldProps;
  value: string;
}

/** The named controls of a traveller row, in the row's order (title, names, passport, extra fields). */
export function travellerSlots(form: TravellerFormProps, row: TravellerRowProps): TravellerSlot[] {
  return [
    ...(form.withTitle ? [{ slug: 'title', value: row.title ?? '' }] : []),
    { slug: 'first_name', value: row.firstName },
    { slug: 'last_name', value: row.lastName },
    ...(form.withPassport ? [{ slug: 'passport', value: row.passport ?? '' }] : []),
    ...form.fields.map((extra, n) => ({ slug: extra.slug, extra, value: row.extra[n] ?? '' })),
  ];
}

function travellerControls(form: TravellerFormProps | undefined): ContactControl[] {
  if (!form) return [];
  return form.rows.flatMap((row, i) =>
    travellerSlots(form, row).map(({ slug, extra, value }) => {
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
