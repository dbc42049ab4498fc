import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  type AuthScheme,
  addSession,
  authCookieHmac,
  authCookieNames,
  cookieHash,
  cookiePaths,
  decodeCookieValue,
  encodeCookieValue,
  findSession,
  generateAuthCookie,
  generateSessionToken,
  hashSessionToken,
  isAuthCookieExpired,
  logoutCookies,
  mintAuthCookies,
  normalizeSessions,
  type ParsedAuthCookie,
  parseAuthCookie,
  passFrag,
  pruneSessions,
  removeSession,
  type SessionMap,
  splitAuthCookie,
  validateAuthCookie,
  verifyCookieHmac,
  verifySessionToken,
} from './auth-cookie';

const LOGGED_IN_SALT = 'logged-in-key-examplelogged-in-salt-example';
const SALTS: Record<AuthScheme, string> = {
  logged_in: LOGGED_IN_SALT,
  auth: 'auth-key-exampleauth-salt-example',
  secure_auth: 'secure-auth-key-examplesecure-auth-salt-example',
};
const saltFor = (scheme: AuthScheme) => SALTS[scheme];

const ALICE = { user_login: 'alice', user_pass: '$P$BabcdefgHbgw1burx8JUOwSRIbvbtf1' };
const EXPIRATION = 1700000000;
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefg';
const HMAC = '43d9b24ec292bbf9d6f2978074f780ab3ffd94cbcf04740ffe714323e529b2e8';
const VERIFIER = '993ba29ec99bb3e5b648211f5bb05a18d756d6289f89ab07b403b692dc836da3';
const COOKIE_TEXT = `alice|${EXPIRATION}|${TOKEN}|${HMAC}`;
const WIRE = encodeCookieValue(COOKIE_TEXT);

const GET = { method: 'GET' };
const POST = { method: 'POST' };

function validate(overrides: Partial<Parameters<typeof validateAuthCookie>[0]> = {}) {
  return validateAuthCookie({
    cookie: parseAuthCookie(WIRE),
    salt: LOGGED_IN_SALT,
    user: ALICE,
    sessionTokens: { [VERIFIER]: { expiration: EXPIRATION, ip: '127.0.0.1', ua: 'test', login: EXPIRATION - 172800 } },
    request: GET,
    now: EXPIRATION - 60,
    ...overrides,
  });
}

describe('cookie names and paths', () => {
  it('hashes the siteurl without trailing slash', () => {
    expect(cookieHash('http://localhost/seasparrow')).toBe('02cfffc8c0466763de12e65b65014471');
    expect(cookieHash('http://localhost/seasparrow/')).toBe('02cfffc8c0466763de12e65b65014471');
  });

  it('names the three cookies', () => {
    expect(authCookieNames('http://localhost/seasparrow')).toEqual({
      auth: 'wordpress_02cfffc8c0466763de12e65b65014471',
      secure_auth: 'wordpress_sec_02cfffc8c0466763de12e65b65014471',
      logged_in: 'wordpress_logged_in_02cfffc8c0466763de12e65b65014471',
    });
  });

  it('derives the WordPress cookie paths', () => {
    expect(cookiePaths('http://example.test/blog', 'http://example.test/blog/wp')).toEqual({
      cookiePath: '/blog/',
      siteCookiePath: '/blog/wp/',
      adminCookiePath: '/blog/wp/wp-admin',
      pluginsCookiePath: '/blog/wp/wp-content/plugins',
    });
    expect(cookiePaths('https://Example.test:8443', 'HTTPS://example.test:8443')).toEqual({
      cookiePath: '/',
      siteCookiePath: '/',
      adminCookiePath: '/wp-admin',
      pluginsCookiePath: '/wp-content/plugins',
    });
  });
});

describe('wire encoding and parsing', () => {
  it('round-trips through RFC 3986 percent-encoding', () => {
    expect(WIRE).toBe(COOKIE_TEXT.replaceAll('|', '%7C'));
    expect(parseAuthCookie(WIRE)).toEqual({ username: 'alice', expiration: '1700000000', token: TOKEN, hmac: HMAC });
  });

  it('keeps + as +', () => {
    expect(decodeCookieValue('a+b%20c')).toBe('a+b c');
    expect(parseAuthCookie('j+doe%7C1%7Ct%7Ch')?.username).toBe('j+doe');
  });

  it('rejects malformed percent-encoding without throwing', () => {
    expect(decodeCookieValue('alice%7C1700000000%7C%ZZ%7Cx')).toBeUndefined();
    expect(parseAuthCookie('alice%7C1700000000%7Ctoken%7Chmac%')).toBeUndefined();
    expect(parseAuthCookie('alice%7C1%7C%E0%A4%A%7Ch')).toBeUndefined();
  });

  it('requires exactly four parts', () => {
    expect(splitAuthCookie(`alice|${EXPIRATION}|${HMAC}`)).toBeUndefined();
    expect(splitAuthCookie(`alice|${EXPIRATION}|${TOKEN}|${HMAC}|x`)).toBeUndefined();
    expect(splitAuthCookie('')).toBeUndefined();
    expect(splitAuthCookie('|||')).toEqual({ username: '', expiration: '', token: '', hmac: '' });
  });
});

