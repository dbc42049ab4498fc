import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getMeta, getRawMeta } from '../../data/meta';
import { getOrder } from '../../data/orders';
import { setWishList } from '../../data/profile';
import { getUserByLogin } from '../../data/users';
import { createMemoryMailer, type MemoryMailer } from '../../mail/mailer';
import {
  get,
  htmlErrors,
  inputValue,
  type Login,
  loginAs,
  postForm,
  postMultipart,
  textOf,
} from '../../testing/account';
import { fixtureSecrets, startTestServer, type TestServer } from '../../testing/app';
import { capturedMail } from '../../testing/captured-mail';
import { createTestDatabase, type TestDatabase } from '../../testing/db';
import { createNonce } from '../../wp/nonce';
import { checkPassword, hashPassword } from '../../wp/password';
import { ACCOUNT_PAGE_TYPES } from './index';

/**
 * The account area's forms and links: profile edit (multipart, avatar), password change, wish-list
 * removal, booking cancel, single bookings of other users, guests, unknown page types, reviews
 * posted from the dashboard. Nonces: missing, stale, another user's.
 */
let tdb: TestDatabase;
let server: TestServer;
let mailer: MemoryMailer;
let dataDir: string;

beforeAll(async () => {
  tdb = await createTestDatabase();
  mailer = createMemoryMailer();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'account-forms-'));
  server = await startTestServer(tdb, { secrets: fixtureSecrets(), mailer, config: { dataDir } });
});

afterAll(async () => {
  await server?.close();
  await tdb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  mailer.sent.length = 0;
});

const notice = (html: string) =>
  /<div class="tourmaster-user-update-notification tourmaster-(success|failure)" >(.*?)<\/div>/.exec(html);

/** A nonce made for another visitor (customer2's session) with the same action. */
async function foreignNonce(action: string): Promise<string> {
  const other = await loginAs(tdb, server, 'customer2');
  const salts = await server.deps.salts();
  return createNonce(action, {
    uid: other.userId,
    token: other.token,
    salt: salts.nonce,
    now: Math.floor(server.deps.clock().getTime() / 1000),
  });
}

describe('guests', () => {
  it.each(ACCOUNT_PAGE_TYPES)('%s: 302 to the login page, as captured', async (type) => {
    const reply = await get(server, `/my-account/?page_type=${type}`);
    expect(reply.status).toBe(302);
    expect(reply.headers.get('location')).toBe('http://127.0.0.1:8080/login/');
    expect(reply.headers.get('x-redirect-by')).toBe('WordPress');
    expect(reply.headers.get('cache-control')).toBeNull();
  });

  it('a guest post is not read: 302 to the login page', async () => {
    const reply = await postForm(server, '/my-account/?page_type=change-password', { 'old-password': 'x' });
    expect(reply.status).toBe(302);
    expect(reply.headers.get('location')).toBe('http://127.0.0.1:8080/login/');
  });
});

describe('page types', () => {
  it.each(['../../wp-config', 'unknown', '', 'dashboard%00'])('"%s" is the dashboard (DEFECTS.md 20)', async (type) => {
    const customer = await loginAs(tdb, server, 'customer1');
    const reply = await get(server, `/my-account/?page_type=${type}`, customer.cookie);
    expect(reply.status).toBe(200);
    expect(reply.text).toContain('tourmaster-dashboard-profile-wrapper');
  });

  it.each(ACCOUNT_PAGE_TYPES)('%s renders valid HTML for another customer too', async (type) => {
    const customer = await loginAs(tdb, server, 'customer2');
    const reply = await get(server, `/my-account/?page_type=${type}`, customer.cookie);
    expect(reply.status).toBe(200);
    expect(htmlErrors(reply.text)).toEqual([]);
    expect(reply.text).toContain('tourmaster-template-wrapper-user');
  });

  it('invoices&sub_page=paid lists paid orders only', async () => {
    const customer = await loginAs(tdb, server, 'customer1');
    const reply = await get(server, '/my-account/?page_type=invoices&sub_page=paid', customer.cookie);
    expect(reply.status).toBe(200);
    expect(reply.text).toContain('status=online-paid');
    expect(reply.text).not.toContain('tourmaster-status-wait-for-approval');
    expect(reply.text).toContain('tourmaster-status-online-paid');
  });

  it('my-booking&status=… filters by status', async () => {
    const customer = await loginAs(tdb, server, 'customer1');
    const reply = await get(server, '/my-account/?page_type=my-booking&status=departed', customer.cookie);
    expect(reply.text).toContain('tourmaster-status-departed');
    expect(reply.text).not.toContain('tourmaster-status-online-paid');
    expect(reply.text).toContain(
      '<a  class="tourmaster-active" href="/my-account/?page_type=my-booking&amp;status=departed" >',
    );
  });
});

