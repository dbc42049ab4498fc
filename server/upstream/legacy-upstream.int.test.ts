import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LegacyUpstreamConfig, PROJECT_ROOT } from '../core/config';
import { startTestServer, type TestServer } from '../testing/app';
import { createTestDatabase, type TestDatabase } from '../testing/db';
import {
  closedPortUrl,
  type RecordingUpstream,
  rawRequest,
  startRecordingUpstream,
  startSilentUpstream,
} from '../testing/upstream-servers';

const AJAX = '/wp-admin/admin-ajax.php';
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' };
/** A captured call of an action we serve, and its captured reply. */
const AMOUNT_CHECK = JSON.parse(
  readFileSync(path.join(PROJECT_ROOT, 'legacy-fixtures', 'exchanges', 'amount_check-corfu-ok.json'), 'utf8'),
) as { request: { body: string }; response: { raw_body: string } };
const HEAD_PRICE = 'action=tourmaster_update_head_price&tour_id=11';

let tdb: TestDatabase;
let upstream: RecordingUpstream;
const servers: TestServer[] = [];

beforeAll(async () => {
  tdb = await createTestDatabase();
  upstream = await startRecordingUpstream();
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await upstream?.close();
  await tdb?.drop();
});
beforeEach(() => {
  upstream.received.length = 0;
  upstream.answer = () => ({
    status: 201,
    headers: [
      ['Content-Type', 'application/json; charset=UTF-8'],
      ['Set-Cookie', 'wp_first=1; path=/; HttpOnly'],
      ['Set-Cookie', 'wp_second=two%20words; path=/wp-admin; secure'],
      ['X-WP-Answer', 'yes'],
      ['Keep-Alive', 'timeout=99'],
    ],
    body: '{"status":"success","content":"from wordpress"}',
  });
});

async function serverWith(legacyUpstream: Partial<LegacyUpstreamConfig> | undefined): Promise<TestServer> {
  const server = await startTestServer(tdb, {
    config: {
      legacyUpstream: legacyUpstream && {
        url: upstream.url,
        timeoutMs: 5_000,
        serveActions: undefined,
        forwardActions: [],
        ...legacyUpstream,
      },
    },
  });
  servers.push(server);
  return server;
}

