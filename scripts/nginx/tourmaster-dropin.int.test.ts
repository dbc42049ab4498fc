import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/core/config';
import { startTestServer, type TestServer } from '../../server/testing/app';
import { createTestDatabase, type TestDatabase } from '../../server/testing/db';
import { type FastcgiStub, PHP_STUB_MARKER, startFastcgiStub } from '../../server/testing/fastcgi-stub';
import { NGINX_BINARY, type RunningNginx, renderSiteConfig, startNginx } from '../../server/testing/nginx';
import { freePort, rawRequest } from '../../server/testing/upstream-servers';

/**
 * The shipped nginx site (scripts/nginx/tourmaster-dropin.conf and its snippet), rendered for this
 * test's ports and run by Debian's nginx in front of our real server and a FastCGI stand-in for
 * PHP-FPM, so its `proxy_pass` and `fastcgi_pass` routing is exercised as an admin would install
 * it. Our server's LEGACY_UPSTREAM is the site's internal WordPress server, as the README says.
 */
const SITE_TEMPLATE = path.join(PROJECT_ROOT, 'scripts', 'nginx', 'tourmaster-dropin.conf');
const SNIPPET_TEMPLATE = path.join(PROJECT_ROOT, 'scripts', 'nginx', 'tourmaster-wordpress.conf');
const AMOUNT_CHECK = JSON.parse(
  readFileSync(path.join(PROJECT_ROOT, 'legacy-fixtures', 'exchanges', 'amount_check-corfu-ok.json'), 'utf8'),
) as { request: { body: string }; response: { raw_body: string } };
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' };

const haveNginx = existsSync(NGINX_BINARY);
if (!haveNginx) console.warn(`skipping the nginx routing test: ${NGINX_BINARY} is missing (apt-get install -y nginx)`);

