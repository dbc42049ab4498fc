import type { SearchFormPart, SearchTermsPart } from '../../../client/common/islands/SearchForm';
import { formatWpDate } from '../../php/date';
import { escUrl, html, raw, type SafeHtml } from '../html';
import { islandProps } from '../island-props';
import { styleAttr } from './parts';

/**
 * The tour search form (the `tour_search` element and `[tourmaster_tour_search]`, listing.md §1.4),
 * with the legacy classes and input names the plugin's script and ours bind to. The fields echo the
 * request's values, escaped (the legacy form printed the keyword as WordPress had slashed it).
 */

export interface SearchFormTerm {
  slug: string;
  /** As stored (WordPress keeps names HTML-escaped). */
  name: string;
}

export interface SearchFormTaxonomy {
  /** `tour_tag` or a custom taxonomy slug (`tour_category` has its own field). */
  slug: string;
  /** "Tag", or the custom taxonomy's label. */
  label: string;
  terms: readonly SearchFormTerm[];
}

export interface SearchFormInput {
  /** Fields by name, in any order (`keywords`, `tour_category`, `tour_tag`, custom slugs, `duration`, `date`, `month`, `min-price`, `max-price`); empty = all. */
  fields: readonly string[];
  /** `column` (default), `column-full-background`, `half` or `full`. */
  style: string;
  /** `style-1` or `style-2` (full style only). */
  itemStyle: string;
  /** `default`, `no-border`, `transparent-bottom-border`, `round`… */
  inputBoxStyle: string;
  /** `small`, `medium`, `large` (column style). */
  inputSize: string;
  /** `enable` (default), `disable` or `image`. */
  withFrame: string;
  /** `frame-background-color` of a colour frame. */
  frameBackground?: string;
  noPdlr: boolean;
  paddingBottom?: string;
  id?: string;
  title?: string;
  spaceBetweenInput?: string;
  enableRatingField: boolean;
  /** Taxonomies listed in the type filter (full style). */
  filters: readonly SearchFormTaxonomy[];
  filterState: boolean;
  /** The search page's URL (its query arguments become hidden inputs). */
  actionUrl: string;
  /** On a request with `tour-search`: the head with the number of results. */
  head?: { found: number };
  /** The request's GET parameters (PHP's `$_GET`). */
  params: Readonly<Record<string, unknown>>;
  categories: readonly SearchFormTerm[];
  /** `tour_tag` and the custom taxonomies, in that order. */
  taxonomies: readonly SearchFormTaxonomy[];
  /** `datepicker-date-format` (jQuery UI format). */
  datepickerFormat: string;
  /** WordPress `date_format`, for the chosen date. */
  dateFormat: string;
  /** The month options (`Y-m` → "F Y"). */
  months: readonly { value: string; label: string }[];
}

/** A GET value as text ('' for a missing value or a list). */
function param(params: Readonly<Record<string, unknown>>, name: string): string {
  const v = params[name];
  return typeof v === 'string' ? v : '';
}

/** PHP's `==` between a GET value and an option value: numeric strings compare as numbers. */
function looseEquals(a: string, b: string): boolean {
  const numeric = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;
  if (numeric.test(a) && numeric.test(b)) return Number(a) === Number(b);
  return a === b;
}

/**
 * A stored term name printed as `esc_html` prints it: special characters escaped, entities already
 * in the text kept (no double encoding).
 */
export function escName(name: string): SafeHtml {
  return raw(
    name
      .replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]*|#\d+|#x[0-9a-fA-F]+);)/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#039;'),
  );
}

/** A stored term name as the browser shows it (the entities WordPress keeps decoded), for the island's props. */
export function termText(name: string): string {
  const named: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
  return name.replace(/&(#\d+|#x[0-9a-fA-F]+|[a-zA-Z][a-zA-Z0-9]*);/g, (entity, code: string) => {
    if (code.startsWith('#x')) return String.fromCodePoint(Number.parseInt(code.slice(2), 16));
    if (code.startsWith('#')) return String.fromCodePoint(Number(code.slice(1)));
    return named[code] ?? entity;
  });
}

/** The option a select shows selected: the request's value as PHP compares it, else the first. */
function selectedValue(current: string, options: readonly { value: string }[]): string {
  const match = current !== '' && current !== '0' ? options.find((o) => looseEquals(current, o.value)) : undefined;
  return (match ?? options[0])?.value ?? '';
}

