import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOption, updateOption } from '../../data/options';
import { startSession } from '../../data/sessions';
import { loadSite } from '../../data/site';
import { getUserByLogin } from '../../data/users';
import type { PhpValue } from '../../php/values';
import { CAPTURE_NOW, fixtureSecrets, postAjax, startTestServer, type TestServer } from '../../testing/app';
import { createTestDatabase, type TestDatabase } from '../../testing/db';
import { encodeCookieValue } from '../../wp/auth-cookie';
import { verifyNonce } from '../../wp/nonce';
import { hashPassword } from '../../wp/password';
import type { Site } from '../../wp/site';

/**
 * `refresh_user_top_bar` (engagement.md §3) on both engines: the guest bar's forms and targets, the
 * logged-in bar's name, avatar, menu and a Sign Out nonce bound to this very session, escaping of
 * everything a user or a visitor wrote, and the option-driven variants.
 */
let tdb: TestDatabase;
let server: TestServer;
let site: Site;
const ORIGIN = 'http://127.0.0.1:8080';
const NOW = Math.floor(CAPTURE_NOW.getTime() / 1000);

beforeAll(async () => {
  tdb = await createTestDatabase();
  server = await startTestServer(tdb, { secrets: fixtureSecrets() });
  site = await loadSite(tdb.wp);
});

afterAll(async () => {
  await server?.close();
  await tdb?.drop();
});

async function topBar(redirect: string, cookie?: string): Promise<string | null> {
  const reply = await postAjax(server.baseUrl, new URLSearchParams({ action: 'refresh_user_top_bar', redirect }), {
    ...(cookie ? { cookie } : {}),
  });
  expect(reply.status).toBe(200);
  return (reply.json() as { content: string | null }).content;
}

async function session(login: string) {
  const user = (await getUserByLogin(tdb.wp, login))!;
  const minted = await startSession(tdb.wp, user, {
    site,
    salts: await server.deps.salts(),
    remember: true,
    https: false,
    ip: '127.0.0.1',
    ua: 'test',
    now: CAPTURE_NOW,
  });
  return {
    user,
    token: minted.token,
    cookie: `wordpress_logged_in_${site.cookieHash}=${encodeCookieValue(minted.loggedInCookie)}`,
  };
}

async function createUser(meta: Record<string, string>, displayName = 'Plain Display') {
  const login = `bar${randomBytes(4).toString('hex')}`;
  await tdb.wp.knex(tdb.wp.t.users).insert({
    user_login: login,
    user_pass: hashPassword('Bar#Pass2026'),
    user_nicename: login,
    user_email: ` ${login.toUpperCase()}@Example.test `,
    user_url: '',
    user_registered: '2026-11-01 10:00:00',
    user_activation_key: '',
    user_status: 0,
    display_name: displayName,
  });
  const user = (await getUserByLogin(tdb.wp, login))!;
  for (const [meta_key, meta_value] of Object.entries(meta)) {
    await tdb.wp.knex(tdb.wp.t.usermeta).insert({ user_id: user.id, meta_key, meta_value });
  }
  return login;
}

/** Runs `fn` with `tourmaster_general` changed, then puts the stored value back. */
async function withGeneral(change: Record<string, string>, fn: () => Promise<void>): Promise<void> {
  const raw = await tdb.wp.knex(tdb.wp.t.options).first('option_value').where('option_name', 'tourmaster_general');
  const general = (await getOption(tdb.wp, 'tourmaster_general')) as Record<string, PhpValue>;
  await updateOption(tdb.wp, 'tourmaster_general', { ...general, ...change });
  try {
    await fn();
  } finally {
    await tdb.wp
      .knex(tdb.wp.t.options)
      .where('option_name', 'tourmaster_general')
      .update({ option_value: raw.option_value });
  }
}

const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];

describe('refresh_user_top_bar for guests', () => {
  it('renders Login and Sign Up with both forms, aimed at the page the visitor is on', async () => {
    const bar = (await topBar(`${ORIGIN}/tour/santorini-caldera-sunset-cruise/`))!;
    expect(bar).toMatch(/^<div class="tourmaster-user-top-bar tourmaster-guest tourmaster-style-1"/);
    expect(attr(bar, /name="redirect_to" value="([^"]*)"/)).toBe(`${ORIGIN}/tour/santorini-caldera-sunset-cruise/`);
    expect(bar).toContain(`action="${ORIGIN}/register/"`);
    expect(bar).toContain(`href="${ORIGIN}/terms-of-service/"`);
    // The registration nonce is the one a guest's register page accepts.
    const nonce = attr(bar, /name="security" value="([0-9a-f]{10})"/);
    const salts = await server.deps.salts();
    expect(verifyNonce(nonce, 'tourmaster-registration', { uid: 0, token: '', salt: salts.nonce, now: NOW })).toBe(1);
  });

  it('turns a post id or a page keyword into the login target', async () => {
    expect(attr((await topBar('4'))!, /name="redirect_to" value="([^"]*)"/)).toBe(
      `${ORIGIN}/tour/santorini-caldera-sunset-cruise/`,
    );
    expect(attr((await topBar('payment'))!, /name="redirect_to" value="([^"]*)"/)).toBe(`${ORIGIN}/payment/`);
    expect(attr((await topBar('whatever'))!, /name="redirect_to" value="([^"]*)"/)).toBe(`${ORIGIN}/`);
    expect(attr((await topBar(''))!, /name="redirect_to" value="([^"]*)"/)).toBe('/wp-admin/admin-ajax.php');
  });

  it('escapes the redirect everywhere it is printed', async () => {
    const bar = (await topBar('"><script>alert(1)</script>'))!;
    expect(bar).not.toContain('<script>');
    expect(bar).toContain('data-redirect="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('treats a stale login cookie as a guest', async () => {
    const { cookie } = await session('customer3');
    const stale = cookie.replace(/%7C[0-9a-f]{64}$/, `%7C${'0'.repeat(64)}`);
    expect(await topBar('', stale)).toMatch(/tourmaster-guest/);
  });
});

