import type { z } from 'zod';
import type { AppError } from '../core/errors';
import type { AppDeps } from '../http/deps';
import type { PhpFilesEntry, PhpInput } from '../php/form-body';
import type { PhpValue } from '../php/values';
import type { RequestContext } from '../services/context';
import type { ReplyCookie } from '../wp/set-cookie';

/**
 * What a handler may use: the request context every use case takes (services/context.ts), and what
 * only admin-ajax has. Built per request; no module keeps request state.
 */
export interface ActionContext extends RequestContext {
  requestId: string;
  /** `$_GET`, decoded as PHP decodes it. */
  query: { [key: string]: PhpInput };
  /** `$_FILES` of a multipart post. */
  files: { [key: string]: PhpFilesEntry };
  /** The app's dependencies (configuration, salts) for actions that need more than the data layer. */
  deps: AppDeps;
}

export type { ReplyCookie };

/** What goes on the wire, in the legacy protocol's shape. JSON is encoded as PHP's json_encode does. */
export type AjaxReply =
  | {
      kind: 'json';
      body: PhpValue;
      /**
       * The body is an object kept across requests and never changed (a memoized page): its
       * encoding is kept with it (ajax/reply.ts), so a reply that repeats costs no encoding.
       */
      kept?: boolean;
      status?: number;
      cookies?: ReplyCookie[];
      headers?: Record<string, string>;
    }
  | {
      kind: 'text';
      body: string;
      status?: number;
      contentType?: string;
      cookies?: ReplyCookie[];
      headers?: Record<string, string>;
    };

/**
 * One admin-ajax action: a declarative module, one file per action, named exactly as the
 * WordPress action string. `access` mirrors `wp_ajax_nopriv_` (both) against `wp_ajax_` (logged-in)
 * and has no default. `failure` renders an AppError in the action's own legacy shape; without it
 * the Tour Master shape `{"status":"failed","message":…}` is used.
 */
export interface AjaxAction<Schema extends z.ZodType = z.ZodType, Result = unknown> {
  name: string;
  access: 'both' | 'logged-in';
  /**
   * `catalogue`: the action only reads the catalogue (`ctx.catalogue`), so a replica may answer it
   * and it does not count as the visitor's write (http/read-routing.ts). Any other action is taken
   * to write: its visitor's catalogue reads go to the primary for a few seconds after it.
   */
  reads?: 'catalogue';
  input: Schema;
  handle(input: z.output<Schema>, ctx: ActionContext): Promise<Result>;
  reply(result: Result, ctx: ActionContext): AjaxReply;
  failure?(error: AppError, ctx: ActionContext): AjaxReply;
}

/** Keeps the handler's input and result types tied to the schema and reply. */
export function defineAction<Schema extends z.ZodType, Result>(
  action: AjaxAction<Schema, Result>,
): AjaxAction<Schema, Result> {
  return action;
}

// biome-ignore lint/suspicious/noExplicitAny: the registry holds actions of every input and result type.
export type AnyAjaxAction = AjaxAction<z.ZodType, any>;
