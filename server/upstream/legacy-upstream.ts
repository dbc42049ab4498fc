import http from 'node:http';
import https from 'node:https';
import type { NextFunction, Request, Response } from 'express';
import type { LegacyUpstreamConfig } from '../core/config';
import { type AppError, InputError, UpstreamError } from '../core/errors';
import type { Logger } from '../core/logger';
import { type ActionSwitch, createActionSwitch } from './action-switch';
import { type ForwardOutcome, forwardRequest, type UpstreamTarget } from './proxy';
import { recordBody } from './request-body';
import { isWordpressPath } from './wordpress-paths';

/**
 * The WordPress site behind this server during a switch-over (`LEGACY_UPSTREAM`). admin-ajax asks
 * it to take the actions the switch sends there; the page routes send it WordPress's own paths
 * (wp-admin, wp-json, wp-content…) and everything that would otherwise be our 404 page. When it
 * does not answer, the visitor gets a 502 in the shape the caller expects.
 */
/** What admin-ajax answers when WordPress could not: the error and its HTTP status. */
export interface ForwardFailure {
  error: AppError;
  status: number;
}

export interface LegacyUpstream {
  /** Whether admin-ajax `action` goes upstream (`served`: whether the registry has it). */
  takesAction: ActionSwitch;
  /** Keeps the admin-ajax body's bytes while it is read; call in the tick the reader starts. */
  recordBody(req: Request, maxBytes: number): void;
  /**
   * Forwards an admin-ajax request. When WordPress did not answer, nothing is sent: the error (a
   * 502, or a 413 for a body that could not be kept) comes back for admin-ajax to answer in Tour
   * Master's failure shape.
   */
  forwardAction(req: Request, res: Response, action: string): Promise<ForwardFailure | undefined>;
  /**
   * Forwards a page request; a small 502 page when WordPress is down. Resolves false (nothing sent)
   * when the body was already read by a route that kept no copy of it.
   */
  forwardPage(req: Request, res: Response): Promise<boolean>;
  /** Page middleware: WordPress's own paths go straight upstream, before any page route. */
  wordpressPaths(): (req: Request, res: Response, next: NextFunction) => void;
}

export function createLegacyUpstream(
  config: LegacyUpstreamConfig,
  ourActions: Iterable<string>,
  log: Logger,
): LegacyUpstream {
  const takesAction = createActionSwitch(config, ourActions);
  const agentOptions = { keepAlive: true, maxFreeSockets: 16 };
  const target: UpstreamTarget = {
    url: config.url,
    timeoutMs: config.timeoutMs,
    agent: config.url.startsWith('https:') ? new https.Agent(agentOptions) : new http.Agent(agentOptions),
  };

  const forward = async (req: Request, res: Response, what: { action?: string }): Promise<ForwardOutcome> => {
    const started = performance.now();
    const outcome = await forwardRequest(req, res, target);
    const entry = { ...what, method: req.method, path: req.originalUrl, ms: Math.round(performance.now() - started) };
    if (outcome.ok) log.debug({ ...entry, status: outcome.status }, 'forwarded to the WordPress upstream');
    else if (outcome.reason === 'loop') {
      log.error(entry, 'LEGACY_UPSTREAM leads back to this server: point it at WordPress itself, not the public site');
    } else log.warn({ ...entry, reason: outcome.reason, err: outcome.error }, 'the WordPress upstream did not answer');
    return outcome;
  };

  const forwardPage = async (req: Request, res: Response): Promise<boolean> => {
    const outcome = await forward(req, res, {});
    if (outcome.ok) return true;
    if (outcome.reason === 'body-unavailable') return false;
    if (!res.headersSent && !res.destroyed) {
      res.status(502).set({ 'Cache-Control': 'no-store', 'Retry-After': '30' }).type('html').send(badGatewayPage());
    }
    return true;
  };

  return {
    takesAction,
    recordBody,
    forwardPage,
    async forwardAction(req, res, action) {
      const outcome = await forward(req, res, { action });
      if (outcome.ok || res.headersSent || res.destroyed) return undefined;
      // Only a multipart body over the size limit as a whole (each part was within it) is not kept.
      if (outcome.reason === 'body-unavailable') {
        return { error: new InputError({ message: 'The request is too large.' }), status: 413 };
      }
      return { error: new UpstreamError({ message: UNAVAILABLE }), status: 502 };
    },
    wordpressPaths() {
      return (req, res, next) => {
        if (!isWordpressPath(req)) return next();
        forwardPage(req, res).then((sent) => (sent ? undefined : next()), next);
      };
    },
  };
}

const UNAVAILABLE = 'The site is not answering right now. Please try again in a moment.';

function badGatewayPage(): string {
  return `<!DOCTYPE html><html lang="en-US"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Temporarily unavailable</title></head><body><h1>Temporarily unavailable</h1><p>${UNAVAILABLE}</p></body></html>`;
}
