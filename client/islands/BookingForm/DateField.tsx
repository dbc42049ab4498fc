import type { Options } from 'flatpickr/dist/types/options';
import 'flatpickr/dist/flatpickr.min.css';
import { type InputHTMLAttributes, useLayoutEffect, useRef } from 'react';
import './datepicker.css';
import { calendarBounds, dayDiff, formatFlatpickr, jqueryUiToFlatpickr, parseYmd, ymd } from '../../lib/date-format';
import { type LazyPicker, lazyPicker } from '../../lib/lazy-picker';
import { type DayMark, type DayMarks, isOpenDay } from './useDateAvailability';
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
  /** What the availability API says of the tour's days: sold-out and closed ones are disabled and marked. */
  marks?: DayMarks | undefined;
  /** For react-hook-form (and the focus of a failed check). */
  fieldRef?: (element: HTMLInputElement | null) => void;
}

type Latest = { current: { value: string; onChange: (value: string) => void; marks: DayMarks | undefined } };

/**
 * flatpickr on a text input (booking.md §2, DATE-CONTROL). With the tour's dates: only those can be
 * picked, between the first (never before today) and the last, the input shows the page's format
 * and the `data-tour-range` days from the chosen date are highlighted. Weeks start on Monday; days
 * are read out as "May 22, 2027". With marks, sold-out and closed days are shown disabled with
 * what they are, and "N left" under the days that ask for it.
 *
 * flatpickr is most of the booking form's weight, so it is loaded when the visitor first focuses or
 * presses the input; until then the input shows the date as flatpickr will. The input itself is
 * left to flatpickr (it writes the shown text); the component only hears the chosen date, and
 * shows a date chosen for the visitor (the first bookable one).
 */
export function DateField({ value, onChange, calendar, marks, fieldRef, ...inputProps }: DateFieldProps) {
  const input = useRef<HTMLInputElement | null>(null);
  const picker = useRef<LazyPicker | undefined>(undefined);
  // Read by flatpickr's callbacks, which outlive a render.
  const latest: Latest = useRef({ value, onChange, marks });
  latest.current = { value, onChange, marks };
  const format = calendar ? jqueryUiToFlatpickr(calendar.format) : 'Y-m-d';

  useLayoutEffect(() => {
    const el = input.current;
    if (!el) return;
    const shown = lazyPicker(
      el,
      () => import('../../lib/flatpickr'),
      () => ({ ...options(calendar, format, latest), disableMobile: true }),
    );
    picker.current = shown;
    return () => {
      picker.current = undefined;
      shown.destroy();
    };
  }, [calendar, format]);

  // Marks that arrive after the calendar opened: its days redrawn with them.
  useLayoutEffect(() => {
    if (marks) picker.current?.instance?.redraw();
  }, [marks]);

  // The date as the input shows it: before flatpickr, or chosen from outside (the first bookable one).
  useLayoutEffect(() => {
    const el = input.current;
    if (!el) return;
    const date = parseYmd(value);
    const instance = picker.current?.instance;
    if (!instance) {
      el.value = date ? formatFlatpickr(date, format) : '';
      return;
    }
    const current = instance.selectedDates[0];
    if (date && (!current || ymd(current) !== value)) instance.setDate(date, false);
  }, [value, format]);

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

function options(calendar: Calendar | undefined, format: string, latest: Latest): Options {
  const initial = parseYmd(latest.current.value);
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
    enable: [(date: Date) => offered.has(ymd(date)) && isOpenDay(latest.current.marks, ymd(date))],
    onDayCreate: (_dates, _text, _instance, day: HTMLElement & { dateObj?: Date }) => {
      if (!day.dateObj) return;
      const date = ymd(day.dateObj);
      const mark = offered.has(date) ? latest.current.marks?.get(date) : undefined;
      if (mark) markDay(day, mark);
      const selected = latest.current.value;
      if (!selected) return;
      const diff = dayDiff(selected, date);
      if (diff >= 0 && diff < calendar.range) day.classList.add('tourmaster-highlight');
    },
  };
}

/**
 * A sold-out or closed day: a class, a tooltip, a word under the number and its accessible name
 * ("May 22, 2027, sold out"); an open day with few seats: "N left" under it.
 */
function markDay(day: HTMLElement, mark: DayMark): void {
  const label = day.getAttribute('aria-label') ?? '';
  const status = mark.soldOut ? 'Sold out' : mark.closed ? 'Closed' : undefined;
  const note = status ?? (mark.left === undefined ? undefined : `${mark.left} left`);
  if (!note) return;
  if (status) {
    day.classList.add(mark.soldOut ? 'tourmaster-sold-out' : 'tourmaster-closed');
    day.title = mark.soldOut ? 'Sold out' : 'Closed for booking';
  }
  day.setAttribute('aria-label', `${label}, ${note.toLowerCase()}`);
  const text = document.createElement('span');
  text.className = status ? 'tourmaster-day-mark' : 'tourmaster-day-left';
  text.setAttribute('aria-hidden', 'true');
  text.textContent = status === 'Sold out' ? 'Full' : note;
  day.append(text);
}