describe('admin-ajax actions we do not serve go to WordPress', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await serverWith({});
  });

  it('forwards method, path, query, body bytes, cookies and end-to-end headers, and passes back status, headers and every Set-Cookie', async () => {
    const body = 'action=heartbeat&data%5Bwp-refresh%5D=%CE%B1%CE%B2&_nonce=abc';
    const reply = await rawRequest(server.baseUrl, {
      method: 'POST',
      path: `${AJAX}?lang=el&x[]=1`,
      headers: {
        ...FORM,
        Cookie: 'wordpress_logged_in_abc=admin%7C123%7Ctoken; tourmaster-tour-4=1',
        'User-Agent': 'switch-over-test',
        Referer: 'http://example.test/tour/x/',
        'X-Forwarded-For': '203.0.113.7',
        Connection: 'keep-alive, X-Private-Hop',
        'X-Private-Hop': 'must not pass',
        'Keep-Alive': 'timeout=5',
      },
      body,
    });

    expect(reply.status).toBe(201);
    expect(reply.headers['set-cookie']).toEqual([
      'wp_first=1; path=/; HttpOnly',
      'wp_second=two%20words; path=/wp-admin; secure',
    ]);
    expect(reply.headers['x-wp-answer']).toBe('yes');
    expect(reply.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(reply.headers['keep-alive']).not.toBe('timeout=99');
    expect(reply.text).toBe('{"status":"success","content":"from wordpress"}');

    expect(upstream.received).toHaveLength(1);
    const got = upstream.received[0]!;
    expect(got.method).toBe('POST');
    expect(got.url).toBe(`${AJAX}?lang=el&x[]=1`);
    expect(got.body.equals(Buffer.from(body))).toBe(true);
    expect(got.headers.cookie).toBe('wordpress_logged_in_abc=admin%7C123%7Ctoken; tourmaster-tour-4=1');
    expect(got.headers['content-type']).toBe(FORM['Content-Type']);
    expect(got.headers['user-agent']).toBe('switch-over-test');
    expect(got.headers.referer).toBe('http://example.test/tour/x/');
    // The visitor's Host stays (WordPress builds its URLs from it); who asked is added.
    const ours = new URL(server.baseUrl).host;
    expect(got.headers.host).toBe(ours);
    expect(got.headers['x-forwarded-host']).toBe(ours);
    expect(got.headers['x-forwarded-proto']).toBe('http');
    // Without TRUST_PROXY the client's own X-Forwarded-For is a claim, not a chain: the peer replaces it.
    expect(got.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(got.headers['x-private-hop']).toBeUndefined();
    expect(got.headers['keep-alive']).toBeUndefined();
  });

  it('keeps the chain of X-Forwarded-For only behind a trusted proxy (TRUST_PROXY)', async () => {
    const headers = {
      ...FORM,
      'X-Forwarded-For': '203.0.113.7',
      Forwarded: 'for=203.0.113.7',
      'X-Real-IP': '203.0.113.7',
    };
    const send = (to: TestServer) =>
      rawRequest(to.baseUrl, { method: 'POST', path: AJAX, headers, body: 'action=heartbeat' });
    await send(server);
    const untrusted = upstream.received.at(-1)!.headers;
    expect([untrusted['x-forwarded-for'], untrusted.forwarded, untrusted['x-real-ip']]).toEqual([
      '127.0.0.1',
      undefined,
      undefined,
    ]);
    const behindProxy = await startTestServer(tdb, {
      config: {
        trustProxy: true,
        legacyUpstream: { url: upstream.url, timeoutMs: 5_000, serveActions: undefined, forwardActions: [] },
      },
    });
    servers.push(behindProxy);
    await send(behindProxy);
    expect(upstream.received.at(-1)!.headers['x-forwarded-for']).toBe('203.0.113.7, 127.0.0.1');
  });

  it('forwards a multipart body byte for byte, binary file part included', async () => {
    const boundary = '----dropinBoundary7MA4YWxkTrZu0gW';
    const file = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="action"\r\n\r\nupload-attachment\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="async-upload"; filename="bytes.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const reply = await rawRequest(server.baseUrl, {
      method: 'POST',
      path: AJAX,
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(reply.status).toBe(201);
    const got = upstream.received[0]!;
    expect(got.headers['content-type']).toBe(`multipart/form-data; boundary=${boundary}`);
    expect(got.headers['content-length']).toBe(String(body.length));
    expect(got.body.equals(body)).toBe(true);
  });

  it('forwards a compressed body as it came (the action read from the inflated text)', async () => {
    const body = gzipSync(Buffer.from('action=some_plugin_action&value=1'));
    await rawRequest(server.baseUrl, {
      method: 'POST',
      path: AJAX,
      headers: { ...FORM, 'Content-Encoding': 'gzip' },
      body,
    });
    const got = upstream.received[0]!;
    expect(got.headers['content-encoding']).toBe('gzip');
    expect(got.body.equals(body)).toBe(true);
  });

  it('forwards an action named only in the query string (GET)', async () => {
    const reply = await rawRequest(server.baseUrl, { path: `${AJAX}?action=wp_privacy_export&id=4` });
    expect(reply.status).toBe(201);
    expect(upstream.received.map((r) => `${r.method} ${r.url}`)).toEqual([`GET ${AJAX}?action=wp_privacy_export&id=4`]);
  });

  it('serves the actions we have, compressed bodies included, and leaves a request without an action to us', async () => {
    const plain = await rawRequest(server.baseUrl, {
      method: 'POST',
      path: AJAX,
      headers: FORM,
      body: AMOUNT_CHECK.request.body,
    });
    expect(plain.text).toBe(AMOUNT_CHECK.response.raw_body);
    const zipped = await rawRequest(server.baseUrl, {
      method: 'POST',
      path: AJAX,
      headers: { ...FORM, 'Content-Encoding': 'gzip' },
      body: gzipSync(AMOUNT_CHECK.request.body),
    });
    expect(zipped.text).toBe(AMOUNT_CHECK.response.raw_body);
    const none = await rawRequest(server.baseUrl, { method: 'POST', path: AJAX, headers: FORM, body: 'x=1' });
    expect([none.status, none.text]).toEqual([400, '0']);
    expect(upstream.received).toHaveLength(0);
  });
});

describe('moving actions over one by one', () => {
  const served = async (server: TestServer, body: string) => {
    const before = upstream.received.length;
    await rawRequest(server.baseUrl, { method: 'POST', path: AJAX, headers: FORM, body });
    return upstream.received.length === before;
  };

  it('SERVE_ACTIONS: only the listed actions are ours, every other one goes to WordPress', async () => {
    const server = await serverWith({ serveActions: ['tourmaster_tour_booking_amount_check'] });
    expect(await served(server, AMOUNT_CHECK.request.body)).toBe(true);
    expect(await served(server, HEAD_PRICE)).toBe(false);
    expect(await served(server, 'action=not_ours_at_all')).toBe(false);
  });

  it('FORWARD_ACTIONS: the listed actions go to WordPress though we serve them', async () => {
    const server = await serverWith({ forwardActions: ['tourmaster_update_head_price'] });
    expect(await served(server, AMOUNT_CHECK.request.body)).toBe(true);
    expect(await served(server, HEAD_PRICE)).toBe(false);
    expect(await served(server, 'action=not_ours_at_all')).toBe(false);
    expect(upstream.received.map((r) => r.body.toString())).toEqual([HEAD_PRICE, 'action=not_ours_at_all']);
  });

  it('without LEGACY_UPSTREAM, an action we do not serve is WordPress’s 0 as before', async () => {
    const server = await serverWith(undefined);
    const reply = await rawRequest(server.baseUrl, {
      method: 'POST',
      path: AJAX,
      headers: FORM,
      body: 'action=heartbeat',
    });
    expect([reply.status, reply.text]).toEqual([400, '0']);
    const page = await rawRequest(server.baseUrl, { path: '/wp-admin/edit.php' });
    expect(page.status).toBe(404);
    expect(upstream.received).toHaveLength(0);
  });
});

