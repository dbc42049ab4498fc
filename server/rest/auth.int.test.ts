import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMeta, getRawMeta, updateMeta } from '../data/meta';
import { getOption } from '../data/options';
import { unserialize } from '../php/serialize';
import type { PhpValue } from '../php/values';
import { createApplicationPassword } from '../services/api-keys/create-key';
import { createTestDatabase, type TestDatabase } from '../testing/db';
import { basicAuth, type RestTestServer, startRestTestServer } from '../testing/rest-app';
import { APPLICATION_PASSWORDS_META, chunkApplicationPassword, fastHash } from '../wp/application-passwords';

/**
 * Application passwords on the REST routes, over real databases: WordPress's refusals (401 with its
 * codes, 403 for a user without the capability), both stored hash formats, revocation by removing
 * the item from the user meta, the once-a-day usage record, and the per-key rate limit.
 */
let tdb: TestDatabase;
let server: RestTestServer;
const NOW = new Date('2027-05-15T12:00:00Z');
const NOW_S = NOW.getTime() / 1000;
const ADMIN = 1;
const CUSTOMER1 = 2;
const CUSTOMER2 = 3;

async function newKey(login: string, name: string): Promise<{ password: string; uuid: string }> {
  const created = await createApplicationPassword(tdb.wp, { login, name, now: NOW });
  if (!created.ok) throw new Error(created.reason);
  return created;
}

async function call(path: string, authorization?: string) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    headers: authorization ? { Authorization: authorization } : {},
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

async function itemsOf(userId: number): Promise<Record<string, PhpValue>[]> {
  return Object.values((await getMeta(tdb.wp, 'user', userId, APPLICATION_PASSWORDS_META)) as object);
}

let adminKey: { password: string; uuid: string };

beforeAll(async () => {
  tdb = await createTestDatabase();
  server = await startRestTestServer(tdb, { now: NOW });
  adminKey = await newKey('admin', 'Channel manager');
  // customer2 becomes Tour Staff, the plugin's role that manages orders without being an administrator.
  await updateMeta(tdb.wp, 'user', CUSTOMER2, 'wp_capabilities', { tour_staff: true });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await tdb?.drop();
});

describe('an orders route', () => {
  it('is refused without credentials: 401 rest_forbidden', async () => {
    const r = await call('/test-probe/orders');
    expect(r.status).toBe(401);
    expect(r.body).toEqual({
      code: 'rest_forbidden',
      message: 'Sorry, you are not allowed to do that.',
      data: { status: 401 },
    });
  });

  it("answers an administrator's key, by login or e-mail, with or without the password's spaces", async () => {
    const spaced = chunkApplicationPassword(adminKey.password);
    expect(spaced).toMatch(/^(\w{4} ){5}\w{4}$/);
    for (const auth of [basicAuth('admin', spaced), basicAuth('admin', adminKey.password)]) {
      const r = await call('/test-probe/orders', auth);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.principal).toEqual({
        userId: ADMIN,
        login: 'admin',
        keyUuid: adminKey.uuid,
        canManageOrders: true,
        isAdmin: true,
      });
    }
    const admin = await tdb.wp.knex(tdb.wp.t.users).first('user_email').where('ID', ADMIN);
    const byEmail = await call('/test-probe/orders', basicAuth(String(admin.user_email), adminKey.password));
    expect(byEmail.status).toBe(200);
  });

  it('refuses a wrong password, an unknown user and an unknown e-mail with WordPress’s codes', async () => {
    // Flip the last character to one it is not (a fixed 'x' is the real key one time in 62).
    const last = adminKey.password.at(-1) === 'x' ? 'y' : 'x';
    const wrong = await call('/test-probe/orders', basicAuth('admin', `${adminKey.password.slice(0, -1)}${last}`));
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({
      code: 'incorrect_password',
      message: 'The provided password is an invalid application password.',
      data: { status: 401 },
    });
    // The login password is not an application password.
    expect((await call('/test-probe/orders', basicAuth('admin', 'Admin#Oracle2026'))).body.code).toBe(
      'incorrect_password',
    );
    const unknown = await call('/test-probe/orders', basicAuth('nobody', adminKey.password));
    expect([unknown.status, unknown.body.code]).toEqual([401, 'invalid_username']);
    expect(unknown.body.message).toBe(
      '<strong>Error</strong>: Unknown username. Check again or try your email address.',
    );
    const email = await call('/test-probe/orders', basicAuth('nobody@example.test', adminKey.password));
    expect([email.status, email.body.code]).toEqual([401, 'invalid_email']);
  });

  it('treats a header that is not Basic credentials as none: 401 here, a guest on a public route', async () => {
    for (const header of ['Bearer abc', `Basic ${Buffer.from('admin').toString('base64')}`, 'Basic']) {
      const r = await call('/test-probe/orders', header);
      expect([r.status, r.body.code]).toEqual([401, 'rest_forbidden']);
      const open = await call('/test-probe/public', header);
      expect([open.status, open.body.principal]).toEqual([200, null]);
    }
  });

  it("is 403 for a subscriber's key, and answers Tour Staff (but not on an admin route)", async () => {
    const customer = await newKey('customer1', 'Mine');
    const r = await call('/test-probe/orders', basicAuth('customer1', customer.password));
    expect(r.status).toBe(403);
    expect(r.body).toEqual({
      code: 'rest_forbidden',
      message: 'Sorry, you are not allowed to do that.',
      data: { status: 403 },
    });
    const staff = await newKey('customer2', 'Desk');
    const orders = await call('/test-probe/orders', basicAuth('customer2', staff.password));
    expect(orders.status).toBe(200);
    expect(orders.body.principal).toMatchObject({ userId: CUSTOMER2, canManageOrders: true, isAdmin: false });
    expect((await call('/test-probe/admin', basicAuth('customer2', staff.password))).status).toBe(403);
    expect((await call('/test-probe/admin', basicAuth('admin', adminKey.password))).status).toBe(200);
    expect((await call('/test-probe/admin')).status).toBe(401);
  });

  it('stops a key removed from the user meta (revoked in the profile screen)', async () => {
    const key = await newKey('admin', 'Short-lived');
    expect((await call('/test-probe/orders', basicAuth('admin', key.password))).status).toBe(200);
    const raw = (await getMeta(tdb.wp, 'user', ADMIN, APPLICATION_PASSWORDS_META)) as Record<
      string,
      Record<string, PhpValue>
    >;
    const kept = Object.fromEntries(Object.entries(raw).filter(([, item]) => item.uuid !== key.uuid));
    await updateMeta(tdb.wp, 'user', ADMIN, APPLICATION_PASSWORDS_META, kept);
    const r = await call('/test-probe/orders', basicAuth('admin', key.password));
    expect([r.status, r.body.code]).toEqual([401, 'incorrect_password']);
    expect((await call('/test-probe/orders', basicAuth('admin', adminKey.password))).status).toBe(200);
  });
});