function combobox(
  name: string,
  options: readonly { value: string; label: SafeHtml | string }[],
  params: Readonly<Record<string, unknown>>,
): SafeHtml {
  const current = param(params, name);
  return html`<div class="tourmaster-combobox-wrap" ><select name="${name}" >${options.map(
    (o) =>
      html`<option value="${o.value}" ${current !== '' && current !== '0' && looseEquals(current, o.value) ? ' selected' : ''} >${o.label}</option>`,
  )}</select></div>`;
}

/** The checkbox list of a taxonomy (type filter, and the style-2 form's taxonomy fields). */
function typeFilter(
  input: SearchFormInput,
  label: string,
  terms: readonly SearchFormTerm[],
  name: string,
): { part: SearchTermsPart; html: SafeHtml } {
  const hideAfter = input.itemStyle === 'style-2' ? 5 : 0;
  const value = input.params[name];
  const checked = new Set(
    Array.isArray(value)
      ? value.filter((v): v is string => typeof v === 'string')
      : typeof value === 'string' && value !== ''
        ? value.split(',').map((s) => s.trim())
        : [],
  );
  const items: SafeHtml[] = [];
  const icon = input.itemStyle === 'style-2' ? 'fa fa-check' : 'fa fa-check-circle-o';
  const part: SearchTermsPart = {
    kind: 'terms',
    title: label,
    name: `${name}[]`,
    icon,
    terms: terms.map((t) => ({ value: t.slug, label: termText(t.name), checked: checked.has(t.slug) })),
    // The fold is printed only when there are terms to fold.
    foldAfter: terms.length > hideAfter ? hideAfter : 0,
  };
  terms.forEach((term, i) => {
    if (hideAfter && i === hideAfter)
      items.push(
        raw(
          '<label><input class="tourmaster-type-filter-show-more" type="checkbox" /><span class="tourmaster-type-filter-more-button">More<i class="fa fa-angle-down"></i></span><div class="tourmaster-type-filter-hide" >',
        ),
      );
    items.push(
      html`<label class="tourmaster-type-filter-term" ><input type="checkbox" name="${name}[]" value="${term.slug}" ${
        checked.has(term.slug) ? 'checked' : ''
      } /><span class="tourmaster-type-filter-display" ><i class="${icon}" ></i><span class="tourmaster-head" >${escName(term.name)}</span></span></label>`,
    );
  });
  if (hideAfter && terms.length > hideAfter) items.push(raw('</div></label>'));
  return {
    part,
    html: html`<div class="tourmaster-type-filter-item" ><h5 class="tourmaster-type-filter-item-title" >${label}</h5>${items}</div>`,
  };
}

/** The rating stars: one half step per score, drawn from the GET value (`intval`); the input is always 0. */
function ratingField(params: Readonly<Record<string, unknown>>, kit: FieldKit): SafeHtml {
  const rating = Math.trunc(Number.parseInt(param(params, 'rating'), 10) || 0);
  kit.emit({ kind: 'rating', ...kit.style$, drawn: rating });
  const parts: SafeHtml[] = [];
  for (let i = 0; i <= 10; i += 2) {
    parts.push(html`<span class="tourmaster-rating-select" data-rating-score="${i}" ></span>`);
    if (i + 1 <= 10) {
      const icon = i + 1 > rating ? 'fa-star-o' : i + 1 === rating ? 'fa-star-half-empty' : 'fa-star';
      parts.push(html`<i class="tourmaster-rating-select fa ${icon}" data-rating-score="${i + 1}" ></i>`);
    }
  }
  return html`<div class="tourmaster-tour-search-field tourmaster-tour-search-field-rating clearfix" ${kit.fieldStyle} ><label class="gdlr-core-skin-title" >Rating</label>${parts}<input type="hidden" name="rating" value="0" /><span class="tourmaster-tail" >or more</span></div>`;
}

/** The query arguments of the action URL (`?page_id=12`, `?lang=fr`), repeated as hidden inputs. */
function actionQueryInputs(actionUrl: string, kit: FieldKit): SafeHtml[] {
  const at = actionUrl.indexOf('?');
  if (at === -1) return [];
  const query = actionUrl.slice(at + 1).split('#')[0] ?? '';
  return [...new URLSearchParams(query)].map(([name, value]) => {
    kit.emit({ kind: 'hidden', name, value });
    return html`<input type="hidden" name="${name}" value="${value}" />`;
  });
}

/**
 * The form (listing.md §1.4): the plugin's markup, and as the form's first child the SearchForm
 * island's typed props (client/common/islands/SearchForm.ts), the same fields in the same order.
 */
