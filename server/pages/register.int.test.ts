import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../core/config';
import { getRawOptions } from '../data/options';
import { getUserByLogin } from '../data/users';
import { createMemoryMailer, type MemoryMailer } from '../mail/mailer';
import { extractRegion, normaliseVolatile, withoutIslandProps } from '../parity/compare';
import { canonicalHtml } from '../parity/html-dom';
import { legacyMarkupAsOurs } from '../parity/legacy-markup';
import { serialize, unserialize } from '../php/serialize';
import type { PhpValue } from '../php/values';
import { get, htmlErrors, inputValue, loginAs, postForm } from '../testing/account';
import { fixtureSecrets, startTestServer, type TestServer } from '../testing/app';
import { capturedMail } from '../testing/captured-mail';
import { createTestDatabase, type TestDatabase } from '../testing/db';
import { setOption } from '../testing/posts';
import { createNonce } from '../wp/nonce';
import { checkPassword } from '../wp/password';

/**
 * Registration (engagement.md §4.3, DEFECTS.md 15): the page as captured, the plugin's messages, our
 * server-side rules, the user WordPress would have created, the login cookies, the mails.
 */
const REGION = { className: 'tourmaster-template-wrapper' };
/** The islands' typed props (issue 16) are ours alone, and the legacy markup we change on purpose is
 * read as ours, as in the parity replay. */
const region = (html: string) =>
  canonicalHtml(legacyMarkupAsOurs(normaliseVolatile(withoutIslandProps(extractRegion(html, REGION) ?? ''))));
const legacyFile = (...parts: string[]) => readFileSync(path.join(PROJECT_ROOT, 'legacy-fixtures', ...parts), 'utf8');
const legacyExchange = (name: string) =>
  JSON.parse(legacyFile('exchanges', `${name}.json`)) as { response: { body: string } };

let tdb: TestDatabase;
let server: TestServer;
let mailer: MemoryMailer;
let nonce: string;

beforeAll(async () => {
  tdb = await createTestDatabase();
  mailer = createMemoryMailer();
  server = await startTestServer(tdb, { secrets: fixtureSecrets(), mailer });
  nonce = inputValue((await get(server, '/register/')).text, 'security') ?? '';
});

afterAll(async () => {
  await server?.close();
  await tdb?.drop();
});

beforeEach(async () => {
  mailer.sent.length = 0;
  await tdb.wp.knex(`${tdb.wp.prefix}dropin_rate_limits`).delete();
});

/** The form of `zz-state-01-form-register-ok`, with overrides. */
function form(overrides: Record<string, string | undefined> = {}): [string, string][] {
  const base: Record<string, string | undefined> = {
    username: 'newtraveller',
    password: 'Str0ng#Pass2026',
    'confirm-password': 'Str0ng#Pass2026',
    first_name: 'Nora',
    last_name: 'Berg',
    birth_date: '1990-04-12',
    email: 'nora.berg@example.test',
    phone: '+47 912 34 567',
    country: 'Norway',
    redirect: '',
    gender: 'female',
    'tourmaster-require-acceptance': 'on',
    security: nonce,
    ...overrides,
  };
  return Object.entries(base).filter((e): e is [string, string] => e[1] !== undefined);
}

/** The failure notice above the page's form (the top bar's Sign Up lightbox has its own notice box). */
const failure = (html: string) =>
  /<div class="tourmaster-notification-box tourmaster-failure">(.*?)<\/div><form/.exec(
    extractRegion(html, REGION) ?? '',
  )?.[1];