describe('stored hashes', () => {
  it("accepts WordPress 6.8's $generic$ items beside this site's $P$ ones", async () => {
    const created = await newKey('admin', 'Written by 6.3');
    const items = await itemsOf(ADMIN);
    expect(String(items.find((i) => i.uuid === created.uuid)!.password)).toMatch(/^\$P\$B/);
    const password = 'Zx81abcdEFGHijklMNOPqrst';
    const uuid = '6f0d1b7e-58a4-4c2e-9a71-3e5b9c0d2f18';
    const generic = {
      uuid,
      app_id: '',
      name: 'Written by 6.8',
      password: fastHash(password),
      created: NOW_S,
      last_used: null,
      last_ip: null,
    };
    await updateMeta(tdb.wp, 'user', ADMIN, APPLICATION_PASSWORDS_META, [...items, generic]);
    const r = await call('/test-probe/orders', basicAuth('admin', chunkApplicationPassword(password)));
    expect(r.status).toBe(200);
    expect((r.body.principal as { keyUuid: string }).keyUuid).toBe(uuid);
    expect((await call('/test-probe/orders', basicAuth('admin', `${password.slice(1)}Q`))).status).toBe(401);
  });
});

describe('usage', () => {
  it('records last_used and last_ip once a day, leaving the other items and the format as WordPress writes them', async () => {
    const key = await newKey('customer1', 'Usage');
    server.setNow(new Date(NOW.getTime() + 3600_000));
    const at = NOW_S + 3600;
    expect((await call('/test-probe/public', basicAuth('customer1', key.password))).status).toBe(200);
    const used = (await itemsOf(CUSTOMER1)).find((i) => i.uuid === key.uuid)!;
    expect(used.last_used).toBe(at);
    expect(used.last_ip).toMatch(/127\.0\.0\.1/);
    const raw = (await getRawMeta(tdb.wp, 'user', CUSTOMER1, APPLICATION_PASSWORDS_META))!;
    expect(raw).toContain(`s:9:"last_used";i:${at};s:7:"last_ip";s:`);
    expect(unserialize(raw)).toBeTruthy();
    // Within the day: not written again.
    server.setNow(new Date(NOW.getTime() + 3600_000 + 86_399_000));
    await call('/test-probe/public', basicAuth('customer1', key.password));
    expect((await itemsOf(CUSTOMER1)).find((i) => i.uuid === key.uuid)!.last_used).toBe(at);
    server.setNow(new Date(NOW.getTime() + 3600_000 + 86_400_000));
    await call('/test-probe/public', basicAuth('customer1', key.password));
    expect((await itemsOf(CUSTOMER1)).find((i) => i.uuid === key.uuid)!.last_used).toBe(at + 86_400);
    // The user's other key keeps its own record (its one use, refused with 403, at NOW).
    expect((await itemsOf(CUSTOMER1)).find((i) => i.name === 'Mine')!.last_used).toBe(NOW_S);
    server.setNow(NOW);
  });

  it('marks the site as using application passwords, as WordPress does on the first one', async () => {
    expect(await getOption(tdb.wp, 'using_application_passwords')).toBe('1');
  });
});

