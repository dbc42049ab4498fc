import type { SearchFormPart, SearchFormProps, SearchTermsPart } from '../../common/islands/SearchForm';

/**
 * The one place the search form reads the plugin's markup (a page WordPress rendered carries no
 * typed props): the form's children, in order, into the parts our pages write
 * (server/views/tour-list/search-form.ts). Values are the ones the page printed.
 */
const FIELD = 'tourmaster-tour-search-field-';
const text = (element: Element | null | undefined) => element?.textContent?.trim() ?? '';

function wrapperOf(field: Element) {
  const name = [...field.classList].find((c) => c.startsWith(FIELD))?.slice(FIELD.length) ?? '';
  const style = field.getAttribute('style');
  const label = field.querySelector(':scope > label');
  return { field: name, ...(style ? { style } : {}), ...(label ? { label: text(label) } : {}) };
}

const placeholderOf = (input: Element | null) => {
  const placeholder = input?.getAttribute('placeholder');
  return placeholder ? { placeholder } : {};
};

/** A field: a select, the date, or a text input. */
function fieldPart(field: Element): SearchFormPart {
  const wrapper = wrapperOf(field);
  const select = field.querySelector('select');
  if (select) {
    const options = [...select.options].map((o) => ({ value: o.value, label: text(o) }));
    return { kind: 'select', ...wrapper, name: select.name, options, value: select.value };
  }
  const shown = field.querySelector<HTMLInputElement>('input.tourmaster-datepicker');
  if (shown) {
    const value = field.querySelector<HTMLInputElement>('input.tourmaster-datepicker-alt')?.value ?? '';
    const format = shown.getAttribute('data-date-format') ?? '';
    return { kind: 'date', ...wrapper, ...placeholderOf(shown), value, shown: shown.value, format };
  }
  const input = field.querySelector('input');
  const inner = !!field.querySelector('.tourmaster-tour-search-field-inner');
  return {
    kind: 'text',
    ...wrapper,
    ...placeholderOf(input),
    name: input?.name ?? '',
    value: input?.value ?? '',
    inner,
  };
}

/** The stars the page drew: positions before the rating full, the rating's own half (the server's rule). */
function drawnRating(field: Element): number {
  const score = (star: Element | null | undefined) => Number(star?.getAttribute('data-rating-score') ?? 0);
  const half = field.querySelector('i.fa-star-half-empty');
  if (half) return score(half);
  const full = [...field.querySelectorAll('i.fa-star')];
  return full.length > 0 ? score(full[full.length - 1]) + 1 : 0;
}

function termsPart(item: Element): SearchTermsPart {
  const labels = [...item.querySelectorAll('label.tourmaster-type-filter-term')];
  const hidden = item.querySelector('.tourmaster-type-filter-hide');
  const terms = labels.map((label) => {
    const box = label.querySelector('input');
    return { value: box?.value ?? '', label: text(label.querySelector('.tourmaster-head')), checked: !!box?.checked };
  });
  return {
    kind: 'terms',
    title: text(item.querySelector('.tourmaster-type-filter-item-title')),
    name: labels[0]?.querySelector('input')?.name ?? '',
    icon: labels[0]?.querySelector('.tourmaster-type-filter-display > i')?.getAttribute('class') ?? '',
    terms,
    foldAfter: hidden ? labels.filter((l) => !hidden.contains(l)).length : 0,
  };
}

function typeFilterPart(filter: Element): SearchFormPart {
  const toggle = filter.querySelector('.tourmaster-type-filter-title > i:last-of-type');
  return {
    kind: 'type-filter',
    styleTwo: !!filter.querySelector('.tourmaster-type-filter-title .fa-sliders'),
    open: !!toggle?.classList.contains('tourmaster-active'),
    groups: [...filter.querySelectorAll('.tourmaster-type-filter-item')].map(termsPart),
  };
}

/** One child of the form as a part, or undefined for what only lays the parts out. */
function partOf(child: Element): SearchFormPart | undefined {
  const is = (selector: string) => child.matches(selector);
  if (is('input[type="hidden"]')) {
    const input = child as HTMLInputElement;
    return { kind: 'hidden', name: input.name, value: input.value };
  }
  if (is('input.tourmaster-tour-search-submit')) return { kind: 'submit' };
  if (is('a.tourmaster-tour-search-filter-clear')) return { kind: 'clear' };
  if (is('.tourmaster-type-filter-item')) return termsPart(child);
  if (is('.tourmaster-tour-search-type-filter')) return typeFilterPart(child);
  if (is('.tourmaster-column-30')) {
    const field = child.querySelector('.tourmaster-tour-search-field');
    const part = field && fieldPart(field);
    const side = child.matches('.tourmaster-search-price-column-left') ? 'left' : 'right';
    return part?.kind === 'text' ? { kind: 'column', side, part } : undefined;
  }
  if (is(`.${FIELD}rating`)) {
    const style = child.getAttribute('style');
    return { kind: 'rating', ...(style ? { style } : {}), drawn: drawnRating(child) };
  }
  if (is(`.${FIELD}submit`)) {
    const { style, label } = wrapperOf(child);
    return { kind: 'submit', wrap: { ...(style ? { style } : {}), ...(label ? { label } : {}) } };
  }
  if (is('.tourmaster-tour-search-field')) return fieldPart(child);
  return undefined;
}

export function adaptSearchForm(form: Element): SearchFormProps {
  const parts = [...form.children]
    .filter((child) => !child.hasAttribute('data-island-props'))
    .map(partOf)
    .filter((part) => part !== undefined);
  return { parts };
}
