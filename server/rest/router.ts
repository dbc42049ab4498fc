import express, { type Router } from 'express';
import type { AppDeps } from '../http/deps';
import { ourApi } from '../http/security-headers';
import { noRoute, restErrorHandler } from './errors';
import type { AnyRestRoute, Authenticate } from './route';
import { RestError, routeHandler } from './route';
import { stripeWebhookHandler } from './stripe/webhook';
import { tourAvailabilityRoute } from './tours/availability';
import { tourListRoute } from './tours/list';
import { tourRoute } from './tours/tour';

export { REST_NAMESPACE } from '../http/rest-namespace';

/** Every route of the namespace (issue 20 adds the rest of the public API here). */
export const restRoutes: readonly AnyRestRoute[] = [tourListRoute, tourRoute, tourAvailabilityRoute];

/** Until keys are read (issue 20's auth module), a route that needs one answers WordPress's 401. */
const publicOnly: Authenticate = async (_req, route) => {
  if (route.auth === 'public') return null;
  throw new RestError(401, 'rest_forbidden', 'Sorry, you are not allowed to do that.');
};

/**
 * The JSON API under {@link REST_NAMESPACE}: public, read-only routes declared in rest/<resource>/,
 * errors in WordPress's REST shape (errors.ts); any other path or method under the namespace is
 * WordPress's `rest_no_route` 404, never the upstream's.
 */
export function restRouter(
  deps: AppDeps,
  routes: readonly AnyRestRoute[] = restRoutes,
  authenticate: Authenticate = publicOnly,
): Router {
  const router = express.Router({ caseSensitive: false, strict: false });
  for (const route of routes) router[route.method](route.path, ourApi(routeHandler(route, deps, authenticate)));
  // Stripe's events (README "Connecting Stripe"): a POST with a signed raw body, not a declared route.
  router.post('/stripe/webhook', ourApi(stripeWebhookHandler(deps)));
  router.use(ourApi(noRoute));
  router.use(restErrorHandler(deps.log));
  return router;
}
