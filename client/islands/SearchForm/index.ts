import { readProps } from '../../lib/props';
import { resetOf } from './clear';
import { type DateField, dateField } from './date-field';
import { uid } from './element-id';
import { searchFormProps } from './props';
import { type Listen, wireShowMore, wireTypeFilters } from './toggles';

/**
 * The tour search form (listing.md §1.4, `tourmaster_tour_search`): the date field (a calendar on
 * the shown input writing `Y-m-d` to the hidden `date`, from today on, in the page's display format;
 * flatpickr is loaded when the visitor first reaches for it), "Clear" for the date, "Clear Filter",
 * and the type filter's title and "More" toggles (buttons with `aria-expanded`). The stars are
 * RatingInput's. Labels are tied to their fields. Submitting stays the browser's plain GET.
 */
export function mount(form: HTMLElement): () => void {
  readProps('SearchForm', form, searchFormProps);
  const cleanups: (() => void)[] = [];
  const on: Listen = (target, type, listener) => {
    target.addEventListener(type, listener);
    cleanups.push(() => target.removeEventListener(type, listener));
  };

  labelFields(form);
  const date = dateField(form);
  if (date) cleanups.push(date.destroy);
  wireClearFilter(form, on, date);
  wireTypeFilters(form, on);
  wireShowMore(form, on);

  return () => {
    for (const cleanup of cleanups) cleanup();
  };
}

/** Labels name their fields (the plugin printed them without `for`). */
function labelFields(form: HTMLElement): void {
  for (const field of form.querySelectorAll<HTMLElement>('.tourmaster-tour-search-field')) {
    const label = field.querySelector<HTMLLabelElement>(':scope > label');
    const control = field.querySelector<HTMLElement>(
      'input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]), select, textarea',
    );
    if (label && control && !label.htmlFor) label.htmlFor = uid(control, 'tourmaster-search-field');
  }
}

/** "Clear Filter", a link made a button: every filter and the date back to "any". */
function wireClearFilter(form: HTMLElement, on: Listen, date: DateField | undefined): void {
  const clearFilter = form.querySelector<HTMLElement>('.tourmaster-tour-search-filter-clear');
  if (!clearFilter) return;
  clearFilter.setAttribute('role', 'button');
  on(clearFilter, 'click', (event) => {
    event.preventDefault();
    clearAll(form);
    date?.clear();
  });
  on(clearFilter, 'keydown', (event) => {
    if (event.key !== ' ') return;
    event.preventDefault();
    clearFilter.click();
  });
}

/** Every filter back to "any" (clear.ts): text and date empty, boxes unchecked, first options, 0 stars. */
function clearAll(form: HTMLElement): void {
  const controls = form.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
    'input, select, textarea',
  );
  for (const control of controls) {
    const reset = resetOf({
      tag: control.tagName,
      type: control.type,
      name: control.name,
      classes: Array.from(control.classList),
    });
    if (reset === 'empty') control.value = '';
    else if (reset === 'zero') control.value = '0';
    else if (reset === 'uncheck' && control instanceof HTMLInputElement) control.checked = false;
    else if (reset === 'first-option' && control instanceof HTMLSelectElement) {
      for (const option of control.options) option.selected = false;
      control.selectedIndex = control.multiple ? -1 : 0;
    }
  }
  // The stars follow their input: the "0" position is chosen as a click on it would (RatingInput).
  for (const rating of form.querySelectorAll<HTMLElement>('.tourmaster-tour-search-field-rating')) {
    for (const star of rating.querySelectorAll<HTMLElement>('i.tourmaster-rating-select')) {
      star.className = 'tourmaster-rating-select fa fa-star-o';
    }
    rating.querySelector<HTMLElement>('.tourmaster-rating-select[data-rating-score="0"]')?.click();
  }
}
