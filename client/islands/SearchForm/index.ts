import type { Instance } from 'flatpickr/dist/types/instance';
import { formatFlatpickr, jqueryUiToFlatpickr, parseYmd, ymd } from '../../lib/date-format';
import { asButton } from '../../lib/dom';
import { readProps } from '../../lib/props';
import { resetOf } from './clear';
import { searchFormProps } from './props';

/**
 * The tour search form (listing.md §1.4, `tourmaster_tour_search`): the date field (a calendar on
 * the shown input writing `Y-m-d` to the hidden `date`, from today on, in the page's display format;
 * flatpickr is loaded when the visitor first reaches for it), "Clear" for the date, "Clear Filter",
 * and the type filter's title and "More" toggles (buttons with `aria-expanded`). The stars are
 * RatingInput's. Labels are tied to their fields. Submitting stays the browser's plain GET.
 */
const OPENERS = ['focus', 'pointerdown', 'keydown'] as const;
let ids = 0;

export function mount(form: HTMLElement): () => void {
  readProps('SearchForm', form, searchFormProps);
  const cleanups: (() => void)[] = [];
  const on = <K extends keyof HTMLElementEventMap>(
    target: HTMLElement,
    type: K,
    listener: (event: HTMLElementEventMap[K]) => void,
  ) => {
    target.addEventListener(type, listener);
    cleanups.push(() => target.removeEventListener(type, listener));
  };
  const uid = (element: HTMLElement, base: string) => {
    element.id ||= `${base}-${++ids}`;
    return element.id;
  };

  // Labels name their fields (the plugin printed them without `for`).
  for (const field of form.querySelectorAll<HTMLElement>('.tourmaster-tour-search-field')) {
    const label = field.querySelector<HTMLLabelElement>(':scope > label');
    const control = field.querySelector<HTMLElement>(
      'input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]), select, textarea',
    );
    if (label && control && !label.htmlFor) label.htmlFor = uid(control, 'tourmaster-search-field');
  }

  const date = dateField(form);
  if (date) cleanups.push(date.destroy);

  const clearFilter = form.querySelector<HTMLElement>('.tourmaster-tour-search-filter-clear');
  if (clearFilter) {
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

  for (const filter of form.querySelectorAll<HTMLElement>('.tourmaster-tour-search-type-filter')) {
    const title = filter.querySelector<HTMLElement>('.tourmaster-type-filter-title');
    const wrap = filter.querySelector<HTMLElement>('.tourmaster-type-filter-item-wrap');
    const icon =
      title?.querySelector<HTMLElement>('i.fa-plus-circle, i.icon_plus') ?? title?.querySelector<HTMLElement>('i');
    if (!title || !wrap || !icon) continue;
    let open = icon.classList.contains('tourmaster-active') || wrap.classList.contains('tourmaster-active');
    asButton(icon);
    icon.setAttribute('aria-label', title.textContent?.trim() || 'Type Filter');
    icon.setAttribute('aria-controls', uid(wrap, 'tourmaster-type-filter'));
    const show = (animate: boolean) => {
      icon.classList.toggle('tourmaster-active', open);
      wrap.classList.toggle('tourmaster-active', open);
      icon.setAttribute('aria-expanded', String(open));
      slide(wrap, open, animate ? 200 : 0);
    };
    show(false);
    // The whole title toggles (the legacy script listened on the icon only).
    on(title, 'click', () => {
      open = !open;
      show(true);
    });
  }

  for (const more of form.querySelectorAll<HTMLInputElement>('input.tourmaster-type-filter-show-more')) {
    const button = more.parentElement?.querySelector<HTMLElement>(':scope > .tourmaster-type-filter-more-button');
    const hidden = more.parentElement?.querySelector<HTMLElement>(':scope > .tourmaster-type-filter-hide');
    if (!button || !hidden) continue;
    more.tabIndex = -1;
    asButton(button);
    button.setAttribute('aria-controls', uid(hidden, 'tourmaster-type-filter-more'));
    const show = (animate: boolean) => {
      button.setAttribute('aria-expanded', String(more.checked));
      slide(hidden, more.checked, animate ? 200 : 0);
    };
    show(false);
    on(more, 'change', () => show(true));
  }

  return () => {
    for (const cleanup of cleanups) cleanup();
  };
}

/**
 * The date: flatpickr on `input.tourmaster-datepicker` (display only) writing the hidden
 * `input.tourmaster-datepicker-alt` as `Y-m-d`, dates from today on, shown in `data-date-format`
 * (jQuery UI syntax, default `d M yy`). "Clear" empties both.
 */
function dateField(form: HTMLElement): { clear: () => void; destroy: () => void } | undefined {
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

  let picker: Instance | undefined;
  let gone = false;
  const start = async () => {
    for (const type of OPENERS) shown.removeEventListener(type, start);
    const { default: flatpickr } = await import('./calendar');
    if (gone) return;
    const current = parseYmd(alt.value);
    picker = flatpickr(shown, {
      dateFormat: format,
      minDate: 'today',
      locale: { firstDayOfWeek: 1 },
      ariaDateFormat: 'F j, Y',
      disableMobile: true,
      ...(current ? { defaultDate: current } : {}),
      onChange: (dates) => chosen(dates[0]),
    });
    if (document.activeElement === shown) picker.open();
  };
  for (const type of OPENERS) shown.addEventListener(type, start);

  const clear = () => {
    picker?.clear();
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
      gone = true;
      clearButton?.removeEventListener('click', clear);
      for (const type of OPENERS) shown.removeEventListener(type, start);
      picker?.destroy();
    },
  };
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

const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Shows or hides a panel, sliding (200 ms) unless motion is reduced; the inline display wins over the theme's. */
function slide(panel: HTMLElement, open: boolean, ms: number): void {
  panel.getAnimations().forEach((a) => {
    a.cancel();
  });
  panel.style.display = open ? 'block' : 'none';
  if (!ms || reducedMotion() || typeof panel.animate !== 'function') return;
  panel.style.overflow = 'hidden';
  if (!open) panel.style.display = 'block';
  const height = panel.scrollHeight;
  const frames = open ? [{ height: '0px' }, { height: `${height}px` }] : [{ height: `${height}px` }, { height: '0px' }];
  const done = () => {
    panel.style.overflow = '';
    panel.style.display = open ? 'block' : 'none';
  };
  panel.animate(frames, { duration: ms, easing: 'ease' }).finished.then(done, () => {});
}
