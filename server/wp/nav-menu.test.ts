import { describe, expect, it } from 'vitest';
import { type NavMenuItemRow, type NavMenuLinks, navMenuTree } from './nav-menu';

const HOME = 'http://site.test';
const row = (id: number, fields: Partial<NavMenuItemRow>): NavMenuItemRow => ({
  id,
  title: '',
  type: 'custom',
  objectId: 0,
  url: '',
  parent: 0,
  ...fields,
});

describe('navMenuTree', () => {
  const links: NavMenuLinks = {
    posts: new Map([
      [10, { title: 'About', slug: 'about', type: 'page', status: 'publish' }],
      [11, { title: 'News', slug: 'news', type: 'post', status: 'publish' }],
      [12, { title: 'Room', slug: 'room', type: 'room', status: 'publish' }],
      [13, { title: 'Draft', slug: 'draft', type: 'post', status: 'draft' }],
      [14, { title: 'Orphan page', slug: 'orphan', type: 'page', status: 'publish' }],
    ]),
    terms: new Map([
      [20, { name: 'Asia', slug: 'asia', taxonomy: 'tour_category' }],
      [21, { name: 'Walks', slug: 'walks', taxonomy: 'tour-activity' }],
    ]),
    pages: [{ id: 10, slug: 'about', title: 'About', parentId: 0, menuOrder: 0 }],
  };

  it('links pages, posts, other post types and terms, titled from their object when untitled', () => {
    const menu = navMenuTree(
      [
        row(1, { type: 'post_type', objectId: 10 }),
        row(2, { type: 'post_type', objectId: 11, title: 'Latest' }),
        row(3, { type: 'post_type', objectId: 12 }),
        row(4, { type: 'taxonomy', objectId: 20 }),
        row(5, { type: 'taxonomy', objectId: 21 }),
        row(6, { type: 'post_type', objectId: 14 }),
      ],
      links,
      HOME,
    );
    expect(menu.map((i) => [i.title, i.url])).toEqual([
      ['About', `${HOME}/about/`],
      ['Latest', `${HOME}/news/`],
      ['Room', `${HOME}/?p=12`],
      ['Asia', `${HOME}/tour-category/asia/`],
      ['Walks', `${HOME}/tour-activity/walks/`],
      ['Orphan page', `${HOME}/orphan/`],
    ]);
  });

  it('leaves out items whose object is gone or unpublished, untitled custom links and unknown types', () => {
    const menu = navMenuTree(
      [
        row(1, { type: 'post_type', objectId: 13, title: 'Draft' }),
        row(2, { type: 'post_type', objectId: 99, title: 'Gone' }),
        row(3, { type: 'taxonomy', objectId: 99, title: 'Gone term' }),
        row(4, { type: 'custom', url: 'https://x.test/' }),
        row(5, { type: 'post_type_archive', title: 'Archive' }),
      ],
      links,
      HOME,
    );
    expect(menu).toEqual([]);
  });

  it('nests items under their parent; an item whose parent is left out is a root', () => {
    const menu = navMenuTree(
      [
        row(1, { title: 'Top', url: '/top' }),
        row(2, { title: 'Child', url: '/child', parent: 1 }),
        row(3, { title: 'Lost', url: '/lost', parent: 42 }),
      ],
      links,
      HOME,
    );
    expect(menu).toEqual([
      { title: 'Top', url: '/top', children: [{ title: 'Child', url: '/child', children: [] }] },
      { title: 'Lost', url: '/lost', children: [] },
    ]);
  });
});
