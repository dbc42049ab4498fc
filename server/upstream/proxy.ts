import http from 'node:http';
import https from 'node:https';
import type { Request, Response } from 'express';
import { notOurs } from '../http/security-headers';
import { recordedBody } from './request-body';

/**
 * One request passed to the WordPress upstream and its answer passed back, as a reverse proxy does
 * it: the method, path and query, the body's bytes and the end-to-end headers go up; the status, the
 * headers (every Set-Cookie) and the body come back, streamed. Only hop-by-hop headers are dropped,
 * and the X-Forwarded-* headers say who asked.
 */

/** RFC 9110 §7.6.1: headers meant for one connection, never passed on (plus any the Connection header names). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * Marks a request this server forwarded. One that comes back with it has gone round in a circle
 * (LEGACY_UPSTREAM pointing at an address that routes to us): it is refused, not forwarded again.
 */
export const FORWARDED_MARK = 'x-tourmaster-dropin-forwarded';

export type ForwardOutcome =
  | { ok: true; status: number }
  /** Nothing was sent to the visitor yet: the caller answers (a 502, or its own page). */
  | { ok: false; reason: 'timeout' | 'unreachable' | 'loop' | 'body-unavailable'; error?: Error };

export interface UpstreamTarget {
  /** Origin and optional base path, without a trailing slash. */
  url: string;
  timeoutMs: number;
  agent: http.Agent;
}

class UpstreamTimeout extends Error {
  constructor(ms: number) {
    super(`the upstream sent nothing for ${ms} ms`);
  }
}

export function forwardRequest(req: Request, res: Response, target: UpstreamTarget): Promise<ForwardOutcome> {
  if (req.headers[FORWARDED_MARK] !== undefined) return Promise.resolve({ ok: false, reason: 'loop' });
  const body = bodyToForward(req);
  if (body.kind === 'unavailable') return Promise.resolve({ ok: false, reason: 'body-unavailable' });
  const url = new URL(target.url);
  const headers = requestHeaders(req, body);
  return new Promise<ForwardOutcome>((resolve) => {
    let answered = false;
    const upstreamReq = (url.protocol === 'https:' ? https : http).request({
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port || undefined,
      // TLS names the upstream itself; the Host header still names the site the visitor asked for.
      servername: url.hostname,
      method: req.method,
      path: url.pathname.replace(/\/$/, '') + req.originalUrl,
      headers,
      agent: target.agent,
      timeout: target.timeoutMs,
    });
    upstreamReq.on('timeout', () => upstreamReq.destroy(new UpstreamTimeout(target.timeoutMs)));
    upstreamReq.on('error', (error) => {
      if (!answered) {
        answered = true;
        resolve({ ok: false, reason: error instanceof UpstreamTimeout ? 'timeout' : 'unreachable', error });
      } else res.destroy(error); // mid-body: the visitor sees a cut-off reply, as behind any proxy
    });
    upstreamReq.on('response', (upstreamRes) => {
      answered = true;
      notOurs(res); // WordPress's reply: none of our security headers or cookie attributes added
      // Headers this server already set for its own replies (security headers, request id aside)
      // are not WordPress's: the visitor gets the upstream's reply as it was.
      for (const name of res.getHeaderNames()) if (name !== 'x-request-id') res.removeHeader(name);
      res.statusCode = upstreamRes.statusCode ?? 502;
      if (upstreamRes.statusMessage) res.statusMessage = upstreamRes.statusMessage;
      for (const [name, values] of endToEnd(upstreamRes.rawHeaders)) {
        res.setHeader(name, values.length === 1 ? values[0]! : values);
      }
      upstreamRes.on('error', (error) => res.destroy(error));
      res.on('close', () => resolve({ ok: true, status: res.statusCode }));
      upstreamRes.pipe(res);
    });
    // A visitor who goes away takes the upstream request with them.
    res.on('close', () => {
      if (!res.writableFinished) upstreamReq.destroy();
    });
    if (body.kind === 'stream') req.pipe(upstreamReq);
    else upstreamReq.end(body.kind === 'bytes' ? body.bytes : undefined);
  });
}

type Body =
  | { kind: 'none' }
  | { kind: 'stream' }
  | { kind: 'bytes'; bytes: Buffer; decoded: boolean }
  | { kind: 'unavailable' };

/**
 * Where the body comes from: the bytes admin-ajax recorded while finding the action; the request
 * stream itself when nothing read it; or the buffer a page route's body reader left in `req.body`
 * (already decompressed, so sent without its Content-Encoding).
 */
function bodyToForward(req: Request): Body {
  const recorded = recordedBody(req);
  if (recorded) return { kind: 'bytes', bytes: recorded, decoded: false };
  const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  if (!hasBody) return { kind: 'none' };
  if (!req.readableEnded && req.readableFlowing === null) return { kind: 'stream' };
  if (Buffer.isBuffer(req.body)) return { kind: 'bytes', bytes: req.body, decoded: true };
  return { kind: 'unavailable' };
}

function requestHeaders(req: Request, body: Body): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, values] of endToEnd(req.rawHeaders)) headers[name] = values.length === 1 ? values[0] : values;
  if (body.kind === 'bytes') {
    headers['content-length'] = String(body.bytes.length);
    if (body.decoded) delete headers['content-encoding'];
  }
  // The visitor's Host is kept (WordPress builds redirects and canonical URLs from it); who asked and
  // over what is added as a proxy does. The chain of earlier proxies is kept only from a proxy we
  // trust (TRUST_PROXY): otherwise it is whatever the client wrote, and WordPress (its comments,
  // its security plugins' limits) would take a forged address for the visitor's.
  const trusted = Boolean(req.app.get('trust proxy'));
  const forwardedFor = trusted ? req.headers['x-forwarded-for'] : undefined;
  const peer = req.socket.remoteAddress ?? '';
  if (!trusted) {
    delete headers.forwarded;
    delete headers['x-real-ip'];
  }
  headers['x-forwarded-for'] = forwardedFor ? `${forwardedFor}, ${peer}` : peer;
  headers['x-forwarded-proto'] = req.protocol;
  const host = req.host;
  if (host) headers['x-forwarded-host'] = host;
  headers[FORWARDED_MARK] = '1';
  return headers;
}

/** Raw header pairs grouped by lower-case name, without the hop-by-hop ones. */
function endToEnd(raw: readonly string[]): Map<string, string[]> {
  const named = new Set(HOP_BY_HOP);
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.toLowerCase() === 'connection') {
      for (const token of raw[i + 1]!.split(',')) named.add(token.trim().toLowerCase());
    }
  }
  const out = new Map<string, string[]>();
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (named.has(name)) continue;
    const values = out.get(name);
    if (values) values.push(raw[i + 1]!);
    else out.set(name, [raw[i + 1]!]);
  }
  return out;
}
