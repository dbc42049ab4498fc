import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRawMeta } from '../../data/meta';
import { readWishList } from '../../data/wish-list';
import { WISH_LIST_LOGIN_MESSAGE, WISH_LIST_UNKNOWN_TOUR_MESSAGE } from '../../services/wish-list/add-to-wish-list';
import { CAPTURE_NOW, postAjax, startTestServer, type TestServer } from '../../testing/app';
import { createTestDatabase, type TestDatabase } from '../../testing/db';
import { loggedInCookie } from '../../testing/login-cookie';

/**
 * tourmaster_add_wish_list on both engines: logged-in only in effect, published tours only,
 * duplicates ignored, the plugin's storage, and a reply that never reflects the request.
 */
let tdb: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  tdb = await createTestDatabase();
  server = await startTestServer(tdb, { now: CAPTURE_NOW });
});

afterAll(async () => {
  await server?.close();
  await tdb?.drop();
});

async function loginCookie(login: string): Promise<string> {
  return loggedInCookie(tdb, server, login);
}

async function add(body: string, cookie?: string) {
  const reply = await postAjax(server.baseUrl, `action=tourmaster_add_wish_list&${body}`, cookie ? { cookie } : {});
  expect(reply.status).toBe(200);
  expect(reply.headers.get('content-type')).toBe('application/json; charset=UTF-8');
  return { text: reply.text, json: reply.json() };
}

const stored = (userId: number) => getRawMeta(tdb.wp, 'user', userId, 'tourmaster-wish-list');

describe('tourmaster_add_wish_list', () => {
  it('appends a published tour as the plugin stores it, and answers the captured success shape', async () => {
    const cookie = await loginCookie('customer1');
    expect(await stored(2)).toBe('a:2:{i:0;s:1:"4";i:1;s:1:"7";}');
    expect((await add('tour-id=6', cookie)).json).toEqual({ action: 'tourmaster_add_wish_list', 'tour-id': '6' });
    expect(await stored(2)).toBe('a:3:{i:0;s:1:"4";i:1;s:1:"7";i:2;s:1:"6";}');
    expect(await readWishList(tdb.wp, 2)).toEqual(['4', '7', '6']);
  });

  it('ignores a tour already in the list (also written differently)', async () => {
    const cookie = await loginCookie('customer1');
    await add('tour-id=6', cookie);
    await add('tour-id=06', cookie);
    await add('tour-id=%206%20', cookie);
    expect(await readWishList(tdb.wp, 2)).toEqual(['4', '7', '6']);
  });

  it('starts a list for a user without one', async () => {
    const cookie = await loginCookie('customer3');
    expect(await stored(4)).toBeUndefined();
    await add('tour-id=9', cookie);
    expect(await stored(4)).toBe('a:1:{i:0;s:1:"9";}');
  });

  it('after a removal left a gap in the keys, appends after the highest key (PHP $list[] = …)', async () => {
    const cookie = await loginCookie('customer3');
    await tdb.wp
      .knex(tdb.wp.t.usermeta)
      .where({ user_id: 4, meta_key: 'tourmaster-wish-list' })
      .update({ meta_value: 'a:1:{i:1;s:1:"7";}' });
    await add('tour-id=5', cookie);
    expect(await stored(4)).toBe('a:2:{i:1;s:1:"7";i:2;s:1:"5";}');
  });

  it('a guest gets a clear failure in JSON, nothing stored (legacy echoed the POST as text/html)', async () => {
    const { json, text } = await add('tour-id=6&extra=%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(json).toEqual({ status: 'failed', message: WISH_LIST_LOGIN_MESSAGE });
    expect(text).not.toContain('script');
  });

  it('refuses what is not a published tour, and never reflects it', async () => {
    const cookie = await loginCookie('customer2');
    const before = await stored(3);
    for (const id of ['abc%3Cscript%3E', '999999', '0', '-4', '', '4.5']) {
      const { json, text } = await add(`tour-id=${id}&extra=echoed`, cookie);
      expect(json).toEqual({ status: 'failed', message: WISH_LIST_UNKNOWN_TOUR_MESSAGE });
      expect(text).not.toMatch(/script|echoed/);
    }
    const page = await tdb.wp.knex(tdb.wp.t.posts).first('ID').where({ post_type: 'page', post_status: 'publish' });
    expect((await add(`tour-id=${page!.ID}`, cookie)).json).toMatchObject({ status: 'failed' });
    await tdb.wp.knex(tdb.wp.t.posts).where('ID', 10).update({ post_status: 'draft' });
    try {
      expect((await add('tour-id=10', cookie)).json).toMatchObject({ status: 'failed' });
    } finally {
      await tdb.wp.knex(tdb.wp.t.posts).where('ID', 10).update({ post_status: 'publish' });
    }
    expect(await stored(3)).toBe(before);
  });

  it('simultaneous adds of different tours all land', async () => {
    const cookie = await loginCookie('customer2');
    await Promise.all(['4', '5', '6', '7', '8'].map((id) => add(`tour-id=${id}`, cookie)));
    expect([...(await readWishList(tdb.wp, 3))].sort()).toEqual(['4', '5', '6', '7', '8']);
  });
});