describe('HMAC', () => {
  it('matches the spec vector', () => {
    expect(passFrag(ALICE.user_pass)).toBe('efgH');
    expect(authCookieHmac('alice', ALICE.user_pass, EXPIRATION, TOKEN, LOGGED_IN_SALT)).toBe(HMAC);
    expect(generateAuthCookie(ALICE, EXPIRATION, TOKEN, LOGGED_IN_SALT)).toBe(COOKIE_TEXT);
    expect(hashSessionToken(TOKEN)).toBe(VERIFIER);
  });

  it('signs characters 8–11 of phpass and plain $2y$ hashes, the last four of any other format (auth.md §6.4)', () => {
    expect(passFrag('$2y$10$.vGA1O9wmRjrwAVXD98HNOgsNpDczlqm3Jq7KnEd1rVAGv3Fykk1a')).toBe('vGA1');
    const wp68 = '$wp$2y$10$abcdefghijklmnopqrstuv0123456789ABCDEFGHIJKLMNOPQRS';
    expect(passFrag(wp68)).toBe('PQRS');
    expect(passFrag('$2b$10$abcdefghijklmnopqrstuvWXYZ')).toBe('WXYZ');
    expect(passFrag('$H$9abcdefgh1234')).toBe('1234');
    expect(passFrag('5f4dcc3b5aa765d61d8327deb882cf99')).toBe('cf99');
    expect(passFrag('ab')).toBe('ab');
    // The fragment is in the HMAC key, so the two branches give different cookies for one token.
    const other = { user_login: 'alice', user_pass: wp68 };
    expect(generateAuthCookie(other, EXPIRATION, TOKEN, LOGGED_IN_SALT)).not.toBe(
      generateAuthCookie({ ...other, user_pass: wp68.slice(3) }, EXPIRATION, TOKEN, LOGGED_IN_SALT),
    );
  });

  it('verifies the cookie captured from the fixture site', () => {
    const exchange = JSON.parse(
      readFileSync(new URL('../../legacy-fixtures/exchanges/top_bar-customer1.json', import.meta.url), 'utf8'),
    ) as { request: { cookies: Record<string, string> } };
    const dump = readFileSync(new URL('../../legacy-fixtures/wp-legacy.sql', import.meta.url), 'utf8');
    const userPass = /INSERT INTO `wp_users` VALUES \(\d+,'customer1','([^']*)'/.exec(dump)?.[1];
    expect(userPass).toMatch(/^\$P\$/);

    const names = authCookieNames('http://127.0.0.1:8080');
    const loggedInWire = exchange.request.cookies[names.logged_in];
    const authWire = exchange.request.cookies[names.auth];
    expect(loggedInWire).toBeDefined();
    expect(authWire).toBeDefined();

    const fixtureLoggedInSalt =
      'L!K@(E&DR?73GEp#M];Tl_,%|;fZ40FK?89ju]xK4NsH)Nr4W4:O8R~L=J}B|4j5' +
      'F!8kv0r8K48F?)eR??n/.eZK<B)Z8:{wi?CgYC48!|~?64imgqAueR!_C)fTE)bm';
    const cookie = parseAuthCookie(loggedInWire ?? '') as ParsedAuthCookie;
    expect(cookie.username).toBe('customer1');
    expect(verifyCookieHmac(cookie, userPass ?? '', fixtureLoggedInSalt)).toBe(true);
    // The admin cookie carries the same token but is signed with the auth salt.
    const authCookie = parseAuthCookie(authWire ?? '') as ParsedAuthCookie;
    expect(authCookie.token).toBe(cookie.token);
    expect(verifyCookieHmac(authCookie, userPass ?? '', fixtureLoggedInSalt)).toBe(false);
    expect(verifyCookieHmac(cookie, userPass ?? '', 'other-salt')).toBe(false);
  });

  it('rejects tampered or truncated HMACs', () => {
    const cookie = parseAuthCookie(WIRE) as ParsedAuthCookie;
    expect(verifyCookieHmac(cookie, ALICE.user_pass, LOGGED_IN_SALT)).toBe(true);
    expect(verifyCookieHmac({ ...cookie, hmac: `${HMAC.slice(0, -1)}9` }, ALICE.user_pass, LOGGED_IN_SALT)).toBe(false);
    expect(verifyCookieHmac({ ...cookie, hmac: HMAC.slice(0, 32) }, ALICE.user_pass, LOGGED_IN_SALT)).toBe(false);
    expect(verifyCookieHmac({ ...cookie, hmac: HMAC.toUpperCase() }, ALICE.user_pass, LOGGED_IN_SALT)).toBe(false);
    expect(verifyCookieHmac({ ...cookie, expiration: '1700000001' }, ALICE.user_pass, LOGGED_IN_SALT)).toBe(false);
  });
});

