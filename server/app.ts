import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import { adminAjax } from './ajax/dispatcher';
import { type ActionRegistry, actions, createRegistry } from './ajax/registry';
import { ADMIN_AJAX_PATH, sendReply, tourmasterFailure, unavailableReply } from './ajax/reply';
import { PROJECT_ROOT } from './core/config';
import { toAppError } from './core/errors';
import { asUnavailable } from './data/db-faults';
import type { AppDeps } from './http/deps';
import { loggableUrl } from './http/loggable-url';
import { readiness } from './http/readiness';
import { restRouteQuery } from './http/rest-route-query';
import { ourAdminAjax, ourPages } from './http/security-headers';
import { sendUnavailablePage } from './http/unavailable';
import { pageRoutes } from './pages/index';
import { notFound } from './pages/not-found';
import { REST_NAMESPACE, restRouter } from './rest/router';

/** URL prefix of the built client (vite.config.ts `base`). */
export const ASSET_BASE = '/dropin-assets/';

/**
 * Builds the Express app and nothing else: no listening, no I/O at import, so tests mount it
 * in-process (with a registry of their own actions, for the dispatcher's tests). Routes: the admin-ajax dispatcher, health checks, built client assets; every other
 * path the page routes do not own is the 404 page (pages/not-found.ts).
 */
export function createApp(deps: AppDeps, registry: ActionRegistry = createRegistry(actions)): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // One hop, the proxy in front: the client address is the one it appended to X-Forwarded-For, never
  // the leftmost entry, which the client wrote (`true` would take that, and rotating it would escape
  // every per-address limit).
  app.set('trust proxy', deps.config.trustProxy ? 1 : false);
  // Cookies are read when a handler first asks for one (http/cookies.ts `wireCookie`), not for
  // every request: most admin-ajax actions read none.

  app.all(ADMIN_AJAX_PATH, ourAdminAjax(adminAjax(deps, registry)));
  // Our JSON API, before the switch-over: its namespace is never WordPress's (rest/router.ts),
  // at its path and as `?rest_route=` (http/rest-route-query.ts).
  app.use(restRouteQuery);
  app.use(REST_NAMESPACE, restRouter(deps));
  // Switch-over: WordPress's admin, REST API, files and feeds go to it before any page route.
  if (deps.upstream) app.use(deps.upstream.wordpressPaths());
  for (const route of pageRoutes(deps)) app.use(ourPages(route));

  app.get('/healthz', (_req, res) => {
    res.type('text/plain').send('ok');
  });
  app.get('/readyz', readiness(deps));

  app.use(
    ASSET_BASE,
    express.static(path.join(PROJECT_ROOT, 'dist', 'client'), {
      index: false,
      fallthrough: false,
      maxAge: '7d',
      setHeaders: (res) => res.setHeader('X-Content-Type-Options', 'nosniff'),
    }),
  );

  app.use(ourPages(notFound(deps)));

  // Last resort: anything thrown outside an action. Logged with its stack, never shown.
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const unavailable = asUnavailable(err);
    if (unavailable) {
      deps.log.warn({ err, url: loggableUrl(req.originalUrl) }, unavailable.message);
      if (res.headersSent) return;
      if (req.path === ADMIN_AJAX_PATH) return sendReply(res, unavailableReply(res, unavailable));
      return sendUnavailablePage(res, unavailable);
    }
    const error = toAppError(err);
    const status = (err as { status?: number }).status ?? error.status;
    if (status >= 500) deps.log.error({ err, url: loggableUrl(req.originalUrl) }, 'request failed');
    if (res.headersSent) return;
    if (req.path === ADMIN_AJAX_PATH) return sendReply(res, tourmasterFailure(error));
    if (status === 404) return void res.status(404).type('html').send(notFoundPage());
    // A request we could not read (too large, malformed): the visitor's side, said as such.
    if (status >= 400 && status < 500) return void res.status(status).type('html').send(badRequestPage(status));
    res.status(500).type('html').send(errorPage());
  });
  return app;
}

function notFoundPage(): string {
  return '<!DOCTYPE html><html lang="en-US"><head><meta charset="UTF-8"><title>Page not found</title></head><body><h1>Page not found</h1><p>Sorry, the page you were looking for could not be found.</p><p><a href="/">Go to the home page</a></p></body></html>';
}

function badRequestPage(status: number): string {
  const text = status === 413 ? 'The request is too large.' : 'Please go back and try again.';
  return `<!DOCTYPE html><html lang="en-US"><head><meta charset="UTF-8"><title>The request could not be read</title></head><body><h1>The request could not be read</h1><p>${text}</p><p><a href="/">Go to the home page</a></p></body></html>`;
}

function errorPage(): string {
  return '<!DOCTYPE html><html lang="en-US"><head><meta charset="UTF-8"><title>Something went wrong</title></head><body><h1>Something went wrong</h1><p>Please try again in a moment.</p></body></html>';
}