describe('public routes', () => {
  it('refuses wrong credentials with 401 and knows the caller of good ones', async () => {
    const wrong = await call('/test-probe/public', basicAuth('admin', 'nope'));
    expect([wrong.status, wrong.body.code]).toEqual([401, 'incorrect_password']);
    const good = await call('/test-probe/public', basicAuth('admin', adminKey.password));
    expect((good.body.principal as { userId: number }).userId).toBe(ADMIN);
    const tours = await call('/tours/4/availability?from=2027-05-15&to=2027-05-31', basicAuth('admin', 'nope'));
    expect(tours.status).toBe(401);
  });
});

describe('failures', () => {
  it('count against the address with the login form’s: past 20 in 15 minutes, credentials are refused unchecked', async () => {
    const other = await startRestTestServer(tdb, {
      now: new Date('2027-05-20T10:00:00Z'),
      config: { trustProxy: true },
    });
    try {
      const get = (ip: string, password: string) =>
        fetch(`${other.baseUrl}/test-probe/orders`, {
          headers: { Authorization: basicAuth('admin', password), 'X-Forwarded-For': ip, 'X-Forwarded-Proto': 'https' },
        });
      for (let i = 0; i < 20; i++) expect((await get('198.51.100.7', 'wrong')).status).toBe(401);
      const refused = await get('198.51.100.7', adminKey.password);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { code: string }).code).toBe('rest_too_many_requests');
      expect((await get('198.51.100.8', adminKey.password)).status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('count against the address the proxy appended, not one the client wrote before it', async () => {
    const other = await startRestTestServer(tdb, {
      now: new Date('2027-05-21T10:00:00Z'),
      config: { trustProxy: true },
    });
    try {
      // The proxy appends the client's real address to whatever X-Forwarded-For the client sent.
      const get = (forged: string, password: string) =>
        fetch(`${other.baseUrl}/test-probe/orders`, {
          headers: {
            Authorization: basicAuth('admin', password),
            'X-Forwarded-For': `${forged}, 198.51.100.9`,
            'X-Forwarded-Proto': 'https',
          },
        });
      for (let i = 0; i < 20; i++) expect((await get(`203.0.113.${i + 1}`, 'wrong')).status).toBe(401);
      expect((await get('203.0.113.99', adminKey.password)).status).toBe(429);
    } finally {
      await other.close();
    }
  });
});

describe('transport', () => {
  it('reads credentials only over TLS or from this machine, as WordPress offers them only on https', async () => {
    const proxied = await startRestTestServer(tdb, { now: NOW, config: { trustProxy: true } });
    try {
      const get = (headers: Record<string, string>) =>
        fetch(`${proxied.baseUrl}/test-probe/orders`, {
          headers: { Authorization: basicAuth('admin', adminKey.password), ...headers },
        });
      const plain = await get({ 'X-Forwarded-For': '203.0.113.5', 'X-Forwarded-Proto': 'http' });
      expect(plain.status).toBe(401);
      expect(((await plain.json()) as { code: string }).code).toBe('application_passwords_disabled');
      expect((await get({ 'X-Forwarded-For': '203.0.113.5', 'X-Forwarded-Proto': 'https' })).status).toBe(200);
      expect((await get({})).status).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe('the rate limit per key', () => {
  it('answers 429 with Retry-After past API_RATE_LIMIT calls a minute, and another key is unaffected', async () => {
    const limited = await startRestTestServer(tdb, {
      now: new Date('2027-05-16T08:00:10Z'),
      config: { apiRateLimit: 3 },
    });
    try {
      const first = await newKey('admin', 'Limited A');
      const second = await newKey('admin', 'Limited B');
      const get = (key: { password: string }) =>
        fetch(`${limited.baseUrl}/test-probe/orders`, { headers: { Authorization: basicAuth('admin', key.password) } });
      for (let i = 0; i < 3; i++) expect((await get(first)).status).toBe(200);
      const refused = await get(first);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('50');
      expect(await refused.json()).toEqual({
        code: 'rest_too_many_requests',
        message: 'Too many requests with this application password.',
        data: { status: 429 },
      });
      expect((await get(second)).status).toBe(200);
      limited.setNow(new Date('2027-05-16T08:01:00Z'));
      expect((await get(first)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
