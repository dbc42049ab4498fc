import type { FormFieldProps } from '../../shared/islands/PaymentPage';
import { DateSelects } from './DateSelects';
import type { FieldBinding } from './useContactForm';

/** What a control shows of its check: wrong (the legacy class, `aria-invalid`), and the box that says why. */
export interface FieldCheck {
  invalid: boolean;
  /** The error box's id, while it shows a message. */
  describedBy: string | undefined;
}

/**
 * A contact or billing field as the plugin prints it (`tourmaster_get_form_field`: the title in a
 * sibling `div.tourmaster-head`, the control in the tail), held by react-hook-form. The title (and
 * for billing the section's title) is the control's accessible name.
 */
export function FormField(props: {
  wrapper: 'tourmaster-contact-field' | 'tourmaster-billing-field';
  field: FormFieldProps;
  registration: FieldBinding;
  check: FieldCheck;
  headId: string;
  sectionId?: string;
  onDate: (value: string) => void;
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
    ...(field.required ? { 'data-required': '', 'aria-required': true } : {}),
    'aria-labelledby': [props.sectionId, props.headId].filter(Boolean).join(' '),
    'aria-invalid': check.invalid || undefined,
    'aria-describedby': check.invalid ? check.describedBy : undefined,
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
    case 'date':
      return (
        <>
          <DateSelects value={field.value} onChange={props.onDate} labelledBy={props.headId} />
          <input type="hidden" {...registration} />
        </>
      );
    default:
      return <input type={field.type === 'email' ? 'email' : 'text'} {...attributes} />;
  }
}
