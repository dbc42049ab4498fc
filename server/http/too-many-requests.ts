import type { Response } from 'express';
import type { TooManyRequestsError } from '../core/errors';

/** A form post refused by its limit, for a page with no form of its own to show it in. */
export function sendTooManyRequests(res: Response, error: TooManyRequestsError, backUrl: string): void {
  const back = backUrl.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  res
    .status(429)
    .set({ 'Retry-After': String(error.retryAfter), 'Cache-Control': 'no-store' })
    .type('html')
    .send(
      `<!DOCTYPE html><html lang="en-US"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Too many requests</title></head><body><h1>Too many requests</h1><p>${error.message}</p><p><a href="${back}">Go back</a></p></body></html>`,
    );
}
