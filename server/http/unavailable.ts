import type { Response } from 'express';
import type { UnavailableError } from '../core/errors';

/** What a client (or a proxy) is told to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

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