describe('validateAuthCookie', () => {
  it('accepts a valid cookie with a live session', () => {
    expect(validate()).toEqual({
      ok: true,
      username: 'alice',
      expiration: EXPIRATION,
      token: TOKEN,
      verifier: VERIFIER,
      session: { expiration: EXPIRATION, ip: '127.0.0.1', ua: 'test', login: EXPIRATION - 172800 },
      inGracePeriod: false,
    });
    expect(validate({ now: EXPIRATION }).ok).toBe(true);
  });

  it('reports malformed and unknown-user cookies', () => {
    expect(validate({ cookie: parseAuthCookie(`alice%7C${EXPIRATION}%7C${HMAC}`) })).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(validate({ cookie: parseAuthCookie('alice%7C%ZZ%7Ct%7Ch') })).toEqual({ ok: false, reason: 'malformed' });
    expect(validate({ user: undefined })).toEqual({ ok: false, reason: 'unknown_user' });
  });

  it('gives POST and admin-ajax requests an hour of grace, GET none', () => {
    const now = EXPIRATION + 1800;
    const sessionTokens = { [VERIFIER]: { expiration: EXPIRATION + 7200 } };
    expect(validate({ now, sessionTokens, request: GET })).toEqual({ ok: false, reason: 'expired' });
    const post = validate({ now, sessionTokens, request: POST });
    expect(post.ok && post.inGracePeriod).toBe(true);
    expect(validate({ now, sessionTokens, request: { method: 'GET', adminAjax: true } }).ok).toBe(true);
    expect(validate({ now: EXPIRATION + 3600, sessionTokens, request: POST }).ok).toBe(true);
    expect(validate({ now: EXPIRATION + 3601, sessionTokens, request: POST })).toEqual({
      ok: false,
      reason: 'expired',
    });
    const cookie = parseAuthCookie(WIRE) as ParsedAuthCookie;
    expect(isAuthCookieExpired(cookie, GET, EXPIRATION + 1)).toBe(true);
    expect(isAuthCookieExpired(cookie, POST, EXPIRATION + 1)).toBe(false);
    expect(isAuthCookieExpired({ ...cookie, expiration: 'soon' }, GET, 0)).toBe(true);
  });

  it('rejects a tampered HMAC', () => {
    const tampered = parseAuthCookie(`alice%7C${EXPIRATION}%7C${TOKEN}%7C${'0'.repeat(64)}`);
    expect(validate({ cookie: tampered })).toEqual({ ok: false, reason: 'bad_hmac' });
  });

  it('rejects the cookie after a password change (new pass_frag)', () => {
    const user = { user_pass: '$P$BzyxwvutSrqpONMLKJIHGFEDCBA0123' };
    expect(validate({ user })).toEqual({ ok: false, reason: 'bad_hmac' });
  });

  it('rejects a cookie signed for another scheme', () => {
    expect(validate({ salt: SALTS.auth })).toEqual({ ok: false, reason: 'bad_hmac' });
  });

  it('rejects when the session entry expired or is missing', () => {
    const now = EXPIRATION - 60;
    expect(validate({ now, sessionTokens: { [VERIFIER]: { expiration: now - 1 } } })).toEqual({
      ok: false,
      reason: 'bad_session',
    });
    expect(validate({ sessionTokens: {} })).toEqual({ ok: false, reason: 'bad_session' });
    expect(validate({ sessionTokens: undefined })).toEqual({ ok: false, reason: 'bad_session' });
    expect(validate({ sessionTokens: { [hashSessionToken('other')]: { expiration: EXPIRATION } } })).toEqual({
      ok: false,
      reason: 'bad_session',
    });
  });

  it('accepts a legacy bare-int session entry', () => {
    const result = validate({ sessionTokens: { [VERIFIER]: EXPIRATION } });
    expect(result.ok && result.session).toEqual({ expiration: EXPIRATION });
    expect(validate({ sessionTokens: { [VERIFIER]: EXPIRATION - 61 } })).toEqual({ ok: false, reason: 'bad_session' });
  });
});