describe('register page', () => {
  it('renders the captured form, nonce included', async () => {
    const reply = await get(server, '/register/');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-cache, must-revalidate, max-age=0');
    expect(htmlErrors(reply.text)).toEqual([]);
    expect(region(reply.text)).toBe(region(legacyFile('pages', 'register.html')));
    expect(nonce).toMatch(/^[0-9a-f]{10}$/);
  });

  it('creates the user as wp_insert_user does, logs them in and redirects to the account page', async () => {
    const reply = await postForm(server, '/register/', form());
    expect(reply.status).toBe(302);
    expect(reply.headers.get('location')).toBe('http://127.0.0.1:8080/my-account/');
    expect(reply.text).not.toContain('Str0ng#Pass2026');
    const cookies = reply.headers.getSetCookie();
    const loggedIn = cookies.find((c) => c.startsWith('wordpress_logged_in_'));
    expect(loggedIn).toBeDefined();
    expect(cookies.some((c) => /^wordpress_[0-9a-f]{32}=/.test(c))).toBe(true);

    const user = await getUserByLogin(tdb.wp, 'newtraveller');
    expect(user).toMatchObject({
      login: 'newtraveller',
      nicename: 'newtraveller',
      email: 'nora.berg@example.test',
      url: '',
      activationKey: '',
      status: 0,
      displayName: 'newtraveller',
    });
    expect(user!.registered).toMatch(/^2026-11-21 23:30:00/);
    expect(user!.pass).toMatch(/^\$P\$B.{30}$/);
    expect((await checkPassword('Str0ng#Pass2026', user!.pass)).ok).toBe(true);

    const rows: { meta_key: string; meta_value: string }[] = await tdb.wp
      .knex(tdb.wp.t.usermeta)
      .select('meta_key', 'meta_value')
      .where('user_id', user!.id)
      .orderBy('umeta_id');
    const meta = Object.fromEntries(
      rows.filter((r) => r.meta_key !== 'session_tokens').map((r) => [r.meta_key, r.meta_value]),
    );
    expect(meta).toEqual({
      nickname: 'newtraveller',
      first_name: 'Nora',
      last_name: 'Berg',
      description: '',
      rich_editing: 'true',
      syntax_highlighting: 'true',
      comment_shortcuts: 'false',
      admin_color: 'fresh',
      use_ssl: '0',
      show_admin_bar_front: 'true',
      locale: '',
      wp_capabilities: 'a:1:{s:10:"subscriber";b:1;}',
      wp_user_level: '0',
      gender: 'female',
      birth_date: '1990-04-12',
      phone: '+47 912 34 567',
      country: 'Norway',
      contact_address: '',
    });
    expect(rows.some((r) => r.meta_key === 'session_tokens')).toBe(true);

    // The cookie we set is a login WordPress accepts: the account page opens with it.
    const cookie = loggedIn!.split(';')[0]!;
    const account = await get(server, '/my-account/?page_type=dashboard', cookie);
    expect(account.status).toBe(200);
    expect(account.text).toContain('<span class="tourmaster-tail" >Nora Berg</span>');

    // The welcome mail, as the legacy site sent it (zz-state-01-form-register-ok-1.eml).
    expect(mailer.sent.map((m) => [m.type, m.to, m.subject])).toEqual([
      ['registration-complete-mail', ['nora.berg@example.test'], 'Congratulations! Your account has been created'],
    ]);
    expect(mailer.sent[0]!.from).toEqual({ name: 'WORDPRESS', address: 'bookings@aegean-trails.example.test' });
    expect(mailer.sent[0]!.html.trim()).toBe(capturedMail('zz-state-01-form-register-ok-1').body.trim());
    expect(mailer.sent[0]!.html).not.toContain('Str0ng#Pass2026');
  });

  it.each([
    [
      'duplicate username',
      { username: 'customer1', email: 'x1@example.test' },
      'zz-state-02-form-register-duplicate-username',
    ],
    [
      'password mismatch',
      { username: 'another2', email: 'x2@example.test', 'confirm-password': 'Different#1' },
      'zz-state-04-form-register-password-mismatch',
    ],
    [
      'missing fields',
      { username: 'missing1', first_name: '', email: '', phone: '' },
      'zz-state-07-form-register-missing-required',
    ],
    ['invalid e-mail', { username: 'bademail', email: 'not-an-email' }, 'zz-state-08-form-register-invalid-email'],
    [
      'special characters',
      { username: 'specialc', first_name: 'Nora<script>', email: 'specialc@example.test' },
      'zz-state-10-form-register-special-chars',
    ],
  ])('%s: the form again with the plugin message, as captured', async (_what, overrides, exchange) => {
    const reply = await postForm(server, '/register/', form(overrides));
    expect(reply.status).toBe(200);
    expect(htmlErrors(reply.text)).toEqual([]);
    expect(region(reply.text)).toBe(region(legacyExchange(exchange).response.body));
    expect(reply.text).not.toContain('Str0ng#Pass2026');
  });

  it.each([
    [
      'a one-character password',
      { username: 'weakpass', email: 'weak@example.test', password: '1', 'confirm-password': '1' },
      'The password must be at least 8 characters long.',
    ],
    [
      'the username as password',
      { username: 'samepass1', email: 'same@example.test', password: 'samepass1', 'confirm-password': 'samepass1' },
      'The password cannot be your username or email address.',
    ],
    [
      'no terms box',
      { username: 'noterms', email: 'noterms@example.test', 'tourmaster-require-acceptance': undefined },
      'Please agree to all the terms and conditions before proceeding to the next step',
    ],
    [
      'a used e-mail',
      { username: 'dupemail', email: 'MARIA.papadopoulou@example.test' },
      'Sorry, that email address is already used!',
    ],
    [
      'an e-mail as username',
      { username: 'me@example.test', email: 'me@example.test' },
      'Special characters is not allowed in "Username".',
    ],
  ])('refuses %s (ours, DEFECTS.md 15)', async (_what, overrides, message) => {
    const reply = await postForm(server, '/register/', form(overrides));
    expect(reply.status).toBe(200);
    expect(failure(reply.text)).toBe(message);
    expect(await getUserByLogin(tdb.wp, overrides.username)).toBeUndefined();
    expect(mailer.sent).toEqual([]);
  });

  it.each([
    ['missing', undefined],
    ['wrong', '0123456789'],
    ['stale (two days old)', createNonce('tourmaster-registration', { uid: 0, token: '', salt: 'x', now: 0 })],
  ])('a %s nonce creates nobody and asks for a reload', async (_what, value) => {
    const reply = await postForm(
      server,
      '/register/',
      form({ username: 'nononce', email: 'nononce@example.test', security: value }),
    );
    expect(reply.status).toBe(200);
    expect(failure(reply.text)).toBe('The session is expired. Please refesh the page to try again.');
    expect(reply.text).not.toContain('Str0ng#Pass2026');
    expect(await getUserByLogin(tdb.wp, 'nononce')).toBeUndefined();
  });

  it("refuses another visitor's nonce (made for a logged-in user)", async () => {
    const customer = await loginAs(tdb, server, 'customer1');
    const theirs = inputValue(
      (await get(server, '/my-account/?page_type=change-password', customer.cookie)).text,
      'security',
    );
    const reply = await postForm(
      server,
      '/register/',
      form({ username: 'theirs', email: 'theirs@example.test', security: theirs }),
    );
    expect(reply.status).toBe(200);
    expect(await getUserByLogin(tdb.wp, 'theirs')).toBeUndefined();
  });

  it('limits sign-ups per address', async () => {
    for (let i = 0; i < 10; i++) {
      const reply = await postForm(server, '/register/', form({ username: 'customer1', email: `r${i}@example.test` }));
      expect(failure(reply.text)).toBe('Username already exists, pleae try again with another name.');
    }
    const refused = await postForm(server, '/register/', form({ username: 'limited', email: 'limited@example.test' }));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await getUserByLogin(tdb.wp, 'limited')).toBeUndefined();
  });

  it('sanitises the login as WordPress does and keeps nicenames unique', async () => {
    const reply = await postForm(server, '/register/', form({ username: 'Nora Berg', email: 'nb@example.test' }));
    expect(reply.status).toBe(302);
    const user = await getUserByLogin(tdb.wp, 'Nora Berg');
    expect(user).toMatchObject({ login: 'Nora Berg', nicename: 'nora-berg', displayName: 'Nora Berg' });
  });

  it('sends a refused form back with the terms box as the visitor left it (DEVIATIONS.md 98)', async () => {
    const acceptance = (html: string) =>
      /<form class="tourmaster-register-form[\s\S]*?<input type="checkbox" name="tourmaster-require-acceptance"([^>]*)>/.exec(
        extractRegion(html, REGION) ?? '',
      )?.[1];
    const ticked = await postForm(server, '/register/', form({ username: 'tick1', 'confirm-password': 'Other#Pass1' }));
    expect(failure(ticked.text)).toBe('Password does not match the confirm password.');
    expect(acceptance(ticked.text)?.trim()).toBe('checked=""');
    expect(ticked.text).toMatch(/"accepted":true/);
    const unticked = await postForm(
      server,
      '/register/',
      form({ username: 'tick2', 'confirm-password': 'Other#Pass1', 'tourmaster-require-acceptance': undefined }),
    );
    expect(acceptance(unticked.text)?.trim()).toBe('');
    expect(unticked.text).not.toMatch(/"accepted":/);
  });

  it('starts the country list with "Select country", else the site\'s default country (DEVIATIONS.md 98)', async () => {
    const chosenCountry = (html: string) => {
      const select =
        /<select name="country"[^>]*>([\s\S]*?)<\/select>/.exec(extractRegion(html, REGION) ?? '')?.[1] ?? '';
      const options = [...select.matchAll(/<option value="([^"]*)"(\s*selected(?:="")?)?\s*>([^<]*)</g)];
      return { first: options[0]?.[3], chosen: options.filter((o) => o[2]).map((o) => o[1]) };
    };
    expect(chosenCountry((await get(server, '/register/')).text)).toEqual({ first: 'Select country', chosen: [''] });
    // A refused form keeps what was chosen.
    const refused = await postForm(
      server,
      '/register/',
      form({ username: 'ctry1', 'confirm-password': 'Other#Pass1' }),
    );
    expect(chosenCountry(refused.text).chosen).toEqual(['Norway']);

    const raw = (await getRawOptions(tdb.wp, ['tourmaster_general'])).get('tourmaster_general') ?? '';
    const general = unserialize(raw) as Record<string, PhpValue>;
    await setOption(tdb.wp, 'tourmaster_general', serialize({ ...general, 'user-default-country': 'Greece' }));
    try {
      expect(chosenCountry((await get(server, '/register/')).text)).toEqual({
        first: 'Select country',
        chosen: ['Greece'],
      });
    } finally {
      await setOption(tdb.wp, 'tourmaster_general', raw);
    }
  });
});
