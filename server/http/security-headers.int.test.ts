import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureSecrets, postAjax, startTestServer, type TestServer } from '../testing/app';
import { createTestDatabase, type TestDatabase } from '../testing/db';
import { hashPassword } from '../wp/password';

/**
 * The security headers of our responses and the attributes of every cookie we set, over HTTP on the
 * real app: the content-security policy of a page (nonce included), the hardening of admin-ajax
 * replies without a policy, and cookies made Secure only when TLS is vouched for by a trusted proxy.
 */
let tdb: TestDatabase;
let trusting: TestServer;
let direct: TestServer;

beforeAll(async () => {
  tdb = await createTestDatabase();
  trusting = await startTestServer(tdb, { secrets: fixtureSecrets(), config: { trustProxy: true } });
  direct = await startTestServer(tdb, { secrets: fixtureSecrets(), config: { trustProxy: false } });
});
afterAll(async () => {
  await trusting?.close();
  await direct?.close();
  await tdb?.drop();
});

const TOUR = '/tour/santorini-caldera-sunset-cruise/';
const overTls = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.9' };

function directives(header: string | null): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name, values);
  }
  return out;
}

describe('pages', () => {
  it('carry a content-security policy with a fresh nonce, and the hardening headers', async () => {
    const first = await fetch(`${direct.baseUrl}${TOUR}`);
    const second = await fetch(`${direct.baseUrl}${TOUR}`);
    expect(first.status).toBe(200);
    const csp = directives(first.headers.get('content-security-policy'));
    const nonce = csp.get('script-src')?.find((v) => v.startsWith("'nonce-"));
    expect(nonce).toMatch(/^'nonce-[A-Za-z0-9+/]{22}=='$/);
    expect(second.headers.get('content-security-policy')).not.toContain(nonce);
    expect(csp.get('script-src')).toEqual([
      "'self'",
      nonce,
      'https://*.paypal.com',
      'https://*.paypalobjects.com',
      'https://*.venmo.com',
    ]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toContain("'unsafe-inline'");
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
    expect(csp.get('frame-src')).toEqual(
      expect.arrayContaining(['https://*.paypal.com', 'https://www.youtube-nocookie.com', 'https://player.vimeo.com']),
    );
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'https://*.paypal.com',
      'https://*.paypalobjects.com',
      'https://*.venmo.com',
    ]);
    expect(csp.get('form-action')).toEqual(["'self'", 'https://www.paypal.com', 'https://www.sandbox.paypal.com']);
    // Served over plain HTTP: nothing to upgrade to.
    expect(csp.has('upgrade-insecure-requests')).toBe(false);

    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(first.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(first.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    expect(first.headers.get('strict-transport-security')).toBeNull();
    expect(first.headers.get('content-type')).toBe('text/html; charset=UTF-8');

    // The page's own scripts carry the header's nonce; data blocks (the JSON-LD, the islands' props) need none.
    const body = await first.text();
    const value = nonce!.slice("'nonce-".length, -1);
    for (const tag of body.match(/<script\b[^>]*>/g) ?? []) {
      if (/type="application\/(ld\+)?json"/.test(tag)) continue;
      expect(tag).toContain(`nonce="${value}"`);
    }
  });

  it('upgrade insecure requests only over TLS a trusted proxy vouches for', async () => {
    const viaProxy = await fetch(`${trusting.baseUrl}${TOUR}`, { headers: overTls });
    expect(directives(viaProxy.headers.get('content-security-policy')).has('upgrade-insecure-requests')).toBe(true);
    const forged = await fetch(`${direct.baseUrl}${TOUR}`, { headers: overTls });
    expect(directives(forged.headers.get('content-security-policy')).has('upgrade-insecure-requests')).toBe(false);
  });

  it('the 404 page is ours too', async () => {
    const res = await fetch(`${direct.baseUrl}/no-such-page-${randomBytes(3).toString('hex')}/`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});

describe('admin-ajax', () => {
  it.each([
    ['a dispatched action', 'action=tourmaster_tour_booking_amount_check', 'application/json; charset=UTF-8'],
    ['no action', '', 'application/json; charset=UTF-8'],
    ['an unknown action', 'action=no_such_action', 'application/json; charset=UTF-8'],
  ])('%s: hardening headers, no policy, the legacy content type', async (_name, body, type) => {
    const res = await postAjax(direct.baseUrl, body);
    expect(res.headers.get('content-security-policy')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(res.headers.get('content-type')).toBe(type);
  });
});

describe('cookies', () => {
  let login = '';
  const password = 'correct horse battery staple';
  beforeAll(async () => {
    login = `sec${randomBytes(4).toString('hex')}`;
    await tdb.wp.knex(tdb.wp.t.users).insert({
      user_login: login,
      user_pass: hashPassword(password),
      user_nicename: login,
      user_email: `${login}@example.test`,
      user_url: '',
      user_registered: '2026-11-01 10:00:00',
      user_activation_key: '',
      user_status: 0,
      display_name: login,
    });
  });

  /** Every Set-Cookie of the requests that set cookies: a tour view, the booking hand-off, a login. */
  async function cookiesFrom(server: TestServer, headers: Record<string, string>): Promise<string[]> {
    const view = await fetch(`${server.baseUrl}${TOUR}`, { headers });
    const handoff = await fetch(`${server.baseUrl}/payment/`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'tour-id=4&tour-date=2026-12-20&tour-people=2',
      redirect: 'manual',
    });
    const signIn = await fetch(`${server.baseUrl}/wp-login.php`, {
      method: 'POST',
      headers: {
        ...headers,
        'Content-Type': 'application/x-www-form-urlencoded',
        Cookie: 'wordpress_test_cookie=WP%20Cookie%20check',
      },
      body: new URLSearchParams({ log: login, pwd: password, 'wp-submit': 'Log In', testcookie: '1' }).toString(),
      redirect: 'manual',
    });
    const all = [view, handoff, signIn].flatMap((r) => r.headers.getSetCookie());
    const names = all.map((c) => c.slice(0, c.indexOf('=')));
    expect(names).toEqual(
      expect.arrayContaining([
        'tourmaster-tour-4',
        'tourmaster-booking-detail',
        expect.stringMatching(/^wordpress_logged_in_/),
      ]),
    );
    return all;
  }

  const attrs = (cookie: string) => cookie.split(';').map((a) => a.trim().toLowerCase());

  it('behind a trusted proxy over TLS: every cookie Secure and SameSite=Lax, HttpOnly unless script reads it', async () => {
    for (const cookie of await cookiesFrom(trusting, overTls)) {
      const a = attrs(cookie);
      expect(a, cookie).toContain('secure');
      expect(a, cookie).toContain('samesite=lax');
      const scriptReads = cookie.startsWith('tourmaster-booking-detail=');
      expect(a.includes('httponly'), cookie).toBe(!scriptReads);
    }
  });

  it('a forged X-Forwarded-Proto without TRUST_PROXY does not make them Secure', async () => {
    for (const cookie of await cookiesFrom(direct, overTls)) {
      const a = attrs(cookie);
      expect(a, cookie).not.toContain('secure');
      expect(a, cookie).toContain('samesite=lax');
    }
  });

  it('with TRUST_PROXY but a plain-HTTP hop, cookies are not Secure', async () => {
    for (const cookie of await cookiesFrom(trusting, { 'X-Forwarded-For': '203.0.113.10' }))
      expect(attrs(cookie), cookie).not.toContain('secure');
  });
});
