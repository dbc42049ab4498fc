import { controlOf } from '../../common/field-control';
import type { EnquiryField } from '../../common/islands/EnquiryForm';
import { type ControlAttributes, FieldControl, FormField } from '../../lib/FormField';
import { useLegacyField } from '../../lib/legacy-field';
import { DateSelect } from '../DateSelect/DateSelect';
import { shownValue } from './enquiry-data';

interface Props {
  field: EnquiryField;
  formKey: string;
  /** Counts the form's successes: the three date selects start again empty after one. */
  cleared: number;
}

/**
 * One of the form's fields (lib/FormField.tsx, `div.tourmaster-enquiry-field`). The control keeps
 * its legacy name and is held by react-hook-form under `formKey`; a required field left empty is
 * the form's error, marked `aria-invalid`. The title becomes the control's accessible name. The
 * `date` type's three selects check themselves.
 */
export function EnquiryFieldView({ field, formKey, cleared }: Props) {
  const dates = controlOf(field.type) === 'date';
  const checked = field.required && !dates;
  const binding = useLegacyField(formKey, { value: shownValue(field), rules: { required: checked } });
  const control: ControlAttributes = {
    name: field.name,
    ref: (element) => {
      binding.ref(element);
      binding.focusRef(element);
    },
    ...(checked ? { 'data-required': '' } : {}),
    'aria-label': field.title || undefined,
    'aria-required': checked || undefined,
    'aria-invalid': binding.invalid || undefined,
    onChange: (event) => binding.change(event.target.value),
  };
  return (
    <FormField wrapper="tourmaster-enquiry-field" field={field}>
      {dates ? (
        <DateSelect
          key={cleared}
          name={field.name}
          title={field.title}
          years={field.years}
          required={field.required}
          value={cleared ? '' : field.value}
          onChange={(value) => binding.change(value)}
        />
      ) : (
        <FieldControl field={field} control={control} />
      )}
    </FormField>
  );
}
