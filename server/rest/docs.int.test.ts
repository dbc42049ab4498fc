import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOption } from '../data/options';
import { startTestServer, type TestServer } from '../testing/app';
import { createTestDatabase, type TestDatabase } from '../testing/db';
import { restRoutes } from './router';

/**
 * The OpenAPI document and its reference page as the app serves them: the document valid and
 * pointing at the site's own REST URL, the page with no inline script under its own policy, and
 * Swagger UI's files from our own address.
 */
let tdb: TestDatabase;
let server: TestServer;
const NS = '/wp-json/tourmaster/v1';

beforeAll(async () => {
  tdb = await createTestDatabase();
  server = await startTestServer(tdb);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await tdb?.drop();
});

describe('GET openapi.json', () => {
  it('is a valid OpenAPI 3.1 document of every route, served at the site’s REST URL', async () => {
    // The parameter's name as PHP decodes it: its `_` may come percent-encoded (either hex case).
    const routed = ['rest_route', 'rest%5Froute', 'rest%5froute'];
    for (const url of [`${NS}/openapi.json`, ...routed.map((name) => `/?${name}=/tourmaster/v1/openapi.json`)]) {
      const response = await fetch(`${server.baseUrl}${url}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const document = (await response.json()) as { servers: { url: string }[]; paths: Record<string, unknown> };
      expect((await new Validator().validate(document as never)).valid).toBe(true);
      const home = String(await getOption(tdb.wp, 'home')).replace(/\/+$/, '');
      expect(document.servers).toEqual([{ url: `${home}${NS}` }]);
      expect(Object.keys(document.paths).length).toBe(new Set(restRoutes.map((r) => r.path)).size);
    }
  });
});

describe('GET docs', () => {
  it('is a page without inline script, under a policy that allows only our own scripts', async () => {
    const response = await fetch(`${server.baseUrl}${NS}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    const html = await response.text();
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map((m) => m[1])).toEqual([
      ` src="${NS}/docs/assets/swagger-ui-bundle.js"`,
      ` src="${NS}/docs/assets/docs.js"`,
    ]);
    expect(scripts.every((m) => m[2] === '')).toBe(true);
    expect(html).toContain(`data-spec-url="${NS}/openapi.json"`);
  });

  it("serves Swagger UI's files and our starter script, and nothing else of the package", async () => {
    const bundle = await fetch(`${server.baseUrl}${NS}/docs/assets/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toMatch(/javascript/);
    expect(await bundle.text()).toContain('SwaggerUIBundle');
    const css = await fetch(`${server.baseUrl}${NS}/docs/assets/swagger-ui.css`);
    expect([css.status, css.headers.get('content-type')?.startsWith('text/css')]).toEqual([200, true]);
    const init = await fetch(`${server.baseUrl}${NS}/docs/assets/docs.js`);
    expect(await init.text()).toContain("getAttribute('data-spec-url')");
    for (const other of ['package.json', 'index.html', '..%2F..%2Fpackage.json']) {
      const response = await fetch(`${server.baseUrl}${NS}/docs/assets/${other}`);
      expect(response.status, other).toBe(404);
      expect(((await response.json()) as { code: string }).code).toBe('rest_no_route');
    }
  });
});
