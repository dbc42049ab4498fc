import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parsePhpQuery } from '../../../server/php/form-body';
import { parseListSettings } from '../../../server/tourmaster/listing/settings';
import { raw } from '../../../server/views/html';
import { tourListElementHtml } from '../../../server/views/tour-list/element';
import { pagingProps } from '../../../server/views/tour-list/section-props';
import { AJAX_URL, ajaxServer, answerAjax, capturedReply, failAjax } from '../../testing/admin-ajax';
import { listSectionOf } from './index';
import { ListSection } from './ListSection';

// Several user-event steps each: room for a loaded machine (the suites run side by side).
vi.setConfig({ testTimeout: 20_000 });

/**
 * The tour list as visitors use it, without a browser: lists our server prints (props beside the
 * marker) and the search page WordPress printed (read by the adapter), every reply a captured one.
 */
const HOLDER = '.tourmaster-tour-item-holder';
const replyOf = (name: string) => capturedReply(name) as Record<string, unknown>;
const cardsOf = (name: string) => String(replyOf(name).content);
const bodyOf = (name: string) =>
  (
    JSON.parse(readFileSync(path.resolve('legacy-fixtures/exchanges', `${name}.json`), 'utf8')) as {
      request: { body: string };
    }
  ).request.body;

/** Our server's list element for a captured list's settings, its first page's cards, mounted. */
function ourList(exchange: string, options: { filterer?: boolean; maxPages?: number; cards?: string } = {}) {
  const settings = parseListSettings(parsePhpQuery(bodyOf(exchange)).settings, [])!;
  settings.set('paged', 1);
  if (options.filterer) settings.set('filterer', 'text');
  const html = tourListElementHtml({
    settings,
    page: {
      content: raw(options.cards ?? cardsOf('tourmaster_tour_ajax-tour-list-category-all')),
      page: 1,
      maxPages: options.maxPages ?? 3,
      found: 9,
    },
    ajaxUrl: AJAX_URL,
    filterer: {
      terms: [
        { name: 'Islands', slug: 'islands' },
        { name: 'Multi-day', slug: 'multi-day' },
      ],
    },
  }).value;
  return mountList(html);
}

function mountList(html: string) {
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  const section = host.querySelector<HTMLElement>('.tourmaster-tour-item')!;
  const list = listSectionOf(section)!;
  render(<ListSection {...list} />, { container: section });
  return section;
}

const titles = (section: HTMLElement) =>
  [...section.querySelectorAll(`${HOLDER} .tourmaster-tour-title a`)].map((a) => a.textContent);
const titlesIn = (cards: string) => {
  const holder = document.createElement('div');
  holder.innerHTML = cards;
  return [...holder.querySelectorAll('.tourmaster-tour-title a')].map((a) => a.textContent);
};
const status = (section: HTMLElement) => within(section).getByRole('status');
const posted = (seen: { form: URLSearchParams }[], i = 0) => [
  seen[i]?.form.get('option[name]'),
  seen[i]?.form.get('option[value]'),
];

afterEach(() => {
  document.body.replaceChildren();
});

