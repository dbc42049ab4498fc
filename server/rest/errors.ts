import type { NextFunction, Request, Response } from 'express';
import type { z } from 'zod';
import type { Logger } from '../core/logger';
import { loggableUrl } from '../http/loggable-url';
import { appErrorOf, RETRY_AFTER_SECONDS } from '../http/unavailable';

/**
 * Errors in the WordPress REST API's shape (`WP_Error` as `rest_ensure_response` prints it), so a
 * client written for WordPress's own routes reads ours the same way:
 * `{"code":"rest_invalid_param","message":"Invalid parameter(s): from","data":{"status":400,"params":{"from":"…"}}}`.
 */
export interface RestErrorBody {
  code: string;
  message: string;
  data: { status: number; params?: Record<string, string> };
}

/** An answer that is not the resource: thrown by a route, written by {@link restErrorHandler}. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly params?: Record<string, string>,
    /** Headers the answer carries (the `Retry-After` of a 429). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }

  get body(): RestErrorBody {
    return {
      code: this.code,
      message: this.message,
      data: { status: this.status, ...(this.params ? { params: this.params } : {}) },
    };
  }
}

/** `rest_invalid_param` (400): each parameter named with what is wrong with it, as WordPress lists them. */
export function invalidParams(params: Record<string, string>): RestError {
  return new RestError(400, 'rest_invalid_param', `Invalid parameter(s): ${Object.keys(params).join(', ')}`, params);
}

/**
 * A zod failure of the request's parameters as WordPress words it: the parameters that were not
 * sent as `rest_missing_callback_param` ("Missing parameter(s): from"), else `rest_invalid_param`
 * with the first message per parameter (a repeated `?from=a&from=b` or `from[]=` is one value too many).
 */
export function invalidParamsOf(
  error: z.ZodError,
  sent: Readonly<Record<string, unknown>>,
  from: 'query' | 'body' = 'query',
): RestError {
  const missing = new Set<string>();
  const params: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? 'request');
    const value = Object.hasOwn(sent, name) ? sent[name] : undefined;
    if (value === undefined && name !== 'request') missing.add(name);
    else
      params[name] ??=
        from === 'body' ? bodyIssue(issue) : typeof value === 'string' ? issue.message : 'Expected one value.';
  }
  if (missing.size > 0) {
    const names = [...missing];
    return new RestError(400, 'rest_missing_callback_param', `Missing parameter(s): ${names.join(', ')}`, {
      ...Object.fromEntries(names.map((n) => [n, 'Missing.'])),
    });
  }
  return invalidParams(params);
}

/**
 * A JSON body's field is any JSON value: its message names where inside it the fault is, as
 * WordPress's schema validation does (`events[0]: Invalid option: …`).
 */
function bodyIssue(issue: z.core.$ZodIssue): string {
  const inner = issue.path.slice(1);
  if (inner.length === 0) return issue.message;
  const where = inner.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('');
  return `${String(issue.path[0])}${where}: ${issue.message}`;
}

/** WordPress's answer for a path or method no route serves. */
export function noRoute(_req: Request, res: Response): void {
  sendRestError(res, new RestError(404, 'rest_no_route', 'No route was found matching the URL and request method.'));
}

export function sendRestError(res: Response, error: RestError): void {
  res.status(error.status).set('Cache-Control', 'no-store').set(error.headers).json(error.body);
}

/**
 * The routes' error handler: a RestError as it is; a database that is down as 503 (retry after a
 * few seconds); anything else a 500 whose message says nothing of the cause (logged with its stack).
 */
export function restErrorHandler(log: Logger) {
  return (err: unknown, req: Request, res: Response, next: NextFunction): void => {
    if (res.headersSent) {
      next(err);
      return;
    }
    if (err instanceof RestError) {
      sendRestError(res, err);
      return;
    }
    const error = appErrorOf(err);
    // A body Express could not read (JSON, too large) is the client's: said as WordPress says it.
    const status = (err as { status?: number }).status ?? error.status;
    if (status >= 500)
      (status === 503 ? log.warn : log.error).call(
        log,
        { err, url: loggableUrl(req.originalUrl) },
        'REST request failed',
      );
    if (status === 503) res.set('Retry-After', String(RETRY_AFTER_SECONDS));
    const code = status === 503 ? 'rest_unavailable' : status >= 500 ? 'rest_internal_error' : 'rest_bad_request';
    sendRestError(res, new RestError(status, code, status >= 500 ? error.message : 'The request could not be read.'));
  };
}
