import type { Options } from 'flatpickr/dist/types/options';
import 'flatpickr/dist/flatpickr.min.css';
import { type InputHTMLAttributes, useLayoutEffect, useRef } from 'react';
import './datepicker.css';
import { calendarBounds, dayDiff, formatFlatpickr, jqueryUiToFlatpickr, parseYmd, ymd } from '../../lib/date-format';
import { lazyPicker } from '../../lib/lazy-picker';
/** The tour's dates for the calendar; `format` in jQuery UI's syntax, `range` days highlighted. */
export interface Calendar {
  dates: readonly string[];
  range: number;
  format: string;
}

export interface DateFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> {
  /** `Y-m-d`, or empty. */
  value: string;
  onChange: (value: string) => void;
  /** The tour's dates: only these are offered. Without it any date can be picked, shown as `Y-m-d`. */
  calendar?: Calendar;
  /** For react-hook-form (and the focus of a failed check). */
  fieldRef?: (element: HTMLInputElement | null) => void;
}

/**
 * flatpickr on a text input (booking.md §2, DATE-CONTROL). With the tour's dates: only those can be
 * picked, between the first (never before today) and the last, the input shows the page's format
 * and the `data-tour-range` days from the chosen date are highlighted. Weeks start on Monday; days
 * are read out as "May 22, 2027".
 *
 * flatpickr is most of the booking form's weight, so it is loaded when the visitor first focuses or
 * presses the input; until then the input shows the date as flatpickr will. The input itself is
 * left to flatpickr (it writes the shown text); the component only hears the chosen date.
 */
export function DateField({ value, onChange, calendar, fieldRef, ...inputProps }: DateFieldProps) {
  const input = useRef<HTMLInputElement | null>(null);
  // Read by flatpickr's callbacks, which outlive a render.
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };

  useLayoutEffect(() => {
    const el = input.current;
    if (!el) return;
    const format = calendar ? jqueryUiToFlatpickr(calendar.format) : 'Y-m-d';
    const initial = parseYmd(latest.current.value);
    el.value = initial ? formatFlatpickr(initial, format) : '';

    const picker = lazyPicker(
      el,
      () => import('../../lib/flatpickr'),
      () => ({ ...options(calendar, format, initial, latest), disableMobile: true }),
    );
    return picker.destroy;
  }, [calendar]);

  return (
    <input
      type="text"
      readOnly
      {...inputProps}
      ref={(el) => {
        input.current = el;
        fieldRef?.(el);
      }}
    />
  );
}

function options(
  calendar: Calendar | undefined,
  format: string,
  initial: Date | undefined,
  latest: { current: { value: string; onChange: (value: string) => void } },
): Options {
  const common: Options = {
    dateFormat: format,
    locale: { firstDayOfWeek: 1 },
    ariaDateFormat: 'F j, Y',
    position: 'auto right',
    ...(initial ? { defaultDate: initial } : {}),
    onChange: (dates, _text, instance) => {
      const date = dates[0];
      if (!date) return;
      // Before the redraw: the highlighted range follows the new date.
      latest.current.value = ymd(date);
      latest.current.onChange(latest.current.value);
      instance.redraw();
    },
  };
  if (!calendar) return { ...common, allowInput: false };
  const offered = new Set(calendar.dates);
  const bounds = calendarBounds(calendar.dates, ymd(new Date()));
  return {
    ...common,
    ...(bounds.min ? { minDate: parseYmd(bounds.min) } : {}),
    ...(bounds.max ? { maxDate: parseYmd(bounds.max) } : {}),
    enable: [(date: Date) => offered.has(ymd(date))],
    onDayCreate: (_dates, _text, _instance, day: HTMLElement & { dateObj?: Date }) => {
      const selected = latest.current.value;
      if (!selected || !day.dateObj) return;
      const diff = dayDiff(selected, ymd(day.dateObj));
      if (diff >= 0 && diff < calendar.range) day.classList.add('tourmaster-highlight');
    },
  };
}
