import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/app';
import { createTestDatabase, type TestDatabase } from '../testing/db';
import { insertImageAttachment, setOption } from '../testing/posts';

/** `/favicon.ico` on every page: the site icon WordPress's customizer set, or nothing, never a 404. */
let tdb: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  tdb = await createTestDatabase();
  server = await startTestServer(tdb);
});

afterAll(async () => {
  await server?.close();
  await tdb?.drop();
});

const get = (path: string, method = 'GET') => fetch(`${server.baseUrl}${path}`, { method, redirect: 'manual' });

describe('/favicon.ico', () => {
  it('answers 204 where the site has no icon (the fixture: site_icon 0), for GET and HEAD', async () => {
    for (const method of ['GET', 'HEAD']) {
      const reply = await get('/favicon.ico', method);
      expect(reply.status).toBe(204);
      expect(await reply.text()).toBe('');
    }
  });

  it('redirects to the site icon once the site has one, and to nothing for an id that is no image', async () => {
    const id = await insertImageAttachment(tdb.wp, { file: 'aegean-icon', alt: 'Aegean Trails' });
    try {
      await setOption(tdb.wp, 'site_icon', String(id));
      const reply = await get('/favicon.ico');
      expect(reply.status).toBe(302);
      expect(reply.headers.get('location')).toMatch(/\/wp-content\/uploads\/2026\/11\/aegean-icon-150x150\.jpg$/);
      await setOption(tdb.wp, 'site_icon', '999999');
      expect((await get('/favicon.ico')).status).toBe(204);
    } finally {
      await setOption(tdb.wp, 'site_icon', '0');
    }
  });

  it('leaves other methods to the rest of the site', async () => {
    expect((await get('/favicon.ico', 'POST')).status).not.toBe(204);
  });
});