describe('pages we do not render go to WordPress', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await serverWith({});
  });
  beforeEach(() => {
    upstream.answer = (req) => ({
      status: 200,
      headers: [
        ['Content-Type', 'text/html; charset=UTF-8'],
        ['Set-Cookie', 'wp_page=1; path=/'],
      ],
      body: `<html>wordpress rendered ${req.method} ${req.url}</html>`,
    });
  });

  it.each([
    ['what would be our 404 page', '/a-page-only-wordpress-has/?ref=home'],
    ['the admin', '/wp-admin/edit.php?post_type=tour'],
    ['the admin’s front door', '/wp-admin/'],
    ['the REST API', '/wp-json/wp/v2/posts?per_page=1'],
    ['plugin files', '/wp-content/plugins/tourmaster/images/paypal.png'],
    ['uploads', '/wp-content/uploads/2026/11/cruise.jpg'],
    ['an Atom feed', '/feed/atom/'],
    ['a post’s comments feed (an RSS 2.0 feed we do not serve)', '/comments/feed/'],
    ['a feed by query', '/?feed=rss2'],
  ])('%s: GET %s', async (_what, target) => {
    const reply = await rawRequest(server.baseUrl, { path: target, headers: { Cookie: 'a=1' } });
    expect(reply.status).toBe(200);
    expect(reply.text).toBe(`<html>wordpress rendered GET ${target}</html>`);
    expect(reply.headers['set-cookie']).toEqual(['wp_page=1; path=/']);
    expect(upstream.received.map((r) => [r.url, r.headers.cookie])).toEqual([[target, 'a=1']]);
  });

  it.each([
    ['our availability API', '/wp-json/tourmaster/v1/tours/4/availability?from=2027-05-01&to=2027-05-31', 200],
    ['any other path of our namespace', '/wp-json/tourmaster/v1/nothing', 404],
    ['our API as a rest_route', '/?rest_route=/tourmaster/v1/tours/4/availability&from=2027-05-01&to=2027-05-31', 200],
  ])('%s stays ours: GET %s', async (_what, target, status) => {
    const reply = await rawRequest(server.baseUrl, { path: target });
    expect(reply.status).toBe(status);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    expect(upstream.received).toEqual([]);
  });

  it('a wp-login.php action we leave to WordPress goes there with the body our route already read', async () => {
    const body = 'post_password=secret&Submit=Enter';
    const reply = await rawRequest(server.baseUrl, {
      method: 'POST',
      path: '/wp-login.php?action=postpass',
      headers: FORM,
      body,
    });
    expect(reply.text).toBe('<html>wordpress rendered POST /wp-login.php?action=postpass</html>');
    expect(upstream.received[0]!.body.toString()).toBe(body);
    expect(upstream.received[0]!.headers['content-length']).toBe(String(body.length));
  });

  it('a comment form post goes to WordPress with its body streamed as sent', async () => {
    const body = Buffer.concat([
      Buffer.from('comment='),
      Buffer.alloc(300_000, 'x'),
      Buffer.from('&comment_post_ID=1'),
    ]);
    const reply = await rawRequest(server.baseUrl, {
      method: 'POST',
      path: '/wp-comments-post.php',
      headers: { ...FORM, 'Transfer-Encoding': 'chunked' },
      body,
    });
    expect(reply.text).toBe('<html>wordpress rendered POST /wp-comments-post.php</html>');
    expect(upstream.received[0]!.body.equals(body)).toBe(true);
  });

  it('a page we render stays ours', async () => {
    const tour = await rawRequest(server.baseUrl, { path: '/tour/santorini-caldera-sunset-cruise/' });
    expect(tour.status).toBe(200);
    expect(tour.text).toContain('Santorini');
    expect(upstream.received).toHaveLength(0);
  });

  it.each([
    ['the site’s RSS feed', '/feed/', 'application/rss+xml; charset=UTF-8'],
    ['a category’s feed', '/category/travel-guides/feed/', 'application/rss+xml; charset=UTF-8'],
    ['a category archive', '/category/travel-guides/', 'text/html; charset=UTF-8'],
    ['a month archive', '/2026/10/', 'text/html; charset=UTF-8'],
  ])('the blog being ours, %s stays ours: GET %s', async (_what, target, type) => {
    const reply = await rawRequest(server.baseUrl, { path: target });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe(type);
    expect(upstream.received).toHaveLength(0);
  });
});

