import { describe, expect, it } from 'vitest';
import { parsePhpQuery } from '../../php/form-body';
import { MAX_NUM_FETCH, type PostedSettings, pageOf, parseListSettings } from './settings';

/** Settings as the dispatcher hands them over: a jQuery.param body decoded as PHP decodes it. */
function posted(body: string): PostedSettings {
  return parsePhpQuery(body).settings as PostedSettings;
}

const parse = (body: string) => parseListSettings(posted(body), ['tour-activity']);

describe('list settings: whitelisted and bounded (DEFECTS.md 23)', () => {
  it('keeps the posted keys, values and order of a real list', () => {
    const s = parse(
      'settings[category]=&settings[num-fetch]=3&settings[orderby]=date&settings[order]=desc&settings[tour-style]=medium' +
        '&settings[hover-info][]=title&settings[hover-info][]=icon&settings[custom-pagination]=false&settings[paged]=1',
    );
    expect([...s!.entries()]).toEqual([
      ['category', ''],
      ['num-fetch', '3'],
      ['orderby', 'date'],
      ['order', 'desc'],
      ['tour-style', 'medium'],
      ['hover-info', ['title', 'icon']],
      ['custom-pagination', 'false'],
      ['paged', '1'],
    ]);
  });

  it('has no settings when they are missing, empty or a scalar', () => {
    expect(parseListSettings(undefined, [])).toBeUndefined();
    expect(parseListSettings({}, [])).toBeUndefined();
    expect(parseListSettings('abc', [])).toBeUndefined();
    expect(parseListSettings(['a'], [])).toBeUndefined();
  });

  it('caps the page size and reads junk as the default', () => {
    expect(parse('settings[num-fetch]=100000')!.get('num-fetch')).toBe(String(MAX_NUM_FETCH));
    expect(parse('settings[num-fetch]=-1')!.get('num-fetch')).toBe(String(MAX_NUM_FETCH));
    expect(parse('settings[num-fetch]=0')!.get('num-fetch')).toBe('1');
    expect(parse('settings[num-fetch]=abc')!.get('num-fetch')).toBe('9');
    expect(parse('settings[num-fetch][]=3')!.get('num-fetch')).toBe('9');
  });

  it('reads a page that is not a positive number as page 1, and caps it', () => {
    expect(parse('settings[paged]=-1')!.get('paged')).toBe(1);
    expect(parse('settings[paged]=abc')!.get('paged')).toBe(1);
    expect(parse('settings[paged]=0')!.get('paged')).toBe(1);
    expect(parse('settings[paged]=2.5')!.get('paged')).toBe(1);
    expect(parse('settings[paged]=7')!.get('paged')).toBe('7');
    expect(pageOf(parse('settings[paged]=99999999')!)).toBe(1000);
  });

  it('replaces an orderby or order it does not know by the defaults', () => {
    const s = parse('settings[orderby]=post_title`; DROP TABLE wp_posts; --&settings[order]=desc, (SELECT 1)');
    expect(s!.get('orderby')).toBe('date');
    expect(s!.get('order')).toBe('desc');
    expect(parse('settings[orderby]=price&settings[order]=ASC')!.get('order')).toBe('ASC');
  });

  it('drops unknown keys and values that are not of their key`s form', () => {
    const s = parse(
      'settings[post_type]=page&settings[post_status]=draft&settings[tour-title-font-size]=20px;background:url(x)' +
        '&settings[tour-title-font-weight]=600&settings[thumbnail-size]=<img>&settings[tour-info][]=duration-text' +
        '&settings[tour-info][]=<script>&settings[category]=<b>&settings[layout]=masonry',
    );
    expect([...s!.entries()]).toEqual([
      ['tour-title-font-weight', '600'],
      ['tour-info', ['duration-text']],
      ['layout', 'masonry'],
    ]);
  });

  it('treats keys named like object properties as unknown keys', () => {
    expect(parse('settings[constructor]=x&settings[__proto__]=y&settings[toString]=z&settings[order]=asc')).toEqual(
      new Map([['order', 'asc']]),
    );
  });

  it('falls back to the full style for a style it does not render', () => {
    expect(parse('settings[tour-style]=modern')!.get('tour-style')).toBe('full');
    expect(parse('settings[tour-style]=grid-no-space')!.get('tour-style')).toBe('grid-no-space');
  });

  it('accepts categories as a slug, a comma list or a list, and custom taxonomy keys', () => {
    expect(parse('settings[category]=islands,day-trips')!.get('category')).toBe('islands,day-trips');
    expect(parse('settings[category][]=islands&settings[category][]=mainland')!.get('category')).toEqual([
      'islands',
      'mainland',
    ]);
    expect(parse('settings[tour-activity]=hiking')!.get('tour-activity')).toBe('hiking');
    expect(parse('settings[other-tax]=hiking')!.has('other-tax')).toBe(false);
  });

  it('accepts the search page`s tax_query and meta_query, nothing else', () => {
    const s = parse(
      'settings[tax_query][relation]=AND&settings[tax_query][0][0][terms]=islands&settings[tax_query][0][0][taxonomy]=tour_category' +
        '&settings[tax_query][0][0][field]=slug&settings[tax_query][1][0][terms]=x&settings[tax_query][1][0][taxonomy]=category' +
        '&settings[tax_query][1][0][field]=slug' +
        '&settings[meta_query][relation]=AND&settings[meta_query][0][key]=tourmaster-tour-price&settings[meta_query][0][value]=200' +
        '&settings[meta_query][0][compare]=<=&settings[meta_query][0][type]=NUMERIC' +
        '&settings[meta_query][1][key]=tourmaster-tour-option&settings[meta_query][1][value]=a&settings[meta_query][1][compare]=LIKE' +
        '&settings[meta_query][2][key]=tourmaster-tour-duration&settings[meta_query][2][value][]=2&settings[meta_query][2][value][]=4' +
        '&settings[meta_query][2][compare]=BETWEEN&settings[meta_query][2][type]=NUMERIC' +
        '&settings[meta_query][3][key]=tourmaster-tour-date&settings[meta_query][3][value]=2027-06&settings[meta_query][3][compare]=LIKE' +
        '&settings[meta_query][4][key]=tourmaster-tour-price&settings[meta_query][4][value]=1 OR 1=1&settings[meta_query][4][compare]=>=' +
        '&settings[meta_query][4][type]=NUMERIC',
    );
    expect(s!.get('tax_query')).toEqual({
      kind: 'tax',
      relation: 'AND',
      clauses: [{ taxonomy: 'tour_category', terms: 'islands' }],
    });
    expect(s!.get('meta_query')).toEqual({
      kind: 'meta',
      relation: 'AND',
      clauses: [
        { key: 'tourmaster-tour-price', compare: '<=', value: '200' },
        { key: 'tourmaster-tour-duration', compare: 'BETWEEN', value: ['2', '4'] },
        { key: 'tourmaster-tour-date', compare: 'LIKE', value: '2027-06' },
      ],
    });
    expect(parse('settings[meta_query][relation]=OR')!.has('meta_query')).toBe(false);
  });

  it('keeps a keyword search of bounded length', () => {
    expect(parse('settings[s]=old town')!.get('s')).toBe('old town');
    expect(parse(`settings[s]=${'a'.repeat(500)}`)!.get('s')).toBe('');
  });
});