describe('session token map', () => {
  const now = 1_800_000_000;
  const live = hashSessionToken('live');
  const dead = hashSessionToken('dead');
  const raw = {
    [live]: { expiration: now + 100, ip: '10.0.0.1', ua: 'UA', login: now - 100, extra: 'kept' },
    [dead]: now - 1,
  };

  it('normalizes legacy ints and drops garbage', () => {
    expect(
      normalizeSessions({ a: 5, b: { expiration: '7' }, c: 'x', d: { ip: '1' }, e: 1.5, f: null, g: [1, 2] }),
    ).toEqual({ a: { expiration: 5 }, b: { expiration: 7 } });
    expect(normalizeSessions('a:0:{}')).toEqual({});
    expect(normalizeSessions(new Map([['a', 9]]))).toEqual({ a: { expiration: 9 } });
  });

  it('prunes entries expired before now, keeping ones expiring exactly now', () => {
    expect(Object.keys(pruneSessions(raw, now))).toEqual([live]);
    expect(Object.keys(pruneSessions(raw, now - 1))).toEqual([live, dead]);
    expect(findSession(raw, 'live', now)?.extra).toBe('kept');
    expect(verifySessionToken(raw, 'dead', now)).toBe(false);
  });

  it('adds a session, dropping expired ones', () => {
    const entry = { expiration: now + 200, login: now };
    const write = addSession(raw, 'new', entry, now);
    expect(write).toEqual({ op: 'update', sessions: { [live]: raw[live], [hashSessionToken('new')]: entry } });
    expect(addSession(undefined, 'new', entry, now)).toEqual({
      op: 'update',
      sessions: { [hashSessionToken('new')]: entry },
    });
  });

  it('removes a session and asks to delete the meta when nothing is left', () => {
    expect(removeSession(raw, 'live', now)).toEqual({ op: 'delete' });
    const write = removeSession(raw, 'live', now - 1);
    expect(write).toEqual({ op: 'update', sessions: { [dead]: { expiration: now - 1 } } });
    expect(removeSession(raw, 'unknown', now)).toEqual({ op: 'update', sessions: { [live]: raw[live] } });
  });

  it('generates 43-character alphanumeric tokens', () => {
    const tokens = new Set(Array.from({ length: 50 }, generateSessionToken));
    expect(tokens.size).toBe(50);
    for (const token of tokens) expect(token).toMatch(/^[a-zA-Z0-9]{43}$/);
  });
});

