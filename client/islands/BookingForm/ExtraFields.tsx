import { useContext } from 'react';
import type { ExtraFieldProps } from '../../common/islands/BookingForm';
import { CustomField } from '../../lib/CustomField';
import type { CustomControl, CustomFieldSpec } from '../../lib/custom-field';
import { DateSelect } from '../DateSelect/DateSelect';
import { keys } from './booking-block';
import { BookingEventsContext } from './context';
import { DateField } from './DateField';

/**
 * The extra booking fields (pickup hotel, …; `.tourmaster-extra-booking-info`), each drawn by the
 * shared form-field component (lib/CustomField.tsx, also the enquiry form's) from its typed props;
 * a datepicker field's calendar offers any date.
 */
export function ExtraFields({ id, fields }: { id: number; fields: readonly ExtraFieldProps[] }) {
  const { edited } = useContext(BookingEventsContext);
  return (
    <div className="tourmaster-tour-booking-extra-info" data-step="999">
      {fields.map((field, at) =>
        field.type === 'date' ? (
          <DateSelects key={field.slug} field={field} />
        ) : (
          <CustomField
            key={field.slug}
            spec={fieldSpec(field, keys.extra(id, at))}
            datepicker={DateField}
            onEdited={edited}
          />
        ),
      )}
    </div>
  );
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The props as the shared component's spec: the plugin's wrapper, title (with its star) and tail. */
function fieldSpec(field: ExtraFieldProps, key: string): CustomFieldSpec {
  const star = field.required ? '<span class="tourmaster-req" >*</span>' : '';
  return {
    key,
    shell: { tag: 'div', attrs: { class: `${wrapperClass(field)} clearfix` } },
    head: { tag: 'div', attrs: { class: 'tourmaster-head' }, html: `${escapeHtml(field.title)}${star}` },
    tail: { tag: 'div', attrs: { class: 'tourmaster-tail clearfix' } },
    label: field.title,
    required: field.required,
    control: controlOf(field),
  };
}

const wrapperClass = (field: ExtraFieldProps) =>
  `tourmaster-extra-booking-field tourmaster-extra-booking-field-${field.slug} tourmaster-type-${field.type}`;

function controlOf({ type, slug: name, value, options }: ExtraFieldProps): CustomControl {
  if (type === 'textarea') return { type, name, value };
  if (type === 'combobox' || type === 'country') return { type: 'select', name, value, options };
  if (type === 'datepicker') {
    return { type, name, value, after: [{ tag: 'i', attrs: { class: 'fa fa-calendar' }, html: '' }] };
  }
  return { type: type === 'email' ? 'email' : 'text', name, value };
}

/**
 * The `date` type: the three selects and the hidden `Y-m-d` input (the DateSelect island's
 * component), inside the plugin's field wrapper. The booking bar offers no years (the plugin prints
 * the year's placeholder alone).
 */
function DateSelects({ field }: { field: ExtraFieldProps }) {
  return (
    <div className={`${wrapperClass(field)} clearfix`}>
      <div className="tourmaster-head">
        {field.title}
        {field.required ? <span className="tourmaster-req">*</span> : null}
      </div>
      <div className="tourmaster-tail clearfix">
        <DateSelect name={field.slug} value={field.value} years={[]} title={field.title} required={field.required} />
      </div>
    </div>
  );
}
