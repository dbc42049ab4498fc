import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Response } from 'express';
import { renderToStaticMarkup } from 'react-dom/server';
import { PROJECT_ROOT } from '../core/config';
import { gateEmbeds } from '../views/consent-embeds';
import { raw, SafeHtml } from '../views/html';
import { type ClientAssets, hostOf, Page, type PageProps } from '../views/page-shell';
import { RenderCache, renderKey } from '../views/render-cache';
import { scriptNonce } from '../views/script-nonce';

/**
 * Pages as responses: the shell (views/page-shell.tsx) rendered around a page's content, reusing
 * the rendered frame, the client build's entry files, WordPress's caching headers and redirects.
 */

/** URL prefix of the built client (app.ts `ASSET_BASE`, vite.config.ts `base`; not imported: app.ts imports the pages). */
const ASSET_BASE = '/dropin-assets/';

let clientAssets: ClientAssets | undefined;

/** The client build's entry files, read once. */
function builtClientAssets(): ClientAssets {
  clientAssets ??= readClientAssets();
  return clientAssets;
}

/** The client build's entry files from `dist/client/.vite/manifest.json` (none when not built). */
export function readClientAssets(manifestPath = path.join(PROJECT_ROOT, 'dist', 'client', '.vite', 'manifest.json')) {
  const assets: ClientAssets = { scripts: [], stylesheets: [] };
  try {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<
      string,
      { file?: string; isEntry?: boolean; css?: string[] }
    >;
    for (const chunk of Object.values(manifest)) {
      if (!chunk.isEntry) continue;
      if (chunk.file?.endsWith('.js')) assets.scripts.push(`${ASSET_BASE}${chunk.file}`);
      if (chunk.file?.endsWith('.css')) assets.stylesheets.push(`${ASSET_BASE}${chunk.file}`);
      for (const css of chunk.css ?? []) assets.stylesheets.push(`${ASSET_BASE}${css}`);
    }
  } catch {
    // Not built (tests, a fresh checkout): the page works without the islands.
  }
  return assets;
}

/**
 * The whole document as text, starting with `<!DOCTYPE html>`. With HTML content, the document
 * around it (head, header, menu, footer) is rendered once per value of the other props and reused
 * with this request's nonce: it is a pure function of them, and React rendering it was the largest
 * part of serving a page. The content itself is never kept.
 */
export function renderPage(props: PageProps, assets: ClientAssets = builtClientAssets()): string {
  const nonce = scriptNonce();
  if (!(props.content instanceof SafeHtml)) {
    return `<!DOCTYPE html>${renderToStaticMarkup(<Page {...props} assets={assets} scriptNonce={nonce} />)}`;
  }
  const { content, ...around } = props;
  const frame = frameFor(around, assets, nonce !== undefined);
  const main = gateEmbeds(content, hostOf(props.homeUrl)).value;
  return `${frame.head.join(nonce ?? '')}${main}${frame.tail}`;
}

/**
 * The same document as bytes, for a page whose content is made of kept renders (the tour page's
 * body, pages/tour/index.ts, around its per-request booking bar): the frame's parts and each kept
 * part are encoded once and copied into one buffer with this request's nonce, instead of joining
 * some 50 KB of text and encoding it again for every request.
 */
export function renderPageBytes(props: BytesPageProps, assets: ClientAssets = builtClientAssets()): Buffer {
  const { head, rest } = documentParts(props, assets);
  return Buffer.concat([...withNonceBetween(head), ...rest]);
}

/**
 * A document as bytes around the places its nonce goes, to be kept whole (a guest's tour page,
 * pages/tour/kept-page.ts) and given each response's own nonce by `documentWithNonce`.
 */
export type DocumentBytes = readonly Buffer[];

export function renderDocumentBytes(props: BytesPageProps, assets: ClientAssets = builtClientAssets()): DocumentBytes {
  const { head, rest } = documentParts(props, assets);
  return [...head.slice(0, -1), Buffer.concat([...head.slice(-1), ...rest])];
}

/** A kept document with this request's nonce in its places. */
export function documentWithNonce(document: DocumentBytes): Buffer {
  return Buffer.concat(withNonceBetween(document));
}

export type BytesPageProps = Omit<PageProps, 'content'> & { content: SafeHtml | readonly SafeHtml[] };

