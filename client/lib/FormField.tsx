import type { ReactNode } from 'react';
import { controlOf } from '../common/field-control';
import type { FormFieldProps } from '../common/islands/form-field';
import { Options } from './Options';

/**
 * The plugin's form field (`tourmaster_get_form_field`, server/views/form-field.ts), shared by the
 * booking bar's extra fields, the enquiry form and the payment page's contact step: the wrapper
 * `div.{wrapper} .{wrapper}-{name} .tourmaster-type-{type}`, the title with its star in
 * `div.tourmaster-head`, the control in `div.tourmaster-tail`. Each form gives the control its own
 * binding (react-hook-form) and names; a form that draws a control its own way (the `date` type's
 * three selects) passes it as the children instead of a {@link FieldControl}.
 */
export function FormField(props: { wrapper: string; field: FormFieldProps; headId?: string; children: ReactNode }) {
  const { wrapper, field } = props;
  return (
    <div className={`${wrapper} ${wrapper}-${field.name} tourmaster-type-${field.type} clearfix`}>
      <div className="tourmaster-head" id={props.headId}>
        {field.title}
        {field.required ? <span className="tourmaster-req">*</span> : null}
      </div>
      <div className="tourmaster-tail clearfix">{props.children}</div>
    </div>
  );
}

/**
 * What a form spreads on the control: its legacy name, the form's ref and change handlers, and the
 * states it shows (the legacy `data-required` and error class, the ARIA ones).
 */
export interface ControlAttributes {
  name: string;
  ref: (element: HTMLElement | null) => void;
  onChange: (event: { target: { value: string } }) => void;
  onBlur?: (event: { target: { value: string } }) => void;
  className?: string;
  'data-required'?: string;
  'data-contact-detail'?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-required'?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * The control the field's type prints. A `datepicker` is a text input (`Y-m-d`) unless the form
 * gives its calendar input; a `date` is a text input too where the form draws no three selects.
 */
export function FieldControl(props: { field: FormFieldProps; control: ControlAttributes; datepicker?: ReactNode }) {
  const { field, control } = props;
  const kind = controlOf(field.type);
  switch (kind) {
    case 'textarea':
      return <textarea {...control} />;
    case 'select':
      return (
        <div className="tourmaster-combobox-wrap">
          <select {...control}>
            <Options options={field.options} />
          </select>
        </div>
      );
    case 'datepicker':
      return (
        <>
          {props.datepicker ?? (
            <input type="text" {...control} className={`tourmaster-datepicker ${control.className ?? ''}`.trim()} />
          )}
          <i className="fa fa-calendar" />
        </>
      );
    default:
      return <input type={kind === 'email' ? 'email' : 'text'} {...control} />;
  }
}
