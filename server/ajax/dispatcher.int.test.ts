import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConflictError } from '../core/errors';
import { loadSite } from '../data/site';
import { CAPTURE_NOW, postAjax, startTestServer, type TestServer } from '../testing/app';
import { createTestDatabase, type TestDatabase } from '../testing/db';
import { loggedInCookie } from '../testing/login-cookie';
import { defineAction } from './action';

/**
 * The dispatcher mechanism, with small actions declared here: decoding, access, validation, reply
 * encoding and error rendering, against the real app and a real database.
 */
const seen: { post?: unknown; userId?: number; files?: unknown } = {};

const echo = defineAction({
  name: 'dropin_test_echo',
  access: 'both',
  input: z.looseObject({ data: z.unknown().optional(), text: z.string().optional() }),
  handle: async (input, ctx) => {
    seen.post = input;
    seen.userId = (await ctx.user())?.user.id ?? 0;
    seen.files = ctx.files;
    return input;
  },
  reply: (input) => ({
    kind: 'json',
    body: { content: `<a href="http://x.test/">${String(input.text ?? '')}</a>`, echo: 'café' },
  }),
});

const strict = defineAction({
  name: 'dropin_test_strict',
  access: 'both',
  input: z.object({
    'tour-id': z.string({ error: 'Please choose a tour.' }).regex(/^\d+$/, 'The tour id must be a number.'),
  }),
  handle: async () => 'ok',
  reply: (r) => ({ kind: 'json', body: { status: 'success', message: r } }),
});

const members = defineAction({
  name: 'dropin_test_members',
  access: 'logged-in',
  input: z.looseObject({}),
  handle: async (_i, ctx) => (await ctx.user())!.user.login,
  reply: (login) => ({ kind: 'json', body: { login } }),
});

const crashes = defineAction({
  name: 'dropin_test_crash',
  access: 'both',
  input: z.looseObject({}),
  handle: async (): Promise<never> => {
    throw new Error('SELECT * FROM wp_users -- secret internals');
  },
  reply: () => ({ kind: 'json', body: [] }),
});

const conflicts = defineAction({
  name: 'dropin_test_conflict',
  access: 'both',
  input: z.looseObject({}),
  handle: async (): Promise<never> => {
    throw new ConflictError({ message: 'This date has just been fully booked.' });
  },
  reply: () => ({ kind: 'json', body: [] }),
  failure: (error) => ({ kind: 'json', body: { status: 'failed', message: error.message, custom: true } }),
});

let tdb: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  tdb = await createTestDatabase();
  server = await startTestServer(tdb, { actions: [echo, strict, members, crashes, conflicts] });
});

afterAll(async () => {
  await server?.close();
  await tdb?.drop();
});

async function loginCookie(login: string, now = CAPTURE_NOW): Promise<string> {
  return loggedInCookie(tdb, server, login, { now, remember: true });
}

