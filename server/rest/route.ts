import express, { type NextFunction, type Request, type Response } from 'express';
import type { z } from 'zod';
import type { AppDeps } from '../http/deps';
import { pageContext } from '../http/page-context';
import type { RequestContext } from '../services/context';
import { invalidParamsOf, RestError } from './errors';

/**
 * Who may call a route: anyone (`public`: tours, availability, quotes), a user whose application
 * password authenticates and who may manage Tour Master's orders (`orders`), or an administrator
 * (`admin`: webhook subscriptions). A key-authenticated call is rate limited per key.
 */
export type RestAuth = 'public' | 'orders' | 'admin';

/** The caller a key authenticated (WordPress Application Passwords over HTTP Basic). */
export interface ApiPrincipal {
  userId: number;
  login: string;
  /** The application password's `uuid` in `_application_passwords` (the rate limit's key). */
  keyUuid: string;
  canManageOrders: boolean;
  isAdmin: boolean;
}

/** What a handler gets besides its parsed parameters. */
export interface RestCall<Body> {
  /** The JSON body parsed by the route's `body` schema (undefined for a route without one). */
  body: Body;
  /** The authenticated caller; never null on an `orders` or `admin` route. */
  principal: ApiPrincipal | null;
  /** A request header, lower-case name (`idempotency-key`). */
  header(name: string): string | undefined;
}

/**
 * A success that is not a plain 200 JSON body: another status (201), extra headers, or a page of
 * a list (`X-WP-Total` / `X-WP-TotalPages`, as WordPress's collections answer).
 */
export class RestReply {
  constructor(
    readonly body: unknown,
    readonly status = 200,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}
}

/**
 * A page of a collection: `X-WP-Total` and `X-WP-TotalPages` from `total` and `perPage` (0 pages
 * for an empty collection, as WordPress's controllers count them).
 */
export function pageOf(items: readonly unknown[], total: number, perPage: number): RestReply {
  return new RestReply(items, 200, {
    'X-WP-Total': String(total),
    'X-WP-TotalPages': String(Math.ceil(total / perPage)),
  });
}

/**
 * One REST route, declared (as an admin-ajax action is): its method and path under the namespace,
 * the zod schema of its parameters (the path's and the query's, in one object, as WordPress merges
 * them), of its JSON body where it takes one, of its success answer (for the OpenAPI document), who
 * may call it, one service call, and how long a shared cache may keep the answer. The handler
 * returns the JSON body (or a {@link RestReply}), or throws a {@link RestError}.
 */
export interface RestRoute<Schema extends z.ZodType = z.ZodType, BodySchema extends z.ZodType | undefined = undefined> {
  method: 'get' | 'post' | 'put' | 'delete';
  /** Express path under the namespace, e.g. `/tours/:id/availability`. */
  path: string;
  /** One line for the reference (OpenAPI `summary`). */
  summary: string;
  /** The reference's group (OpenAPI tag): `tours`, `bookings`, `webhooks`. */
  tag: string;
  auth: RestAuth;
  /**
   * The status of a success (default 200; 201 for a route that creates something). A handler that
   * returns a plain body answers with it; a {@link RestReply} keeps its own. The reference lists it.
   */
  status?: 200 | 201;
  input: Schema;
  /** Request headers the handler reads with `call.header` (OpenAPI only: the handler checks them). */
  headers?: readonly { name: string; required: boolean; description: string; maxLength: number }[];
  body?: BodySchema;
  /** The success body's shape (OpenAPI only; the handler's return is not parsed by it). */
  response: z.ZodType;
  /** `Cache-Control` of a success (errors are never cached); `no-store` for anything authenticated. */
  cacheControl: string;
  handle(
    input: z.output<Schema>,
    ctx: RequestContext,
    call: RestCall<BodySchema extends z.ZodType ? z.output<BodySchema> : undefined>,
  ): Promise<unknown>;
}

/** Keeps the handler's input types tied to its schemas. */
export function defineRoute<Schema extends z.ZodType, BodySchema extends z.ZodType | undefined = undefined>(
  route: RestRoute<Schema, BodySchema>,
): RestRoute<Schema, BodySchema> {
  return route;
}

// biome-ignore lint/suspicious/noExplicitAny: the router holds routes of every input type.
export type AnyRestRoute = RestRoute<any, any>;

/** A JSON body is read only for a route that declares one, and never more than this. */
export const MAX_JSON_BODY = '64kb';

const readJson = express.json({ limit: MAX_JSON_BODY, type: () => true });

/**
 * Who calls (rest/auth.ts: Application Passwords, the route's capability, the per-key limit): the
 * principal, null for a guest, or a thrown RestError (401, 403, 429).
 */
export type Authenticate = (req: Request, route: AnyRestRoute, ctx: RequestContext) => Promise<ApiPrincipal | null>;

/** The Express handler of a route: authenticate, parse (400 in WordPress's shape), run, answer JSON. */
export function routeHandler(route: AnyRestRoute, deps: AppDeps, authenticate: Authenticate) {
  const handle = async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const ctx = pageContext(req, deps);
      const principal = await authenticate(req, route, ctx);
      // Whatever an authenticator answers, a route that needs a caller never runs for a guest.
      if (route.auth !== 'public' && !principal)
        throw new RestError(401, 'rest_forbidden', 'Sorry, you are not allowed to do that.');
      // A repeated query parameter (`?from=a&from=b`) arrives as an array: the schema refuses it.
      const sent = { ...req.query, ...req.params };
      const parsed = route.input.safeParse(sent);
      if (!parsed.success) throw invalidParamsOf(parsed.error, sent);
      let body: unknown;
      if (route.body) {
        const sentBody = (req.body ?? {}) as Record<string, unknown>;
        const parsedBody = route.body.safeParse(sentBody);
        if (!parsedBody.success) throw invalidParamsOf(parsedBody.error, sentBody, 'body');
        body = parsedBody.data;
      }
      const header = (name: string) => req.get(name) ?? undefined;
      const result = await route.handle(parsed.data, ctx, { body, principal, header });
      const reply = result instanceof RestReply ? result : new RestReply(result, route.status ?? 200);
      res.status(reply.status).set('Cache-Control', route.cacheControl).set(reply.headers).json(reply.body);
    } catch (err) {
      next(err);
    }
  };
  if (!route.body) return handle;
  return (req: Request, res: Response, next: NextFunction) =>
    readJson(req, res, (err?: unknown) => (err ? next(err) : handle(req, res, next)));
}

export { RestError };
