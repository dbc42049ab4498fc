/**
 * What "Clear Filter" does to each control of the search form. The legacy script set `value=''`
 * on every input (checkbox values, the hidden query-string inputs and the submit label included)
 * and left checks and selects alone (listing.md §1.4); here each control goes back to "any".
 */
export type Reset = 'empty' | 'uncheck' | 'first-option' | 'zero' | 'keep';

export interface ControlShape {
  tag: string;
  type: string;
  name: string;
  classes: readonly string[];
}

export function resetOf(control: ControlShape): Reset {
  const tag = control.tag.toLowerCase();
  if (tag === 'select') return 'first-option';
  if (tag === 'textarea') return 'empty';
  if (tag !== 'input') return 'keep';
  switch (control.type.toLowerCase()) {
    case 'submit':
    case 'button':
    case 'reset':
    case 'image':
    case 'file':
      return 'keep';
    case 'checkbox':
    case 'radio':
      // The style-2 "More" switch only folds terms away; it is not a filter.
      return control.classes.includes('tourmaster-type-filter-show-more') ? 'keep' : 'uncheck';
    case 'hidden':
      // The stars' value and the date's `Y-m-d`; other hidden inputs carry the action URL's query.
      if (control.name === 'rating') return 'zero';
      return control.classes.includes('tourmaster-datepicker-alt') ? 'empty' : 'keep';
    default:
      return 'empty';
  }
}
