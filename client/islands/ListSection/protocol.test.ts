import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeParams } from '../../lib/ajax';
import { announcement, parseSettings, readReply, requestBody } from './protocol';

const ROOT = path.resolve(__dirname, '../../..');
const exchange = (name: string) =>
  JSON.parse(readFileSync(path.join(ROOT, 'legacy-fixtures', 'exchanges', `${name}.json`), 'utf8')) as {
    request: { body: string; form_nested: { settings: Record<string, unknown> } };
    response: { json: unknown };
  };

/** The order filterer's `data-settings` on a captured search page, as the browser reads the attribute. */
function pageSettings(page: string): string {
  const html = readFileSync(path.join(ROOT, 'legacy-fixtures', 'pages', `${page}.html`), 'utf8');
  const attr = /data-tm-ajax="tourmaster_tour_order_ajax" data-settings="([^"]*)"/.exec(html)?.[1] ?? '';
  return attr
    .replaceAll('&quot;', '"')
    .replaceAll('&#039;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

const pairs = (body: string) => [...new URLSearchParams(body)].map(([k, v]) => `${k}=${v}`).sort();

describe('the request a list control posts (listing.md §2.8)', () => {
  it('is the captured order-filterer body: the page settings verbatim, then the option', () => {
    const body = encodeParams(
      requestBody('tourmaster_tour_order_ajax', parseSettings(pageSettings('search-tours')), 'item-style', 'grid'),
    );
    expect(body).toBe(exchange('tourmaster_tour_order_ajax-search-item-style-grid').request.body);
  });

  it('is the captured load-more body (empty arrays left out, numbers as text)', () => {
    const { request } = exchange('tourmaster_tour_ajax-tour-list-load-more-2');
    const body = encodeParams(
      requestBody('tourmaster_tour_ajax', request.form_nested.settings as Record<string, never>, 'paged', '2'),
    );
    expect(body).toBe(request.body);
  });

  it('nests the search tax_query as jQuery does (same pairs as the capture)', () => {
    const body = encodeParams(
      requestBody(
        'tourmaster_tour_order_ajax',
        parseSettings(pageSettings('search-islands-filtered')),
        'orderby',
        'price',
      ),
    );
    expect(body).toContain('settings%5Btax_query%5D%5B0%5D%5B0%5D%5Bterms%5D=islands');
    expect(pairs(body)).toEqual(
      pairs(exchange('tourmaster_tour_order_ajax-search-islands-orderby-price').request.body),
    );
  });

  it('sends missing attributes as empty strings (the "All" filter link)', () => {
    expect(encodeParams(requestBody('tourmaster_tour_ajax', { paged: '2' }, null, undefined))).toBe(
      'action=tourmaster_tour_ajax&settings%5Bpaged%5D=2&option%5Bname%5D=&option%5Bvalue%5D=',
    );
  });

  it('keeps settings that are not JSON as text, as jQuery .data() did', () => {
    expect(parseSettings('{"a":"1"}')).toEqual({ a: '1' });
    expect(parseSettings('{oops')).toBe('{oops');
    expect(parseSettings(undefined)).toBe('');
  });
});

describe('a reply as the list uses it', () => {
  it('reads content, the pagination or load-more slot and the settings', () => {
    const order = readReply(exchange('tourmaster_tour_order_ajax-search-item-style-grid').response.json);
    expect(order?.content).toContain('tourmaster-tour-medium');
    expect(order?.pagination).toEqual({ kind: 'none' });
    expect(order?.loadMore).toBeUndefined();
    expect(order?.settings).toMatchObject({ 'tour-style': 'medium', paged: 1 });

    const more = readReply(exchange('tourmaster_tour_ajax-tour-list-load-more-2').response.json);
    expect(more?.loadMore).toMatchObject({ kind: 'markup' });
    expect(more?.settings).toBeUndefined();
    expect(readReply(exchange('tourmaster_tour_ajax-tour-list-load-more-3').response.json)?.loadMore).toEqual({
      kind: 'none',
    });
  });

  it('an empty page is a success with no content', () => {
    expect(readReply(exchange('tourmaster_tour_ajax-tour-list-paged-9-out-of-range').response.json)).toEqual({
      content: '',
      pagination: { kind: 'none' },
      loadMore: undefined,
    });
  });

  it('anything but status success is no reply (logged, the list unchanged)', () => {
    expect(readReply(exchange('tourmaster_tour_ajax-no-settings').response.json)).toBeUndefined();
    expect(readReply(0)).toBeUndefined();
    expect(readReply('<html>')).toBeUndefined();
    expect(readReply([])).toBeUndefined();
  });
});

describe('what the live region says', () => {
  it('counts the tours shown', () => {
    expect(announcement({ kind: 'replaced', shown: 3 })).toBe('3 tours shown.');
    expect(announcement({ kind: 'replaced', shown: 1, page: 3 })).toBe('1 tour shown, page 3.');
    expect(announcement({ kind: 'replaced', shown: 0 })).toBe('No tours found.');
    expect(announcement({ kind: 'appended', added: 3, shown: 6, more: true })).toBe(
      '3 more tours loaded, 6 tours shown.',
    );
    expect(announcement({ kind: 'appended', added: 1, shown: 7, more: false })).toBe(
      '1 more tour loaded. All 7 tours are shown.',
    );
    expect(announcement({ kind: 'failed' })).toMatch(/could not be loaded/);
  });
});
