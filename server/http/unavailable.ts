import type { Response } from 'express';
import type { AjaxReply } from '../ajax/action';
import { tourmasterFailure } from '../ajax/reply';
import type { UnavailableError } from '../core/errors';

/** What a client (or a proxy) is told to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * admin-ajax while the database is down: Tour Master's failure shape, at HTTP 503 whatever shape
 * the action's own failures take, so a script or a proxy can tell "later" from "no".
 */
export function unavailableReply(res: Response, error: UnavailableError): AjaxReply {
  res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
  return { ...tourmasterFailure(error), status: 503 };
}

/** A page while the database is down: a short 503 page, never cached. */
export function sendUnavailablePage(res: Response, error: UnavailableError): void {
  res
    .status(503)
    .set({ 'Retry-After': String(RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' })
    .type('html')
    .send(
      `<!DOCTYPE html><html lang="en-US"><head><meta charset="UTF-8"><title>Temporarily unavailable</title></head><body><h1>Temporarily unavailable</h1><p>${error.message}</p></body></html>`,
    );
}
