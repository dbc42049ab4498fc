import { useContext, useEffect, useMemo, useState } from 'react';
import type { DateControlProps } from '../../common/islands/BookingForm';
import { useLegacyField } from '../../lib/legacy-field';
import { keys } from './booking-block';
import { BookingEventsContext } from './context';
import { DateField } from './DateField';
import { LegacySelect } from './LegacySelect';
import { isOpenDay, useDateAvailability } from './useDateAvailability';

/**
 * The travel date (booking.md §2 DATE-CONTROL, step 1): one date as text, the calendar of the
 * tour's dates, or a select of them. Posted as `tour-date` (`Y-m-d`); a new date loads step 1.
 */
export function DateBlock({ control }: { control: DateControlProps }) {
  return (
    <div className="tourmaster-tour-booking-date clearfix" data-step="1">
      <i className="fa fa-calendar" />
      <div className="tourmaster-tour-booking-date-input">
        {control.kind === 'single' ? <SingleDate control={control} /> : null}
        {control.kind === 'calendar' ? <CalendarDate control={control} /> : null}
        {control.kind === 'list' ? (
          <LegacySelect
            formKey={keys.date}
            name="tour-date"
            className="tourmaster-tour-date-combobox"
            options={control.dates}
            value={control.selected}
            rules={{ required: true }}
          />
        ) : null}
      </div>
    </div>
  );
}

function SingleDate({ control }: { control: Extract<DateControlProps, { kind: 'single' }> }) {
  const field = useLegacyField(keys.date, { value: control.date, rules: { required: true } });
  return (
    <>
      <div className="tourmaster-tour-booking-date-display">{control.label}</div>
      <input type="hidden" name="tour-date" ref={field.ref} />
    </>
  );
}

/**
 * The calendar shows the date in the page's format; the hidden `.tourmaster-datepicker-alt` posts it.
 * With the availability API's marks, a preselected day that cannot be booked (sold out, closed)
 * gives way to the first one that can, as if the visitor had picked it.
 */
function CalendarDate({ control }: { control: Extract<DateControlProps, { kind: 'calendar' }> }) {
  const { edited } = useContext(BookingEventsContext);
  const [value, setValue] = useState(control.selected);
  const field = useLegacyField(keys.date, { value: control.selected, rules: { required: true } });
  const calendar = useMemo(
    () => ({ dates: control.dates, range: control.range, format: control.format }),
    [control.dates, control.range, control.format],
  );
  const marks = useDateAvailability(control.availability, control.dates);
  const choose = (date: string) => {
    setValue(date);
    field.change(date);
    edited('tour-date', date);
  };
  const untouched = value === control.selected;
  // Runs again on every render but acts once: after the pick the date is no longer the preselected one.
  useEffect(() => {
    if (!marks || !untouched || isOpenDay(marks, control.selected)) return;
    const first = control.dates.find((d) => marks.has(d) && isOpenDay(marks, d));
    if (first) choose(first);
  });
  return (
    <div className="tourmaster-datepicker-wrap">
      <DateField
        className="tourmaster-datepicker"
        aria-label="Travel date"
        aria-invalid={field.invalid || undefined}
        calendar={calendar}
        marks={marks}
        value={value}
        fieldRef={field.focusRef}
        onChange={choose}
      />
      <input type="hidden" name="tour-date" className="tourmaster-datepicker-alt" value={value} ref={field.ref} />
    </div>
  );
}
