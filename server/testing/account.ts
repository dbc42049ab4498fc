import { parse, parseFragment } from 'parse5';
import { startSession } from '../data/sessions';
import { loadSite } from '../data/site';
import { getUserByLogin } from '../data/users';
import { extractRegion } from '../parity/compare';
import { encodeCookieValue } from '../wp/auth-cookie';
import type { TestServer } from './app';
import type { TestDatabase } from './db';

/** Helpers for the account-area integration tests (not a test file itself). */

export interface Login {
  userId: number;
  token: string;
  /** The `Cookie` header of this login. */
  cookie: string;
  /** The login cookie's name and (decoded) value, for a browser's cookie jar. */
  cookieName: string;
  cookieValue: string;
}

/**
 * Logs a fixture user in as WordPress would (a fresh session), without going through a form.
 * `siteUrl`: the site's address when it follows the request (the cookie's name comes from it).
 */
export async function loginAs(
  tdb: TestDatabase,
  server: TestServer,
  login: string,
  options: { siteUrl?: string } = {},
): Promise<Login> {
  const user = await getUserByLogin(tdb.wp, login);
  if (!user) throw new Error(`no user ${login}`);
  const site = await loadSite(tdb.wp, options.siteUrl);
  const minted = await startSession(tdb.wp, user, {
    site,
    salts: await server.deps.salts(),
    remember: true,
    https: false,
    ip: '127.0.0.1',
    ua: 'test',
    now: server.deps.clock(),
  });
  const names = minted.cookies.map((c) => c.name);
  const loggedIn = names.find((n) => n.startsWith('wordpress_logged_in_'))!;
  return {
    userId: user.id,
    token: minted.token,
    cookie: `${loggedIn}=${encodeCookieValue(minted.loggedInCookie)}`,
    cookieName: loggedIn,
    cookieValue: minted.loggedInCookie,
  };
}

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
}

export async function get(server: TestServer, path: string, cookie?: string): Promise<Reply> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    redirect: 'manual',
    headers: cookie ? { Cookie: cookie } : {},
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

export async function postForm(
  server: TestServer,
  path: string,
  form: Record<string, string> | [string, string][],
  cookie?: string,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(cookie ? { Cookie: cookie } : {}),
      ...headers,
    },
    body: new URLSearchParams(form as Record<string, string>).toString(),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

export async function postMultipart(server: TestServer, path: string, form: FormData, cookie?: string): Promise<Reply> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: cookie ? { Cookie: cookie } : {},
    body: form,
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The value of a hidden input (`name="security"` …) in a page, or undefined. */
export function inputValue(html: string, name: string): string | undefined {
  const m = new RegExp(`<input[^>]*name="${name.replace(/[[\]]/g, '\\$&')}"[^>]*value="([^"]*)"`).exec(html);
  return m?.[1];
}

/** Parse errors parse5 reports for a whole document (an empty list: valid HTML as browsers read it). */
export function htmlErrors(document: string): string[] {
  const errors: string[] = [];
  parse(document, { onParseError: (e) => errors.push(`${e.code} at ${e.startLine}:${e.startCol}`) });
  return errors;
}

/** Every class token used in a fragment. */
export function classTokens(html: string): Set<string> {
  const tokens = new Set<string>();
  type Node = { attrs?: { name: string; value: string }[]; childNodes?: Node[] };
  const walk = (node: Node) => {
    for (const a of node.attrs ?? [])
      if (a.name === 'class') for (const t of a.value.split(/\s+/)) if (t) tokens.add(t);
    for (const c of node.childNodes ?? []) walk(c);
  };
  walk(parseFragment(html) as unknown as Node);
  return tokens;
}

/** The text of the first element with this class (tags stripped, whitespace collapsed). */
export function textOf(html: string, className: string): string | undefined {
  const element = extractRegion(html, { className });
  return element
    ?.replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
