import { describe, expect, it } from 'vitest';
import {
  authorPath,
  categoryPath,
  matchPostPath,
  type PermalinkSettings,
  pagedPath,
  pagePath,
  postPath,
  tagPath,
} from './permalinks';

const POSTNAME: PermalinkSettings = { structure: '/%postname%/', categoryBase: '', tagBase: '' };
const PLAIN: PermalinkSettings = { structure: '', categoryBase: '', tagBase: '' };
const DATED: PermalinkSettings = {
  structure: '/blog/%year%/%monthnum%/%postname%/',
  categoryBase: 'topics',
  tagBase: '',
};
const post = {
  id: 15,
  slug: 'santorini',
  date: '2026-01-03 09:00:00',
  categoryPath: 'guides/islands',
  authorNicename: 'admin',
};

describe('permalinks', () => {
  it("builds the fixture site's /%postname%/ links", () => {
    expect(postPath(POSTNAME, post)).toBe('/santorini/');
    expect(pagePath(POSTNAME, 5, ['parent', 'child'])).toBe('/parent/child/');
    expect(categoryPath(POSTNAME, 31, ['travel-guides'])).toBe('/category/travel-guides/');
    expect(tagPath(POSTNAME, 'greece')).toBe('/tag/greece/');
    expect(authorPath(POSTNAME, 1, 'admin')).toBe('/author/admin/');
    expect(pagedPath(POSTNAME, '/', 2)).toBe('/page/2/');
    expect(pagedPath(POSTNAME, '/blog/', 3)).toBe('/blog/page/3/');
    expect(pagedPath(POSTNAME, '/', 1)).toBe('/');
  });

  it('builds plain links when the structure is empty', () => {
    expect(postPath(PLAIN, post)).toBe('/?p=15');
    expect(pagePath(PLAIN, 5, ['a'])).toBe('/?page_id=5');
    expect(categoryPath(PLAIN, 31, ['x'])).toBe('/?cat=31');
    expect(pagedPath(PLAIN, '/', 2)).toBe('/?paged=2');
    expect(pagedPath(PLAIN, '/?page_id=7', 2)).toBe('/?page_id=7&paged=2');
  });

  it("fills date tags and puts archives under the structure's front", () => {
    expect(postPath(DATED, post)).toBe('/blog/2026/01/santorini/');
    expect(categoryPath(DATED, 31, ['guides'])).toBe('/blog/topics/guides/');
    expect(tagPath(DATED, 'greece')).toBe('/blog/tag/greece/');
    expect(pagePath(DATED, 5, ['about'])).toBe('/about/');
  });

  it('drops the trailing slash when the structure has none', () => {
    const bare = { ...POSTNAME, structure: '/%postname%' };
    expect(postPath(bare, post)).toBe('/santorini');
    expect(pagedPath(bare, '/', 2)).toBe('/page/2');
  });

  it('finds the slug or id a path names', () => {
    expect(matchPostPath(POSTNAME, '/santorini/')).toEqual({ slug: 'santorini' });
    expect(matchPostPath(POSTNAME, '/santorini')).toEqual({ slug: 'santorini' });
    expect(matchPostPath(POSTNAME, '/a/b/')).toBeUndefined();
    expect(matchPostPath(DATED, '/blog/2026/01/santorini/')).toEqual({ slug: 'santorini' });
    expect(matchPostPath(DATED, '/blog/2026/santorini/')).toBeUndefined();
    expect(matchPostPath({ ...POSTNAME, structure: '/archives/%post_id%/' }, '/archives/15/')).toEqual({ id: 15 });
    expect(matchPostPath(PLAIN, '/santorini/')).toBeUndefined();
  });
});
