import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePhpQuery } from '../../../server/php/form-body';
import { applyListOption, applyOrderOption } from '../../../server/tourmaster/listing/protocol';
import { parseListSettings } from '../../../server/tourmaster/listing/settings';
import { raw } from '../../../server/views/html';
import { tourListElementHtml } from '../../../server/views/tour-list/element';
import { listSectionProps, pagingProps } from '../../../server/views/tour-list/section-props';
import { listSectionProps as schema } from '../../common/islands/ListSection';
import { readIslandProps } from '../../lib/island-props';
import { adaptListSection, pagingOf, readListReply, sectionContent } from './adapter';

/**
 * The legacy adapter against what WordPress printed (the captured search pages and list replies),
 * and against our own markup: for the same list, the props it reads are the props our server writes.
 */
const fixture = (...parts: string[]) => readFileSync(path.resolve('legacy-fixtures', ...parts), 'utf8');
const exchange = (name: string) =>
  JSON.parse(fixture('exchanges', `${name}.json`)) as {
    request: { body: string };
    response: { json: Record<string, unknown> };
  };
const sectionIn = (html: string) => {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return doc.querySelector<HTMLElement>('.tourmaster-tour-item') as HTMLElement;
};
const settingsOf = (body: string) => parseListSettings(parsePhpQuery(body).settings, [])!;
const option = (body: string) => {
  const form = new URLSearchParams(body);
  return { name: form.get('option[name]') ?? '', value: form.get('option[value]') ?? '' };
};

describe('the list on a search page WordPress rendered', () => {
  const section = sectionIn(fixture('pages', 'search-tours.html'));

  it('is the props our server writes for the same list (the order filterer, no pages)', () => {
    const props = adaptListSection(section);
    const attribute = section.querySelector('[data-tm-ajax]')?.getAttribute('data-settings') ?? '';
    expect(props?.orderFilterer).toMatchObject({ orderby: 'date', order: 'desc', view: 'list-style' });
    // The settings as the page typed them (`"paged":1`); they are posted back verbatim (protocol.test.ts).
    expect(props?.orderFilterer?.settings).toEqual(JSON.parse(attribute));
    // Our server, given the settings as the browser posts them back (every value a string by then).
    const posted = settingsOf(exchange('tourmaster_tour_order_ajax-search-item-style-grid').request.body);
    const ours = listSectionProps({ settings: posted, page: { page: 1, maxPages: 1 }, ajaxUrl: props?.ajaxUrl ?? '' });
    const settings = props?.orderFilterer?.settings ?? {};
    expect(props).toEqual({ ...ours, orderFilterer: { ...ours?.orderFilterer, settings } });
    const asPosted = (value: Record<string, unknown>) =>
      JSON.parse(JSON.stringify(value, (_k, v) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : v)));
    expect(asPosted(settings)).toEqual(ours?.orderFilterer?.settings);
  });

  it('hands the cards on as they are, and nothing before the controls', () => {
    const { cards, lead } = sectionContent(section);
    expect(cards).toContain('tourmaster-tour-medium');
    expect(cards.match(/tourmaster-tour-title/g)).toHaveLength(8);
    expect(lead).toBe('');
  });
});

describe('our list markup', () => {
  it('reads back, filterer and page numbers included, as the props it carries', () => {
    const { request } = exchange('tourmaster_tour_ajax-tour-list-paged-2');
    const settings = settingsOf(request.body);
    settings.set('filterer', 'text');
    const html = tourListElementHtml({
      settings,
      page: { content: raw(''), page: 2, maxPages: 7, found: 20 },
      ajaxUrl: 'http://x.test/wp-admin/admin-ajax.php',
      filterer: { terms: [{ name: 'Day Trips & more', slug: 'day-trips' }] },
    }).value;
    const section = sectionIn(`<body>${html}</body>`);
    const written = readIslandProps('ListSection', section, schema);
    expect(written?.paging).toMatchObject({ kind: 'pages', current: 2, pages: [1, 2, 3, 4, null, 7] });
    expect(written?.filterer?.links).toEqual([{ label: 'All' }, { label: 'Day Trips & more', value: 'day-trips' }]);
    expect(adaptListSection(section)).toEqual(written);
  });

  it('has no props and nothing to adapt without ajax controls', () => {
    const settings = settingsOf('settings[tour-style]=grid&settings[pagination]=page');
    const page = { content: raw(''), page: 1, maxPages: 3, found: 9 };
    const html = tourListElementHtml({ settings, page, ajaxUrl: 'u', pageUrl: (n) => `/p/${n}` }).value;
    expect(html).not.toContain('data-island-props');
    expect(adaptListSection(sectionIn(html))).toBeUndefined();
  });
});

describe('a list reply', () => {
  it('WordPress’s page numbers read as our reply’s typed paging', () => {
    const { request, response } = exchange('tourmaster_tour_ajax-tour-list-paged-2');
    const outcome = applyListOption(settingsOf(request.body), option(request.body));
    const ours = outcome.ok ? pagingProps(outcome.settings, 2, 3) : undefined;
    expect(readListReply(response.json)?.paging).toEqual(ours);
  });

  it('WordPress’s load-more reads as our reply’s, and its last page as none', () => {
    const { request, response } = exchange('tourmaster_tour_ajax-tour-list-load-more-2');
    const outcome = applyListOption(settingsOf(request.body), option(request.body));
    expect(readListReply(response.json)?.paging).toEqual(outcome.ok ? pagingProps(outcome.settings, 2, 3) : 0);
    expect(readListReply(exchange('tourmaster_tour_ajax-tour-list-load-more-3').response.json)?.paging).toBeNull();
  });

  it('the order filterer’s reply brings its settings; ours carries the same paging as props', () => {
    const { request, response } = exchange('tourmaster_tour_order_ajax-search-item-style-grid');
    const reply = readListReply(response.json);
    expect(reply?.settings).toMatchObject({ 'tour-style': 'medium', paged: 1 });
    expect(reply?.paging).toBeNull();
    const settings = applyOrderOption(settingsOf(request.body), option(request.body));
    expect(pagingProps(settings, 1, 1)).toBeNull();
    const typed = readListReply({
      ...response.json,
      pagination: 'none',
      props: { paging: pagingProps(settings, 1, 2) },
    });
    expect(typed?.paging).toMatchObject({ kind: 'pages', current: 1, pages: [1, 2] });
  });

  it('is nothing on a refusal', () => {
    expect(readListReply(exchange('tourmaster_tour_ajax-no-settings').response.json)).toBeUndefined();
  });
});

describe('paging markup', () => {
  it('is neither page numbers nor "Load More" for anything else', () => {
    const div = document.createElement('div');
    expect(pagingOf(div)).toBeUndefined();
  });
});