describe('admin-ajax dispatcher', () => {
  it('answers an unknown action as WordPress does: 0 with HTTP 400 and the admin-ajax headers', async () => {
    const r = await postAjax(server.baseUrl, 'action=tourmaster_does_not_exist');
    expect(r.status).toBe(400);
    expect(r.text).toBe('0');
    expect(r.headers.get('x-robots-tag')).toBe('noindex');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('cache-control')).toBe('no-cache, must-revalidate, max-age=0');
    expect(r.headers.get('expires')).toBe('Wed, 11 Jan 1984 05:00:00 GMT');
  });

  it('answers a missing, empty, "0" or array action with 0/400', async () => {
    for (const body of ['foo=bar', 'action=', 'action=0', 'action[]=dropin_test_echo', '']) {
      const r = await postAjax(server.baseUrl, body);
      expect([r.status, r.text]).toEqual([400, '0']);
    }
  });

  it('takes the action from the query string when the body has none ($_REQUEST), the body winning', async () => {
    const viaQuery = await fetch(`${server.baseUrl}/wp-admin/admin-ajax.php?action=dropin_test_echo&text=fromget`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'text=frompost',
    });
    expect(viaQuery.status).toBe(200);
    expect(seen.post).toEqual({ text: 'frompost' });
    const bodyWins = await fetch(`${server.baseUrl}/wp-admin/admin-ajax.php?action=dropin_test_crash`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'action=dropin_test_echo',
    });
    expect(bodyWins.status).toBe(200);
    expect(await bodyWins.json()).toHaveProperty('echo', 'café');
  });

  it('runs a GET ?action= with an empty $_POST, as admin-ajax does', async () => {
    const r = await fetch(`${server.baseUrl}/wp-admin/admin-ajax.php?action=dropin_test_echo&text=x`);
    expect(r.status).toBe(200);
    expect(seen.post).toEqual({});
  });

  it('decodes nested jQuery bodies as PHP fills $_POST and replies in PHP json_encode bytes as JSON', async () => {
    const r = await postAjax(
      server.baseUrl,
      'action=dropin_test_echo&data%5Btour-id%5D=4&data[tour-people][]=2&data[tour-people][]=1&text=a+b%26c',
    );
    expect(seen.post).toEqual({
      action: 'dropin_test_echo',
      data: { 'tour-id': '4', 'tour-people': ['2', '1'] },
      text: 'a b&c',
    });
    expect(r.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(r.text).toBe('{"content":"<a href=\\"http:\\/\\/x.test\\/\\">a b&c<\\/a>","echo":"caf\\u00e9"}');
  });

  it('reads unencoded UTF-8 bytes as PHP does (browsers percent-encode, other clients may not)', async () => {
    await postAjax(server.baseUrl, 'action=dropin_test_echo&text=καλημέρα+%CE%B1');
    expect(seen.post).toEqual({ action: 'dropin_test_echo', text: 'καλημέρα α' });
  });

  it('decodes multipart posts into fields and files', async () => {
    const form = new FormData();
    form.set('action', 'dropin_test_echo');
    form.set('data[name]', 'Maria');
    form.set('avatar', new Blob([Buffer.from('fake image')], { type: 'image/png' }), 'me.png');
    const r = await fetch(`${server.baseUrl}/wp-admin/admin-ajax.php`, { method: 'POST', body: form });
    expect(r.status).toBe(200);
    expect(seen.post).toEqual({ action: 'dropin_test_echo', data: { name: 'Maria' } });
    expect(seen.files).toMatchObject({ avatar: { name: 'me.png', type: 'image/png', size: 10, error: 0 } });
  });

  it('refuses bad input with the protocol failure shape and a clear message, at HTTP 200', async () => {
    const missing = await postAjax(server.baseUrl, 'action=dropin_test_strict');
    expect(missing.status).toBe(200);
    expect(missing.json()).toEqual({ status: 'failed', message: 'Please choose a tour.' });
    const bad = await postAjax(server.baseUrl, 'action=dropin_test_strict&tour-id=4%27%20OR%201=1');
    expect(bad.json()).toEqual({ status: 'failed', message: 'The tour id must be a number.' });
    const ok = await postAjax(server.baseUrl, 'action=dropin_test_strict&tour-id=4');
    expect(ok.json()).toEqual({ status: 'success', message: 'ok' });
  });

  it('never shows a stack trace or internals when a handler crashes', async () => {
    const r = await postAjax(server.baseUrl, 'action=dropin_test_crash');
    expect(r.status).toBe(200);
    expect(r.json()).toEqual({ status: 'failed', message: 'Something went wrong on our side. Please try again.' });
    expect(r.text).not.toMatch(/SELECT|wp_users|secret|at /);
  });

  it("renders known errors through the action's own failure shape", async () => {
    const r = await postAjax(server.baseUrl, 'action=dropin_test_conflict');
    expect(r.json()).toEqual({ status: 'failed', message: 'This date has just been fully booked.', custom: true });
  });

  it('refuses a logged-in-only action to a guest with 0/400 and runs it for a valid WordPress login', async () => {
    const guest = await postAjax(server.baseUrl, 'action=dropin_test_members');
    expect([guest.status, guest.text]).toEqual([400, '0']);
    const cookie = await loginCookie('customer1');
    const member = await postAjax(server.baseUrl, 'action=dropin_test_members', { cookie });
    expect(member.status).toBe(200);
    expect(member.json()).toEqual({ login: 'customer1' });
    expect(member.headers.get('cache-control')).toBe('no-cache, must-revalidate, max-age=0, no-store, private');
  });

  it('treats a tampered, expired or unknown-session cookie as a guest', async () => {
    const cookie = await loginCookie('customer2');
    const tampered = cookie.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    expect((await postAjax(server.baseUrl, 'action=dropin_test_members', { cookie: tampered })).status).toBe(400);
    const old = await loginCookie('customer2', new Date(CAPTURE_NOW.getTime() - 20 * 86400_000));
    expect((await postAjax(server.baseUrl, 'action=dropin_test_members', { cookie: old })).status).toBe(400);
    const forged = `wordpress_logged_in_${(await loadSite(tdb.wp)).cookieHash}=customer2%7C1999999999%7Cabc%7Cdef`;
    expect((await postAjax(server.baseUrl, 'action=dropin_test_members', { cookie: forged })).status).toBe(400);
  });

  it('recognises the login on a guest-or-member action and passes the user to the handler', async () => {
    await postAjax(server.baseUrl, 'action=dropin_test_echo', { cookie: await loginCookie('customer3') });
    expect(seen.userId).toBe(4);
    await postAjax(server.baseUrl, 'action=dropin_test_echo');
    expect(seen.userId).toBe(0);
  });

  it('refuses an oversized body with a clear JSON message', async () => {
    const big = `action=dropin_test_echo&text=${'x'.repeat(9 * 1024 * 1024)}`;
    const r = await postAjax(server.baseUrl, big);
    expect(r.status).toBe(413);
    expect(r.json()).toEqual({ status: 'failed', message: 'The request is too large.' });
  });

  it('lets the site itself read replies cross-origin with credentials, and no one else', async () => {
    const own = await postAjax(server.baseUrl, 'action=dropin_test_echo', {
      headers: { Origin: 'http://127.0.0.1:8080' },
    });
    expect(own.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:8080');
    expect(own.headers.get('access-control-allow-credentials')).toBe('true');
    const other = await postAjax(server.baseUrl, 'action=dropin_test_echo', {
      headers: { Origin: 'https://evil.test' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('ignores prototype-polluting field names', async () => {
    await postAjax(server.baseUrl, 'action=dropin_test_echo&__proto__[polluted]=1&constructor[prototype][x]=1');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('x');
    expect(Object.getPrototypeOf(seen.post)).not.toHaveProperty('polluted');
  });
});