describe.skipIf(!haveNginx)('the nginx site in front of the drop-in and PHP-FPM', () => {
  let tdb: TestDatabase;
  let server: TestServer;
  let php: FastcgiStub;
  let nginx: RunningNginx;
  let wordpressRoot: string;

  beforeAll(async () => {
    const [port, wordpressPort] = [await freePort(), await freePort()];
    tdb = await createTestDatabase();
    server = await startTestServer(tdb, {
      config: {
        legacyUpstream: {
          url: `http://127.0.0.1:${wordpressPort}`,
          timeoutMs: 5_000,
          serveActions: undefined,
          forwardActions: [],
        },
      },
    });
    php = await startFastcgiStub();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'nginx-site-'));
    // The WordPress folder as nginx sees it: the PHP entry points exist (try_files checks), and a theme file.
    wordpressRoot = path.join(dir, 'wordpress');
    const phpFiles = ['index.php', 'wp-login.php', 'wp-admin/index.php', 'wp-admin/admin-ajax.php'];
    for (const file of [...phpFiles, 'wp-content/uploads/2026/11/shell.php']) {
      mkdirSync(path.dirname(path.join(wordpressRoot, file)), { recursive: true });
      writeFileSync(path.join(wordpressRoot, file), '<?php // never run: PHP-FPM is a stand-in');
    }
    mkdirSync(path.join(wordpressRoot, 'wp-content/themes/traveltour'), { recursive: true });
    writeFileSync(path.join(wordpressRoot, 'wp-content/themes/traveltour/style.css'), 'body { color: teal; }');
    const values = {
      LISTEN: `127.0.0.1:${port}`,
      SERVER_NAME: 'localhost',
      WORDPRESS_ROOT: wordpressRoot,
      DROPIN: new URL(server.baseUrl).host,
      WORDPRESS_UPSTREAM: `127.0.0.1:${wordpressPort}`,
      PHP_FPM: php.address,
    };
    nginx = await startNginx({
      site: renderSiteConfig(readFileSync(SITE_TEMPLATE, 'utf8'), values),
      files: { 'snippets/tourmaster-wordpress.conf': renderSiteConfig(readFileSync(SNIPPET_TEMPLATE, 'utf8'), values) },
      ports: [port, wordpressPort],
      dir,
    });
  });
  afterAll(async () => {
    await nginx?.stop();
    await php?.close();
    await server?.close();
    await tdb?.drop();
  });

  /** A request through nginx that must not have reached PHP. */
  async function viaDropin(init: Parameters<typeof rawRequest>[1]) {
    const before = php.received.length;
    const reply = await rawRequest(nginx.baseUrl, init);
    expect(reply.headers['x-php-stub']).toBeUndefined();
    expect(reply.text).not.toContain(PHP_STUB_MARKER);
    expect(php.received.length).toBe(before);
    return reply;
  }

  /** A request through nginx that PHP-FPM answered: what the stub says it ran. */
  async function viaPhp(init: Parameters<typeof rawRequest>[1]) {
    const reply = await rawRequest(nginx.baseUrl, init);
    expect(reply.status).toBe(200);
    expect(reply.headers['x-php-stub']).toBe('1');
    const lines = Object.fromEntries(
      reply.text
        .split('\n')
        .slice(1)
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    return { reply, ran: lines as Record<string, string> };
  }

  it('admin-ajax reaches the drop-in: a real action reply', async () => {
    const reply = await viaDropin({
      method: 'POST',
      path: '/wp-admin/admin-ajax.php',
      headers: FORM,
      body: AMOUNT_CHECK.request.body,
    });
    expect(reply.status).toBe(200);
    expect(reply.text).toBe(AMOUNT_CHECK.response.raw_body);
    expect(reply.headers['x-request-id']).toMatch(/^[\w-]+$/);
  });

  it('an admin-ajax action we do not serve goes on from the drop-in to WordPress (LEGACY_UPSTREAM) and PHP-FPM', async () => {
    const { reply, ran } = await viaPhp({
      method: 'POST',
      path: '/wp-admin/admin-ajax.php',
      headers: { ...FORM, Cookie: 'wordpress_logged_in_x=admin%7C1' },
      body: 'action=heartbeat&interval=60',
    });
    expect(reply.headers['x-request-id']).toMatch(/^[\w-]+$/); // it passed through the drop-in
    expect(ran).toMatchObject({
      SCRIPT_FILENAME: path.join(wordpressRoot, 'wp-admin/admin-ajax.php'),
      REQUEST_METHOD: 'POST',
      STDIN: 'action=heartbeat&interval=60',
    });
    expect(php.received.at(-1)!.params).toMatchObject({
      HTTP_COOKIE: 'wordpress_logged_in_x=admin%7C1',
      // The visitor's host as nginx saw it; Debian's fastcgi_params passes HTTP_HOST without the port.
      HTTP_X_FORWARDED_HOST: new URL(nginx.baseUrl).host,
      HTTP_HOST: '127.0.0.1',
    });
  });

  it('a tour page reaches the drop-in', async () => {
    const reply = await viaDropin({ path: '/tour/santorini-caldera-sunset-cruise/' });
    expect(reply.status).toBe(200);
    expect(reply.text).toContain('Santorini Caldera Sunset Cruise');
  });

  it.each([
    ['the search query on the home page', '/?tour-search=&tax-tour_category=islands'],
    ['the search page', '/search-tours/'],
    ['a tour category', '/tour-category/islands/'],
  ])('%s (%s) reaches the drop-in', async (_what, target) => {
    const reply = await viaDropin({ path: target });
    expect(reply.status).toBe(200);
    expect(reply.text).toContain('tourmaster-tour-item');
  });

  it.each([
    ['the payment page', '/payment/'],
    ['the account page', '/my-account/'],
    ['the login page', '/login/'],
    ['the register page', '/register/'],
  ])('%s (%s) reaches the drop-in', async (_what, target) => {
    const reply = await viaDropin({ path: target });
    expect([200, 302]).toContain(reply.status);
    if (reply.status === 200) expect(reply.text).toContain('/dropin-assets/');
  });

  it('the drop-in’s assets reach the drop-in (dot folder included)', async () => {
    const reply = await viaDropin({ path: '/dropin-assets/.vite/manifest.json' });
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    expect(reply.headers['cache-control']).toBe('no-cache');
  });

  it('the admin, wp-login.php, the home page and a blog post reach PHP-FPM with the right script', async () => {
    const admin = await viaPhp({ path: '/wp-admin/' });
    expect(admin.ran.SCRIPT_FILENAME).toBe(path.join(wordpressRoot, 'wp-admin/index.php'));

    const login = await viaPhp({ method: 'POST', path: '/wp-login.php', headers: FORM, body: 'log=admin&pwd=x' });
    expect(login.ran).toMatchObject({
      SCRIPT_FILENAME: path.join(wordpressRoot, 'wp-login.php'),
      REQUEST_METHOD: 'POST',
      STDIN: 'log=admin&pwd=x',
    });

    const home = await viaPhp({ path: '/' });
    expect(home.ran.SCRIPT_FILENAME).toBe(path.join(wordpressRoot, 'index.php'));

    const post = await viaPhp({ path: '/2026/11/a-blog-post-we-do-not-render/?utm_source=x' });
    expect(post.ran).toMatchObject({
      SCRIPT_FILENAME: path.join(wordpressRoot, 'index.php'),
      REQUEST_URI: '/2026/11/a-blog-post-we-do-not-render/?utm_source=x',
    });
  });

  it('the theme’s files are nginx’s, and nothing uploaded runs as PHP', async () => {
    const before = php.received.length;
    const css = await rawRequest(nginx.baseUrl, { path: '/wp-content/themes/traveltour/style.css' });
    expect([css.status, css.text]).toEqual([200, 'body { color: teal; }']);
    const shell = await rawRequest(nginx.baseUrl, { path: '/wp-content/uploads/2026/11/shell.php' });
    expect(shell.status).toBe(403);
    expect(php.received.length).toBe(before);
  });
});
