import type { Response } from 'express';
import { type AppError, toAppError, type UnavailableError } from '../core/errors';
import { asUnavailable } from '../data/db-faults';

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

/** Anything thrown, as the AppError it means: a database that is down or not answering is unavailable (503). */
export function appErrorOf(err: unknown): AppError {
  return asUnavailable(err) ?? toAppError(err);
}
