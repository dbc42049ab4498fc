import type { DateSelectProps } from '../../common/islands/DateSelect';

/**
 * The three-select date as the plugin prints it (server/views/form-field.ts `dateSelects`, the
 * register and profile pages in legacy-fixtures/pages): `div.tourmaster-date-select` with its three
 * `select[data-type]`, then the hidden input with the field's name in the same `div.tourmaster-tail`,
 * whose sibling `div.tourmaster-head` holds the title (and the star of a required field).
 */
export function dateSelectFromMarkup(wrap: HTMLElement): DateSelectProps {
  const hidden = hiddenOf(wrap);
  const years = wrap.querySelector<HTMLSelectElement>('select[data-type="year"]');
  const head = wrap.closest('.tourmaster-tail')?.parentElement?.querySelector(':scope > .tourmaster-head');
  const title = head?.cloneNode(true) as Element | undefined;
  for (const star of title?.querySelectorAll('.tourmaster-req') ?? []) star.remove();
  return {
    name: hidden?.name ?? '',
    value: hidden?.getAttribute('value') ?? '',
    years: years ? Array.from(years.options, (o) => o.value).filter(Boolean) : [],
    title: (title?.textContent ?? '').replace(/\s+/g, ' ').trim(),
    required: head?.querySelector('.tourmaster-req') != null,
  };
}

/** The hidden input the plugin prints right after the selects (else one beside them). */
export function hiddenOf(wrap: HTMLElement): HTMLInputElement | null {
  for (let el = wrap.nextElementSibling; el; el = el.nextElementSibling) {
    if (el instanceof HTMLInputElement && el.type === 'hidden') return el;
  }
  return wrap.parentElement?.querySelector<HTMLInputElement>(':scope > input[type="hidden"]') ?? null;
}
