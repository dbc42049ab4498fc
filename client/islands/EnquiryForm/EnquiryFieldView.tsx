import type { EnquiryField } from '../../common/islands/EnquiryForm';
import { useLegacyField } from '../../lib/legacy-field';
import { Options } from '../../lib/Options';
import { DateSelect } from '../DateSelect/DateSelect';
import { shownValue } from './enquiry-data';

interface Props {
  field: EnquiryField;
  formKey: string;
  /** Counts the form's successes: the three date selects start again empty after one. */
  cleared: number;
}

/**
 * One of the form's fields, as the plugin prints it (server/views/form-field.ts): the wrapper, the
 * title in `div.tourmaster-head`, the control in `div.tourmaster-tail`. The control keeps its
 * legacy name and is held by react-hook-form under `formKey`; a required field left empty is the
 * form's error, marked `aria-invalid`. The title becomes the control's accessible name.
 */
export function EnquiryFieldView({ field, formKey, cleared }: Props) {
  const checked = field.required && field.control !== 'date';
  const binding = useLegacyField(formKey, { value: shownValue(field), rules: { required: checked } });
  const ref = (element: HTMLElement | null) => {
    binding.ref(element);
    binding.focusRef(element);
  };
  const control = {
    name: field.slug,
    ref,
    ...(checked ? { 'data-required': '' } : {}),
    'aria-label': field.title || undefined,
    'aria-required': checked || undefined,
    'aria-invalid': binding.invalid || undefined,
    onChange: (event: { target: { value: string } }) => binding.change(event.target.value),
  };
  return (
    <div
      className={`tourmaster-enquiry-field tourmaster-enquiry-field-${field.slug} tourmaster-type-${field.type} clearfix`}
    >
      <div className="tourmaster-head">
        {field.title}
        {field.required ? <span className="tourmaster-req">*</span> : null}
      </div>
      <div className="tourmaster-tail clearfix">
        {field.control === 'textarea' ? <textarea {...control} /> : null}
        {field.control === 'text' || field.control === 'email' ? <input type={field.control} {...control} /> : null}
        {field.control === 'select' ? (
          <div className="tourmaster-combobox-wrap">
            <select {...control}>
              <Options options={field.options} />
            </select>
          </div>
        ) : null}
        {field.control === 'datepicker' ? (
          <>
            <input type="text" className="tourmaster-datepicker" {...control} />
            <i className="fa fa-calendar" />
          </>
        ) : null}
        {field.control === 'date' ? (
          <DateSelect
            key={cleared}
            name={field.slug}
            title={field.title}
            years={field.years}
            required={field.required}
            value={cleared ? '' : field.value}
            onChange={(value) => binding.change(value)}
          />
        ) : null}
      </div>
    </div>
  );
}
