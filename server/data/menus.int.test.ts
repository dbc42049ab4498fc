import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serialize } from '../php/serialize';
import { PhpOrderedMap } from '../php/values';
import { loadShell } from '../services/site/shell';
import { createTestDatabase, type TestDatabase } from '../testing/db';
import { mainMenuId } from '../wp/menus';
import { loadMenu } from './menus';

/** The header's menu: the theme location's `nav_menu`, else the published pages. */
let tdb: TestDatabase;
const HOME = 'http://127.0.0.1:8080';

beforeAll(async () => {
  tdb = await createTestDatabase();
});

afterAll(async () => {
  await tdb?.drop();
});

describe('main menu', () => {
  it('lists the published pages without the plugin pages and the privacy page when no menu is assigned', async () => {
    const shell = await loadShell(tdb, HOME);
    expect(shell.nav.map((item) => [item.title, item.url])).toEqual([
      ['Home', `${HOME}/`],
      ['Sample Page', `${HOME}/sample-page/`],
      ['Search Tours', `${HOME}/search-tours/`],
      ['Terms of Service', `${HOME}/terms-of-service/`],
      ['Tour List', `${HOME}/tour-list/`],
    ]);
    expect(shell.privacyUrl).toBe(`${HOME}/privacy-policy/`);
  });

  it("shows the menu assigned to the theme's main location, items in order, children under parents", async () => {
    const { wp } = tdb;
    const [termId] = await wp.knex(wp.t.terms).insert({ name: 'Main', slug: 'main', term_group: 0 });
    const [ttId] = await wp
      .knex(wp.t.termTaxonomy)
      .insert({ term_id: termId, taxonomy: 'nav_menu', description: '', parent: 0, count: 4 });
    const item = async (order: number, title: string, meta: Record<string, string>) => {
      const [id] = await wp.knex(wp.t.posts).insert({
        post_author: 1,
        post_date: '2026-11-01 00:00:00',
        post_date_gmt: '2026-11-01 00:00:00',
        post_content: '',
        post_title: title,
        post_excerpt: '',
        post_status: 'publish',
        comment_status: 'closed',
        ping_status: 'closed',
        post_password: '',
        post_name: `menu-item-${order}`,
        to_ping: '',
        pinged: '',
        post_modified: '2026-11-01 00:00:00',
        post_modified_gmt: '2026-11-01 00:00:00',
        post_content_filtered: '',
        post_parent: 0,
        guid: '',
        menu_order: order,
        post_type: 'nav_menu_item',
        post_mime_type: '',
        comment_count: 0,
      });
      await wp.knex(wp.t.termRelationships).insert({ object_id: id, term_taxonomy_id: ttId, term_order: 0 });
      for (const [meta_key, meta_value] of Object.entries(meta))
        await wp.knex(wp.t.postmeta).insert({ post_id: id, meta_key, meta_value });
      return Number(id);
    };
    const tours = await item(1, '', {
      _menu_item_type: 'post_type',
      _menu_item_object: 'page',
      _menu_item_object_id: '27',
      _menu_item_menu_item_parent: '0',
    });
    await item(2, 'Santorini', {
      _menu_item_type: 'post_type',
      _menu_item_object: 'tour',
      _menu_item_object_id: '4',
      _menu_item_menu_item_parent: String(tours),
    });
    await item(3, 'Blog', {
      _menu_item_type: 'custom',
      _menu_item_url: 'https://blog.example.test/',
      _menu_item_menu_item_parent: '0',
    });
    await item(4, 'Gone', {
      _menu_item_type: 'post_type',
      _menu_item_object: 'page',
      _menu_item_object_id: '99999',
      _menu_item_menu_item_parent: '0',
    });
    const mods = new PhpOrderedMap([
      ['nav_menu_locations', new PhpOrderedMap([['main_menu', Number(termId)]])],
      ['custom_css_post_id', -1],
    ]);
    await wp
      .knex(wp.t.options)
      .where('option_name', 'theme_mods_traveltour')
      .update({ option_value: serialize(mods) });
    expect(mainMenuId(serialize(mods))).toBe(Number(termId));

    const menu = await loadMenu(wp, Number(termId), HOME);
    expect(menu).toEqual([
      {
        title: 'Tour List',
        url: `${HOME}/tour-list/`,
        children: [{ title: 'Santorini', url: `${HOME}/tour/santorini-caldera-sunset-cruise/`, children: [] }],
      },
      { title: 'Blog', url: 'https://blog.example.test/', children: [] },
    ]);
    expect((await loadShell({ wp }, HOME)).nav).toEqual(menu);
  });
});
