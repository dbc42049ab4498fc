import type { NextFunction, Request, Response } from 'express';
import { REST_NAMESPACE } from './rest-namespace';

const MAY_NAME_REST_ROUTE = /rest(?:_|%5f)route/i;

/** The namespace as `rest_route` names it: `/tourmaster/v1`. */
const ROUTE_PREFIX = REST_NAMESPACE.slice('/wp-json'.length).toLowerCase();

/**
 * WordPress answers a REST route at `/?rest_route=/ns/route` (also `/index.php?rest_route=…`) as at
 * `/wp-json/ns/route`: on sites with plain permalinks it is the only address `rest_url()` gives. A
 * request for our namespace that way is rewritten to the path form before the REST router, the
 * other query parameters kept; `rest_route` of any other namespace stays WordPress's.
 */
export function restRouteQuery(req: Request, _res: Response, next: NextFunction): void {
  // Most requests have no such parameter: the URL says so without parsing its query (the name as
  // PHP decodes it, `_` possibly percent-encoded).
  if (!MAY_NAME_REST_ROUTE.test(req.url)) {
    next();
    return;
  }
  const route = req.query.rest_route;
  const lower = typeof route === 'string' ? route.toLowerCase() : '';
  const ours = lower === ROUTE_PREFIX || lower.startsWith(`${ROUTE_PREFIX}/`);
  if (ours && (req.path === '/' || req.path === '/index.php')) req.url = pathForm(req.url, String(route));
  next();
}

/** `/?rest_route=/ns/x&a=1` → `/wp-json/ns/x?a=1`. */
function pathForm(url: string, route: string): string {
  const query = new URLSearchParams(url.slice(url.indexOf('?') + 1));
  query.delete('rest_route');
  const rest = query.toString();
  return `/wp-json${route.split('/').map(encodeURIComponent).join('/')}${rest ? `?${rest}` : ''}`;
}
