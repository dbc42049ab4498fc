import type { SearchFormPart, SearchTermsPart } from '../../common/islands/SearchForm';

/**
 * The search form's field state (listing.md §1.4): each named field's value, each term's check,
 * the date (its `Y-m-d` value and the text shown) and the stars. The form submits these as the
 * plugin's GET fields; "Clear Filter" puts every filter back to "any".
 */
export interface FieldState {
  values: Readonly<Record<string, string>>;
  /** `name=value` of each checked term. */
  checked: ReadonlySet<string>;
  date: { value: string; shown: string };
  /** The hidden input's value and the stars drawn (the page draws the request's rating, the input says 0). */
  rating: { value: number; stars: number };
}

export type FieldAction =
  | { type: 'value'; name: string; value: string }
  | { type: 'check'; key: string; checked: boolean }
  | { type: 'date'; value: string; shown: string }
  | { type: 'rating'; value: number }
  | { type: 'clear' };

export const termKey = (name: string, value: string) => `${name}=${value}`;

function groupsOf(part: SearchFormPart): readonly SearchTermsPart[] {
  if (part.kind === 'terms') return [part];
  return part.kind === 'type-filter' ? part.groups : [];
}

/** The fields as the page printed them. */
export function initialFields(parts: readonly SearchFormPart[], shownDate: (value: string) => string): FieldState {
  const values: Record<string, string> = {};
  const checked = new Set<string>();
  let date = { value: '', shown: '' };
  let rating = { value: 0, stars: 0 };
  for (const part of parts) {
    const field = part.kind === 'column' ? part.part : part;
    if (field.kind === 'text' || field.kind === 'select') values[field.name] = field.value;
    if (field.kind === 'date') date = { value: field.value, shown: field.shown || shownDate(field.value) };
    if (field.kind === 'rating') rating = { value: 0, stars: field.drawn };
    for (const group of groupsOf(field)) {
      for (const term of group.terms) if (term.checked) checked.add(termKey(group.name, term.value));
    }
  }
  return { values, checked, date, rating };
}

/** "Clear Filter": texts empty, selects on their first option ("Any"), no term, no date, no stars. */
function cleared(parts: readonly SearchFormPart[]): FieldState {
  const values: Record<string, string> = {};
  for (const part of parts) {
    const field = part.kind === 'column' ? part.part : part;
    if (field.kind === 'text') values[field.name] = '';
    if (field.kind === 'select') values[field.name] = field.options[0]?.value ?? '';
  }
  return { values, checked: new Set(), date: { value: '', shown: '' }, rating: { value: 0, stars: 0 } };
}

export function fieldReducer(parts: readonly SearchFormPart[]) {
  return (state: FieldState, action: FieldAction): FieldState => {
    switch (action.type) {
      case 'value':
        return { ...state, values: { ...state.values, [action.name]: action.value } };
      case 'check': {
        const checked = new Set(state.checked);
        if (action.checked) checked.add(action.key);
        else checked.delete(action.key);
        return { ...state, checked };
      }
      case 'date':
        return { ...state, date: { value: action.value, shown: action.shown } };
      case 'rating':
        return { ...state, rating: { value: action.value, stars: action.value } };
      default:
        return cleared(parts);
    }
  };
}
