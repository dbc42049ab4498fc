import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { AppError, InputError, toAppError, UnavailableError } from '../core/errors';
import type { Logger } from '../core/logger';
import type { AppDeps } from '../http/deps';
import { BodyError, parseMultipart } from '../http/multipart';
import { readRawBody } from '../http/raw-body';
import { catalogueReader, notePrimaryReads } from '../http/read-routing';
import { type Visitor, visitorFor } from '../http/visitor';
import { type PhpFilesEntry, type PhpInput, parsePhpQuery } from '../php/form-body';
import type { Site } from '../wp/site';
import type { ActionContext } from './action';
import type { ActionRegistry } from './registry';
import {
  adminAjaxHeaders,
  inputErrorFrom,
  renderActionError,
  sendReply,
  sendWordpressZero,
  tourmasterFailure,
  unavailableReply,
} from './reply';

type PhpVars = { [key: string]: PhpInput };

/**
 * `POST /wp-admin/admin-ajax.php`, as WordPress runs it: decode the body into `$_POST` (and the
 * query into `$_GET`), take `$_REQUEST['action']` (POST wins over GET), look it up in the registry,
 * check guest/logged-in access, parse the input with the action's schema, run it, write the reply.
 * Unknown, missing or not-permitted actions get WordPress's `0` with HTTP 400.
 */
export function adminAjax(deps: AppDeps, registry: ActionRegistry) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const requestId = requestIdOf(req);
    // A child logger costs a copy of its bindings: made only when something is logged.
    let requestLog: Logger | undefined;
    const log = () => {
      requestLog ??= deps.log.child({ requestId, route: 'admin-ajax' });
      return requestLog;
    };
    res.setHeader('X-Request-Id', requestId);
    try {
      const query = parsePhpQuery(rawQuery(req));
      let post: PhpVars;
      let files: { [key: string]: PhpFilesEntry } = {};
      try {
        // With a WordPress upstream, the body's bytes are kept in case its action goes there.
        deps.upstream?.recordBody(req, deps.config.maxBodyBytes);
        ({ post, files } = await readBody(req, deps.config.maxBodyBytes));
      } catch (err) {
        if (!(err instanceof BodyError)) throw err;
        log().info({ err }, 'unreadable admin-ajax body');
        setHeaders(res, adminAjaxHeaders('no-action', false));
        sendReply(res, { ...tourmasterFailure(new InputError({ message: err.message })), status: err.status });
        return;
      }
      const action = post.action ?? query.action;
      // Switch-over: WordPress answers the actions we do not serve or were told to leave to it.
      if (typeof action === 'string' && action !== '' && action !== '0' && deps.upstream) {
        if (deps.upstream.takesAction(action, registry.has(action))) {
          const failed = await deps.upstream.forwardAction(req, res, action);
          if (!failed) return;
          setHeaders(res, adminAjaxHeaders('dispatched', false));
          return sendReply(res, { ...tourmasterFailure(failed.error), status: failed.status });
        }
      }
      const visitor = visitorFor(req, deps, { adminAjax: true });
      if (req.get('origin')) sendOriginHeaders(req, res, await visitor.site());
      const user = await visitor.user();
      // WordPress: empty($_REQUEST['action']) || !is_scalar(...) → wp_die('0', 400).
      if (typeof action !== 'string' || action === '' || action === '0') {
        setHeaders(res, adminAjaxHeaders('no-action', user !== null));
        return sendWordpressZero(res);
      }
      setHeaders(res, adminAjaxHeaders('dispatched', user !== null));
      const handler = registry.get(action);
      if (!handler) return sendWordpressZero(res);
      if (handler.access === 'logged-in' && !user) return sendWordpressZero(res);
      const catalogueOnly = handler.reads === 'catalogue';
      if (!catalogueOnly) notePrimaryReads(req, res, deps);

      const ctx = actionContext(visitor, {
        catalogue: catalogueReader(req, deps, !catalogueOnly),
        requestId,
        log: () => log().child({ action, userId: user?.user.id ?? 0 }),
        deps,
        query,
        files,
        req,
      });
      const parsed = handler.input.safeParse(post);
      if (!parsed.success) return sendReply(res, renderActionError(handler, inputErrorFrom(parsed.error.issues), ctx));
      try {
        const result = await handler.handle(parsed.data, ctx);
        sendReply(res, handler.reply(result, ctx), ctx.now);
      } catch (err) {
        const mapped = err instanceof AppError ? err : (deps.db.dialect.mapError(err) ?? toAppError(err));
        if (mapped instanceof UnavailableError) {
          log().warn({ err: mapped.cause, action }, mapped.message);
          return sendReply(res, unavailableReply(res, mapped));
        }
        sendReply(res, renderActionError(handler, mapped, ctx));
      }
    } catch (err) {
      next(err);
    }
  };
}

function actionContext(
  visitor: Visitor,
  parts: {
    catalogue: ActionContext['catalogue'];
    requestId: string;
    log: () => Logger;
    deps: AppDeps;
    query: PhpVars;
    files: ActionContext['files'];
    req: Request;
  },
): ActionContext {
  let log: Logger | undefined;
  return {
    requestId: parts.requestId,
    get log() {
      log ??= parts.log();
      return log;
    },
    now: visitor.now,
    wp: parts.deps.wp,
    catalogue: parts.catalogue,
    site: visitor.site,
    siteWith: visitor.siteWith,
    listing: visitor.listing,
    user: visitor.user,
    query: parts.query,
    files: parts.files,
    cookie: visitor.cookie,
    get ip() {
      return visitor.ip;
    },
    userAgent: visitor.userAgent,
    https: visitor.https,
    deps: parts.deps,
  };
}

async function readBody(
  req: Request,
  maxBytes: number,
): Promise<{ post: PhpVars; files: { [key: string]: PhpFilesEntry } }> {
  const type = (req.get('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    const { fields, files } = await parseMultipart(req, {
      maxFileBytes: maxBytes,
      maxFiles: 20, // PHP's max_file_uploads
      maxFields: 1000,
      maxFieldBytes: maxBytes,
      maxBodyBytes: maxBytes,
    });
    return { post: fields, files };
  }
  const text = (await readRawBody(req, maxBytes)).toString('utf8');
  // PHP fills $_POST only for urlencoded bodies; JSON and other types leave it empty.
  if (type === '' ? text.length === 0 : !type.startsWith('application/x-www-form-urlencoded'))
    return { post: {}, files: {} };
  return { post: parsePhpQuery(text), files: {} };
}

/**
 * send_origin_headers(): a request from the site's own origin (home or site URL) may read the reply
 * with credentials, as WordPress allows. Other origins get nothing.
 */
function sendOriginHeaders(req: Request, res: Response, site: Site): void {
  const origin = req.get('origin');
  if (!origin) return;
  const allowed = [site.homeUrl, site.siteUrl].map((u) => {
    try {
      return new URL(u).origin;
    } catch {
      return '';
    }
  });
  if (!allowed.includes(origin)) return;
  res.set({ 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Credentials': 'true', Vary: 'Origin' });
}

function setHeaders(res: Response, headers: Readonly<Record<string, string>>): void {
  // for…in over the frozen sets: no entries array per request (they have no inherited keys).
  for (const name in headers) res.setHeader(name, headers[name] as string);
}

function rawQuery(req: Request): string {
  const q = req.originalUrl.indexOf('?');
  return q < 0 ? '' : req.originalUrl.slice(q + 1);
}

function requestIdOf(req: Request): string {
  const given = req.get('x-request-id');
  return given && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
}
