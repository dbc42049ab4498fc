import flatpickr from 'flatpickr';
import 'flatpickr/dist/flatpickr.min.css';
import './datepicker.css';
import { calendarBounds, dayDiff, jqueryUiToFlatpickr, parseYmd, ymd } from '../../lib/date-format';
import { readProps } from '../../lib/props';
import { tourDatepickerProps } from './props';

/**
 * The booking bar's calendar on `input.tourmaster-datepicker[data-tour-date]`: only the listed dates
 * are selectable, between the first (never before today) and the last; weeks start on Monday; the
 * input shows the page's format (`data-date-format`, jQuery UI syntax) and the hidden
 * `.tourmaster-datepicker-alt` (`name=tour-date`) gets `Y-m-d`, then a bubbling `change`.
 * The `data-tour-range` days from the chosen date are highlighted.
 *
 * Without `data-tour-date` (a "datepicker" extra booking field) any date can be picked and the input
 * itself holds `Y-m-d`.
 */
export function attachDatepicker(input: HTMLInputElement): () => void {
  const alt = input.parentElement?.querySelector<HTMLInputElement>(':scope > .tourmaster-datepicker-alt') ?? null;
  const common = {
    disableMobile: true,
    locale: { firstDayOfWeek: 1 },
    ariaDateFormat: 'F j, Y',
    position: 'auto right' as const,
  };
  if (input.dataset.tourDate === undefined) {
    const picker = flatpickr(input, { ...common, dateFormat: 'Y-m-d', allowInput: false });
    return () => picker.destroy();
  }

  const props = readProps('BookingForm', input, tourDatepickerProps);
  const available = new Set(props.tourDate);
  let selected = parseYmd(input.value) ? input.value : '';
  const bounds = calendarBounds(props.tourDate, ymd(new Date()));
  if (!input.getAttribute('aria-label')) input.setAttribute('aria-label', 'Travel date');
  input.value = '';
  const picker = flatpickr(input, {
    ...common,
    dateFormat: jqueryUiToFlatpickr(props.dateFormat),
    ...(selected ? { defaultDate: parseYmd(selected) } : {}),
    ...(bounds.min ? { minDate: parseYmd(bounds.min) } : {}),
    ...(bounds.max ? { maxDate: parseYmd(bounds.max) } : {}),
    enable: [(date: Date) => available.has(ymd(date))],
    onDayCreate: (_dates, _text, _instance, day: HTMLElement & { dateObj?: Date }) => {
      if (!selected || !day.dateObj) return;
      const diff = dayDiff(selected, ymd(day.dateObj));
      if (diff >= 0 && diff < props.tourRange) day.classList.add('tourmaster-highlight');
    },
    onChange: (dates) => {
      const date = dates[0];
      if (!date) return;
      selected = ymd(date);
      picker.redraw();
      if (alt) {
        alt.value = selected;
        alt.dispatchEvent(new Event('change', { bubbles: true }));
      }
    },
  });
  if (alt) alt.value = selected;
  return () => picker.destroy();
}