describe('single booking and invoice', () => {
  it.each(['my-booking', 'invoices'])("%s of another customer's order: a clear refusal, no details", async (page) => {
    const other = await loginAs(tdb, server, 'customer2');
    const reply = await get(server, `/my-account/?page_type=${page}&sub_page=single&id=1&tour_id=4`, other.cookie);
    expect(reply.status).toBe(403);
    expect(notice(reply.text)?.[2]).toBe('This booking belongs to another account, so it cannot be shown here.');
    expect(reply.text).not.toContain('Papadopoul');
    expect(htmlErrors(reply.text)).toEqual([]);
  });

  it('an unknown order is not found', async () => {
    const customer = await loginAs(tdb, server, 'customer1');
    const reply = await get(server, '/my-account/?page_type=my-booking&sub_page=single&id=9999', customer.cookie);
    expect(reply.status).toBe(404);
  });

  it('a pending order offers the online payment', async () => {
    const customer = await loginAs(tdb, server, 'customer1');
    await tdb.wp.knex(tdb.wp.t.orders).where('id', 5).update({ order_status: 'pending' });
    const reply = await get(server, '/my-account/?page_type=my-booking&sub_page=single&id=5', customer.cookie);
    expect(reply.status).toBe(200);
    expect(reply.text).toContain('href="http://127.0.0.1:8080/payment/?tid=5&amp;step=3"');
    expect(htmlErrors(reply.text)).toEqual([]);
    await tdb.wp.knex(tdb.wp.t.orders).where('id', 5).update({ order_status: 'wait-for-approval' });
  });
});