export function searchFormHtml(input: SearchFormInput): SafeHtml {
  const kit = fieldKit(input);
  const parts: SafeHtml[] = [
    ...termFields(input, kit),
    ...choiceFields(input, kit),
    ...priceFields(input, kit),
    ...actionQueryInputs(input.actionUrl, kit),
  ];
  if (kit.style === 'full') parts.push(...fullStyleParts(input, kit));
  const submit = raw('<input class="tourmaster-tour-search-submit" type="submit" value="Search" />');
  const wrapped = kit.style === 'column-full-background';
  kit.emit({ kind: 'submit', ...(wrapped ? { wrap: { ...kit.style$, ...kit.labelOf('Search Now') } } : {}) });
  parts.push(
    wrapped
      ? html`<div class="tourmaster-tour-search-field tourmaster-tour-search-field-submit" ${kit.fieldStyle} >${kit.label('Search Now')}${submit}</div>`
      : submit,
  );
  return searchFormFrame(input, kit, [islandProps('SearchForm', { parts: kit.parts }), ...parts]);
}

/** How this form prints a field: its style, labels or placeholders, spacing; and the typed parts it collects. */
interface FieldKit {
  style: string;
  itemStyle: string;
  boxStyle: string;
  placeholder: boolean;
  fieldStyle: SafeHtml;
  has: (field: string) => boolean;
  label: (text: string) => SafeHtml | '';
  hint: (text: string) => SafeHtml | '';
  field: (name: string, body: SafeHtml) => SafeHtml;
  /** The island's parts, in the form's order. */
  parts: SearchFormPart[];
  emit: (part: SearchFormPart) => void;
  /** A field's typed wrapper: its class suffix, spacing, and label or placeholder. */
  box: (field: string, text: string) => { field: string; style?: string; label?: string; placeholder?: string };
  style$: { style?: string };
  labelOf: (text: string) => { label?: string };
}

function fieldKit(input: SearchFormInput): FieldKit {
  const style = input.style || 'column';
  const boxStyle = input.inputBoxStyle || 'default';
  const placeholder = ['no-border', 'transparent-bottom-border', 'round'].includes(boxStyle);
  const space = input.spaceBetweenInput ?? '';
  const declarations: [string, string][] = space
    ? [
        ['padding-right', space],
        ['margin-bottom', space],
      ]
    : [];
  const styleText = declarations.map(([p, v]) => `${p}: ${v};`).join(' ');
  const parts: SearchFormPart[] = [];
  const style$ = styleText ? { style: styleText } : {};
  const labelOf = (text: string) => (placeholder ? {} : { label: text });
  return {
    style,
    itemStyle: style === 'full' ? input.itemStyle || 'style-1' : 'style-1',
    boxStyle,
    placeholder,
    fieldStyle: styleAttr(declarations),
    has: (field) => input.fields.length === 0 || input.fields.includes(field),
    label: (text) => (placeholder ? '' : html`<label class="gdlr-core-skin-title" >${text}</label>`),
    hint: (text) => (placeholder ? html`placeholder="${text}" ` : ''),
    field: (name, body) =>
      html`<div class="tourmaster-tour-search-field tourmaster-tour-search-field-${name}" ${styleAttr(declarations)} >${body}</div>`,
    parts,
    emit: (part) => parts.push(part),
    box: (field, text) => ({ field, ...style$, ...labelOf(text), ...(placeholder ? { placeholder: text } : {}) }),
    style$,
    labelOf,
  };
}

/** A select field: its options, the one the request chose; the island gets the same. */
function selectField(
  kit: FieldKit,
  params: Readonly<Record<string, unknown>>,
  box: { field: string; title: string; name: string },
  options: readonly { value: string; label: string; html?: SafeHtml }[],
): SafeHtml {
  const value = selectedValue(param(params, box.name), options);
  const { placeholder: _none, ...wrapper } = kit.box(box.field, box.title);
  kit.emit({
    kind: 'select',
    ...wrapper,
    name: box.name,
    options: options.map((o) => ({ value: o.value, label: o.label })),
    value,
  });
  const markup = options.map((o) => ({ value: o.value, label: o.html ?? o.label }));
  return kit.field(box.field, html`${kit.label(box.title)}${combobox(box.name, markup, params)}`);
}

/** A checkbox list (style-2 taxonomy field, type filter group): its markup, its part emitted. */
function termsField(kit: FieldKit, list: { part: SearchTermsPart; html: SafeHtml }): SafeHtml {
  kit.emit(list.part);
  return list.html;
}

