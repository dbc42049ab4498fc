import type { NextFunction, Request, Response } from 'express';
import type { z } from 'zod';
import type { AppDeps } from '../http/deps';
import { pageContext } from '../http/page-context';
import type { RequestContext } from '../services/context';
import { invalidParamsOf, RestError } from './errors';

/**
 * One REST route, declared (as an admin-ajax action is): its method and path under the namespace,
 * the zod schema of its parameters (the path's and the query's, in one object, as WordPress merges
 * them), one service call, and how long a shared cache may keep the answer. The handler returns the
 * JSON body, or throws a {@link RestError}.
 */
export interface RestRoute<Schema extends z.ZodType = z.ZodType> {
  method: 'get';
  /** Express path under the namespace, e.g. `/tours/:id/availability`. */
  path: string;
  input: Schema;
  /** `Cache-Control` of a success (errors are never cached). */
  cacheControl: string;
  handle(input: z.output<Schema>, ctx: RequestContext): Promise<unknown>;
}

/** Keeps the handler's input type tied to its schema. */
export function defineRoute<Schema extends z.ZodType>(route: RestRoute<Schema>): RestRoute<Schema> {
  return route;
}

// biome-ignore lint/suspicious/noExplicitAny: the router holds routes of every input type.
export type AnyRestRoute = RestRoute<any>;

/** The Express handler of a route: parse (400 in WordPress's shape), run, answer JSON. */
export function routeHandler(route: AnyRestRoute, deps: AppDeps) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      // A repeated query parameter (`?from=a&from=b`) arrives as an array: the schema refuses it.
      const sent = { ...req.query, ...req.params };
      const parsed = route.input.safeParse(sent);
      if (!parsed.success) throw invalidParamsOf(parsed.error, sent);
      const body = await route.handle(parsed.data, pageContext(req, deps));
      res.status(200).set('Cache-Control', route.cacheControl).json(body);
    } catch (err) {
      next(err);
    }
  };
}

export { RestError };