describe('booking cancel (DEFECTS.md 17)', () => {
  let customer2: Login;
  beforeAll(async () => {
    customer2 = await loginAs(tdb, server, 'customer2');
  });

  it('the list offers a cancel link with a nonce for a pending order only', async () => {
    const reply = await get(server, '/my-account/?page_type=my-booking', customer2.cookie);
    const links = [...reply.text.matchAll(/class="tourmaster-my-booking-action fa fa-remove" href="([^"]*)"/g)].map(
      (m) => m[1],
    );
    expect(links).toEqual([
      expect.stringMatching(
        /^\/my-account\/\?page_type=my-booking&amp;action=remove&amp;id=3&amp;_wpnonce=[0-9a-f]{10}$/,
      ),
    ]);
  });

  it('without a nonce nothing is cancelled', async () => {
    const reply = await get(server, '/my-account/?page_type=my-booking&action=remove&id=3', customer2.cookie);
    expect(reply.status).toBe(403);
    expect(notice(reply.text)?.[2]).toBe('The session is expired. Please refesh the page to try again.');
    expect((await getOrder(tdb.wp, 3))?.status).toBe('pending');
  });

  it("with another user's nonce nothing is cancelled", async () => {
    const customer1 = await loginAs(tdb, server, 'customer1');
    const nonce = await foreignNonce('tourmaster-cancel-booking_3');
    const reply = await get(
      server,
      `/my-account/?page_type=my-booking&action=remove&id=3&_wpnonce=${nonce}`,
      customer1.cookie,
    );
    expect(reply.status).toBe(403);
    expect((await getOrder(tdb.wp, 3))?.status).toBe('pending');
  });

  it("another customer's order is left alone, even with a valid nonce for it", async () => {
    const customer1 = await loginAs(tdb, server, 'customer1');
    const page = await get(server, '/my-account/?page_type=my-booking', customer1.cookie);
    expect(page.status).toBe(200);
    const salts = await server.deps.salts();
    const nonce = createNonce('tourmaster-cancel-booking_10', {
      uid: customer1.userId,
      token: customer1.token,
      salt: salts.nonce,
      now: Math.floor(server.deps.clock().getTime() / 1000),
    });
    const reply = await get(
      server,
      `/my-account/?page_type=my-booking&action=remove&id=10&_wpnonce=${nonce}`,
      customer1.cookie,
    );
    expect(reply.status).toBe(404);
    expect((await getOrder(tdb.wp, 10))?.status).toBe('rejected');
  });

  it('a paid order cannot be cancelled by editing the link', async () => {
    const customer1 = await loginAs(tdb, server, 'customer1');
    const salts = await server.deps.salts();
    const nonce = createNonce('tourmaster-cancel-booking_1', {
      uid: customer1.userId,
      token: customer1.token,
      salt: salts.nonce,
      now: Math.floor(server.deps.clock().getTime() / 1000),
    });
    const reply = await get(
      server,
      `/my-account/?page_type=my-booking&action=remove&id=1&_wpnonce=${nonce}`,
      customer1.cookie,
    );
    expect(reply.status).toBe(409);
    expect((await getOrder(tdb.wp, 1))?.status).toBe('online-paid');
  });

  it('the owner cancels a pending order: 302 back to the list, the cancel mail as captured', async () => {
    const page = await get(server, '/my-account/?page_type=my-booking', customer2.cookie);
    const link = /class="tourmaster-my-booking-action fa fa-remove" href="([^"]*)"/
      .exec(page.text)![1]!
      .replace(/&amp;/g, '&');
    const reply = await get(server, link, customer2.cookie);
    expect(reply.status).toBe(302);
    expect(reply.headers.get('location')).toBe('/my-account/?page_type=my-booking');
    expect((await getOrder(tdb.wp, 3))?.status).toBe('cancel');
    expect(mailer.sent.map((m) => [m.to, m.subject])).toEqual([
      [['john.smith@example.test'], 'Your booking has been cancelled'],
    ]);
    const eml = capturedMail('zz-state-26-form-booking-cancel-customer2-own-pending-1');
    expect(mailer.sent[0]!.html.trim()).toBe(eml.body.trim());
    // Once cancelled, the same link is refused.
    const again = await get(server, link, customer2.cookie);
    expect(again.status).toBe(409);
  });
});

