import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../core/logger';
import { getMeta } from '../data/meta';
import { loadSite } from '../data/site';
import { getUserByLogin } from '../data/users';
import { wireCookiesOf } from '../http/cookies';
import { createMemoryMailer, type MemoryMailer } from '../mail/mailer';
import { loadExchange } from '../parity/exchanges';
import { resolveCurrentUser } from '../services/accounts/current-user';
import { WRITE_LIMITS } from '../services/write-limits';
import { CAPTURE_NOW, fixtureSecrets, postAjax, startTestServer, type TestServer } from '../testing/app';
import { createTestDatabase, type TestDatabase } from '../testing/db';
import { authCookieHmac, decodeCookieValue, hashSessionToken, parseAuthCookie, pruneSessions } from '../wp/auth-cookie';
import { checkPassword, hashPassword, phpassHash } from '../wp/password';
import type { Site } from '../wp/site';
import { resolveSalt } from '../wp/wp-salt';

/**
 * `/wp-login.php` end to end on both engines, with the fixture site's keys: logins of the fixture
 * users (by name and by e-mail) minting cookies WordPress accepts, MD5 upgrade, the rate limits
 * across bursts, logout with and without its nonce, and lost password → mail → reset → new login.
 * Each test uses its own client address (X-Forwarded-For) and, where it changes state, its own user.
 */
let tdb: TestDatabase;
let server: TestServer;
let mailer: MemoryMailer;
let site: Site;
const ORIGIN = 'http://127.0.0.1:8080';
const NOW = Math.floor(CAPTURE_NOW.getTime() / 1000);

/** Every line the server logs, at info and above. */
const logLines: string[] = [];

beforeAll(async () => {
  tdb = await createTestDatabase();
  mailer = createMemoryMailer();
  const log = createLogger({ level: 'info', destination: { write: (line: string) => logLines.push(line) } });
  server = await startTestServer(tdb, { secrets: fixtureSecrets(), mailer, config: { trustProxy: true }, log });
  site = await loadSite(tdb.wp);
});

afterAll(async () => {
  await server?.close();
  await tdb?.drop();
});

interface Reply {
  status: number;
  location: string | null;
  /** Cookies set (name → decoded value), without the ones being expired. */
  set: Map<string, string>;
  /** Names of cookies the reply expires. */
  expired: string[];
  raw: string[];
  text: string;
}