describe('refresh_user_top_bar for users', () => {
  it('shows the name, Gravatar and menu, with a Sign Out nonce for this session only', async () => {
    const me = await session('customer1');
    const bar = (await topBar('', me.cookie))!;
    const hash = createHash('md5').update('maria.papadopoulou@example.test').digest('hex');
    expect(bar).toContain(`src='http://1.gravatar.com/avatar/${hash}?s=30&#038;d=mm&#038;r=g'`);
    expect(bar).toContain('<span class="tourmaster-user-top-bar-name" >Maria Papadopoulou</span>');
    expect([...bar.matchAll(/tourmaster-nav-([a-z-]+)" ><a href="([^"]+)"/g)].map((m) => [m[1], m[2]])).toEqual([
      ['dashboard', `${ORIGIN}/my-account/?page_type=dashboard`],
      ['edit-profile', `${ORIGIN}/my-account/?page_type=edit-profile`],
      ['wish-list', `${ORIGIN}/my-account/?page_type=wish-list`],
      [
        'sign-out',
        expect.stringMatching(
          /^http:\/\/127\.0\.0\.1:8080\/wp-login\.php\?action=logout&#038;redirect_to=http%3A%2F%2F127\.0\.0\.1%3A8080%2F&#038;_wpnonce=[0-9a-f]{10}$/,
        ),
      ],
    ]);
    const nonce = attr(bar, /_wpnonce=([0-9a-f]{10})/);
    const salts = await server.deps.salts();
    const ctx = { uid: me.user.id, token: me.token, salt: salts.nonce, now: NOW };
    expect(verifyNonce(nonce, 'log-out', ctx)).toBe(1);
    const other = await session('customer1');
    expect(verifyNonce(nonce, 'log-out', { ...ctx, token: other.token })).toBe(false);
    expect(attr((await topBar('', other.cookie))!, /_wpnonce=([0-9a-f]{10})/)).not.toBe(nonce);
  });

  it('escapes names, falls back to the display name, and shows an uploaded avatar', async () => {
    const hostile = await createUser({ first_name: '<img src=x onerror=alert(1)>', last_name: 'O\'Neil & "Co"' });
    const bar = (await topBar('', (await session(hostile)).cookie))!;
    expect(bar).toContain(
      '<span class="tourmaster-user-top-bar-name" >&lt;img src=x onerror=alert(1)&gt; O&#039;Neil &amp; &quot;Co&quot;</span>',
    );
    const hash = createHash('md5').update(`${hostile}@example.test`).digest('hex');
    expect(bar).toContain(`/avatar/${hash}?s=30`);

    const plain = await createUser({}, 'Plain <b>Display</b>');
    expect(await topBar('', (await session(plain)).cookie)).toContain('>Plain &lt;b&gt;Display&lt;/b&gt;</span>');

    const avatar = await createUser({
      'tourmaster-user-avatar':
        'a:2:{s:8:"file_url";s:32:"http://127.0.0.1:8080/a/full.jpg";s:9:"thumbnail";s:31:"http://127.0.0.1:8080/a/150.jpg";}',
    });
    expect(await topBar('', (await session(avatar)).cookie)).toContain(
      '<img src="http://127.0.0.1:8080/a/150.jpg" alt="profile-image" />',
    );
  });

  it('follows the settings: style, dangling user page, disabled membership', async () => {
    const me = await session('customer2');
    await withGeneral({ 'top-bar-login-style': 'style-2', 'user-page': '99999' }, async () => {
      const bar = (await topBar('', me.cookie))!;
      expect(bar).toMatch(/tourmaster-refresh tourmaster-style-2"/);
      expect(bar).toContain('href="/wp-admin/admin-ajax.php?page_type=dashboard"');
    });
    await withGeneral({ 'enable-membership': 'disable' }, async () => {
      expect(await topBar('', me.cookie)).toBeNull();
      expect(await topBar('')).toBeNull();
    });
    await withGeneral({ 'enable-recaptcha': 'enable' }, async () => {
      const bar = (await topBar(''))!;
      expect(bar).not.toContain('data-tmlb');
      expect(bar).toContain(`<a class="tourmaster-user-top-bar-login" href="${ORIGIN}/login/" >`);
    });
    expect(await topBar('', me.cookie)).toContain('tourmaster-style-1');
  });
});