/** Keywords, then the category and the custom taxonomies: selects, or (style-2) type filters. */
function termFields(input: SearchFormInput, kit: FieldKit): SafeHtml[] {
  const { params } = input;
  const { has, label, hint, field } = kit;
  const withStyle = { ...input, itemStyle: kit.itemStyle };
  /** A taxonomy's select: "Any" (or its name as the placeholder) and its terms by slug. */
  const termSelect = (fieldName: string, title: string, name: string, terms: readonly SearchFormTerm[]) =>
    selectField(kit, params, { field: fieldName, title, name }, [
      { value: '', label: kit.placeholder ? title : 'Any' },
      ...terms.map((t) => ({ value: t.slug, label: termText(t.name), html: escName(t.name) })),
    ]);
  const parts: SafeHtml[] = [];
  if (has('keywords')) {
    const value = param(params, 'tour-search');
    kit.emit({ kind: 'text', ...kit.box('keywords', 'Keywords'), name: 'tour-search', value, inner: true });
    parts.push(
      field(
        'keywords',
        html`${label('Keywords')}<div class="tourmaster-tour-search-field-inner" ><input name="tour-search" type="text" ${hint(
          'Keywords',
        )}value="${value}" /></div>`,
      ),
    );
  } else {
    kit.emit({ kind: 'hidden', name: 'tour-search', value: '' });
    parts.push(raw('<input name="tour-search" type="hidden" value="" />'));
  }
  const styleTwo = kit.itemStyle === 'style-2';
  if (has('tour_category')) {
    if (styleTwo) parts.push(termsField(kit, typeFilter(withStyle, 'Category', input.categories, 'tax-tour_category')));
    else parts.push(termSelect('tour-category', 'Category', 'tax-tour_category', input.categories));
  }
  for (const taxonomy of input.taxonomies) {
    if (!has(taxonomy.slug)) continue;
    const name = `tax-${taxonomy.slug}`;
    if (styleTwo) parts.push(termsField(kit, typeFilter(withStyle, taxonomy.label, taxonomy.terms, name)));
    else parts.push(termSelect('tax', taxonomy.label, name, taxonomy.terms));
  }
  return parts;
}

/** Duration, date and month. */
function choiceFields(input: SearchFormInput, kit: FieldKit): SafeHtml[] {
  const { params } = input;
  const { has, label, hint, field } = kit;
  const any = (title: string) => (kit.placeholder ? title : 'Any');
  const parts: SafeHtml[] = [];
  if (has('duration')) {
    const durations = [
      { value: '', label: any('Duration') },
      { value: '1', label: '1 Day Tour' },
      { value: '2', label: '2-4 Days Tour' },
      { value: '5', label: '5-7 Days Tour' },
      { value: '7', label: '7+ Days Tour' },
    ];
    parts.push(selectField(kit, params, { field: 'duration', title: 'Duration', name: 'duration' }, durations));
  }
  if (has('date')) {
    const date = param(params, 'date');
    const shown = /^\d{4}-\d{2}-\d{2}$/.test(date) ? (formatWpDate(input.dateFormat, date) ?? '') : '';
    kit.emit({ kind: 'date', ...kit.box('date', 'Date'), value: date, shown, format: input.datepickerFormat });
    // The legacy markup leaves the "Clear" span unclosed; this is the markup browsers build from it.
    parts.push(
      field(
        'date',
        html`${label('Date')}<div class="tourmaster-datepicker-wrap" ><input class="tourmaster-datepicker" type="text"  value="${shown}" ${hint(
          'Date',
        )}data-date-format="${input.datepickerFormat}" /><input class="tourmaster-datepicker-alt" name="date" type="hidden" value="${date}"  /><span class="tourmaster-clear-date" >Clear<span></span></span></div>`,
      ),
    );
  }
  if (has('month')) {
    const months = [{ value: '', label: any('Month') }, ...input.months];
    parts.push(selectField(kit, params, { field: 'month', title: 'Month', name: 'month' }, months));
  }
  return parts;
}

/** Min and max price, side by side in style-2 when both are shown. */
function priceFields(input: SearchFormInput, kit: FieldKit): SafeHtml[] {
  const { params } = input;
  const { has, label, hint, field } = kit;
  const columns = kit.itemStyle === 'style-2' && has('min-price') && has('max-price');
  const parts: SafeHtml[] = [];
  for (const [name, title, side] of [
    ['min-price', 'Min Price', 'left'],
    ['max-price', 'Max Price', 'right'],
  ] as const) {
    if (!has(name)) continue;
    const value = param(params, name);
    const part = { kind: 'text' as const, ...kit.box(name, title), name, value, inner: false };
    kit.emit(columns ? { kind: 'column', side, part } : part);
    const body = field(name, html`${label(title)}<input name="${name}" type="text" value="${value}" ${hint(title)} />`);
    if (!columns) parts.push(body);
    else if (side === 'left')
      parts.push(html`<div class="tourmaster-column-30 tourmaster-search-price-column-left" >${body}</div>`);
    else
      parts.push(
        html`<div class="tourmaster-column-30 tourmaster-search-price-column-right" >${body}</div><div class="clear" ></div>`,
      );
  }
  return parts;
}