describe('when WordPress does not answer', () => {
  it('is down: a 502 in Tour Master’s failure shape for admin-ajax, a small 502 page for pages', async () => {
    const server = await serverWith({ url: await closedPortUrl() });
    const ajax = await rawRequest(server.baseUrl, {
      method: 'POST',
      path: AJAX,
      headers: FORM,
      body: 'action=heartbeat',
    });
    expect(ajax.status).toBe(502);
    expect(ajax.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(JSON.parse(ajax.text)).toEqual({
      status: 'failed',
      message: 'The site is not answering right now. Please try again in a moment.',
    });
    const page = await rawRequest(server.baseUrl, { path: '/a-page-only-wordpress-has/' });
    expect(page.status).toBe(502);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('The site is not answering right now.');
    // Our own pages and actions do not depend on it.
    const ours = await rawRequest(server.baseUrl, {
      method: 'POST',
      path: AJAX,
      headers: FORM,
      body: AMOUNT_CHECK.request.body,
    });
    expect(ours.text).toBe(AMOUNT_CHECK.response.raw_body);
  });

  it('times out: the same 502s once LEGACY_UPSTREAM_TIMEOUT_MS has passed in silence', async () => {
    const silent = await startSilentUpstream();
    try {
      const server = await serverWith({ url: silent.url, timeoutMs: 300 });
      let started = performance.now();
      const ajax = await rawRequest(server.baseUrl, {
        method: 'POST',
        path: AJAX,
        headers: FORM,
        body: 'action=heartbeat',
      });
      const ajaxMs = performance.now() - started;
      expect(ajax.status).toBe(502);
      expect(JSON.parse(ajax.text)).toMatchObject({ status: 'failed' });
      started = performance.now();
      const page = await rawRequest(server.baseUrl, { path: '/wp-admin/' });
      const pageMs = performance.now() - started;
      expect(page.status).toBe(502);
      for (const ms of [ajaxMs, pageMs]) {
        expect(ms).toBeGreaterThanOrEqual(290);
        expect(ms).toBeLessThan(3_000);
      }
    } finally {
      await silent.close();
    }
  });
});

describe('a LEGACY_UPSTREAM that leads back here', () => {
  it('refuses a request this server already forwarded instead of sending it round again', async () => {
    const server = await serverWith({});
    const marked = { ...FORM, 'X-Tourmaster-Dropin-Forwarded': '1' };
    const ajax = await rawRequest(server.baseUrl, {
      method: 'POST',
      path: AJAX,
      headers: marked,
      body: 'action=heartbeat',
    });
    expect(ajax.status).toBe(502);
    expect(JSON.parse(ajax.text)).toMatchObject({ status: 'failed' });
    const page = await rawRequest(server.baseUrl, { path: '/wp-admin/', headers: marked });
    expect(page.status).toBe(502);
    expect(upstream.received).toHaveLength(0);
    // What we forward carries the mark.
    await rawRequest(server.baseUrl, { path: '/wp-admin/' });
    expect(upstream.received[0]!.headers['x-tourmaster-dropin-forwarded']).toBe('1');
  });
});

describe('configuration', () => {
  it('refuses to start when SERVE_ACTIONS names an action it does not have, naming it', async () => {
    const result = await runMain({
      LEGACY_UPSTREAM: 'http://127.0.0.1:9',
      SERVE_ACTIONS: 'tourmaster_tour_booking, tourmaster_tour_bookin,heartbeat',
      DATABASE_URL: 'sqlite:///nonexistent/never-opened.sqlite',
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'Configuration error: SERVE_ACTIONS names actions this server does not have: tourmaster_tour_bookin, heartbeat',
    );
  });

  it('refuses SERVE_ACTIONS and FORWARD_ACTIONS together', async () => {
    const result = await runMain({
      LEGACY_UPSTREAM: 'http://127.0.0.1:9',
      SERVE_ACTIONS: 'tourmaster_tour_booking',
      FORWARD_ACTIONS: 'tourmaster_update_head_price',
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('SERVE_ACTIONS and FORWARD_ACTIONS are both set');
  });
});

/** Runs the real entry point with only `env` (plus PATH) and collects how it ended. */
function runMain(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'server', 'main.ts')], {
      cwd: PROJECT_ROOT,
      env: { PATH: process.env.PATH ?? '', PORT: '0', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}