let addressCounter = 0;
/** A client address of its own for each caller, so one test's failures never limit another. */
const newAddress = () => `10.9.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

async function send(
  path: string,
  init: { form?: Record<string, string>; cookie?: string; ip?: string; method?: string } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { 'X-Forwarded-For': init.ip ?? newAddress(), 'User-Agent': 'int-test' };
  if (init.cookie) headers.Cookie = init.cookie;
  if (init.form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: init.method ?? (init.form ? 'POST' : 'GET'),
    headers,
    body: init.form ? new URLSearchParams(init.form).toString() : undefined,
    redirect: 'manual',
  });
  const raw = response.headers.getSetCookie();
  const set = new Map<string, string>();
  const expired: string[] = [];
  for (const line of raw) {
    const [pair = ''] = line.split(';');
    const name = pair.slice(0, pair.indexOf('='));
    if (/Max-Age=0\b/.test(line)) expired.push(name);
    else set.set(name, decodeCookieValue(pair.slice(pair.indexOf('=') + 1)) ?? '');
  }
  return {
    status: response.status,
    location: response.headers.get('location'),
    set,
    expired,
    raw,
    text: await response.text(),
  };
}

const loginForm = (log: string, pwd: string, extra: Record<string, string> = {}) => ({
  log,
  pwd,
  'wp-submit': 'Sign In!',
  rememberme: 'forever',
  redirect_to: `${ORIGIN}/login/`,
  redirect: '',
  source: 'tm',
  ...extra,
});

const names = () => ({
  loggedIn: `wordpress_logged_in_${site.cookieHash}`,
  auth: `wordpress_${site.cookieHash}`,
});

/** The Cookie header a browser sends to the front end and admin-ajax after this login reply. */
function cookieHeader(reply: Reply): string {
  const { loggedIn, auth } = names();
  return [loggedIn, auth]
    .filter((n) => reply.set.has(n))
    .map((n) => `${n}=${encodeURIComponent(reply.set.get(n)!)}`)
    .join('; ');
}

async function currentUserFor(cookie: string, method = 'GET') {
  return resolveCurrentUser(
    tdb.wp,
    { cookie: wireCookiesOf(cookie), https: false, method },
    site,
    await server.deps.salts(),
    CAPTURE_NOW,
  );
}

/** A subscriber of this test's own. */
async function createUser(password: string, options: { hash?: string } = {}) {
  const login = `u${randomBytes(4).toString('hex')}`;
  const email = `${login}@example.test`;
  const [id] = await tdb.wp.knex(tdb.wp.t.users).insert({
    user_login: login,
    user_pass: options.hash ?? hashPassword(password),
    user_nicename: login,
    user_email: email,
    user_url: '',
    user_registered: '2026-11-01 10:00:00',
    user_activation_key: '',
    user_status: 0,
    display_name: login,
  });
  const user = (await getUserByLogin(tdb.wp, login))!;
  expect(user.id).toBe(Number(id ?? user.id));
  return { login, email, password, id: user.id };
}

describe('login', () => {
  it.each([
    ['customer1', 'customer1', 'Cust1#Pass2026'],
    ['customer2', 'john.smith@example.test', 'Cust2#Pass2026'],
    ['customer3', 'customer3', 'Cust3#Pass2026'],
    ['admin', 'admin', 'Admin#Oracle2026'],
  ])('logs %s in (as %s) with cookies WordPress validates', async (login, typed, password) => {
    const reply = await send('/wp-login.php', { form: loginForm(typed, password) });
    expect(reply.status).toBe(302);
    expect(reply.location).toBe(`${ORIGIN}/login/`);
    const { loggedIn, auth } = names();
    expect([...reply.set.keys()].sort()).toEqual([auth, loggedIn, 'wordpress_test_cookie'].sort());
    // The admin cookie on the plugins and admin paths, the logged-in one on COOKIEPATH, remembered for 14 days.
    expect(reply.raw.filter((l) => l.startsWith(`${auth}=`)).map((l) => /path=([^;]+)/.exec(l)?.[1])).toEqual([
      '/wp-content/plugins',
      '/wp-admin',
    ]);
    const loggedInLine = reply.raw.find((l) => l.startsWith(`${loggedIn}=`))!;
    expect(loggedInLine).toMatch(
      /; expires=Sun, 06 Dec 2026 11:30:00 GMT; Max-Age=1252800; path=\/; HttpOnly; SameSite=Lax$/,
    );

    const current = await currentUserFor(`${loggedIn}=${encodeURIComponent(reply.set.get(loggedIn)!)}`);
    expect(current?.user.login).toBe(login);
    expect(current?.scheme).toBe('logged_in');
    const admin = await currentUserFor(`${auth}=${encodeURIComponent(reply.set.get(auth)!)}`);
    expect(admin?.scheme).toBe('auth');
    expect(admin?.sessionToken).toBe(current?.sessionToken);
  });

  it("mints cookies in the captured format, signed with the fixture site's own keys", async () => {
    const reply = await send('/wp-login.php', { form: loginForm('customer1', 'Cust1#Pass2026') });
    const value = reply.set.get(names().loggedIn)!;
    const captured = decodeCookieValue(loadExchange('top_bar-customer1').request.cookies[names().loggedIn]!)!;
    const shape = /^customer1\|(\d{10})\|([A-Za-z0-9]{43})\|([0-9a-f]{64})$/;
    expect(captured).toMatch(shape);
    expect(value).toMatch(shape);
    const [, expiration, token, hmac] = shape.exec(value)!;
    expect(Number(expiration)).toBe(NOW + 14 * 86400);

    // Recompute the HMAC from wp-config.php's LOGGED_IN_KEY . LOGGED_IN_SALT, as WordPress would.
    const secrets = fixtureSecrets();
    const salt = resolveSalt('logged_in', secrets, { get: () => undefined }).salt!;
    const user = (await getUserByLogin(tdb.wp, 'customer1'))!;
    expect(authCookieHmac('customer1', user.pass, expiration!, token!, salt)).toBe(hmac);
    // The captured cookie verifies with the same key and the dump's hash: same keys, same algorithm.
    const old = parseAuthCookie(encodeURIComponent(captured))!;
    expect(authCookieHmac(old.username, user.pass, old.expiration, old.token, salt)).toBe(old.hmac);

    // Its session is stored as WordPress stores it.
    const sessions = pruneSessions(await getMeta(tdb.wp, 'user', user.id, 'session_tokens'), NOW);
    expect(sessions[hashSessionToken(token!)]).toMatchObject({
      expiration: NOW + 14 * 86400,
      ua: 'int-test',
      login: NOW,
    });

    // And it logs in on admin-ajax: the top bar shows the user.
    const bar = await postAjax(server.baseUrl, 'action=refresh_user_top_bar&redirect=', {
      cookie: cookieHeader(reply),
    });
    expect((bar.json() as { content: string }).content).toContain('>Maria Papadopoulou</span>');
  });

  it('gives session cookies for two days without "remember me"', async () => {
    const user = await createUser('Plain#Pass2026');
    const reply = await send('/wp-login.php', { form: loginForm(user.login, user.password, { rememberme: '' }) });
    const line = reply.raw.find((l) => l.startsWith(`${names().loggedIn}=`))!;
    expect(line).not.toMatch(/expires=/);
    expect(reply.set.get(names().loggedIn)!.split('|')[1]).toBe(String(NOW + 2 * 86400));
  });

  it('answers failures with the plugin login page and its status, setting no login cookie', async () => {
    const bad = await send('/wp-login.php', { form: loginForm('customer1', 'nope') });
    expect(bad.status).toBe(302);
    expect(bad.location).toBe(`${ORIGIN}/login/?status=login_incorrect`);
    expect([...bad.set.keys()]).toEqual(['wordpress_test_cookie']);
    const unknown = await send('/wp-login.php', { form: loginForm('nobody-here', 'Cust1#Pass2026') });
    expect(unknown.location).toBe(`${ORIGIN}/login/?status=login_incorrect`);
    const empty = await send('/wp-login.php', { form: loginForm('customer1', '   ') });
    expect(empty.location).toBe(`${ORIGIN}/login/?status=login_empty`);
    const withRedirect = await send('/wp-login.php', { form: loginForm('customer1', 'nope', { redirect: 'payment' }) });
    expect(withRedirect.location).toBe(`${ORIGIN}/login/?redirect=payment&status=login_incorrect`);
  });

  it('logs a failed login without the name typed (often a password in the wrong field)', async () => {
    const typed = 'Tr0ub4dor&3-in-the-name-field';
    const before = logLines.length;
    await send('/wp-login.php', { form: loginForm(typed, 'anything') });
    await send('/wp-login.php', { form: loginForm('customer1', 'Wrong-Pass-77') });
    const lines = logLines.slice(before).join('\n');
    expect(lines).toContain('login failed');
    expect(lines.toLowerCase()).not.toContain(typed.toLowerCase());
    expect(lines).not.toContain('Wrong-Pass-77');
  });

  it('shows its own page for a failure outside the plugin forms, naming no account', async () => {
    const reply = await send('/wp-login.php', { form: { log: 'customer1', pwd: 'nope', 'wp-submit': 'Log In' } });
    expect(reply.status).toBe(200);
    expect(reply.text).toContain('Invalid username, email address or incorrect password.');
    expect(reply.text).toContain('name="log"');
  });

  it("prints its forms in the site's shell, as the plugin's login page is printed", async () => {
    const shellOf = (text: string) => ({
      title: /<title>([^<]*)<\/title>/.exec(text)?.[1],
      header: text.includes('traveltour-header-wrap'),
      footer: text.includes('<footer'),
      stylesheet: /<link rel="stylesheet" href="\/dropin-assets\//.test(text) || text.includes('traveltour-page-title'),
      heading: /<h1 class="traveltour-page-title">([^<]*)<\/h1>/.exec(text)?.[1],
    });
    const login = await send('/wp-login.php');
    expect(login.status).toBe(200);
    expect(shellOf(login.text)).toEqual({
      title: 'Log In – Aegean Trails (Tour Master oracle)',
      header: true,
      footer: true,
      stylesheet: true,
      heading: 'Log In',
    });
    expect(login.text).toMatch(/<body class="[^"]*\blogin tourmaster-template-login\b/);
    expect(login.text).toContain('<form class="tourmaster-login-form');
    expect(login.text).toContain(`<meta name="robots" content="noindex, follow"`);

    const lost = await send('/wp-login.php?action=lostpassword');
    expect(shellOf(lost.text)).toMatchObject({
      title: 'Lost Password – Aegean Trails (Tour Master oracle)',
      header: true,
      footer: true,
    });
    expect(lost.text).toContain('tourmaster-lost-password-form');
  });

  it('answers a body over the size limit with 413 and a short page, not a server error', async () => {
    const response = await fetch(`${server.baseUrl}/wp-login.php`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `log=${'a'.repeat(9 * 1024 * 1024)}`,
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain('The request is too large.');
  });

  it('keeps redirects on this site', async () => {
    const user = await createUser('Redirect#Pass2026');
    const away = await send('/wp-login.php', {
      form: loginForm(user.login, user.password, { redirect_to: 'https://evil.example/steal' }),
    });
    expect(away.location).toBe(`${ORIGIN}/wp-admin/`);
    const none = await send('/wp-login.php', { form: loginForm(user.login, user.password, { redirect_to: '' }) });
    expect(none.location).toBe(`${ORIGIN}/wp-admin/profile.php`);
    const relative = await send('/wp-login.php', {
      form: loginForm(user.login, user.password, { redirect_to: '/payment/' }),
    });
    expect(relative.location).toBe('/payment/');
  });

  it('upgrades an MD5 hash to phpass and clears a pending reset key', async () => {
    const md5 = createHash('md5').update('Legacy#Pass2026').digest('hex');
    const user = await createUser('Legacy#Pass2026', { hash: md5 });
    await tdb.wp
      .knex(tdb.wp.t.users)
      .where('ID', user.id)
      .update({ user_activation_key: `${NOW}:${phpassHash('x')}` });
    const reply = await send('/wp-login.php', { form: loginForm(user.login, user.password) });
    expect(reply.status).toBe(302);
    const stored = (await getUserByLogin(tdb.wp, user.login))!;
    expect(stored.pass).toMatch(/^\$P\$B.{30}$/);
    expect(stored.activationKey).toBe('');
    await expect(checkPassword(user.password, stored.pass)).resolves.toEqual({ ok: true });
    // The cookie was minted on the new hash.
    expect((await currentUserFor(cookieHeader(reply)))?.user.id).toBe(user.id);
  });
});

describe('login rate limits', () => {
  it('refuses an account after 5 failures, even with the right password, and a success clears the count', async () => {
    const user = await createUser('Burst#Pass2026');
    const ip = newAddress();
    const first = await Promise.all(
      Array.from({ length: 5 }, () => send('/wp-login.php', { form: loginForm(user.login, 'wrong'), ip })),
    );
    expect(first.map((r) => r.location)).toEqual(Array(5).fill(`${ORIGIN}/login/?status=login_incorrect`));
    // Second burst, from another address and by e-mail: the account is locked, the password unchecked.
    const second = await Promise.all(
      Array.from({ length: 3 }, () => send('/wp-login.php', { form: loginForm(user.email, user.password) })),
    );
    for (const reply of second) {
      expect(reply.location).toBe(`${ORIGIN}/login/?status=login_incorrect`);
      expect(reply.set.has(names().loggedIn)).toBe(false);
    }

    const other = await createUser('Other#Pass2026');
    for (let i = 0; i < 4; i++) await send('/wp-login.php', { form: loginForm(other.login, 'wrong') });
    const ok = await send('/wp-login.php', { form: loginForm(other.login, other.password) });
    expect(ok.set.has(names().loggedIn)).toBe(true);
    for (let i = 0; i < 4; i++) await send('/wp-login.php', { form: loginForm(other.login, 'wrong') });
    const again = await send('/wp-login.php', { form: loginForm(other.login, other.password) });
    expect(again.set.has(names().loggedIn)).toBe(true);
  });

  it('refuses an address after 20 failures across accounts; other addresses still log in', async () => {
    const ip = newAddress();
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => send('/wp-login.php', { form: loginForm(`spray-${i}`, 'guess'), ip })),
    );
    const user = await createUser('Spray#Pass2026');
    const blocked = await send('/wp-login.php', { form: loginForm(user.login, user.password), ip });
    expect(blocked.location).toBe(`${ORIGIN}/login/?status=login_incorrect`);
    expect(blocked.set.has(names().loggedIn)).toBe(false);
    const elsewhere = await send('/wp-login.php', { form: loginForm(user.login, user.password) });
    expect(elsewhere.set.has(names().loggedIn)).toBe(true);
  });
});

describe('logout', () => {
  async function loggedInUser() {
    const user = await createUser('Logout#Pass2026');
    const reply = await send('/wp-login.php', { form: loginForm(user.login, user.password) });
    return { user, cookie: cookieHeader(reply) };
  }

  async function signOutLink(cookie: string): Promise<string> {
    const bar = await postAjax(server.baseUrl, 'action=refresh_user_top_bar&redirect=', { cookie });
    const content = (bar.json() as { content: string }).content;
    const href = /tourmaster-nav-sign-out" ><a href="([^"]+)"/.exec(content)![1]!;
    return href.replace(/&#038;/g, '&');
  }

  it("with the top bar's nonce: ends this session, expires the cookies, redirects home", async () => {
    const { user, cookie } = await loggedInUser();
    const link = await signOutLink(cookie);
    expect(link).toMatch(
      /^http:\/\/127\.0\.0\.1:8080\/wp-login\.php\?action=logout&redirect_to=http%3A%2F%2F127\.0\.0\.1%3A8080%2F&_wpnonce=[0-9a-f]{10}$/,
    );
    const reply = await send(link.replace(ORIGIN, ''), { cookie });
    expect(reply.status).toBe(302);
    expect(reply.location).toBe(`${ORIGIN}/`);
    const { loggedIn, auth } = names();
    expect(reply.expired).toEqual(expect.arrayContaining([loggedIn, auth, `wordpress_sec_${site.cookieHash}`]));
    expect(reply.expired).toContain(`wp-settings-${user.id}`);
    expect(await currentUserFor(cookie)).toBeNull();
    expect(await getMeta(tdb.wp, 'user', user.id, 'session_tokens')).toBeUndefined();
  });

  it('without a nonce: the 403 confirmation page, whose link logs out', async () => {
    const { cookie } = await loggedInUser();
    const reply = await send('/wp-login.php?action=logout', { cookie });
    expect(reply.status).toBe(403);
    expect(reply.text).toContain('<title>You are attempting to log out of Aegean Trails (Tour Master oracle)</title>');
    expect(await currentUserFor(cookie)).not.toBeNull();
    const href = /Do you really want to <a href="([^"]+)">log out<\/a>/.exec(reply.text)![1]!.replace(/&amp;/g, '&');
    expect(href).toMatch(/^http:\/\/127\.0\.0\.1:8080\/wp-login\.php\?action=logout&_wpnonce=[0-9a-f]{10}$/);
    const confirmed = await send(href.replace(ORIGIN, ''), { cookie });
    expect(confirmed.status).toBe(302);
    expect(confirmed.location).toBe(`${ORIGIN}/wp-login.php?loggedout=true&wp_lang=en_US`);
    expect(await currentUserFor(cookie)).toBeNull();
  });

  it("refuses another session's nonce", async () => {
    const a = await loggedInUser();
    const link = await signOutLink(a.cookie);
    const b = await loggedInUser();
    const reply = await send(link.replace(ORIGIN, ''), { cookie: b.cookie });
    expect(reply.status).toBe(403);
    expect(await currentUserFor(b.cookie)).not.toBeNull();
  });
});

describe('lost password and reset', () => {
  const lost = (userLogin: string, ip?: string) =>
    send('/wp-login.php?action=lostpassword', { form: { user_login: userLogin, source: 'tm' }, ...(ip ? { ip } : {}) });

  function lastMail() {
    const mail = mailer.sent.at(-1)!;
    const link = /href="([^"]+)"/.exec(mail.html)![1]!.replace(/&amp;/g, '&');
    return { mail, link };
  }

  it('mails a working link; the reset ends old sessions and the new password logs in', async () => {
    const user = await createUser('Before#Pass2026');
    const before = await send('/wp-login.php', { form: loginForm(user.login, user.password) });
    const oldCookie = cookieHeader(before);
    expect(await currentUserFor(oldCookie)).not.toBeNull();

    const sent = mailer.sent.length;
    const reply = await lost(user.email);
    expect(reply.status).toBe(302);
    expect(reply.location).toBe('/wp-login.php?checkemail=confirm');
    expect(mailer.sent.length).toBe(sent + 1);
    const { mail, link } = lastMail();
    expect(mail.to).toEqual([user.email]);
    expect(mail.subject).toBe('[Aegean Trails (Tour Master oracle)] Password Reset');
    expect(mail.from).toEqual({ name: 'WordPress', address: 'wordpress@127.0.0.1' });
    expect(mail.html).toContain(`Username: ${user.login}`);
    expect(link).toMatch(
      new RegExp(
        `^${ORIGIN}/wp-login\\.php\\?source=tm&action=rp&key=[A-Za-z0-9]{20}&login=${user.login}&wp_lang=en_US$`,
      ),
    );
    const stored = (await getUserByLogin(tdb.wp, user.login))!.activationKey;
    expect(stored).toMatch(new RegExp(`^${NOW}:\\$P\\$B.{30}$`));

    // The link: the key moves into a cookie and out of the address.
    const opened = await send(link.replace(ORIGIN, ''));
    expect(opened.status).toBe(302);
    expect(opened.location).toBe('/wp-login.php?source=tm&action=rp&wp_lang=en_US');
    const key = /key=([A-Za-z0-9]+)/.exec(link)![1]!;
    const rpName = `wp-resetpass-${site.cookieHash}`;
    expect(opened.set.get(rpName)).toBe(`${user.login}:${key}`);
    expect(opened.raw.find((l) => l.startsWith(rpName))).toMatch(/path=\/wp-login\.php; HttpOnly; SameSite=Lax$/);
    const rpCookie = `${rpName}=${encodeURIComponent(`${user.login}:${key}`)}`;

    const form = await send(opened.location!, { cookie: rpCookie });
    expect(form.status).toBe(200);
    expect(form.text).toContain('name="pass1"');
    expect(form.text).toContain(`name="rp_key" value="${key}"`);

    const post = (fields: Record<string, string>) =>
      send('/wp-login.php?action=resetpass', {
        form: { rp_key: key, 'wp-submit': 'Reset Password', ...fields },
        cookie: rpCookie,
      });
    expect((await post({ pass1: 'After#Pass2026', pass2: 'After#Pass2027' })).text).toContain(
      'The passwords do not match.',
    );
    expect((await post({ pass1: 'short', pass2: 'short' })).text).toContain('at least 8 characters');
    expect((await post({ pass1: user.login, pass2: user.login })).text).toContain('cannot be your username');
    const forged = await send('/wp-login.php?action=resetpass', {
      form: { rp_key: 'someoneElsesKey00000', pass1: 'After#Pass2026', pass2: 'After#Pass2026' },
      cookie: rpCookie,
    });
    expect(forged.location).toBe(`${ORIGIN}/wp-login.php?action=lostpassword&error=invalidkey`);

    const done = await post({ pass1: 'After#Pass2026', pass2: 'After#Pass2026' });
    expect(done.status).toBe(200);
    expect(done.text).toContain('Your password has been reset.');
    expect(done.text).toContain(`href="${ORIGIN}/login/"`);
    expect(done.expired).toContain(rpName);

    const after = (await getUserByLogin(tdb.wp, user.login))!;
    expect(after.activationKey).toBe('');
    await expect(checkPassword('After#Pass2026', after.pass)).resolves.toEqual({ ok: true });
    expect(await getMeta(tdb.wp, 'user', user.id, 'session_tokens')).toBeUndefined();
    expect(await currentUserFor(oldCookie)).toBeNull();

    const oldLogin = await send('/wp-login.php', { form: loginForm(user.login, user.password) });
    expect(oldLogin.location).toBe(`${ORIGIN}/login/?status=login_incorrect`);
    const newLogin = await send('/wp-login.php', { form: loginForm(user.login, 'After#Pass2026') });
    expect((await currentUserFor(cookieHeader(newLogin)))?.user.id).toBe(user.id);

    // The key is spent.
    const reused = await send(link.replace(ORIGIN, ''));
    expect(reused.location).toBe(`${ORIGIN}/wp-login.php?action=lostpassword&error=invalidkey`);
  });

  it('a new password over the hourly limit is refused on the form, the old one kept', async () => {
    const user = await createUser('Limited#Pass2026');
    await lost(user.login);
    const { link } = lastMail();
    const opened = await send(link.replace(ORIGIN, ''));
    const key = /key=([A-Za-z0-9]+)/.exec(link)![1]!;
    const rpCookie = `wp-resetpass-${site.cookieHash}=${encodeURIComponent(`${user.login}:${key}`)}`;
    expect(opened.status).toBe(302);
    const limit = WRITE_LIMITS.passwordReset.perUser;
    const seconds = Math.floor(CAPTURE_NOW.getTime() / 1000);
    await tdb.wp.knex(`${tdb.wp.prefix}dropin_rate_limits`).insert({
      bucket: limit.bucket,
      subject: `user:${user.id}`,
      window_start: seconds - (seconds % limit.windowSeconds),
      hits: limit.limit,
    });
    const refused = await send('/wp-login.php?action=resetpass', {
      form: { rp_key: key, pass1: 'After#Pass2026', pass2: 'After#Pass2026', 'wp-submit': 'Reset Password' },
      cookie: rpCookie,
    });
    expect(refused.status).toBe(200);
    expect(refused.text).toContain('Error: Too many requests. Please try again in');
    expect(refused.text).toContain('name="pass1"');
    const after = (await getUserByLogin(tdb.wp, user.login))!;
    await expect(checkPassword('Limited#Pass2026', after.pass)).resolves.toEqual({ ok: true });
  });

  it('refuses an expired key and a wrong one', async () => {
    const user = await createUser('Expired#Pass2026');
    await lost(user.login);
    const { link } = lastMail();
    const day = `${NOW - 86400}`;
    const stored = (await getUserByLogin(tdb.wp, user.login))!.activationKey;
    await tdb.wp
      .knex(tdb.wp.t.users)
      .where('ID', user.id)
      .update({ user_activation_key: stored.replace(/^\d+/, day) });
    const expired = await send(link.replace(ORIGIN, ''));
    expect(expired.location).toBe(`${ORIGIN}/wp-login.php?action=lostpassword&error=expiredkey`);
    const wrong = await send(`/wp-login.php?action=rp&key=AAAAAAAAAAAAAAAAAAAA&login=${user.login}`);
    expect(wrong.location).toBe(`${ORIGIN}/wp-login.php?action=lostpassword&error=invalidkey`);
    const noCookie = await send('/wp-login.php?action=rp');
    expect(noCookie.location).toBe(`${ORIGIN}/wp-login.php?action=lostpassword&error=invalidkey`);
    const page = await send('/wp-login.php?action=lostpassword&error=expiredkey');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Your password reset link has expired.');
  });

  it('answers unknown and empty names with the plugin page, mailing nothing', async () => {
    const sent = mailer.sent.length;
    for (const name of ['nobody@example.test', 'nobody', '']) {
      const reply = await lost(name);
      expect(reply.location).toBe(`${ORIGIN}/login/?action=lostpassword&status=login_incorrect`);
    }
    expect(mailer.sent.length).toBe(sent);
  });

  it('limits requests per address and mails per account', async () => {
    const user = await createUser('Flood#Pass2026');
    const sent = mailer.sent.length;
    const replies = [];
    for (let i = 0; i < 5; i++) replies.push(await lost(user.login));
    expect(replies.map((r) => r.location)).toEqual(Array(5).fill('/wp-login.php?checkemail=confirm'));
    expect(mailer.sent.length).toBe(sent + 3);

    const ip = newAddress();
    for (let i = 0; i < 10; i++) await lost(`nobody-${i}`, ip);
    const other = await createUser('Flood2#Pass2026');
    const limited = await lost(other.login, ip);
    expect(limited.location).toBe(`${ORIGIN}/login/?action=lostpassword&status=login_incorrect`);
  });

  it('sends the plugin links on to its login page', async () => {
    const form = await send('/wp-login.php?action=lostpassword&source=tm&lang');
    expect(form.location).toBe(`${ORIGIN}/login/?action=lostpassword`);
    const confirm = await send('/wp-login.php?checkemail=confirm');
    expect(confirm.location).toBe(`${ORIGIN}/login/?checkemail=confirm`);
  });
});