/** The frame's head split where the nonce goes, then the content's and the tail's bytes. */
function documentParts(props: BytesPageProps, assets: ClientAssets): { head: readonly Buffer[]; rest: Buffer[] } {
  const { content, ...around } = props;
  const frame = frameFor(around, assets, scriptNonce() !== undefined);
  frame.bytes ??= { head: frame.head.map((part) => Buffer.from(part, 'utf8')), tail: Buffer.from(frame.tail, 'utf8') };
  const host = hostOf(props.homeUrl);
  const rest = (content instanceof SafeHtml ? [content] : content).map((part) => gatedContentBytes(part, host));
  rest.push(frame.bytes.tail);
  return { head: frame.bytes.head, rest };
}

function withNonceBetween(parts: readonly Buffer[]): Buffer[] {
  const nonce = Buffer.from(scriptNonce() ?? '', 'utf8');
  return parts.flatMap((part, i) => (i === 0 ? [part] : [nonce, part]));
}

/** A content's bytes once its embeds are gated, by content object and the site's host. */
const contentBytes = new WeakMap<SafeHtml, { host: string; bytes: Buffer }>();

function gatedContentBytes(content: SafeHtml, host: string): Buffer {
  const kept = contentBytes.get(content);
  if (kept?.host === host) return kept.bytes;
  const bytes = Buffer.from(gateEmbeds(content, host).value, 'utf8');
  contentBytes.set(content, { host, bytes });
  return bytes;
}

function frameFor(around: Omit<PageProps, 'content'>, assets: ClientAssets, withNonce: boolean): Frame {
  return frames.get(renderKey([around, assets, withNonce]), () => renderFrame(around, assets, withNonce));
}

/** Where the content and the nonce go in a rendered frame (neither can occur in markup React escapes). */
const CONTENT_MARK = '\u0000dropin-content\u0000';
const NONCE_MARK = 'dropin-nonce-\u0000';

/** The document around the content: `head` split where the nonce goes, `tail` after the content. */
interface Frame {
  head: string[];
  tail: string;
  /** The same, encoded (renderPageBytes), when first asked for. */
  bytes?: { head: Buffer[]; tail: Buffer };
}

const frames = new RenderCache<Frame>(200);

function renderFrame(props: Omit<PageProps, 'content'>, assets: ClientAssets, withNonce: boolean): Frame {
  const document = `<!DOCTYPE html>${renderToStaticMarkup(
    <Page {...props} content={raw(CONTENT_MARK)} assets={assets} scriptNonce={withNonce ? NONCE_MARK : undefined} />,
  )}`;
  const at = document.indexOf(CONTENT_MARK);
  return { head: document.slice(0, at).split(NONCE_MARK), tail: document.slice(at + CONTENT_MARK.length) };
}

/**
 * WordPress's caching headers on these pages: `nocache_headers()` for the plugin's login and
 * register pages and for anything a logged-in user sees (`private`, `no-store` added then).
 */
export type PageCache = 'public' | 'no-cache' | 'private';

export function pageHeaders(cache: PageCache): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=UTF-8' };
  if (cache === 'no-cache' || cache === 'private') {
    headers.Expires = 'Wed, 11 Jan 1984 05:00:00 GMT';
    headers['Cache-Control'] =
      `no-cache, must-revalidate, max-age=0${cache === 'private' ? ', no-store, private' : ''}`;
  }
  return headers;
}

/**
 * Sends a rendered page as one buffer: no ETag (WordPress sends none, and hashing every page costs
 * more than it saves: a page is never the same twice for long).
 */
export function sendPage(
  res: Response,
  document: string | Buffer,
  options: { status?: number; cache: PageCache },
): void {
  const body = typeof document === 'string' ? Buffer.from(document, 'utf8') : document;
  res.status(options.status ?? 200).set(pageHeaders(options.cache));
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

/** A redirect as `wp_safe_redirect` sends it (302, `X-Redirect-By: WordPress`, empty body). */
export function sendRedirect(
  res: Response,
  location: string,
  options: { cache?: PageCache; cookies?: string[] } = {},
): void {
  res.status(302);
  const headers = pageHeaders(options.cache ?? 'public');
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (options.cookies?.length) res.setHeader('Set-Cookie', options.cookies);
  res.setHeader('X-Redirect-By', 'WordPress');
  res.setHeader('Location', location);
  res.end();
}
