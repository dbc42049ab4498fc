import { Masker } from './anonymise';
import type { Exchange } from './exchanges';

/** The parts of a HAR 1.2 file (browser devtools "Save all as HAR") the conversion reads. */
export interface Har {
  log: { entries: HarEntry[] };
}

interface HarEntry {
  startedDateTime?: string;
  _resourceType?: string;
  request: {
    method: string;
    url: string;
    headers?: { name: string; value: string }[];
    cookies?: { name: string; value: string }[];
    postData?: { mimeType?: string; text?: string; params?: { name: string; value?: string }[] };
  };
  response: {
    status: number;
    headers?: { name: string; value: string }[];
    content?: { mimeType?: string; text?: string; encoding?: string };
  };
}

export interface CaptureOptions {
  /** The site's address; by default the first admin-ajax call's or HTML page's. */
  site?: string;
  /** Keep every cookie as sent (logins included), instead of the plugin's own cookies only. */
  keepCookies?: boolean;
  /** Keep names, e-mail addresses, phone numbers and free text as typed. */
  keepPersonalData?: boolean;
  /** The exchanges' name prefix (default `har`). */
  prefix?: string;
}

export interface CaptureResult {
  site: string;
  exchanges: Exchange[];
  /** Why entries were left out, with how many each. */
  skipped: Record<string, number>;
  droppedCookies: string[];
  maskedFields: string[];
}

/**
 * Cookies that change what the plugin renders and say nothing about who the visitor is: the
 * booking in progress (masked like a form), the currency, tour views, the room cart, the cookie
 * consent. Logins, WordPress settings and analytics identifiers are dropped unless kept on purpose.
 */
const KEPT_COOKIES = /^(?:tourmaster-|wordpress_test_cookie$|cc_cookie$)/;
const BOOKING_DETAIL_COOKIE = 'tourmaster-booking-detail';
/** Request headers the server reads; the rest (user agent, caches, HTTP/2 pseudo-headers) are the browser's. */
const KEPT_REQUEST_HEADERS = new Set(['content-type', 'x-requested-with']);
const STATIC_ASSET =
  /\.(?:css|js|mjs|map|png|jpe?g|gif|svg|webp|avif|ico|woff2?|ttf|otf|eot|mp4|webm|mp3|pdf|zip|txt|xml)$/i;
const STATIC_TYPES = new Set(['stylesheet', 'script', 'image', 'font', 'media', 'manifest', 'websocket', 'ping']);

/**
 * Converts a browser's HAR capture of the live site into exchanges in the replay's format: each
 * admin-ajax call, each page (an HTML GET, or a redirect) and each form posted to a front-end page,
 * in the order the browser sent them. Static files, other sites, WordPress's admin, REST API and
 * cron, and requests that got no reply are left out and counted.
 */
export function convertHar(har: Har, options: CaptureOptions = {}): CaptureResult {
  const entries = [...(har.log?.entries ?? [])].sort((a, b) =>
    (a.startedDateTime ?? '').localeCompare(b.startedDateTime ?? ''),
  );
  const site = options.site ? new URL(options.site).origin : inferSite(entries);
  const skipped: Record<string, number> = {};
  const droppedCookies = new Set<string>();
  // One masker for the whole capture: a value typed on one page may be shown on any later one.
  const masker = new Masker();
  const exchanges: Exchange[] = [];
  for (const entry of entries) {
    const reason = skipReason(entry, site, options);
    if (reason) {
      skipped[reason] = (skipped[reason] ?? 0) + 1;
      continue;
    }
    exchanges.push(toExchange(entry, exchanges.length + 1, options, masker, droppedCookies));
  }
  if (!options.keepPersonalData) for (const ex of exchanges) maskReplyEchoes(ex, masker);
  return {
    site,
    exchanges,
    skipped,
    droppedCookies: [...droppedCookies].sort(),
    maskedFields: [...masker.fields].sort(),
  };
}

