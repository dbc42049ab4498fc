import { readdirSync, readFileSync } from 'node:fs';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AJAX_URL, answerAjax, capturedReply, failAjax, type PostedAjax } from '../../testing/admin-ajax';
import { legacyPage, place } from '../../testing/legacy-markup';
import { mount } from './index';

/** The captured replies of get_single_tour_review, by what was asked (no `paged` is page 1). */
const CAPTURED = new Map(
  readdirSync('legacy-fixtures/exchanges')
    .filter((file) => /^review-.*\.json$/.test(file))
    .map((file) => file.replace(/\.json$/, ''))
    .map((name) => {
      const { request } = capturedExchange(name);
      return [askedKey(new URLSearchParams(request.body)), name] as const;
    }),
);

function capturedExchange(name: string): { request: { body: string } } {
  return JSON.parse(readFileSync(`legacy-fixtures/exchanges/${name}.json`, 'utf8'));
}

function askedKey(form: URLSearchParams): string {
  return `${['tour_id', 'sort_by', 'filter_by'].map((k) => form.get(k) ?? '').join('|')}|${form.get('paged') || '1'}`;
}

/** Answers as the plugin did to the same question; a question never captured fails the test. */
function answerAsCaptured(): PostedAjax[] {
  return answerAjax((posted) => {
    const name = CAPTURED.get(askedKey(posted.form));
    if (!name) throw new Error(`no captured reply for ${posted.form}`);
    return capturedReply(name);
  });
}

/** The Santorini page WordPress rendered, its review section mounted (its admin-ajax is the test's). */
async function santorini(): Promise<HTMLElement> {
  const section = legacyPage('tour-santorini-fixed').querySelector('.tourmaster-single-review')!;
  const html = section.outerHTML.replace('http://127.0.0.1:8080/wp-admin/admin-ajax.php', AJAX_URL);
  const marker = place(html).querySelector<HTMLElement>('.tourmaster-single-review')!;
  await act(async () => {
    mount(marker);
  });
  return marker;
}

const names = (marker: HTMLElement) =>
  [...marker.querySelectorAll('.tourmaster-single-review-user-name')].map((n) => n.textContent);
const settled = (marker: HTMLElement) =>
  waitFor(() =>
    expect(marker.querySelector('#tourmaster-single-review-content')?.hasAttribute('aria-busy')).toBe(false),
  );
const fields = (posted: PostedAjax) => Object.fromEntries(posted.form);

/** jsdom parses the captured pages and renders slowly on a loaded machine (the default is 5 s). */
const SLOW_MACHINE = 20_000;

describe('Reviews', { timeout: SLOW_MACHINE }, () => {
  it('sorts by rating: page 1 asked with the plugin’s fields, the list replaced, the sort pressed', async () => {
    const posted = answerAsCaptured();
    const marker = await santorini();
    const byDate = names(marker);
    expect(byDate).toHaveLength(5);
    await userEvent.click(screen.getByRole('button', { name: 'Rating' }));
    await settled(marker);
    expect(posted.map(fields)).toEqual([
      { action: 'get_single_tour_review', tour_id: '4', sort_by: 'rating', filter_by: '' },
    ]);
    expect(names(marker)).not.toEqual(byDate);
    expect(names(marker)[0]).toBe('Sophie Martin');
    expect(screen.getByRole('button', { name: 'Rating' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Date' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('pages: `paged` sent, the new page shown, the focus on its page numbers', async () => {
    const posted = answerAsCaptured();
    const marker = await santorini();
    const next = marker.querySelector<HTMLElement>('[data-paged="2"]')!;
    expect(next.getAttribute('aria-label')).toBe('Page 2');
    next.focus();
    await userEvent.keyboard('{Enter}');
    await settled(marker);
    expect(posted.map(fields)).toEqual([
      { action: 'get_single_tour_review', tour_id: '4', sort_by: 'date', filter_by: '', paged: '2' },
    ]);
    expect(names(marker)).toEqual(['Yuki Tanaka', "Liam O'Brien", 'Sophie Martin']);
    // The plugin's quirk: 8 reviews, page 2 has no number of its own; the back arrow gets the focus.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Page 1'));
  });

  it('filters by traveller type from page 1, and sorts within the filter', async () => {
    const posted = answerAsCaptured();
    const marker = await santorini();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Filter reviews by traveller type' }), 'family');
    await settled(marker);
    const types = () => [...marker.querySelectorAll('.tourmaster-single-review-user-type')].map((t) => t.textContent);
    expect(types()).toEqual(['Family Traveller', 'Family Traveller']);
    expect(marker.querySelector('.tourmaster-review-content-pagination')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Rating' }));
    await settled(marker);
    expect(types()).toEqual(['Family Traveller', 'Family Traveller']);
    expect(posted.map(fields).map((f) => [f.sort_by, f.filter_by, f.paged])).toEqual([
      ['date', 'family', undefined],
      ['rating', 'family', undefined],
    ]);
    expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('family');
  });

  it('shows an empty list when nothing matches', async () => {
    answerAjax(() => capturedReply('review-santorini-filter-couple-date-p2'));
    const marker = await santorini();
    await userEvent.click(screen.getByRole('button', { name: 'Rating' }));
    await settled(marker);
    const content = marker.querySelector('#tourmaster-single-review-content')!;
    expect(content.children).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Rating' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('keeps the list and puts the controls back when the request fails (HTTP 502)', async () => {
    failAjax(502);
    const marker = await santorini();
    const before = names(marker);
    await userEvent.selectOptions(screen.getByRole('combobox'), 'group');
    await settled(marker);
    expect(names(marker)).toEqual(before);
    expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('');
    await userEvent.click(screen.getByRole('button', { name: 'Rating' }));
    await settled(marker);
    expect(screen.getByRole('button', { name: 'Date' }).getAttribute('aria-pressed')).toBe('true');
    expect(names(marker)).toEqual(before);
  });

  it('renders the head as the plugin printed it: the rating, the sorts, the filter', async () => {
    answerAsCaptured();
    const marker = await santorini();
    const head = marker.querySelector<HTMLElement>('.tourmaster-single-review-head')!;
    expect(head.querySelector('.tourmaster-tour-rating-text')?.textContent).toBe('8 Reviews');
    expect(head.querySelectorAll('.tourmaster-tour-rating > i.fa-star')).toHaveLength(4);
    expect(
      within(head)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Filter By', 'Solo', 'Couple', 'Family', 'Group']);
  });
});
