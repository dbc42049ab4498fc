import type { Response } from 'express';
import { type AppError, InputError, InternalError, TooManyRequestsError, type UnavailableError } from '../core/errors';
import { appendCookies } from '../http/set-cookie';
import { RETRY_AFTER_SECONDS } from '../http/unavailable';
import { phpJsonEncode } from '../php/json';
import { noCacheHeaders } from '../wp/nocache';
import type { ActionContext, AjaxReply, AnyAjaxAction } from './action';

/**
 * The one place that writes admin-ajax replies and renders errors in the legacy shapes
 * (after Ghost's prepareError + jsonErrorRenderer). Nothing else touches the response.
 */

export const ADMIN_AJAX_PATH = '/wp-admin/admin-ajax.php';

/**
 * Headers WordPress sends on admin-ajax replies. admin-ajax.php sends X-Robots-Tag first; a missing
 * action dies there (wp_die adds the no-cache headers); past that point it adds nosniff, the
 * no-cache headers, and admin_init's Referrer-Policy and X-Frame-Options.
 */
export function adminAjaxHeaders(
  stage: 'no-action' | 'dispatched',
  loggedIn: boolean,
): Readonly<Record<string, string>> {
  const sets = AJAX_HEADERS[stage];
  return loggedIn ? sets.user : sets.guest;
}

function ajaxHeaderSet(stage: 'no-action' | 'dispatched', loggedIn: boolean): Readonly<Record<string, string>> {
  const noCache = noCacheHeaders(loggedIn);
  if (stage === 'no-action') return Object.freeze({ 'X-Robots-Tag': 'noindex', ...noCache });
  return Object.freeze({
    'X-Robots-Tag': 'noindex',
    'X-Content-Type-Options': 'nosniff',
    ...noCache,
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'SAMEORIGIN',
  });
}

/** The four sets, built once (they depend on nothing else). */
const AJAX_HEADERS = {
  'no-action': { guest: ajaxHeaderSet('no-action', false), user: ajaxHeaderSet('no-action', true) },
  dispatched: { guest: ajaxHeaderSet('dispatched', false), user: ajaxHeaderSet('dispatched', true) },
};

/**
 * JSON is sent as application/json. The legacy site sent text/html, which let a reply that
 * echoes input run as a page (DEVIATIONS.md); jQuery's dataType 'json' accepts both.
 */
export const JSON_TYPE = 'application/json; charset=UTF-8';

/** `now` is the request's clock, which the reply's cookie expiries were computed from. */
export function sendReply(res: Response, reply: AjaxReply, now: Date = new Date()): void {
  appendCookies(res, reply.cookies ?? [], now);
  for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
  res.statusCode = reply.status ?? 200;
  // Written with Node's own end(): Express's send() would rewrite the charset WordPress writes as
  // UTF-8 and add an ETag. A string (not a Buffer) goes out as one chunk with the head, which Node
  // prepends to it; our header values are ASCII (cookie values are URL-encoded), so the bytes are
  // those a Buffer would give.
  const body = reply.kind === 'json' ? jsonText(reply) : reply.body;
  res.setHeader('Content-Type', reply.kind === 'json' ? JSON_TYPE : (reply.contentType ?? 'text/html; charset=UTF-8'));
  res.setHeader('Content-Length', Buffer.byteLength(body, 'utf8'));
  res.end(body, 'utf8');
}

/** Encodings of kept reply bodies, which never change: made once, dropped with the body. */
const keptEncodings = new WeakMap<object, string>();

function jsonText(reply: Extract<AjaxReply, { kind: 'json' }>): string {
  const { body } = reply;
  if (!reply.kept || typeof body !== 'object' || body === null) return phpJsonEncode(body);
  let text = keptEncodings.get(body);
  if (text === undefined) {
    text = phpJsonEncode(body);
    keptEncodings.set(body, text);
  }
  return text;
}

/** WordPress's answer for a missing, unknown or not-permitted action: `wp_die('0', 400)`. */
export function sendWordpressZero(res: Response): void {
  sendReply(res, { kind: 'json', body: 0, status: 400 });
}

/** Tour Master's failure shape, used when an action declares none of its own. */
export function tourmasterFailure(error: AppError): AjaxReply {
  return { kind: 'json', body: { status: 'failed', message: error.message } };
}

/**
 * Renders an error for an action in its own protocol shape, at HTTP 200 so the legacy script's
 * success callback shows the message (an error status would be swallowed by its error callback).
 * Unexpected errors are logged with their stack and answered with a generic message.
 */
export function renderActionError(action: AnyAjaxAction, error: AppError, ctx: ActionContext): AjaxReply {
  const log = { err: error.cause ?? error, code: error.code, action: action.name, details: error.details };
  if (error.level === 'error') ctx.log.error(log, error.message);
  else ctx.log[error.level](log, error.message);
  try {
    const reply = action.failure ? action.failure(error, ctx) : tourmasterFailure(error);
    // A rate limit too: HTTP 200 in the action's shape (the legacy script only logs a 429, and its
    // page would stay dimmed with no word), with Retry-After for clients that read it.
    if (error instanceof TooManyRequestsError)
      return { ...reply, headers: { ...reply.headers, 'Retry-After': String(error.retryAfter) } };
    return reply;
  } catch (renderError) {
    ctx.log.error({ err: renderError, action: action.name }, 'failure renderer threw');
    return tourmasterFailure(new InternalError());
  }
}

/** A zod failure as an InputError whose message names the first problem in words. */
export function inputErrorFrom(issues: { path: PropertyKey[]; message: string }[]): InputError {
  const details = issues.map((i) => ({
    path: i.path.filter((p): p is string | number => typeof p !== 'symbol'),
    message: i.message,
  }));
  const first = details[0];
  // The form-field schemas say "This field…": the field is named as the form posts it
  // (`booking_detail[email] is too long.`) so the visitor or a partner sees which.
  const field = first?.path.length ? first.path.map((p, i) => (i === 0 ? String(p) : `[${p}]`)).join('') : '';
  const message = first ? (field ? first.message.replace(/^This (field|list)\b/, field) : first.message) : '';
  return new InputError({ message: message || 'The request is not valid.', details });
}

/**
 * admin-ajax while the database is down: Tour Master's failure shape, at HTTP 503 whatever shape
 * the action's own failures take, so a script or a proxy can tell "later" from "no".
 */
export function unavailableReply(res: Response, error: UnavailableError): AjaxReply {
  res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
  return { ...tourmasterFailure(error), status: 503 };
}
