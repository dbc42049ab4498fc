import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { loadExchange } from '../../../server/parity/exchanges';
import { type SearchFormInput, searchFormHtml } from '../../../server/views/tour-list/search-form';
import { searchFormProps } from '../../common/islands/SearchForm';
import { readIslandProps } from '../../lib/island-props';
import { adaptSearchForm } from './adapter';
import { SearchForm } from './SearchForm';

// Several user-event steps each: room for a loaded machine (the suites run side by side).
vi.setConfig({ testTimeout: 20_000 });

/**
 * The search form without a browser: the adapter against the form WordPress printed (the captured
 * search pages) and against ours, and the fields' states (date, stars, type filter, "Clear Filter").
 */
const tags = ['beach', 'boat', 'hiking', 'history', 'sailing', 'sunset', 'unesco'].map((slug) => ({
  slug,
  name: slug,
}));
const categories = [
  { slug: 'day-trips', name: 'Day Trips' },
  { slug: 'islands', name: 'Islands &amp; Sea' },
];

/** Our form for the captured page's site (the search page's options), with `extra` on top. */
function ourForm(params: Record<string, unknown>, extra: Partial<SearchFormInput> = {}): string {
  return searchFormHtml({
    fields: ['keywords', 'tour_category', 'tour_tag', 'duration', 'date', 'min-price', 'max-price'],
    ...{ style: 'full', itemStyle: 'style-1', inputBoxStyle: 'default', inputSize: 'medium', withFrame: 'enable' },
    ...{ noPdlr: false, enableRatingField: true, filters: [], filterState: false, params, categories, months: [] },
    actionUrl: 'http://127.0.0.1:8080/search-tours/',
    taxonomies: [{ slug: 'tour_tag', label: 'Tag', terms: tags }],
    ...{ datepickerFormat: 'd M yy', dateFormat: 'F j, Y' },
    ...extra,
  }).value;
}

const formIn = (html: string) =>
  new DOMParser()
    .parseFromString(html, 'text/html')
    .querySelector('.tourmaster-tour-search-item form') as HTMLFormElement;

function mounted(html: string): HTMLFormElement {
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.replaceChildren(host);
  const form = host.querySelector('.tourmaster-tour-search-item form') as HTMLFormElement;
  const props = readIslandProps('SearchForm', form, searchFormProps) ?? adaptSearchForm(form);
  render(<SearchForm parts={props.parts} />, { container: form });
  return form;
}

const sent = (form: HTMLFormElement) => [...new FormData(form)].map(([k, v]) => `${k}=${v}`);

describe('the form WordPress printed', () => {
  it('reads as the props our server writes for the same request', () => {
    const legacy = formIn(loadExchange('page-search-combo-keyword-duration-rating').response.body ?? '');
    const props = adaptSearchForm(legacy);
    expect(props.parts.map((p) => p.kind)).toEqual([
      'text',
      'select',
      'select',
      'select',
      'date',
      'text',
      'text',
      'rating',
      'clear',
      'submit',
    ]);
    expect(props.parts[7]).toEqual({ kind: 'rating', drawn: 7 });
    const params = { 'tour-search': 'tour', duration: '1', rating: '7', 'min-price': '50' };
    const ours = readIslandProps('SearchForm', formIn(ourForm(params)), searchFormProps);
    // The site's terms differ from the capture's; every other part is the same.
    const withoutTerms = (parts: typeof props.parts) =>
      parts.filter((p) => !(p.kind === 'select' && p.name.startsWith('tax-')));
    expect(withoutTerms(props.parts)).toEqual(withoutTerms(ours?.parts ?? []));
  });

  it('submits the fields it printed, as the plugin’s form did', () => {
    const form = mounted(loadExchange('page-search-combo-keyword-duration-rating').response.body ?? '');
    expect(sent(form)).toContain('tour-search=tour');
    expect(sent(form)).toContain('duration=1');
    expect(sent(form)).toContain('rating=0');
  });
});

describe('our form', () => {
  const styleTwo: Partial<SearchFormInput> = {
    itemStyle: 'style-2',
    inputBoxStyle: 'no-border',
    spaceBetweenInput: '12px',
    filters: [{ slug: 'tour_tag', label: 'Tags', terms: tags }],
    filterState: true,
    actionUrl: 'http://x.test/?page_id=12',
  };

  it('reads back, style-2 checkboxes, price columns, placeholders and the type filter included, as its props', () => {
    const form = formIn(ourForm({ 'tax-tour_tag': 'boat,sunset', date: '2026-12-03' }, styleTwo));
    const written = readIslandProps('SearchForm', form, searchFormProps);
    expect(written?.parts.map((p) => p.kind)).toContain('column');
    expect(written?.parts.find((p) => p.kind === 'terms')).toMatchObject({ title: 'Category', foldAfter: 0 });
    const filter = written?.parts.find((p) => p.kind === 'type-filter');
    expect(filter?.kind === 'type-filter' && filter.groups[0]).toMatchObject({ title: 'Tags', foldAfter: 5 });
    expect(adaptSearchForm(form)).toEqual(written);
  });

  it('clears the date, and "Clear Filter" puts every filter back to any, the page’s own query kept', async () => {
    const params = {
      'tour-search': 'island',
      'tax-tour_category': 'islands',
      date: '2026-12-03',
      'tax-tour_tag': ['boat'],
    };
    const form = mounted(ourForm(params, styleTwo));
    const date = form.querySelector('input[name="date"]') as HTMLInputElement;
    expect(date.value).toBe('2026-12-03');
    await userEvent.click(screen.getByRole('button', { name: 'Clear date' }));
    expect(date.value).toBe('');
    expect((form.querySelector('input.tourmaster-datepicker') as HTMLInputElement).value).toBe('');

    await userEvent.type(screen.getByPlaceholderText('Min Price'), '50');
    const stars = screen.getByRole('slider', { name: 'Rating' });
    await userEvent.click(stars.querySelector('[data-rating-score="7"]') as Element);
    expect(stars.getAttribute('aria-valuenow')).toBe('7');
    stars.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(sent(form)).toEqual(
      expect.arrayContaining(['page_id=12', 'tour-search=island', 'tax-tour_tag[]=boat', 'min-price=50', 'rating=8']),
    );
    await userEvent.click(screen.getByRole('button', { name: /Clear Filter/ }));
    expect(sent(form).filter((f) => !f.endsWith('='))).toEqual(['page_id=12', 'rating=0']);
    expect(stars.querySelectorAll('.fa-star, .fa-star-half-empty')).toHaveLength(0);
  });

  it('opens and closes the type filter from its title or with the keyboard, and "More" unfolds the rest', async () => {
    const form = mounted(ourForm({}, { ...styleTwo, filterState: false }));
    const toggle = within(form).getByRole('button', { name: 'Type Filter' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(within(form).getByText('Type Filter'));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const more = within(form).getAllByRole('button', { name: 'More' })[0] as HTMLElement;
    expect(more.getAttribute('aria-expanded')).toBe('false');
    more.focus();
    await userEvent.keyboard(' ');
    expect(more.getAttribute('aria-expanded')).toBe('true');
    const folded = document.getElementById(more.getAttribute('aria-controls') ?? '');
    expect(folded?.style.display).toBe('block');
  });
});
