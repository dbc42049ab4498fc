import { type KeyboardEvent, type MouseEvent, useReducer } from 'react';
import type { SearchFormPart } from '../../common/islands/SearchForm';
import { formatFlatpickr, jqueryUiToFlatpickr, parseYmd } from '../../lib/date-format';
import { DateField } from './DateField';
import { FieldBox, PriceColumn, SelectField, TextField } from './fields';
import { RatingField } from './RatingField';
import { type FieldAction, type FieldState, fieldReducer, initialFields } from './state';
import { TermList, TypeFilter } from './TypeFilter';

/**
 * The tour search form's fields (listing.md §1.4, `tourmaster_tour_search`), drawn inside the
 * plugin's `form` from typed props: keywords, taxonomies (selects, or style-2 checkboxes), duration,
 * the date with its calendar, month, prices, the stars, "Clear Filter" and the type filter. Their
 * state is here; submitting stays the browser's plain GET of the same fields.
 */
export function SearchForm({ parts }: { parts: readonly SearchFormPart[] }) {
  const [state, dispatch] = useReducer(fieldReducer(parts), parts, (p) => initialFields(p, shownDate(p)));
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts never reorder; several have no name.
        <Part key={index} part={part} state={state} dispatch={dispatch} />
      ))}
    </>
  );
}

/** The date as the calendar will show it, for a page that printed only the `Y-m-d` value. */
function shownDate(parts: readonly SearchFormPart[]) {
  const format = jqueryUiToFlatpickr(parts.find((p) => p.kind === 'date')?.format || 'd M yy');
  return (value: string) => {
    const date = parseYmd(value);
    return date ? formatFlatpickr(date, format) : '';
  };
}

function Part({
  part,
  state,
  dispatch,
}: {
  part: SearchFormPart;
  state: FieldState;
  dispatch: (a: FieldAction) => void;
}) {
  const onValue = (name: string, value: string) => dispatch({ type: 'value', name, value });
  const onCheck = (key: string, checked: boolean) => dispatch({ type: 'check', key, checked });
  switch (part.kind) {
    case 'text':
      return <TextField part={part} value={state.values[part.name] ?? ''} onValue={onValue} />;
    case 'column':
      return (
        <PriceColumn side={part.side}>
          <TextField part={part.part} value={state.values[part.part.name] ?? ''} onValue={onValue} />
        </PriceColumn>
      );
    case 'select':
      return <SelectField part={part} value={state.values[part.name] ?? ''} onValue={onValue} />;
    case 'date':
      return (
        <DateField part={part} {...state.date} onDate={(value, shown) => dispatch({ type: 'date', value, shown })} />
      );
    case 'hidden':
      return <input type="hidden" name={part.name} defaultValue={part.value} />;
    case 'terms':
      return <TermList part={part} checked={state.checked} onCheck={onCheck} />;
    case 'type-filter':
      return <TypeFilter part={part} checked={state.checked} onCheck={onCheck} />;
    case 'rating':
      return (
        <RatingField style={part.style} {...state.rating} onRate={(value) => dispatch({ type: 'rating', value })} />
      );
    case 'clear':
      return <ClearFilter onClear={() => dispatch({ type: 'clear' })} />;
    default:
      return <Submit part={part} />;
  }
}

/** "Clear Filter", the plugin's link made a button: every filter back to "any"; nothing is sent. */
function ClearFilter({ onClear }: { onClear: () => void }) {
  const click = (event: MouseEvent) => {
    event.preventDefault();
    onClear();
  };
  const key = (event: KeyboardEvent) => {
    if (event.key !== ' ') return;
    event.preventDefault();
    onClear();
  };
  return (
    // biome-ignore lint/a11y/useValidAnchor lint/a11y/useSemanticElements: the plugin's link (its CSS draws it), a button.
    <a className="tourmaster-tour-search-filter-clear" href="#" role="button" onClick={click} onKeyDown={key}>
      × Clear Filter
    </a>
  );
}

function Submit({ part }: { part: Extract<SearchFormPart, { kind: 'submit' }> }) {
  const submit = <input className="tourmaster-tour-search-submit" type="submit" value="Search" />;
  if (!part.wrap) return submit;
  return (
    <FieldBox field="submit" style={part.wrap.style} label={part.wrap.label}>
      {() => submit}
    </FieldBox>
  );
}
