import { describe, expect, it } from 'vitest';
import { extractRegion, withoutIslandProps } from '../../parity/compare';
import { loadExchange } from '../../parity/exchanges';
import { canonicalHtml } from '../../parity/html-dom';
import { escName, type SearchFormInput, searchFormHtml } from './search-form';

const TERMS = {
  categories: [
    { slug: 'day-trips', name: 'Day Trips' },
    { slug: 'islands', name: 'Islands' },
    { slug: 'mainland', name: 'Mainland' },
    { slug: 'multi-day', name: 'Multi-day' },
  ],
  tags: 'acropolis athens beach boat corfu crete delos delphi hiking history lindos meteora monasteries mykonos private rhodes sailing santorini sunset unesco'
    .split(' ')
    .map((slug) => ({ slug, name: slug })),
};

/** The form's markup without the island's typed props (ours alone, as the parity replay ignores them). */
function form(params: Record<string, unknown>, extra: Partial<SearchFormInput> = {}): string {
  return withoutIslandProps(formWithProps(params, extra));
}

function formWithProps(params: Record<string, unknown>, extra: Partial<SearchFormInput> = {}): string {
  return searchFormHtml({
    fields: ['keywords', 'tour_category', 'tour_tag', 'duration', 'date', 'min-price', 'max-price'],
    style: 'full',
    itemStyle: 'style-1',
    inputBoxStyle: 'default',
    inputSize: 'medium',
    withFrame: 'enable',
    noPdlr: false,
    enableRatingField: true,
    filters: [],
    filterState: false,
    actionUrl: 'http://127.0.0.1:8080/search-tours/',
    params,
    categories: TERMS.categories,
    taxonomies: [
      { slug: 'tour_tag', label: 'Tag', terms: TERMS.tags },
      { slug: 'tour-activity', label: 'Activity', terms: [] },
    ],
    datepickerFormat: 'd M yy',
    dateFormat: 'F j, Y',
    months: [],
    ...extra,
  }).value;
}

const captured = (name: string) =>
  canonicalHtml(extractRegion(loadExchange(name).response.body ?? '', { className: 'tourmaster-tour-search-item' })!);

describe('the search form (listing.md §1.4)', () => {
  it('is the captured form, with the head on a search request', () => {
    expect(canonicalHtml(form({}))).toBe(captured('page-search-tours'));
    const params = { 'tour-search': '', 'tax-tour_category': 'islands' };
    expect(canonicalHtml(form(params, { head: { found: 5 } }))).toBe(captured('page-search-category-islands'));
    const combo = { 'tour-search': 'tour', duration: '1', rating: '7', 'min-price': '50' };
    expect(canonicalHtml(form(combo, { head: { found: 0 } }))).toBe(
      captured('page-search-combo-keyword-duration-rating'),
    );
    const date = { 'tour-search': '', date: '2027-05-15' };
    expect(canonicalHtml(form(date, { head: { found: 1 } }))).toBe(captured('page-search-date'));
  });

  it('selects numeric values as PHP compares them, never for a list or an empty value', () => {
    expect(form({ duration: '01' })).toContain('<option value="1"  selected >1 Day Tour</option>');
    expect(form({ 'tax-tour_category': ['islands'] })).not.toContain(' selected ');
    expect(form({ duration: '0' })).not.toContain(' selected ');
  });

  it('lists a type filter`s terms as checkboxes, pre-checked from a list or a comma string', () => {
    const filters = [{ slug: 'tour_tag', label: 'Tag', terms: TERMS.tags.slice(0, 7) }];
    const out = form({ 'tax-tour_tag': 'beach, boat' }, { filters, itemStyle: 'style-2', filterState: true });
    expect(out).toContain(
      '<div class="tourmaster-tour-search-type-filter" ><h3 class="tourmaster-type-filter-title"><i class="fa fa-sliders" ></i>Type Filter<i class="icon_plus tourmaster-active" ></i></h3>',
    );
    expect(out).toContain('<input type="checkbox" name="tax-tour_tag[]" value="beach" checked />');
    expect(out).toContain('<input type="checkbox" name="tax-tour_tag[]" value="acropolis"  />');
    // Style 2 folds the terms after the fifth under "More".
    expect(out).toContain('<input class="tourmaster-type-filter-show-more" type="checkbox" />');
  });

  it('uses placeholders instead of labels for borderless inputs, and repeats the action`s query', () => {
    const out = form(
      {},
      { inputBoxStyle: 'no-border', style: 'column', actionUrl: 'http://x.test/?page_id=31&lang=fr' },
    );
    expect(out).not.toContain('<label');
    expect(out).toContain('placeholder="Keywords"');
    expect(out).toContain('<option value=""  >Category</option>');
    expect(out).toContain(
      '<input type="hidden" name="page_id" value="31" /><input type="hidden" name="lang" value="fr" />',
    );
    expect(out).toContain('tourmaster-form-field  tourmaster-medium');
  });

  it('prints stored term names without encoding their entities twice', () => {
    expect(escName('Food &amp; Wine').value).toBe('Food &amp; Wine');
    expect(escName('Food & <Wine>').value).toBe('Food &amp; &lt;Wine&gt;');
  });
});