describe('edit profile (multipart, our nonce: DEFECTS.md 18)', () => {
  let customer3: Login;
  let nonce: string;
  beforeAll(async () => {
    customer3 = await loginAs(tdb, server, 'customer3');
    nonce = inputValue((await get(server, '/my-account/?page_type=edit-profile', customer3.cookie)).text, 'security')!;
  });

  function profileForm(
    overrides: Record<string, string | undefined> = {},
    file?: { data: Uint8Array; name: string; type: string },
  ): FormData {
    const values: Record<string, string | undefined> = {
      first_name: 'Anna',
      last_name: 'Muller',
      gender: 'female',
      birth_date: '1985-3-7',
      email: 'anna.muller@example.test',
      phone: '+49 151 2345 6789',
      country: 'Austria',
      contact_address: 'Ringstraße 1, "Top" 3',
      'tourmaster-edit-profile': '1',
      security: nonce,
      ...overrides,
    };
    const form = new FormData();
    for (const [k, v] of Object.entries(values)) if (v !== undefined) form.append(k, v);
    if (file) form.append('profile-image', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
    else form.append('profile-image', new Blob([], { type: 'application/octet-stream' }), '');
    return form;
  }

  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );

  it('saves the fields and says so', async () => {
    const reply = await postMultipart(server, '/my-account/?page_type=edit-profile', profileForm(), customer3.cookie);
    expect(reply.status).toBe(200);
    expect(notice(reply.text)?.slice(1)).toEqual([
      'success',
      '<i class="fa fa-check" ></i>Your profile has been successfully changed.',
    ]);
    expect(htmlErrors(reply.text)).toEqual([]);
    const id = customer3.userId;
    expect(await getMeta(tdb.wp, 'user', id, 'country')).toBe('Austria');
    expect(await getMeta(tdb.wp, 'user', id, 'birth_date')).toBe('1985-3-7');
    expect(await getMeta(tdb.wp, 'user', id, 'contact_address')).toBe('Ringstraße 1, "Top" 3');
    // Printed escaped.
    expect(reply.text).toContain('Ringstraße 1, &quot;Top&quot; 3</textarea>');
    const dashboard = await get(server, '/my-account/?page_type=dashboard', customer3.cookie);
    expect(textOf(dashboard.text, 'tourmaster-my-profile-info-birth_date')).toBe('Birth Date March 7, 1985');
  });

  it.each<[string, Record<string, string>, string]>([
    ['invalid e-mail', { email: 'anna@' }, 'Incorrect email address.'],
    ['invalid phone', { phone: 'phone?' }, 'Invalid phone number, please try again.'],
    ['empty birth date', { birth_date: '' }, 'Please fill all required fields.'],
    ['a used e-mail', { email: 'john.smith@example.test' }, 'Sorry, that email address is already used!'],
    ['a country not in the list', { country: 'Atlantis' }, 'Please fill all required fields.'],
    ['markup in a name', { first_name: '<b>Anna</b>' }, 'Special characters is not allowed in &quot;First Name&quot;.'],
  ])('%s: refused, nothing saved, values kept in the form', async (_what, overrides, message) => {
    const before = await getRawMeta(tdb.wp, 'user', customer3.userId, 'phone');
    const reply = await postMultipart(
      server,
      '/my-account/?page_type=edit-profile',
      profileForm({ ...overrides, phone: overrides.phone ?? '+30 999' }),
      customer3.cookie,
    );
    expect(reply.status).toBe(200);
    expect(notice(reply.text)?.[1]).toBe('failure');
    expect(notice(reply.text)?.[2]).toContain(message);
    expect(await getRawMeta(tdb.wp, 'user', customer3.userId, 'phone')).toBe(before);
    if (overrides.email) expect(reply.text).toContain(`value="${overrides.email}"`);
  });

  it.each([
    ['missing', undefined],
    ['wrong', '0123456789'],
  ])('a %s nonce saves nothing (the legacy form had none)', async (_what, value) => {
    const reply = await postMultipart(
      server,
      '/my-account/?page_type=edit-profile',
      profileForm({ security: value, phone: '+1 555' }),
      customer3.cookie,
    );
    expect(reply.status).toBe(200);
    expect(notice(reply.text)?.[2]).toBe('The session is expired. Please refesh the page to try again.');
    expect(await getMeta(tdb.wp, 'user', customer3.userId, 'phone')).not.toBe('+1 555');
  });

  it("another user's nonce saves nothing", async () => {
    const reply = await postMultipart(
      server,
      '/my-account/?page_type=edit-profile',
      profileForm({ security: await foreignNonce('tourmaster-edit-profile'), phone: '+1 556' }),
      customer3.cookie,
    );
    expect(reply.status).toBe(200);
    expect(await getMeta(tdb.wp, 'user', customer3.userId, 'phone')).not.toBe('+1 556');
  });

  it('stores a picture, keeps the avatar meta shape and serves the file back', async () => {
    const reply = await postMultipart(
      server,
      '/my-account/?page_type=edit-profile',
      profileForm({}, { data: PNG, name: 'me.png', type: 'image/png' }),
      customer3.cookie,
    );
    expect(reply.status).toBe(200);
    expect(notice(reply.text)?.[1]).toBe('success');
    const avatar = (await getMeta(tdb.wp, 'user', customer3.userId, 'tourmaster-user-avatar')) as {
      local_url: string;
      file_url: string;
      thumbnail: string;
    };
    expect(Object.keys(avatar)).toEqual(['local_url', 'file_url', 'thumbnail']);
    expect(avatar.file_url).toMatch(
      /^http:\/\/127\.0\.0\.1:8080\/dropin-uploads\/tourmaster-avatar\/4\/[0-9a-f]{32}\.png$/,
    );
    expect(avatar.local_url.startsWith(dataDir)).toBe(true);
    expect(reply.text).toContain(`<img src="${avatar.thumbnail}" alt="profile-image" />`);
    const file = await fetch(`${server.baseUrl}${new URL(avatar.file_url).pathname}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG);
    expect(
      (await fetch(`${server.baseUrl}/dropin-uploads/tourmaster-avatar/4/..%2F..%2Fwordpress.sqlite`)).status,
    ).toBe(404);
  });

  it.each([
    [
      'a script named .png',
      { data: Buffer.from('<?php system($_GET[1]); ?>'), name: 'evil.png', type: 'image/png' },
      'Please choose a JPG, PNG or GIF picture.',
    ],
    [
      'an SVG',
      {
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        name: 'x.svg',
        type: 'image/svg+xml',
      },
      'Please choose a JPG, PNG or GIF picture.',
    ],
    [
      'a picture over 2 MB',
      { data: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), name: 'big.png', type: 'image/png' },
      'The picture is too big. Please choose one of at most 2 MB.',
    ],
  ])('refuses %s and saves nothing', async (_what, file, message) => {
    const before = await getRawMeta(tdb.wp, 'user', customer3.userId, 'tourmaster-user-avatar');
    const reply = await postMultipart(
      server,
      '/my-account/?page_type=edit-profile',
      profileForm({ phone: '+30 111' }, file),
      customer3.cookie,
    );
    expect(reply.status).toBe(200);
    expect(notice(reply.text)?.[2]).toBe(message);
    expect(await getRawMeta(tdb.wp, 'user', customer3.userId, 'tourmaster-user-avatar')).toBe(before);
    expect(await getMeta(tdb.wp, 'user', customer3.userId, 'phone')).not.toBe('+30 111');
  });
});

describe('change password', () => {
  async function setup(login: string, password: string) {
    const user = (await getUserByLogin(tdb.wp, login))!;
    await tdb.wp
      .knex(tdb.wp.t.users)
      .where('ID', user.id)
      .update({ user_pass: hashPassword(password) });
    const session = await loginAs(tdb, server, login);
    const nonce = inputValue(
      (await get(server, '/my-account/?page_type=change-password', session.cookie)).text,
      'security',
    )!;
    return { session, nonce, user };
  }
  const post = (cookie: string, fields: Record<string, string>) =>
    postForm(server, '/my-account/?page_type=change-password', fields, cookie);

  it.each([
    [
      'empty fields',
      { 'old-password': '', 'new-password': 'x', 'confirm-password': 'x' },
      'Please fill all required fields.',
    ],
    [
      'a mismatch',
      { 'old-password': 'Cust1#Pass2026', 'new-password': 'New#Pass2027', 'confirm-password': 'Other#Pass2027' },
      'Password does not match the confirm password.',
    ],
    [
      'a wrong old password',
      { 'old-password': 'wrong', 'new-password': 'New#Pass2027', 'confirm-password': 'New#Pass2027' },
      'Old password incorrect.',
    ],
    [
      'a short new password',
      { 'old-password': 'Cust1#Pass2026', 'new-password': 'short', 'confirm-password': 'short' },
      'The password must be at least 8 characters long.',
    ],
  ])('refuses %s', async (_what, fields, message) => {
    const { session, nonce, user } = await setup('customer1', 'Cust1#Pass2026');
    const reply = await post(session.cookie, { ...fields, security: nonce });
    expect(reply.status).toBe(200);
    expect(notice(reply.text)?.[2]).toBe(message);
    expect(reply.text).not.toContain('value="Cust1#Pass2026"');
    expect((await getUserByLogin(tdb.wp, 'customer1'))!.pass).toBe((await getUserByLogin(tdb.wp, user.login))!.pass);
    expect((await checkPassword('Cust1#Pass2026', (await getUserByLogin(tdb.wp, 'customer1'))!.pass)).ok).toBe(true);
  });

  it.each([
    ['missing', async () => undefined],
    ['stale', async () => '0123456789'],
    ["another user's", () => foreignNonce('tourmaster-change-password')],
  ])('a %s nonce changes nothing', async (_what, make) => {
    const { session } = await setup('customer1', 'Cust1#Pass2026');
    const value = await make();
    const fields: Record<string, string> = {
      'old-password': 'Cust1#Pass2026',
      'new-password': 'New#Pass2027',
      'confirm-password': 'New#Pass2027',
    };
    if (value !== undefined) fields.security = value;
    const reply = await post(session.cookie, fields);
    expect(reply.status).toBe(200);
    expect(notice(reply.text)?.[2]).toBe('The session is expired. Please refesh the page to try again.');
    expect((await checkPassword('Cust1#Pass2026', (await getUserByLogin(tdb.wp, 'customer1'))!.pass)).ok).toBe(true);
  });

  it('writes the new hash, keeps this session, ends the others, mails the notice', async () => {
    const { session, nonce } = await setup('customer3', 'Cust3#Pass2026');
    const elsewhere = await loginAs(tdb, server, 'customer3');
    const reply = await post(session.cookie, {
      'old-password': 'Cust3#Pass2026',
      'new-password': "It's New#2027",
      'confirm-password': "It's New#2027",
      security: nonce,
    });
    expect(reply.status).toBe(200);
    expect(notice(reply.text)?.[2]).toBe('<i class="fa fa-check" ></i>Your password has been successfully changed.');
    const user = (await getUserByLogin(tdb.wp, 'customer3'))!;
    expect((await checkPassword("It's New#2027", user.pass)).ok).toBe(true);
    // As WordPress hashes it: the slashed text (auth.md §6.1).
    expect((await checkPassword('Cust3#Pass2026', user.pass)).ok).toBe(false);
    const fresh = reply.headers
      .getSetCookie()
      .find((c) => c.startsWith('wordpress_logged_in_'))!
      .split(';')[0]!;
    expect(fresh.split('%7C')[2]).toBe(session.token);
    expect((await get(server, '/my-account/?page_type=dashboard', fresh)).status).toBe(200);
    // The old cookies carry the old password fragment; the other session is gone.
    expect((await get(server, '/my-account/?page_type=dashboard', session.cookie)).status).toBe(302);
    expect((await get(server, '/my-account/?page_type=dashboard', elsewhere.cookie)).status).toBe(302);
    const sessions = (await getMeta(tdb.wp, 'user', user.id, 'session_tokens')) as Record<string, unknown>;
    expect(Object.keys(sessions)).toHaveLength(1);
    expect(mailer.sent.map((m) => [m.to, m.subject])).toEqual([
      [['anna.muller@example.test'], '[Aegean Trails (Tour Master oracle)] Password Changed'],
    ]);
  });

  it('stops guessing the old password after five failures', async () => {
    const { session, nonce } = await setup('customer2', 'Cust2#Pass2026');
    const fields = {
      'old-password': 'guess',
      'new-password': 'New#Pass2027',
      'confirm-password': 'New#Pass2027',
      security: nonce,
    };
    for (let i = 0; i < 5; i++)
      expect(notice((await post(session.cookie, fields)).text)?.[2]).toBe('Old password incorrect.');
    const limited = await post(session.cookie, { ...fields, 'old-password': 'Cust2#Pass2026' });
    expect(limited.status).toBe(429);
    expect((await checkPassword('Cust2#Pass2026', (await getUserByLogin(tdb.wp, 'customer2'))!.pass)).ok).toBe(true);
  });
});

describe('wish-list removal', () => {
  it('removes only the posted tour, with our nonce', async () => {
    const customer = await loginAs(tdb, server, 'customer1');
    await setWishList(tdb.wp, customer.userId, ['4', '7', '6']);
    const page = await get(server, '/my-account/?page_type=wish-list', customer.cookie);
    const nonce = inputValue(page.text, '_wpnonce')!;
    const reply = await postForm(
      server,
      '/my-account/?page_type=wish-list',
      { 'remove-from-wish-list': '7', _wpnonce: nonce },
      customer.cookie,
    );
    expect(reply.status).toBe(200);
    expect(await getRawMeta(tdb.wp, 'user', customer.userId, 'tourmaster-wish-list')).toBe(
      'a:2:{i:0;s:1:"4";i:2;s:1:"6";}',
    );
    expect(reply.text).toContain('value="4"');
    expect(reply.text).not.toContain('name="remove-from-wish-list" value="7"');
    const notInList = await postForm(
      server,
      '/my-account/?page_type=wish-list',
      { 'remove-from-wish-list': '9', _wpnonce: nonce },
      customer.cookie,
    );
    expect(notInList.status).toBe(200);
    expect(await getRawMeta(tdb.wp, 'user', customer.userId, 'tourmaster-wish-list')).toBe(
      'a:2:{i:0;s:1:"4";i:2;s:1:"6";}',
    );
  });

  it.each([
    ['missing', async () => undefined],
    ["another user's", () => foreignNonce('tourmaster-wish-list-remove')],
  ])('a %s nonce removes nothing', async (_what, make) => {
    const customer = await loginAs(tdb, server, 'customer1');
    await setWishList(tdb.wp, customer.userId, ['4', '7']);
    const value = await make();
    const fields: Record<string, string> = { 'remove-from-wish-list': '7' };
    if (value !== undefined) fields._wpnonce = value;
    const reply = await postForm(server, '/my-account/?page_type=wish-list', fields, customer.cookie);
    expect(reply.status).toBe(200);
    expect(notice(reply.text)?.[2]).toBe('The session is expired. Please refesh the page to try again.');
    expect(await getMeta(tdb.wp, 'user', customer.userId, 'tourmaster-wish-list')).toEqual(['4', '7']);
  });
});

describe('reviews from the dashboard', () => {
  it("the dashboard's review form posts through the review handler", async () => {
    const customer = await loginAs(tdb, server, 'customer1');
    const page = await get(server, '/my-account/?page_type=dashboard', customer.cookie);
    const nonce = inputValue(page.text, '_wpnonce')!;
    const reply = await postForm(
      server,
      '/my-account/?page_type=dashboard',
      {
        description: 'Lovely evening.',
        'traveller-type': 'couple',
        rating: '9',
        review_id: '11',
        tour_id: '4',
        _wpnonce: nonce,
      },
      customer.cookie,
    );
    expect(reply.status).toBe(302);
    expect(reply.headers.get('location')).toBe('/my-account/?page_type=dashboard');
    const reviews = await tdb.wp.knex(tdb.wp.t.reviews).select().where('order_id', 11);
    expect(reviews).toHaveLength(1);
    const after = await get(server, '/my-account/?page_type=reviews', customer.cookie);
    expect(after.text).toContain('tourmaster-status-submitted');
    expect(after.text).toContain('<p>Lovely evening.</p>');
  });
});
