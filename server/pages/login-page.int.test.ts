import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../core/config';
import { extractRegion, normaliseVolatile } from '../parity/compare';
import { canonicalHtml } from '../parity/html-dom';
import { get, htmlErrors, loginAs } from '../testing/account';
import { fixtureSecrets, startTestServer, type TestServer } from '../testing/app';
import { createTestDatabase, type TestDatabase } from '../testing/db';

/** The login page and its lost-password form, against legacy-fixtures/pages/login.html and lost-password.html. */
const REGION = { className: 'tourmaster-template-wrapper' };
const region = (html: string) => canonicalHtml(normaliseVolatile(extractRegion(html, REGION) ?? ''));
const captured = (name: string) => readFileSync(path.join(PROJECT_ROOT, 'legacy-fixtures', 'pages', name), 'utf8');

let tdb: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  tdb = await createTestDatabase();
  server = await startTestServer(tdb, { secrets: fixtureSecrets() });
});

afterAll(async () => {
  await server?.close();
  await tdb?.drop();
});

describe('login page', () => {
  it('renders the plugin login form as the captured page, with no-cache headers', async () => {
    const reply = await get(server, '/login/');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-cache, must-revalidate, max-age=0');
    expect(reply.headers.get('expires')).toBe('Wed, 11 Jan 1984 05:00:00 GMT');
    expect(htmlErrors(reply.text)).toEqual([]);
    expect(region(reply.text)).toBe(region(captured('login.html')));
    expect(reply.text).toContain('<title>Login – Aegean Trails (Tour Master oracle)</title>');
    expect(reply.text).toMatch(/<body class="[^"]*tourmaster-template-login/);
    // The page shell carries the guest top bar (Login / Sign Up lightboxes).
    expect(reply.text).toContain('tourmaster-user-top-bar tourmaster-guest');
  });

  it('renders the lost-password form', async () => {
    const reply = await get(server, '/login/?action=lostpassword');
    expect(reply.status).toBe(200);
    expect(htmlErrors(reply.text)).toEqual([]);
    expect(region(reply.text)).toBe(region(captured('lost-password.html')));
  });

  it.each([
    ['/login/?status=login_incorrect', 'tourmaster-failure', 'Invalid username, email address or incorrect password.'],
    ['/login/?action=lostpassword&status=login_incorrect', 'tourmaster-failure', 'Invalid username or email.'],
    ['/login/?checkemail=confirm', 'tourmaster-success', 'Please check your email for the confirmation link.'],
  ])('%s shows its notice above the form', async (url, kind, message) => {
    const reply = await get(server, url);
    expect(reply.status).toBe(200);
    expect(reply.text).toContain(`<div class="tourmaster-notification-box ${kind}" >${message}</div>`);
  });

  it('shows nothing for login_empty', async () => {
    const reply = await get(server, '/login/?status=login_empty');
    expect(reply.text).not.toContain('tourmaster-notification-box tourmaster-failure" >Invalid');
  });

  it('keeps a redirect keyword and a same-site URL, and never prints a foreign one', async () => {
    const payment = await get(server, '/login/?redirect=payment');
    expect(payment.text).toContain('name="redirect_to" value="http://127.0.0.1:8080/payment/"');
    expect(payment.text).toContain('name="redirect" value="payment"');
    const foreign = await get(server, `/login/?redirect=${encodeURIComponent('https://evil.example/x')}`);
    expect(foreign.text).toContain('name="redirect_to" value="http://127.0.0.1:8080/"');
    const escaped = await get(server, `/login/?redirect=${encodeURIComponent('"><script>x</script>')}`);
    expect(escaped.text).not.toContain('<script>x</script>');
    expect(escaped.text).toContain('value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
  });

  it('sends the legacy reset links on to wp-login.php', async () => {
    const reply = await get(server, '/login/?source=tm&action=rp&key=abc&login=customer1');
    expect(reply.status).toBe(302);
    expect(reply.headers.get('location')).toBe(
      'http://127.0.0.1:8080/wp-login.php?source=tm&action=rp&key=abc&login=customer1',
    );
  });

  it('sends a logged-in visitor on to the account page', async () => {
    const customer = await loginAs(tdb, server, 'customer1');
    for (const url of ['/login/', '/register/']) {
      const reply = await get(server, url, customer.cookie);
      expect(reply.status).toBe(302);
      expect(reply.headers.get('location')).toBe('http://127.0.0.1:8080/my-account/');
    }
  });

  it('leaves other paths alone (the setting names a page, so the query-string form is not the login page)', async () => {
    for (const url of ['/login/x/', '/?tourmaster-login', '/login']) {
      expect((await get(server, url)).text).not.toContain('tourmaster-login-template-content');
    }
  });
});
