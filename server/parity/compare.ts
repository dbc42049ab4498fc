import { parse, serializeOuter } from 'parse5';
import type { Exchange } from './exchanges';
import { canonicalHtml, looksLikeHtml } from './html-dom';
import { legacyMarkupAsOurs } from './legacy-markup';

/** Our reply to a replayed exchange. */
export interface ActualReply {
  status: number;
  headers: Headers;
  text: string;
}

/** Headers whose values must match the legacy reply (Content-Type differs on purpose: DEVIATIONS.md). */
const COMPARED_HEADERS = [
  'x-robots-tag',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'expires',
  'cache-control',
  'location',
  'x-redirect-by',
];

/** Security headers our replies carry even where the legacy reply had none (http/security-headers.ts). */
const ADDED_HARDENING: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
};

/**
 * Sends an exchange's request to a server (ours, or the admin's live site) as the browser sent it:
 * same method, path, body and headers; the cookies the caller gives (the replay re-mints the
 * WordPress login cookies: the captured sessions are not in the dump). Redirects are not followed.
 */
export async function sendExchange(
  baseUrl: string,
  ex: Exchange,
  cookies: Record<string, string>,
  timeoutMs?: number,
): Promise<ActualReply> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(ex.request.headers)) {
    if (name.toLowerCase() !== 'cookie') headers[name] = value;
  }
  const cookieHeader = Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
  if (cookieHeader) headers.Cookie = cookieHeader;
  const response = await fetch(new URL(ex.request.path, baseUrl), {
    method: ex.request.method,
    headers,
    body: ex.request.method === 'GET' || ex.request.body === null ? undefined : ex.request.body,
    redirect: 'manual',
    ...(timeoutMs ? { signal: AbortSignal.timeout(timeoutMs) } : {}),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** Extra per-exchange normalisation (new order ids and the like), registered by the issue that serves it. */
export type Normaliser = (text: string) => string;

/**
 * Replaces what legitimately differs between two runs of the same request: nonces, login cookie
 * values, invoice numbers (`01` + dmYHis + id), times of day on the capture date, and the site
 * origin of the test server.
 */
export function normaliseVolatile(text: string): string {
  // Between a nonce's name and its value the gap may hold `value` (`name="security" value="…"`).
  return text
    .replace(/ nonce="[A-Za-z0-9+/]+={0,2}"/g, '') // our pages' CSP nonce (http/security-headers.ts)
    .replace(/((?:_wpnonce|nonce|security)(?:[^0-9a-f]|value){1,24})[0-9a-f]{10}\b/gi, '$1{nonce}')
    .replace(/(wordpress_(?:logged_in_|sec_)?[0-9a-f]{32}=)[^;\s"'&]+/g, '$1{cookie}')
    .replace(/\b01\d{12}\d+\b/g, '{invoice}')
    .replace(/\b2026-11-21 \d{2}:\d{2}:\d{2}\b/g, '2026-11-21 {time}');
}

/**
 * Which part of an HTML page is compared: the first element whose class list contains `className`
 * (e.g. `tourmaster-template-wrapper`, the plugin's content). Pages are served in our own shell, so
 * the rest of the document (theme header, menus, footer, scripts) is deliberately not the legacy one.
 */
export interface RegionRule {
  className: string;
}

export interface CompareOptions {
  /** Compare only this element of a text/HTML body (plus status and headers as usual). */
  region?: RegionRule;
  /**
   * Compare these elements of a text/HTML body, one by one (a page whose parts sit in our own
   * layout). An element the legacy page lacks must be absent from ours too.
   */
  regions?: readonly RegionRule[];
  /**
   * Markup removed from our body before comparing: additions made on purpose, each in DEVIATIONS.md
   * (a pattern removed wherever it matches, or a function for what a pattern cannot say).
   */
  oursWithout?: readonly (RegExp | ((text: string) => string))[];
}

type RegionNode = {
  tagName?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: RegionNode[];
  content?: RegionNode;
};

/** The outer HTML of the first element (document order) the rule matches, or undefined. */
export function extractRegion(html: string, rule: RegionRule): string | undefined {
  const find = (node: RegionNode): RegionNode | undefined => {
    for (const child of node.childNodes ?? []) {
      const classes = child.attrs?.find((a) => a.name === 'class')?.value.split(/\s+/) ?? [];
      if (child.tagName && classes.includes(rule.className)) return child;
      const inner = find(child.content ?? child);
      if (inner) return inner;
    }
    return undefined;
  };
  const found = find(parse(html) as unknown as RegionNode);
  return found ? serializeOuter(found as never) : undefined;
}

/**
 * The legacy and our body as compared under a region rule: the region of each. A redirect's body is
 * never shown by a browser, so 3xx replies are compared by status and headers only (undefined).
 */
function regionBodies(ex: Exchange, ours: string, rule: RegionRule): { ours: string; legacy: string } | undefined {
  if (ex.response.status >= 300 && ex.response.status < 400) return undefined;
  const legacyText = ex.response.body ?? '';
  const legacy = extractRegion(legacyText, rule);
  if (legacy === undefined) return { ours, legacy: legacyText };
  return { ours: extractRegion(ours, rule) ?? `(no element with class ${rule.className})`, legacy };
}

/** Compares our reply with the captured one; returns the differences in words (empty = parity). */
export function compareReply(
  ex: Exchange,
  actual: ActualReply,
  extra: Normaliser = (t) => t,
  options: CompareOptions = {},
): string[] {
  const norm = (t: string) =>
    extra(legacyMarkupAsOurs(normaliseVolatile(withoutOrderConfirmation(withoutIslandProps(t)))));
  return [
    ...(actual.status !== ex.response.status ? [`status ${actual.status}, legacy ${ex.response.status}`] : []),
    ...headerDifferences(ex, actual, norm),
    ...cookieDifferences(ex, actual),
    ...bodyDifferences(ex, actual, norm, options),
  ];
}

function headerDifferences(ex: Exchange, actual: ActualReply, norm: Normaliser): string[] {
  const diffs: string[] = [];
  // A header sent twice (PHP's two Cache-Control lines) reads as one comma-joined value, as fetch gives it.
  const legacyHeaders = new Map<string, string>();
  for (const [k, v] of ex.response.headers) {
    const name = k.toLowerCase();
    legacyHeaders.set(name, legacyHeaders.has(name) ? `${legacyHeaders.get(name)}, ${v}` : v);
  }
  for (const name of COMPARED_HEADERS) {
    const want = legacyHeaders.get(name);
    const got = actual.headers.get(name) ?? undefined;
    // Hardening we add where WordPress sent none (DEVIATIONS.md §85).
    if (want === undefined && got !== undefined && got === ADDED_HARDENING[name]) continue;
    if (norm(want ?? '') !== norm(got ?? ''))
      diffs.push(`header ${name}: ${got ?? '(none)'}, legacy ${want ?? '(none)'}`);
  }
  return diffs;
}

/** The names of the cookies set, compared; their values are never the same twice. */
function cookieDifferences(ex: Exchange, actual: ActualReply): string[] {
  const cookieNames = (list: string[]) =>
    list
      .map((c) => c.split('=')[0]!)
      .sort()
      .join(', ');
  const legacyCookies = cookieNames(
    ex.response.headers.filter(([k]) => k.toLowerCase() === 'set-cookie').map(([, v]) => v),
  );
  // Our guest order keys and the guest's booking-client id are new (DEVIATIONS.md: guests own their
  // orders by a key, not by user_id 0; a repeated booking is recognised by its browser).
  const ourCookies = cookieNames(
    actual.headers.getSetCookie().filter((c) => !/^(tourmaster-order-key-\d+|tourmaster-booking-client)=/.test(c)),
  );
  if (legacyCookies === ourCookies) return [];
  return [`cookies set: ${ourCookies || '(none)'}, legacy ${legacyCookies || '(none)'}`];
}

/** The body, compared as JSON, by regions, by one region, or whole. */
function bodyDifferences(ex: Exchange, actual: ActualReply, norm: Normaliser, options: CompareOptions): string[] {
  if (ex.response.body_kind === 'json') return jsonDifferences(ex, actual, norm);
  if (options.regions && looksLikeHtml(ex.response.body ?? '')) {
    const ours = oursWithout(actual.text, options);
    return options.regions.flatMap((rule) => regionDifference(ex, ours, rule, norm));
  }
  if (options.region && looksLikeHtml(ex.response.body ?? '')) {
    const bodies = regionBodies(ex, actual.text, options.region);
    if (!bodies) return [];
    const a = canonicalHtml(norm(bodies.ours));
    const b = canonicalHtml(norm(bodies.legacy));
    return a !== b ? [`body differs at ${firstDifference(a, b)}`] : [];
  }
  const legacy = ex.response.body ?? '';
  const isHtml = looksLikeHtml(legacy);
  const a = isHtml ? canonicalHtml(norm(actual.text), { document: /<html/i.test(legacy) }) : norm(actual.text);
  const b = isHtml ? canonicalHtml(norm(legacy), { document: /<html/i.test(legacy) }) : norm(legacy);
  return a !== b ? [`body differs at ${firstDifference(a, b)}`] : [];
}

function jsonDifferences(ex: Exchange, actual: ActualReply, norm: Normaliser): string[] {
  let ours: unknown;
  try {
    ours = JSON.parse(actual.text);
  } catch {
    return [`body is not JSON: ${actual.text.slice(0, 120)}`];
  }
  const a = canonicalJson(withoutTypedProps(ours, ex.response.json), norm);
  const b = canonicalJson(ex.response.json, norm);
  return a !== b ? [`body differs at ${firstDifference(a, b)}`] : [];
}

/**
 * The islands' typed props that our pages and replies carry beside the legacy markup (issue 16:
 * JSON in `<script type="application/json" data-island-props>`, and a reply's top-level `props`)
 * are ours alone; the legacy front end ignores them, so parity compares what remains. The JSON
 * escapes `<`, so the script's end is the first `</script>`.
 */
const ISLAND_PROPS_SCRIPT = /<script type="application\/json" data-island-props="[^"]*">[^<]*<\/script>/g;

export function withoutIslandProps(text: string): string {
  return text.includes('data-island-props') ? text.replace(ISLAND_PROPS_SCRIPT, '') : text;
}

/**
 * "Your booking" on the completion screen is ours alone (views/payment/confirmation.ts, DEVIATIONS.md):
 * one section, with no section inside, in its wrap.
 */
const ORDER_CONFIRMATION =
  /<div class="dropin-order-confirmation-wrap"><section class="dropin-order-confirmation"[\s\S]*?<\/section><\/div>/g;

export function withoutOrderConfirmation(text: string): string {
  return text.includes('dropin-order-confirmation') ? text.replace(ORDER_CONFIRMATION, '') : text;
}

function withoutTypedProps(ours: unknown, legacy: unknown): unknown {
  const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
  if (!isObject(ours) || !('props' in ours) || (isObject(legacy) && 'props' in legacy)) return ours;
  const { props: _typed, ...rest } = ours;
  return rest;
}

/** Our body without the markup `oursWithout` names. */
function oursWithout(text: string, options: CompareOptions): string {
  return (options.oursWithout ?? []).reduce(
    (out, pattern) => (typeof pattern === 'function' ? pattern(out) : out.replace(pattern, '')),
    text,
  );
}

/** One region of the page: present in both and the same, or absent from both. */
function regionDifference(ex: Exchange, ours: string, rule: RegionRule, norm: Normaliser): string[] {
  const legacy = extractRegion(ex.response.body ?? '', rule);
  const mine = extractRegion(ours, rule);
  if (legacy === undefined || mine === undefined) {
    if (legacy === mine) return [];
    return [`element .${rule.className}: ${mine ? 'present' : 'absent'}, legacy ${legacy ? 'present' : 'absent'}`];
  }
  const a = canonicalHtml(norm(mine));
  const b = canonicalHtml(norm(legacy));
  return a !== b ? [`element .${rule.className} differs at ${firstDifference(a, b)}`] : [];
}

/**
 * JSON as canonical text: key order kept (PHP's insertion order is part of the contract), strings
 * normalised, and strings holding HTML compared as parsed DOM.
 */
export function canonicalJson(value: unknown, norm: Normaliser): string {
  if (typeof value === 'string') {
    const v = norm(value);
    return looksLikeHtml(v) ? `html:${JSON.stringify(canonicalHtml(v))}` : JSON.stringify(v);
  }
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v, norm)).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v, norm)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

function firstDifference(ours: string, legacy: string): string {
  let i = 0;
  while (i < ours.length && i < legacy.length && ours[i] === legacy[i]) i++;
  const from = Math.max(0, i - 60);
  return `character ${i}:\n    ours:   …${ours.slice(from, i + 80)}…\n    legacy: …${legacy.slice(from, i + 80)}…`;
}
