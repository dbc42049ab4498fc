import type { FormFieldProps } from '../../common/islands/PaymentPage';
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
 * A contact or billing field as the plugin prints it (`tourmaster_get_form_field`: the title in a
 * sibling `div.tourmaster-head`, the control in the tail), held by react-hook-form. The title (and
 * for billing the section's title) is the control's accessible name. A `date` field is a text
 * input (`Y-M-D`): the plugin's three selects offer no years on this form, so could never be filled.
 */
export function FormField(props: {
  wrapper: 'tourmaster-contact-field' | 'tourmaster-billing-field';
  field: FormFieldProps;
  registration: FieldBinding;
  check: FieldCheck;
  headId: string;
  sectionId?: string;
}) {
  const { wrapper, field } = props;
  return (
    <div className={`${wrapper} ${wrapper}-${field.name} tourmaster-type-${field.type} clearfix`}>
      <div className="tourmaster-head" id={props.headId}>
        {field.title}
        {field.required ? <span className="tourmaster-req">*</span> : null}
      </div>
      <div className="tourmaster-tail clearfix">
        <FieldControl {...props} />
      </div>
    </div>
  );
}

function FieldControl(props: Parameters<typeof FormField>[0]) {
  const { field, registration, check } = props;
  const attributes = {
    ...registration,
    ...(field.contactDetail !== undefined ? { 'data-contact-detail': field.contactDetail } : {}),
    ...checkAttributes(field.required, check),
    'aria-labelledby': [props.sectionId, props.headId].filter(Boolean).join(' '),
    className: check.invalid ? 'tourmaster-validate-error' : undefined,
  };
  switch (field.type) {
    case 'textarea':
      return <textarea {...attributes} />;
    case 'combobox':
    case 'country':
      return (
        <div className="tourmaster-combobox-wrap">
          <select {...attributes}>
            {field.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      );
    case 'datepicker':
      return (
        <>
          <input type="text" {...attributes} className={`tourmaster-datepicker ${attributes.className ?? ''}`.trim()} />
          <i className="fa fa-calendar" />
        </>
      );
    default:
      return <input type={field.type === 'email' ? 'email' : 'text'} {...attributes} />;
  }
}
