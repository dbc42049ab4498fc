import type { FormFieldProps } from '../../../common/islands/PaymentPage';
import { FieldControl, FormField } from '../../../lib/FormField';
import type { FieldBinding } from './useContactForm';

/** What a control shows of its check: wrong (the legacy class, `aria-invalid`), and the box that says why. */
export interface FieldCheck {
  invalid: boolean;
  /** The error box's id, while it shows a message. */
  describedBy: string | undefined;
}

/** A control's attributes for its rules and its check (the legacy `data-required`, the ARIA states). */
export function checkAttributes(required: boolean, check: FieldCheck) {
  return {
    ...(required ? { 'data-required': '', 'aria-required': true } : {}),
    'aria-invalid': check.invalid || undefined,
    'aria-describedby': check.invalid ? check.describedBy : undefined,
  };
}

/**
 * A contact or billing field (lib/FormField.tsx), held by react-hook-form. The title (and for
 * billing the section's title) is the control's accessible name. A `date` field is a text input
 * (`Y-M-D`): the plugin's three selects offer no years on this form, so could never be filled.
 */
export function ContactField(props: {
  wrapper: 'tourmaster-contact-field' | 'tourmaster-billing-field';
  field: FormFieldProps;
  registration: FieldBinding;
  check: FieldCheck;
  headId: string;
  sectionId?: string;
}) {
  const { field, check } = props;
  const control = {
    ...props.registration,
    ...(field.contactDetail !== undefined ? { 'data-contact-detail': field.contactDetail } : {}),
    ...checkAttributes(field.required, check),
    'aria-labelledby': [props.sectionId, props.headId].filter(Boolean).join(' '),
    className: check.invalid ? 'tourmaster-validate-error' : undefined,
  };
  return (
    <FormField wrapper={props.wrapper} field={field} headId={props.headId}>
      <FieldControl field={field} control={control} />
    </FormField>
  );
}
