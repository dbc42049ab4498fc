import { useContext } from 'react';
import { CustomField } from '../../lib/CustomField';
import type { CustomControl, CustomFieldSpec } from '../../lib/custom-field';
import type { ExtraFieldProps } from '../../shared/islands/BookingForm';
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
 * The `date` type: three selects the date-select island (client/islands/DateSelect) joins into the
 * hidden `Y-m-d` input; the booking form posts that input as printed.
 */
function DateSelects({ field }: { field: ExtraFieldProps }) {
  const [, m = '', d = ''] = field.value.split('-');
  const select = (type: string, placeholder: string, count: number, chosen: string) => (
    <div className={`tourmaster-combobox-wrap tourmaster-form-field-alt-${type}`}>
      <select data-type={type} defaultValue={chosen.replace(/^0/, '')} aria-label={`${field.title}: ${placeholder}`}>
        <option value="">{placeholder}</option>
        {Array.from({ length: count }, (_, i) => (
          <option key={String(i + 1)} value={String(i + 1)}>
            {type === 'month' ? MONTHS[i] : String(i + 1)}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <div className={`${wrapperClass(field)} clearfix`}>
      <div className="tourmaster-head">
        {field.title}
        {field.required ? <span className="tourmaster-req">*</span> : null}
      </div>
      <div className="tourmaster-tail clearfix">
        <div className="tourmaster-date-select">
          {select('date', 'Date', 31, d)}
          {select('month', 'Month', 12, m)}
          {/* The booking bar offers no years (the plugin prints the placeholder alone). */}
          {select('year', 'Year', 0, '')}
        </div>
        <input type="hidden" name={field.slug} defaultValue={field.value} />
      </div>
    </div>
  );
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
