import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../server/core/config';
import { getRawMeta } from '../server/data/meta';
import { unserialize } from '../server/php/serialize';
import { createTestDatabase, type TestDatabase } from '../server/testing/db';
import { basicAuth, type RestTestServer, startRestTestServer } from '../server/testing/rest-app';
import { MARIADB } from '../server/testing/test-db-config';
import { phpassCheck } from '../server/wp/password';

/**
 * `npm run api-key` as an admin runs it: a real process against a real database; what it prints
 * then authenticates on an `orders` route, and what it stored is what WordPress 6.3.1 stores.
 */
let tdb: TestDatabase;
let server: RestTestServer;

beforeAll(async () => {
  tdb = await createTestDatabase();
  server = await startRestTestServer(tdb, { now: new Date() });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await tdb?.drop();
});

function apiKey(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const url =
    tdb.engine === 'sqlite'
      ? `sqlite://${tdb.name}`
      : `mysql://${MARIADB.user}:${MARIADB.password}@${MARIADB.host}:${MARIADB.port}/${tdb.name}`;
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(PROJECT_ROOT, 'scripts', 'api-key.ts'), ...args],
      {
        cwd: PROJECT_ROOT,
        env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', DATABASE_URL: url },
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => resolve({ code: code ?? -1, out, err }));
  });
}

describe('npm run api-key', () => {
  it('creates a key, prints it once as WordPress shows it, and the key authenticates', async () => {
    const { code, out } = await apiKey(['--user', 'admin', '--name', 'Channel manager']);
    expect(code).toBe(0);
    const password = /Password: ((?:[A-Za-z0-9]{4} ){5}[A-Za-z0-9]{4})\n/.exec(out)?.[1];
    const uuid = /UUID:\s+([0-9a-f-]{36})\n/.exec(out)?.[1];
    expect(password, out).toBeDefined();
    expect(uuid, out).toBeDefined();
    const response = await fetch(`${server.baseUrl}/test-probe/orders`, {
      headers: { Authorization: basicAuth('admin', password!) },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { principal: { keyUuid: string } }).principal.keyUuid).toBe(uuid);

    const raw = (await getRawMeta(tdb.wp, 'user', 1, '_application_passwords'))!;
    expect(raw).toMatch(
      new RegExp(
        `^a:1:\\{i:0;a:7:\\{s:4:"uuid";s:36:"${uuid}";s:6:"app_id";s:0:"";s:4:"name";s:15:"Channel manager";s:8:"password";s:34:"\\$P\\$B[./0-9A-Za-z]{30}";s:7:"created";i:\\d{10};s:9:"last_used";i:\\d{10};s:7:"last_ip";s:\\d+:"[^"]+";\\}\\}$`,
      ),
    );
    const stored = unserialize(raw) as { password: string }[];
    expect(phpassCheck(password!.replaceAll(' ', ''), stored[0]!.password)).toBe(true);
  });

  it('refuses an unknown user, an empty or overlong name, and a name the user already has', async () => {
    // Five processes at once: each refusal is independent of the others.
    const [unknown, empty, long, duplicate, missing] = await Promise.all([
      apiKey(['--user', 'nobody', '--name', 'X']),
      apiKey(['--user', 'admin', '--name', '  <b></b> ']),
      apiKey(['--user', 'admin', '--name', 'x'.repeat(101)]),
      apiKey(['--user', 'admin', '--name', 'CHANNEL MANAGER']),
      apiKey(['--user', 'admin']),
    ]);
    expect([unknown.code, unknown.err.trim()]).toEqual([1, 'There is no user with the login "nobody".']);
    expect([empty.code, empty.err.trim()]).toEqual([
      1,
      'An application name is required to create an application password.',
    ]);
    expect([long.code, long.err]).toEqual([1, expect.stringContaining('longer than 100 characters')]);
    expect([duplicate.code, duplicate.err]).toEqual([
      1,
      expect.stringContaining('Each application name should be unique'),
    ]);
    expect([missing.code, missing.err]).toEqual([
      1,
      expect.stringContaining('Usage: npm run api-key -- --user <login> --name <label>'),
    ]);
    const stored = unserialize((await getRawMeta(tdb.wp, 'user', 1, '_application_passwords'))!) as unknown[];
    expect(stored.length).toBe(1);
  });
});