/** The full style's extras: the rating field, "Clear Filter" and the type filter. */
function fullStyleParts(input: SearchFormInput, kit: FieldKit): SafeHtml[] {
  const parts: SafeHtml[] = [];
  if (input.enableRatingField) parts.push(ratingField(input.params, kit));
  kit.emit({ kind: 'clear' });
  parts.push(raw('<a class="tourmaster-tour-search-filter-clear" href="#" >\u00d7 Clear Filter</a>'));
  if (input.filters.length === 0) return parts;
  const styleTwo = kit.itemStyle === 'style-2';
  const withStyle = { ...input, itemStyle: kit.itemStyle };
  const active = input.filterState ? 'tourmaster-active' : '';
  const groups = input.filters.map((taxonomy) =>
    typeFilter(withStyle, taxonomy.label, taxonomy.terms, `tax-${taxonomy.slug}`),
  );
  kit.emit({ kind: 'type-filter', styleTwo, open: input.filterState, groups: groups.map((g) => g.part) });
  parts.push(
    html`<div class="tourmaster-tour-search-item-divier" ></div><div class="tourmaster-tour-search-type-filter" ><h3 class="tourmaster-type-filter-title">${
      styleTwo ? raw('<i class="fa fa-sliders" ></i>') : ''
    }Type Filter<i class="${styleTwo ? 'icon_plus' : 'fa fa-plus-circle'} ${active}" ></i></h3><div class="tourmaster-type-filter-item-wrap ${active}" >${groups.map(
      (g) => g.html,
    )}</div></div>`,
  );
  return parts;
}

/** The item around the form: its classes, frame, head ("Search Results") and title. */
function searchFormFrame(input: SearchFormInput, kit: FieldKit, parts: readonly SafeHtml[]): SafeHtml {
  const { style, itemStyle, boxStyle } = kit;
  let formClass = 'tourmaster-form-field ';
  if (boxStyle === 'default') formClass += 'tourmaster-with-border';
  else if (boxStyle === 'transparent-bottom-border') formClass += 'tourmaster-transparent-bottom-border';
  if (style === 'column') formClass += ` tourmaster-${input.inputSize || 'medium'}`;

  let itemClass = `tourmaster-style-${style} tourmaster-column-count-${input.fields.length + 1}`;
  if (!input.noPdlr) itemClass += ' tourmaster-item-pdlr';
  itemClass += ` tourmaster-input-style-${boxStyle}`;
  if (style === 'full') itemClass += ` tourmaster-tour-search-item-${itemStyle}`;
  const frame = input.withFrame !== 'disable';
  const frameStyle: [string, string][] =
    input.frameBackground && input.withFrame !== 'image' ? [['background-color', input.frameBackground]] : [];

  const head = input.head
    ? html`<div class="tourmaster-tour-search-item-head" ><h3 class="tourmaster-tour-search-item-head-title"><i class="fa fa-search" ></i>${
        itemStyle === 'style-1' ? 'Search Results' : 'Tour Search'
      }</h3>${
        itemStyle === 'style-1' &&
        html`<div class="tourmaster-tour-search-item-head-caption" >${input.head.found} Results Found</div>`
      }</div>${itemStyle === 'style-1' && raw('<div class="tourmaster-tour-search-item-divier" ></div>')}`
    : '';
  return html`<div class="tourmaster-tour-search-item clearfix ${itemClass}" ${styleAttr(
    input.paddingBottom && input.paddingBottom !== '30px' ? [['padding-bottom', input.paddingBottom]] : [],
  )}${input.id ? html` id="${input.id}"` : ''} ><div class="tourmaster-tour-search-wrap clearfix ${
    frame ? 'tourmaster-with-frame' : ''
  }" ${styleAttr(frameStyle)} >${head}${
    input.title && html`<h3 class="tourmaster-tour-search-title" >${input.title}</h3>`
  }<form class="${formClass}" action="${escUrl(input.actionUrl)}" method="GET" >${parts}</form></div></div>`;
}
