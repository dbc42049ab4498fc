import { describe, expect, it } from 'vitest';
import { resetOf } from './clear';

const input = (type: string, name = '', classes: string[] = []) => ({ tag: 'INPUT', type, name, classes });

describe('"Clear Filter" on the search form', () => {
  it('empties the text fields and the date, keeps the submit label', () => {
    expect(resetOf(input('text', 'tour-search'))).toBe('empty');
    expect(resetOf(input('text', 'min-price'))).toBe('empty');
    expect(resetOf(input('text', '', ['tourmaster-datepicker']))).toBe('empty');
    expect(resetOf(input('hidden', 'date', ['tourmaster-datepicker-alt']))).toBe('empty');
    expect(resetOf(input('submit', '', ['tourmaster-tour-search-submit']))).toBe('keep');
  });

  it('unchecks the type filter terms (their values stay), not the "More" switch', () => {
    expect(resetOf(input('checkbox', 'tax-tour_tag[]'))).toBe('uncheck');
    expect(resetOf(input('checkbox', '', ['tourmaster-type-filter-show-more']))).toBe('keep');
  });

  it('puts the rating to 0, selects to their first option, keeps the action URL query inputs', () => {
    expect(resetOf(input('hidden', 'rating'))).toBe('zero');
    expect(resetOf({ tag: 'SELECT', type: 'select-one', name: 'duration', classes: [] })).toBe('first-option');
    expect(resetOf(input('hidden', 'page_id'))).toBe('keep');
    expect(resetOf(input('hidden', 'tour-search'))).toBe('keep');
  });
});