describe('a list with a category filterer and page numbers', () => {
  it('filters by category: the cards and the page numbers replaced, the link pressed', async () => {
    const seen = answerAjax(() => capturedReply('tourmaster_tour_ajax-tour-list-category-islands'));
    const section = ourList('tourmaster_tour_ajax-tour-list-paged-2', { filterer: true });
    const islands = within(section).getByRole('button', { name: 'Islands' });
    await userEvent.click(islands);
    await waitFor(() => expect(titles(section)).toContain('Mykonos & Delos Island Hopping'));
    expect(posted(seen)).toEqual(['category', 'islands']);
    expect(seen[0]?.form.get('settings[filterer]')).toBe('text');
    expect(islands.getAttribute('aria-pressed')).toBe('true');
    expect(within(section).getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('false');
    const pages = within(section).getByRole('navigation', { name: 'Tour list pages' });
    expect(
      within(pages)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['1', '2']);
    await waitFor(() => expect(status(section).textContent).toBe('3 tours shown.'));
    // The active link sends nothing.
    await userEvent.click(islands);
    expect(seen).toHaveLength(1);
  });

  it('goes to page 2 with the keyboard: the new current page takes the focus', async () => {
    const seen = answerAjax(() => capturedReply('tourmaster_tour_ajax-tour-list-paged-2'));
    const section = ourList('tourmaster_tour_ajax-tour-list-paged-2');
    const first = titles(section);
    expect(first).toHaveLength(3);
    const two = within(section).getByRole('link', { name: 'Page 2' });
    two.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(within(section).getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page'),
    );
    expect(posted(seen)).toEqual(['paged', '2']);
    expect(document.activeElement?.textContent).toBe('2');
    expect(titles(section)).toEqual(titlesIn(cardsOf('tourmaster_tour_ajax-tour-list-paged-2')));
    expect(titles(section)).not.toEqual(first);
    await waitFor(() => expect(status(section).textContent).toBe('3 tours shown, page 2.'));
  });

  it('says "No tours found." for an empty page, and the page numbers go (focus to the list)', async () => {
    answerAjax(() => capturedReply('tourmaster_tour_ajax-tour-list-paged-9-out-of-range'));
    const section = ourList('tourmaster_tour_ajax-tour-list-paged-2');
    within(section).getByRole('link', { name: 'Page 3' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(section.querySelector(`${HOLDER} .dropin-list-empty`)?.textContent).toBe('No tours found.'),
    );
    // The page numbers that had the focus are going: the list takes it.
    expect(document.activeElement).toBe(section.querySelector(HOLDER));
    await waitFor(() => expect(within(section).queryByRole('navigation')).toBeNull());
    await waitFor(() => expect(status(section).textContent).toBe('No tours found.'));
  });

  it('takes the typed paging of our replies before their markup', async () => {
    const reply = replyOf('tourmaster_tour_ajax-tour-list-category-multi-day');
    const settings = parseListSettings(parsePhpQuery(bodyOf('tourmaster_tour_ajax-tour-list-paged-2')).settings, [])!;
    answerAjax(() => ({ ...reply, props: { paging: pagingProps(settings, 1, 2) } }));
    const section = ourList('tourmaster_tour_ajax-tour-list-paged-2', { filterer: true });
    await userEvent.click(within(section).getByRole('button', { name: 'Multi-day' }));
    await waitFor(() => expect(titles(section)).toHaveLength(1));
    // The legacy markup says 'none'; the typed props say two pages.
    expect(reply.pagination).toBe('none');
    const pages = within(section).getByRole('navigation', { name: 'Tour list pages' });
    expect(
      within(pages)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['1', '2']);
  });
});

describe('a grid with "Load More"', () => {
  it('adds the next pages after the cards until there are none, focus on the first new tour', async () => {
    const seen = answerAjax(({ form }) =>
      capturedReply(`tourmaster_tour_ajax-tour-list-load-more-${form.get('option[value]')}`),
    );
    const section = ourList('tourmaster_tour_ajax-tour-list-load-more-2');
    await userEvent.click(within(section).getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(titles(section)).toHaveLength(6));
    expect(document.activeElement?.textContent).toBe('Mykonos & Delos Island Hopping');
    await waitFor(() => expect(status(section).textContent).toBe('3 more tours loaded, 6 tours shown.'));
    await userEvent.click(within(section).getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(titles(section)).toHaveLength(8));
    expect(seen.map((s) => s.form.get('option[value]'))).toEqual(['2', '3']);
    await waitFor(() => expect(within(section).queryByRole('button', { name: 'Load More' })).toBeNull());
    await waitFor(() => expect(status(section).textContent).toBe('2 more tours loaded. All 8 tours are shown.'));
  });
});

describe('the search page WordPress rendered (order filterer)', () => {
  const searchPage = () =>
    mountList(
      readFileSync(path.resolve('legacy-fixtures/pages/search-tours.html'), 'utf8').replaceAll(
        'http://127.0.0.1:8080/wp-admin/admin-ajax.php',
        AJAX_URL,
      ),
    );

  it('sorts: the captured settings posted, the reply’s settings kept for the next request', async () => {
    const seen = answerAjax(({ form }) =>
      capturedReply(
        form.get('option[name]') === 'orderby'
          ? 'tourmaster_tour_order_ajax-search-orderby-price-asc'
          : 'tourmaster_tour_order_ajax-search-item-style-grid',
      ),
    );
    const section = searchPage();
    const orderby = within(section).getByRole('combobox', { name: 'Sort by' });
    await userEvent.selectOptions(orderby, 'price');
    await waitFor(() => expect(status(section).textContent).toBe('8 tours shown.'));
    expect(posted(seen)).toEqual(['orderby', 'price']);
    expect(titles(section)).toEqual(titlesIn(cardsOf('tourmaster_tour_order_ajax-search-orderby-price-asc')));
    const grid = within(section).getByRole('button', { name: 'Grid view' });
    await userEvent.click(grid);
    await waitFor(() => expect(seen).toHaveLength(2));
    // The first reply's settings (price, ascending) are what the second request carries.
    expect(seen[1]?.form.get('settings[orderby]')).toBe('price');
    await waitFor(() => expect(grid.getAttribute('aria-pressed')).toBe('true'));
  });

  it('keeps the list on an HTTP failure: the select goes back, the live region says so', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    failAjax(502);
    const section = searchPage();
    const before = section.querySelector(HOLDER)?.innerHTML;
    const orderby = within(section).getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement;
    await userEvent.selectOptions(orderby, 'rating');
    await waitFor(() => expect(status(section).textContent).toMatch(/could not be loaded/));
    expect(orderby.value).toBe('date');
    expect(section.querySelector(HOLDER)?.innerHTML).toBe(before);
    expect(section.querySelector(HOLDER)?.hasAttribute('aria-busy')).toBe(false);
    expect(warn.mock.calls[0]?.[0]).toContain('[island ListSection]');
    warn.mockRestore();
  });

  it('keeps the list on the server’s refusal, and takes one request at a time', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A slow refusal: held until the second control has been tried.
    let seen = 0;
    ajaxServer.use(
      http.post(AJAX_URL, async () => {
        seen++;
        await held;
        return HttpResponse.json(capturedReply('tourmaster_tour_ajax-no-settings') as never);
      }),
    );
    const section = searchPage();
    const grid = within(section).getByRole('button', { name: 'Grid view' });
    await userEvent.click(grid);
    await waitFor(() => expect(section.querySelector(HOLDER)?.getAttribute('aria-busy')).toBe('true'));
    expect(grid.getAttribute('aria-pressed')).toBe('true');
    const orderby = within(section).getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement;
    await userEvent.selectOptions(orderby, 'title');
    expect(orderby.value).toBe('date');
    release();
    await waitFor(() => expect(status(section).textContent).toMatch(/could not be loaded/));
    expect(seen).toBe(1);
    expect(grid.getAttribute('aria-pressed')).toBe('false');
    expect(within(section).getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('true');
    warn.mockRestore();
  });
});
