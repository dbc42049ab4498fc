import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/app';
import { createTestDatabase, type TestDatabase } from '../testing/db';

/** The payment page's gateway and card images, drawn for a site without the plugin's folder. */
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

const get = (path: string) => fetch(`${server.baseUrl}${path}`);

describe('/wp-content/plugins/tourmaster/images/', () => {
  it.each(['paypal', 'credit-card', 'visa', 'master-card', 'american-express', 'jcb'])(
    '%s.png is an image',
    async (name) => {
      const reply = await get(`/wp-content/plugins/tourmaster/images/${name}.png`);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(await reply.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+"/);
    },
  );

  it('anything else there is not found', async () => {
    for (const path of [
      '/wp-content/plugins/tourmaster/images/nope.png',
      '/wp-content/plugins/tourmaster/images/../x.png',
    ]) {
      expect((await get(path)).status).toBe(404);
    }
  });
});
