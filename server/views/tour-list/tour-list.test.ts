import { describe, expect, it } from 'vitest';
import { parsePhpQuery } from '../../php/form-body';
import { phpJsonEncode } from '../../php/json';
import { listDisplayOf } from '../../tourmaster/listing/display';
import { parseListSettings } from '../../tourmaster/listing/settings';
import type { TourListItem } from './item';
import { tourListItemsHtml } from './items';
import { ajaxPaginationHtml, linkPaginationHtml, pagedUrl } from './pagination';
import { trimWords } from './parts';
import { settingsAttr, settingsPhpValue } from './settings-json';

const settingsOf = (body: string) => parseListSettings(parsePhpQuery(body).settings, [])!;

const item = (id: number, title = `Tour ${id}`): TourListItem => ({
  id,
  url: `http://x.test/tour/t${id}/`,
  titleHtml: title,
  excerpt: 'A short excerpt.',
  content: '',
  price: { price: '$10' },
  rating: { score: 0, reviewer: 0 },
  info: {},
});

describe('tour list items', () => {
  it('starts a row whenever the column sizes pass 60', () => {
    const display = listDisplayOf(settingsOf('settings[tour-style]=grid&settings[column-size]=20'));
    const out = tourListItemsHtml(
      [1, 2, 3, 4, 5].map((n) => item(n)),
      display,
    ).value;
    const firsts = [...out.matchAll(/tourmaster-column-20( tourmaster-column-first)?"/g)].map((m) => Boolean(m[1]));
    expect(firsts).toEqual([true, false, false, true, false]);
  });

  it('does not wrap full and medium items, and leaves out an empty rating in grids only', () => {
    const medium = tourListItemsHtml(
      [item(1)],
      listDisplayOf(settingsOf('settings[tour-style]=medium&settings[tour-rating]=enable')),
    );
    expect(medium.value).not.toContain('gdlr-core-item-list');
    expect(medium.value).toContain('tourmaster-tour-rating-empty');
    const grid = tourListItemsHtml(
      [item(1)],
      listDisplayOf(settingsOf('settings[tour-style]=grid&settings[tour-rating]=enable')),
    );
    expect(grid.value).not.toContain('tourmaster-tour-rating');
  });

  it('prints the frame class and the validated title style', () => {
    const display = listDisplayOf(
      settingsOf(
        'settings[tour-style]=full&settings[with-frame]=enable&settings[tour-title-font-size]=22px&settings[tour-border-radius]=3px',
      ),
    );
    const out = tourListItemsHtml([item(1)], display).value;
    expect(out).toContain('tourmaster-tour-full tourmaster-item-mglr clearfix tourmaster-tour-frame');
    expect(out).toContain('<div class="tourmaster-tour-full-inner"  style="border-radius: 3px;">');
    expect(out).toContain('style="font-size: 22px;"');
  });

  it('trims an excerpt to words without tags', () => {
    expect(trimWords('<p>One <b>two</b>\nthree four</p>', 3)).toBe('One two three [&hellip;]');
    expect(trimWords('One two', 3)).toBe('One two');
    expect(trimWords('a <script>alert(1)</script> b < c', 10)).toBe('a b &lt; c');
  });
});

describe('settings echo', () => {
  it('keeps the posted order, and the search queries in the search page`s shape', () => {
    const settings = settingsOf(
      'settings[s]=&settings[tax_query][relation]=AND&settings[tax_query][0][0][terms]=islands' +
        '&settings[tax_query][0][0][taxonomy]=tour_category&settings[tax_query][0][0][field]=slug&settings[meta_query][relation]=AND' +
        '&settings[with-frame]=enable&settings[paged]=1',
    );
    expect(phpJsonEncode(settingsPhpValue(settings))).toBe(
      '{"s":"","tax_query":{"relation":"AND","0":[{"terms":"islands","taxonomy":"tour_category","field":"slug"}]},' +
        '"meta_query":{"relation":"AND"},"with-frame":"enable","paged":"1"}',
    );
  });

  it('escapes the settings for the attribute', () => {
    const settings = settingsOf('settings[s]="><script>alert(1)</script>');
    expect(settingsAttr(settings).value).toBe(
      '{&quot;s&quot;:&quot;\\&quot;&gt;&lt;script&gt;alert(1)&lt;\\/script&gt;&quot;}',
    );
  });
});

describe('paginations', () => {
  it('prints the ajax page numbers with the settings, nothing for one page', () => {
    const settings = settingsOf('settings[num-fetch]=3&settings[paged]=2&settings[pagination-style]=circle-border');
    const out = ajaxPaginationHtml(settings, 2, 3, { ajaxUrl: 'http://x.test/wp-admin/admin-ajax.php' })!.value;
    expect(out).toContain('tourmaster-style-circle tourmaster-right-align tourmaster-with-border');
    expect(out).toContain(
      '<a class="page-numbers tourmaster-active" data-ajax-name="paged" data-ajax-value="2" >2</a> ',
    );
    expect(ajaxPaginationHtml(settings, 1, 1, { ajaxUrl: '' })).toBeUndefined();
  });

  it('prints link pagination as paginate_links does', () => {
    const out = linkPaginationHtml({
      current: 2,
      total: 3,
      pageUrl: (n) => pagedUrl('http://x.test/tour-category/islands/', n, true),
      extraClass: 'tourmaster-item-pdlr',
    }).value;
    expect(out).toBe(
      '<div class="gdlr-core-pagination  gdlr-core-style-round gdlr-core-right-align tourmaster-item-pdlr" >' +
        '<a class="prev page-numbers" href="http://x.test/tour-category/islands/"></a>\n' +
        '<a class="page-numbers" href="http://x.test/tour-category/islands/">1</a>\n' +
        '<span aria-current="page" class="page-numbers current">2</span>\n' +
        '<a class="page-numbers" href="http://x.test/tour-category/islands/page/3/">3</a>\n' +
        '<a class="next page-numbers" href="http://x.test/tour-category/islands/page/3/"></a></div>',
    );
    expect(pagedUrl('http://x.test/?tour-search=', 2, false)).toBe('http://x.test/?tour-search=&paged=2');
    expect(pagedUrl('http://x.test/search/?a=1', 2, true)).toBe('http://x.test/search/page/2/?a=1');
  });
});