describe('mintAuthCookies', () => {
  const now = 1_750_000_000;
  const base = {
    user: ALICE,
    home: 'http://example.test/blog',
    siteurl: 'http://example.test/blog/wp',
    salts: saltFor,
    sessionTokens: { [hashSessionToken('old')]: { expiration: now - 5 } },
    ip: '203.0.113.9',
    ua: 'Mozilla/5.0',
    now,
  };
  const names = authCookieNames('http://example.test/blog/wp');

  it('mints a two-day session login on the WordPress paths over http', () => {
    const minted = mintAuthCookies({ ...base, remember: false, https: false });
    expect(minted.expiration).toBe(now + 172800);
    expect(minted.token).toMatch(/^[a-zA-Z0-9]{43}$/);
    expect(minted.authScheme).toBe('auth');
    expect(minted.session).toEqual({ expiration: now + 172800, ip: '203.0.113.9', ua: 'Mozilla/5.0', login: now });
    expect(Object.keys(minted.session)).toEqual(['expiration', 'ip', 'ua', 'login']);
    expect(minted.sessionWrite).toEqual({
      op: 'update',
      sessions: { [hashSessionToken(minted.token)]: minted.session },
    });
    expect(minted.cookies).toEqual([
      {
        name: names.auth,
        value: minted.authCookie,
        path: '/blog/wp/wp-content/plugins',
        httpOnly: true,
        secure: false,
      },
      { name: names.auth, value: minted.authCookie, path: '/blog/wp/wp-admin', httpOnly: true, secure: false },
      { name: names.logged_in, value: minted.loggedInCookie, path: '/blog/', httpOnly: true, secure: false },
      { name: names.logged_in, value: minted.loggedInCookie, path: '/blog/wp/', httpOnly: true, secure: false },
    ]);
    for (const cookie of minted.cookies) expect(cookie).not.toHaveProperty('expires');
  });

  it('mints cookies that validate against the written sessions', () => {
    const minted = mintAuthCookies({ ...base, remember: false, https: false });
    if (minted.sessionWrite.op !== 'update') throw new Error('expected an update');
    const sessionTokens = minted.sessionWrite.sessions;
    const check = (value: string, salt: string, sessions: SessionMap) =>
      validateAuthCookie({
        cookie: parseAuthCookie(encodeCookieValue(value)),
        salt,
        user: ALICE,
        sessionTokens: sessions,
        request: GET,
        now: now + 10,
      }).ok;
    expect(check(minted.loggedInCookie, SALTS.logged_in, sessionTokens)).toBe(true);
    expect(check(minted.authCookie, SALTS.auth, sessionTokens)).toBe(true);
    expect(check(minted.authCookie, SALTS.logged_in, sessionTokens)).toBe(false);
    expect(check(minted.loggedInCookie, SALTS.logged_in, {})).toBe(false);
  });

  it('remembers for 14 days with a browser expiry 12 hours later', () => {
    const minted = mintAuthCookies({ ...base, remember: true, https: false });
    expect(minted.expiration).toBe(now + 1209600);
    for (const cookie of minted.cookies) {
      expect(cookie.expires?.getTime()).toBe((now + 1209600 + 43200) * 1000);
    }
  });

  it('uses wordpress_sec_ and Secure over https, and a Secure logged-in cookie only for an https home', () => {
    const httpsHome = mintAuthCookies({
      ...base,
      home: 'https://example.test/blog',
      siteurl: 'https://example.test/blog/wp',
      remember: false,
      https: true,
    });
    const secNames = authCookieNames('https://example.test/blog/wp');
    expect(httpsHome.authScheme).toBe('secure_auth');
    expect(httpsHome.cookies.map((c) => [c.name, c.path, c.secure])).toEqual([
      [secNames.secure_auth, '/blog/wp/wp-content/plugins', true],
      [secNames.secure_auth, '/blog/wp/wp-admin', true],
      [secNames.logged_in, '/blog/', true],
      [secNames.logged_in, '/blog/wp/', true],
    ]);
    expect(
      validateAuthCookie({
        cookie: parseAuthCookie(encodeCookieValue(httpsHome.authCookie)),
        salt: SALTS.secure_auth,
        user: ALICE,
        sessionTokens: httpsHome.sessionWrite.op === 'update' ? httpsHome.sessionWrite.sessions : {},
        request: GET,
        now,
      }).ok,
    ).toBe(true);

    const httpHome = mintAuthCookies({ ...base, remember: false, https: true });
    expect(httpHome.cookies.map((c) => [c.name, c.secure])).toEqual([
      [names.secure_auth, true],
      [names.secure_auth, true],
      [names.logged_in, false],
      [names.logged_in, false],
    ]);
  });

  it('sets one logged-in cookie when home and siteurl share a path', () => {
    const minted = mintAuthCookies({
      ...base,
      home: 'http://example.test',
      siteurl: 'http://example.test',
      remember: false,
      https: false,
    });
    expect(minted.cookies.map((c) => c.path)).toEqual(['/wp-content/plugins', '/wp-admin', '/']);
  });

  it('leaves out empty ip and user agent', () => {
    const minted = mintAuthCookies({ ...base, ip: '', ua: undefined, remember: false, https: false });
    expect(minted.session).toEqual({ expiration: now + 172800, login: now });
  });
});

describe('logoutCookies', () => {
  it('blanks every login cookie on the paths they were set on, expired a year ago', () => {
    const now = 1_750_000_000;
    const cookies = logoutCookies('http://example.test/blog', 'http://example.test/blog/wp', now);
    const names = authCookieNames('http://example.test/blog/wp');
    expect(cookies.map((c) => [c.name, c.path])).toEqual([
      [names.auth, '/blog/wp/wp-admin'],
      [names.secure_auth, '/blog/wp/wp-admin'],
      [names.auth, '/blog/wp/wp-content/plugins'],
      [names.secure_auth, '/blog/wp/wp-content/plugins'],
      [names.logged_in, '/blog/'],
      [names.logged_in, '/blog/wp/'],
    ]);
    for (const cookie of cookies) {
      expect(cookie.value).toBe(' ');
      expect(cookie.expires?.getTime()).toBe((now - 31536000) * 1000);
      expect(cookie.httpOnly).toBe(true);
    }
    expect(logoutCookies('http://example.test', 'http://example.test', now)).toHaveLength(5);
  });
});
