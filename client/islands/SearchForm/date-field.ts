import { formatFlatpickr, jqueryUiToFlatpickr, parseYmd, ymd } from '../../lib/date-format';
import { asButton } from '../../lib/dom';
import { lazyPicker } from '../../lib/lazy-picker';

export interface DateField {
  clear: () => void;
  destroy: () => void;
}

/**
 * The date: flatpickr on `input.tourmaster-datepicker` (display only) writing the hidden
 * `input.tourmaster-datepicker-alt` as `Y-m-d`, dates from today on, shown in `data-date-format`
 * (jQuery UI syntax, default `d M yy`). "Clear" empties both.
 */
export function dateField(form: HTMLElement): DateField | undefined {
  const wrap = form.querySelector<HTMLElement>('.tourmaster-datepicker-wrap');
  const shown = wrap?.querySelector<HTMLInputElement>('input.tourmaster-datepicker');
  const alt = wrap?.querySelector<HTMLInputElement>('input.tourmaster-datepicker-alt');
  if (!wrap || !shown || !alt) return undefined;
  const format = jqueryUiToFlatpickr(shown.dataset.dateFormat || 'd M yy');
  const initial = parseYmd(alt.value);
  if (initial && !shown.value) shown.value = formatFlatpickr(initial, format);
  // "Clear" is shown once there is a date to clear (list-section.css).
  const chosen = (date: Date | undefined) => {
    alt.value = date ? ymd(date) : '';
    wrap.classList.toggle('dropin-has-date', !!date);
  };
  chosen(initial);
  shown.readOnly = true;
  shown.autocomplete = 'off';

  const picker = lazyPicker(
    shown,
    () => import('./calendar'),
    () => {
      const current = parseYmd(alt.value);
      return {
        dateFormat: format,
        minDate: 'today',
        locale: { firstDayOfWeek: 1 },
        ariaDateFormat: 'F j, Y',
        disableMobile: true,
        ...(current ? { defaultDate: current } : {}),
        onChange: (dates) => chosen(dates[0]),
      };
    },
  );

  const clear = () => {
    picker.instance?.clear();
    shown.value = '';
    chosen(undefined);
  };
  const clearButton = wrap.querySelector<HTMLElement>('.tourmaster-clear-date');
  if (clearButton) {
    asButton(clearButton);
    clearButton.setAttribute('aria-label', 'Clear date');
    clearButton.addEventListener('click', clear);
  }
  return {
    clear,
    destroy: () => {
      clearButton?.removeEventListener('click', clear);
      picker.destroy();
    },
  };
}
