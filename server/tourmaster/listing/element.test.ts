import { describe, expect, it } from 'vitest';
import { loadExchange } from '../../parity/exchanges';
import { phpJsonEncode } from '../../php/json';
import { settingsPhpValue } from '../../views/tour-list/settings-json';
import { deriveElementKeys, hasAjaxControls, shortcodeListSettings } from './element';
import { searchKeywords, searchListSettings, searchPaged } from './search-page';
import { searchFiltersFromParams } from './search-query';

/** The `data-settings` a captured page printed (the first control's), as JSON text. */
function capturedSettings(exchange: string, nth = 0): string {
  const body = loadExchange(exchange).response.body ?? '';
  const all = [...body.matchAll(/data-settings="([^"]*)"/g)].map((m) => m[1]!);
  return all[nth]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

describe('[tourmaster_tour] settings (listing.md §2.1)', () => {
  const attrs = (text: string) => new Map([...text.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));

  it('builds the captured "Tour List" page`s settings, key for key', () => {
    const first = shortcodeListSettings(
      attrs(
        'tour-style="medium" num-fetch="3" orderby="date" order="desc" filterer="text" filterer-align="center" pagination="page" excerpt="specify-number" excerpt-number="14" tour-info="duration-text,availability" tour-rating="enable"',
      ),
      ['tour-activity'],
    );
    deriveElementKeys(first);
    first.set('paged', 1);
    expect(phpJsonEncode(settingsPhpValue(first))).toBe(capturedSettings('page-tour-list-shortcode', 0));
    const second = shortcodeListSettings(
      attrs(
        'tour-style="grid" column-size="3" num-fetch="3" orderby="date" order="desc" enable-order-filterer="enable" order-filterer-list-style="full" order-filterer-grid-style="grid" pagination="load-more" tour-rating="enable"',
      ),
      ['tour-activity'],
    );
    deriveElementKeys(second);
    second.set('paged', 1);
    const body = loadExchange('page-tour-list-shortcode').response.body ?? '';
    const count = [...body.matchAll(/data-settings="/g)].length;
    expect(phpJsonEncode(settingsPhpValue(second))).toBe(capturedSettings('page-tour-list-shortcode', count - 1));
    expect(hasAjaxControls(first)).toBe(true);
  });

  it('keeps the defaults for values that are not of their key`s form, and drops unknown keys', () => {
    const s = shortcodeListSettings(
      new Map([
        ['num-fetch', '100000'],
        ['tour-style', '<script>'],
        ['onclick', 'alert(1)'],
        ['column-size', 'abc'],
      ]),
      [],
    );
    expect(s.get('num-fetch')).toBe('50');
    expect(s.get('tour-style')).toBe('full');
    expect(s.has('onclick')).toBe(false);
    expect(s.get('column-size')).toBe(60);
  });
});

describe('the search page`s settings (listing.md §1.3)', () => {
  const general = {
    'tour-search-item-style': 'medium-with-frame',
    'tour-search-item-thumbnail': 'Tour Category',
    'tour-search-item-info': ['duration-text', 'availability'],
    'tour-search-item-excerpt': 'specify-number',
    'tour-search-item-excerpt-number': '14',
    'tour-search-item-rating': 'enable',
    'tour-search-order-filterer-grid-style': 'grid-with-frame',
    'tour-search-order-filterer-grid-style-thumbnail': 'Blog Column Thumbnail',
    'tour-search-order-filterer-grid-style-column': '30',
    'tour-search-item-num-fetch': '9',
  };

  it('prints the captured page`s settings, key for key', () => {
    const filters = searchFiltersFromParams({ 'tax-tour_category': 'islands' }, ['tour_category', 'tour_tag']);
    const settings = searchListSettings(general, filters, 1, ['tour-activity']);
    expect(phpJsonEncode(settingsPhpValue(settings))).toBe(capturedSettings('page-search-category-islands'));
  });

  it('switches to the grid variant, and holds options to the settings` rules', () => {
    const filters = searchFiltersFromParams({}, []);
    const grid = searchListSettings({ ...general, 'tour-search-default-style': 'grid' }, filters, 2, []);
    expect(grid.get('tour-style')).toBe('grid');
    expect(grid.get('has-column')).toBe('yes');
    expect(grid.get('column-size')).toBe('30');
    expect(grid.get('thumbnail-size')).toBe('Blog Column Thumbnail');
    expect(grid.get('paged')).toBe(2);
    const bounded = searchListSettings({ ...general, 'tour-search-item-num-fetch': '5000' }, filters, 1, []);
    expect(bounded.get('num-fetch')).toBe('50');
  });

  it('reads the page and the keywords as WordPress would', () => {
    expect(searchPaged({}, undefined)).toBe(1);
    expect(searchPaged({ paged: '3' }, undefined)).toBe(3);
    expect(searchPaged({ page: '2' }, undefined)).toBe(2);
    expect(searchPaged({ paged: '-4' }, undefined)).toBe(4);
    expect(searchPaged({ paged: 'abc', page: '2' }, undefined)).toBe(2);
    expect(searchPaged({ paged: ['2'] }, 5)).toBe(5);
    expect(searchPaged({ paged: '99999999999' }, undefined)).toBe(1000);
    expect(searchKeywords(['cruise'])).toBe('');
    expect(searchKeywords('a\u0000b\nc')).toBe('a b c');
    expect(Array.from(searchKeywords('😀'.repeat(300)))).toHaveLength(200);
  });
});
