import { describe, expect, it } from 'vitest';
import { listQueryOf } from './query';
import { searchFiltersFromParams } from './search-query';
import { parseSearch } from './search-terms';
import type { ListSettings } from './settings';

describe('keyword search terms (WP_Query::parse_search)', () => {
  it('splits words, drops stopwords and single letters, keeps quoted phrases', () => {
    expect(parseSearch('old town').terms.map((t) => t.text)).toEqual(['old', 'town']);
    expect(parseSearch('the tour of a day').terms.map((t) => t.text)).toEqual(['tour', 'day']);
    expect(parseSearch('"old town" corfu').terms.map((t) => t.text)).toEqual(['old town', 'corfu']);
    expect(parseSearch('   ').terms).toEqual([]);
  });

  it('marks excluded words and drops the phrase order for them', () => {
    const s = parseSearch('cruise -sunset');
    expect(s.terms).toEqual([
      { text: 'cruise', exclude: false },
      { text: 'sunset', exclude: true },
    ]);
    expect(s.phrase).toBe('');
  });

  it('searches the whole text as one term when only stopwords or more than nine words remain', () => {
    expect(parseSearch('the of').terms.map((t) => t.text)).toEqual(['the of']);
    const many = 'w1 w2 w3 w4 w5 w6 w7 w8 w9 w10';
    expect(parseSearch(many).terms.map((t) => t.text)).toEqual([many]);
  });
});

describe('search filters from the search page`s parameters (listing.md §1.2)', () => {
  const taxonomies = ['tour_category', 'tour_tag', 'tour-activity'];

  it('builds the tax and meta clauses of each parameter', () => {
    const f = searchFiltersFromParams(
      {
        'tour-search': 'cruise',
        'tax-tour_category': ['mainland', 'multi-day'],
        'tax-tour-activity': 'hiking',
        duration: '5',
        month: '2027-06',
        'min-price': '50',
        'max-price': '200',
        rating: '7',
      },
      taxonomies,
    );
    expect(f.s).toBe('cruise');
    expect(f.tax_query.clauses).toEqual([
      { taxonomy: 'tour_category', terms: ['mainland', 'multi-day'] },
      { taxonomy: 'tour-activity', terms: 'hiking' },
    ]);
    expect(f.meta_query.clauses).toEqual([
      { key: 'tourmaster-tour-duration', compare: 'BETWEEN', value: ['5', '7'] },
      { key: 'tourmaster-tour-date', compare: 'LIKE', value: '2027-06' },
      { key: 'tourmaster-tour-price', compare: '>=', value: '50' },
      { key: 'tourmaster-tour-price', compare: '<=', value: '200' },
      { key: 'tourmaster-tour-rating-score', compare: '>=', value: '7' },
    ]);
  });

  it('adds no filter for values of another form', () => {
    expect(searchFiltersFromParams({ duration: 'constructor' }, taxonomies).meta_query.clauses).toEqual([]);
    const f = searchFiltersFromParams(
      { duration: '3', rating: '0', date: 'tomorrow', 'max-price': '1e9', 'tax-tour_tag': 'A B' },
      taxonomies,
    );
    expect(f.tax_query.clauses).toEqual([]);
    expect(f.meta_query.clauses).toEqual([]);
  });
});

describe('the query a list`s settings describe (listing.md §2.3)', () => {
  it('uses category, tag and custom taxonomy keys with relation OR by default', () => {
    const settings: ListSettings = new Map<string, string>([
      ['category', 'islands,day-trips'],
      ['tag', ''],
      ['tour-activity', 'hiking'],
      ['discount-status', 'discount'],
      ['hide-not-avail', 'enable'],
      ['num-fetch', ''],
      ['orderby', 'price'],
      ['order', 'ASC'],
      ['paged', '2'],
    ]);
    expect(listQueryOf(settings, ['tour-activity'])).toEqual({
      keywords: '',
      tax: {
        relation: 'OR',
        clauses: [
          { taxonomy: 'tour_category', terms: ['islands', 'day-trips'] },
          { taxonomy: 'tour-activity', terms: ['hiking'] },
        ],
      },
      meta: [
        { key: 'tourmaster-tour-discount', compare: '=', value: 'true' },
        { key: 'tourmaster-tour-date-avail', compare: 'EXISTS' },
      ],
      orderby: 'price',
      order: 'asc',
      perPage: 9,
      page: 2,
    });
  });

  it('uses the search keys instead when the settings carry them', () => {
    const f = searchFiltersFromParams({ 'tax-tour_category': 'islands', 'max-price': '90' }, ['tour_category']);
    const settings: ListSettings = new Map<string, ListSettings extends Map<string, infer V> ? V : never>([
      ['category', 'mainland'],
      ['discount-status', 'discount'],
      ['s', 'cruise'],
      ['tax_query', f.tax_query],
      ['meta_query', f.meta_query],
    ]);
    const q = listQueryOf(settings, []);
    expect(q.keywords).toBe('cruise');
    expect(q.tax).toEqual(f.tax_query);
    expect(q.meta).toEqual([{ key: 'tourmaster-tour-price', compare: '<=', value: '90' }]);
  });
});
