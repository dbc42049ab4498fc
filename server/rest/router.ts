import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { AppDeps } from '../http/deps';
import { pageContext } from '../http/page-context';
import { REST_NAMESPACE } from '../http/rest-namespace';
import { ourApi } from '../http/security-headers';
import { applicationPasswords } from './auth';
import { cancelBookingRoute } from './bookings/cancel';
import { createBookingRoute } from './bookings/create';
import { listBookingsRoute } from './bookings/list';
import { quoteRoute } from './bookings/quote';
import { readBookingRoute } from './bookings/read';
import { docsAsset, docsPage } from './docs';
import { noRoute, restErrorHandler } from './errors';
import { openApiDocument } from './openapi';
import type { AnyRestRoute, Authenticate } from './route';
import { routeHandler } from './route';
import { stripeWebhookHandler } from './stripe/webhook';
import { tourAvailabilityRoute } from './tours/availability';
import { tourListRoute } from './tours/list';
import { tourRoute } from './tours/tour';
import { webhookRoutes } from './webhooks/routes';

export { REST_NAMESPACE };

/** Every route of the namespace (issue 20 adds the rest of the public API here). */
export const restRoutes: readonly AnyRestRoute[] = [
  tourListRoute,
  tourRoute,
  tourAvailabilityRoute,
  quoteRoute,
  createBookingRoute,
  listBookingsRoute,
  readBookingRoute,
  cancelBookingRoute,
  ...webhookRoutes,
];

/**
 * The JSON API under {@link REST_NAMESPACE}: the routes declared in rest/<resource>/, callers
 * authenticated by WordPress application passwords (auth.ts; a test passes its own `authenticate`),
 * the OpenAPI document generated from the same routes and its reference page (docs.ts), errors in
 * WordPress's REST shape (errors.ts); any other path or method under the namespace is WordPress's
 * `rest_no_route` 404, never the upstream's.
 */
export function restRouter(
  deps: AppDeps,
  routes: readonly AnyRestRoute[] = restRoutes,
  authenticate: Authenticate = applicationPasswords,
): Router {
  const router = express.Router({ caseSensitive: false, strict: false });
  for (const route of routes) router[route.method](route.path, ourApi(routeHandler(route, deps, authenticate)));
  router.get('/openapi.json', ourApi(openApiHandler(deps, routes)));
  router.get('/docs', ourApi(docsPage(async (req) => new URL((await pageContext(req, deps).site()).homeUrl).origin)));
  router.get('/docs/assets/:file', ourApi(docsAsset));
  // Stripe's events (README "Connecting Stripe"): a POST with a signed raw body, not a declared route.
  router.post('/stripe/webhook', ourApi(stripeWebhookHandler(deps)));
  router.use(ourApi(noRoute));
  router.use(restErrorHandler(deps.log));
  return router;
}

/**
 * The namespace's OpenAPI document, its server the site's home URL (as WordPress links its REST API).
 * The routes never change while the process runs, so the document is built once per home URL and
 * site name (an embedded site follows the address it is served on: a few at most) and sent as text.
 */
function openApiHandler(deps: AppDeps, routes: readonly AnyRestRoute[]) {
  const built = new Map<string, string>();
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const site = await pageContext(req, deps).site();
      const serverUrl = `${site.homeUrl}${REST_NAMESPACE}`;
      const title = `${site.name || 'Tour Master'} booking API`;
      const key = JSON.stringify([serverUrl, title]);
      let text = built.get(key);
      if (text === undefined) {
        text = JSON.stringify(openApiDocument(routes, { serverUrl, title, version: '1.0.0' }));
        if (built.size >= 16) built.clear();
        built.set(key, text);
      }
      res.status(200).set('Cache-Control', 'public, max-age=60').type('application/json').send(text);
    } catch (err) {
      next(err);
    }
  };
}
