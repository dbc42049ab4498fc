import { useContext, useRef } from 'react';
import { controlOf } from '../../common/field-control';
import type { ExtraFieldProps } from '../../common/islands/BookingForm';
import { type ControlAttributes, FieldControl, FormField } from '../../lib/FormField';
import { useLegacyField } from '../../lib/legacy-field';
import { DateSelect } from '../DateSelect/DateSelect';
import { keys } from './booking-block';
import { BookingEventsContext } from './context';
import { DateField } from './DateField';

const WRAPPER = 'tourmaster-extra-booking-field';

/**
 * The extra booking fields (pickup hotel, …; `.tourmaster-extra-booking-info`), each the shared
 * form field (lib/FormField.tsx) from its typed props; a datepicker field's calendar offers any
 * date. The `date` type is the three selects and the hidden `Y-m-d` input the form posts as printed
 * (booking-block.ts); the booking bar offers no years (the plugin prints the year's placeholder alone).
 */
export function ExtraFields({ id, fields }: { id: number; fields: readonly ExtraFieldProps[] }) {
  return (
    <div className="tourmaster-tour-booking-extra-info" data-step="999">
      {fields.map((field, at) =>
        controlOf(field.type) === 'date' ? (
          <FormField key={field.name} wrapper={WRAPPER} field={field}>
            <DateSelect
              name={field.name}
              value={field.value}
              years={[]}
              title={field.title}
              required={field.required}
            />
          </FormField>
        ) : (
          <ExtraField key={field.name} field={field} formKey={keys.extra(id, at)} />
        ),
      )}
    </div>
  );
}

function ExtraField({ field, formKey }: { field: ExtraFieldProps; formKey: string }) {
  const control = useExtraControl(field, formKey);
  return (
    <FormField wrapper={WRAPPER} field={field}>
      <FieldControl field={field} control={control} datepicker={<Calendar field={field} control={control} />} />
    </FormField>
  );
}

/** A datepicker field's calendar (flatpickr), which offers any date and tells the chosen `Y-m-d`. */
function Calendar({ field, control }: { field: ExtraFieldProps; control: ControlAttributes }) {
  const { ref, onChange, onBlur, ...attributes } = control;
  return (
    <DateField
      {...attributes}
      className="tourmaster-datepicker"
      value={field.value}
      fieldRef={ref}
      onChange={(value) => onChange({ target: { value } })}
    />
  );
}

/**
 * The control's attributes: held by react-hook-form under `formKey`, a required field left empty is
 * the form's error, marked `aria-invalid`; the title is its accessible name. The legacy `change`
 * (the booking events' `edited`) comes at once for a choice (a select, a date), and for a typed
 * control once the visitor leaves it changed.
 */
function useExtraControl(field: ExtraFieldProps, formKey: string): ControlAttributes {
  const { edited } = useContext(BookingEventsContext);
  const binding = useLegacyField(formKey, { value: field.value, rules: { required: field.required } });
  const committed = useRef(field.value);
  const commit = (next: string) => {
    committed.current = next;
    edited(field.name, next);
  };
  const kind = controlOf(field.type);
  const chosen = kind === 'select' || kind === 'datepicker';
  return {
    name: field.name,
    ref: (element) => {
      binding.ref(element);
      binding.focusRef(element);
    },
    // As the plugin prints them: its datepicker input has no `data-required`.
    ...(field.required && kind !== 'datepicker' ? { 'data-required': '' } : {}),
    'aria-label': field.title || undefined,
    'aria-required': field.required || undefined,
    'aria-invalid': binding.invalid || undefined,
    onChange: ({ target }) => {
      binding.change(target.value);
      if (chosen) commit(target.value);
    },
    onBlur: ({ target }) => {
      if (!chosen && target.value !== committed.current) commit(target.value);
    },
  };
}
