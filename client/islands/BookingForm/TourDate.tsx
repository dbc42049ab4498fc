import { useContext, useState } from 'react';
import { useLegacyField } from '../../lib/legacy-field';
import { attrsToProps } from '../../lib/markup';
import { ShellElement } from '../../lib/RawMarkup';
import type { Part } from './blocks';
import { BookingEventsContext } from './context';
import { DateField } from './DateField';

type CalendarPart = Extract<Part, { kind: 'calendar' }>;

/**
 * The travel date (step 1): the calendar shows the date in the page's format, the hidden
 * `.tourmaster-datepicker-alt` (`name=tour-date`) posts it as `Y-m-d`. A new date loads step 1.
 */
export function TourDate({ part }: { part: CalendarPart }) {
  const { edited } = useContext(BookingEventsContext);
  const [value, setValue] = useState(part.value);
  const field = useLegacyField(part.key, { value: part.value, rules: { required: true } });
  const altName = part.alt.attrs.name ?? 'tour-date';
  const { defaultValue: _printed, ...altProps } = attrsToProps(part.alt.attrs);
  return (
    <ShellElement shell={part.shell}>
      <DateField
        {...attrsToProps(part.input.attrs)}
        aria-label={part.input.attrs['aria-label'] || 'Travel date'}
        aria-invalid={field.invalid || undefined}
        calendar={part.calendar}
        value={value}
        fieldRef={field.focusRef}
        onChange={(date) => {
          setValue(date);
          field.change(date);
          edited(altName, date);
        }}
      />
      <input {...altProps} value={value} ref={field.ref} />
    </ShellElement>
  );
}