/** The reply with every masked request value masked too, and its JSON read again. */
function maskReplyEchoes(ex: Exchange, masker: Masker): void {
  const response = ex.response;
  response.headers = response.headers.map(([name, value]) => [name, masker.maskEchoes(value)]);
  if (response.body === null) return;
  response.body = masker.maskEchoes(response.body);
  if (response.body_kind !== 'json') return;
  try {
    response.json = JSON.parse(response.body);
  } catch {
    response.body_kind = 'text';
    delete response.json;
  }
}

function inferSite(entries: HarEntry[]): string {
  const first = entries.find(
    (e) => new URL(e.request.url).pathname.endsWith('/wp-admin/admin-ajax.php') || isHtml(e.response),
  );
  if (!first) throw new Error('The HAR file has no admin-ajax call and no HTML page: nothing to convert.');
  return new URL(first.request.url).origin;
}

function skipReason(entry: HarEntry, site: string, options: CaptureOptions): string | undefined {
  let url: URL;
  try {
    url = new URL(entry.request.url);
  } catch {
    return 'not an http address';
  }
  if (url.origin !== site) return 'another site';
  const method = entry.request.method.toUpperCase();
  if (entry.response.status === 0) return 'no reply (blocked or cancelled)';
  const path = url.pathname;
  if (path.endsWith('/wp-admin/admin-ajax.php')) {
    if (method !== 'GET' && method !== 'POST') return `${method} request`;
    return multipartReason(entry, options);
  }
  if (
    STATIC_ASSET.test(path) ||
    STATIC_TYPES.has(entry._resourceType ?? '') ||
    /\/wp-(?:content|includes)\//.test(path)
  )
    return 'static file';
  if (/\/wp-admin\//.test(path)) return 'WordPress admin';
  if (/\/wp-json\/|\/xmlrpc\.php$|\/wp-cron\.php$|\/feed\/?$/.test(path) || url.searchParams.has('rest_route'))
    return 'REST API, feed or cron';
  const redirect = entry.response.status >= 300 && entry.response.status < 400;
  if (method === 'GET') return isHtml(entry.response) || redirect ? undefined : 'not an HTML page';
  if (method === 'POST') return multipartReason(entry, options);
  return `${method} request`;
}

/** A file upload's fields cannot be masked one by one, so it is kept only with the personal data. */
function multipartReason(entry: HarEntry, options: CaptureOptions): string | undefined {
  const type = entry.request.postData?.mimeType ?? header(entry.request.headers, 'content-type') ?? '';
  return /multipart\//i.test(type) && !options.keepPersonalData ? 'file upload (may hold personal data)' : undefined;
}

function toExchange(
  entry: HarEntry,
  index: number,
  options: CaptureOptions,
  masker: Masker,
  droppedCookies: Set<string>,
): Exchange {
  const url = new URL(entry.request.url);
  const maskText = (text: string) => (options.keepPersonalData ? text : masker.maskUrlEncoded(text));
  const query = url.search ? `?${maskText(url.search.slice(1))}` : '';
  const path = `${url.pathname}${query}`;
  const method = entry.request.method.toUpperCase();
  let body = requestBody(entry);
  const contentType = entry.request.postData?.mimeType ?? header(entry.request.headers, 'content-type') ?? '';
  const urlencoded = body !== null && /application\/x-www-form-urlencoded/i.test(contentType);
  if (urlencoded) body = maskText(body!);

  const cookies: Record<string, string> = {};
  for (const { name, value } of requestCookies(entry)) {
    if (!options.keepCookies && !KEPT_COOKIES.test(name)) {
      droppedCookies.add(name);
      continue;
    }
    cookies[name] =
      name === BOOKING_DETAIL_COOKIE && !options.keepPersonalData ? maskBookingDetail(value, masker) : value;
  }
  const headers: Record<string, string> = {};
  for (const { name, value } of entry.request.headers ?? []) {
    if (KEPT_REQUEST_HEADERS.has(name.toLowerCase())) headers[canonicalHeaderName(name)] = value;
  }

  const action = path.startsWith('/wp-admin/admin-ajax.php') ? actionOf(body ?? '', url) : undefined;
  const text = responseText(entry);
  const responseHeaders: [string, string][] = (entry.response.headers ?? [])
    .filter(({ name }) => !name.startsWith(':'))
    .map(({ name, value }) => [name, name.toLowerCase() === 'set-cookie' ? setCookieValue(value, options) : value]);
  const response: Exchange['response'] = {
    status: entry.response.status,
    headers: responseHeaders,
    body_kind: 'text',
    body: text,
  };
  if (action !== undefined && response.body !== null) {
    try {
      response.json = JSON.parse(response.body);
      response.body_kind = 'json';
    } catch {}
  }
  const label = action ?? (url.pathname.replace(/^\/|\/$/g, '').replace(/[^\w-]+/g, '-') || 'home');
  return {
    name: `${options.prefix ?? 'har'}-${String(index).padStart(4, '0')}-${method.toLowerCase()}-${label}`.slice(0, 120),
    description: `${method} ${url.pathname} as the browser sent it${entry.startedDateTime ? ` at ${entry.startedDateTime}` : ''}`,
    tags: [action ?? 'page'],
    request: {
      method,
      path,
      headers,
      body,
      form: urlencoded ? [...new URLSearchParams(body ?? '')] : [],
      cookies,
    },
    response,
  };
}

function requestBody(entry: HarEntry): string | null {
  const post = entry.request.postData;
  if (!post) return null;
  if (post.text !== undefined) return post.text;
  if (post.params) return new URLSearchParams(post.params.map((p) => [p.name, p.value ?? ''])).toString();
  return null;
}

function requestCookies(entry: HarEntry): { name: string; value: string }[] {
  if (entry.request.cookies?.length) return entry.request.cookies;
  const raw = header(entry.request.headers, 'cookie');
  if (!raw) return [];
  return raw.split(/;\s*/).flatMap((pair) => {
    const eq = pair.indexOf('=');
    return eq > 0 ? [{ name: pair.slice(0, eq), value: pair.slice(eq + 1) }] : [];
  });
}

/** The booking in progress is the form's fields as JSON: masked as the form is. */
function maskBookingDetail(value: string, masker: Masker): string {
  try {
    return encodeURIComponent(JSON.stringify(masker.maskJson(JSON.parse(decodeURIComponent(value)))));
  } catch {
    return value;
  }
}

/** A login or session cookie the site sets: its name is compared, its value (a credential) is not kept. */
function setCookieValue(value: string, options: CaptureOptions): string {
  const eq = value.indexOf('=');
  const name = value.slice(0, eq);
  if (options.keepCookies || eq < 0 || KEPT_COOKIES.test(name)) return value;
  const semi = value.indexOf(';');
  return `${name}=removed${semi < 0 ? '' : value.slice(semi)}`;
}

function responseText(entry: HarEntry): string | null {
  const content = entry.response.content;
  if (content?.text === undefined) return null;
  return content.encoding === 'base64' ? Buffer.from(content.text, 'base64').toString('utf8') : content.text;
}

function actionOf(body: string, url: URL): string {
  return new URLSearchParams(body).get('action') ?? url.searchParams.get('action') ?? '';
}

function isHtml(response: HarEntry['response']): boolean {
  const type = response.content?.mimeType ?? header(response.headers, 'content-type') ?? '';
  return /text\/html/i.test(type);
}

function header(headers: { name: string; value: string }[] | undefined, name: string): string | undefined {
  return headers?.find((h) => h.name.toLowerCase() === name)?.value;
}

function canonicalHeaderName(name: string): string {
  return name.toLowerCase().replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase());
}
