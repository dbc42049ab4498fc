/**
 * One error family for the whole server (after Ghost's @tryghost/errors). Each class carries its
 * HTTP meaning and an UPPER_SNAKE code; `message` is always safe to show a visitor, `context` and
 * `cause` are for the logs only. Business outcomes (a full date, a bad coupon) are Results in the
 * domain, not errors; these are for input that cannot be served and for faults.
 */
export interface AppErrorOptions {
  message: string;
  code?: string;
  context?: Record<string, unknown>;
  details?: { path: (string | number)[]; message: string }[];
  cause?: unknown;
}

export abstract class AppError extends Error {
  abstract readonly status: number;
  abstract readonly level: 'info' | 'warn' | 'error';
  readonly code: string;
  readonly context: Record<string, unknown> | undefined;
  readonly details: { path: (string | number)[]; message: string }[] | undefined;

  constructor(options: AppErrorOptions, defaultCode: string) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = options.code ?? defaultCode;
    this.context = options.context;
    this.details = options.details;
  }
}

/** The request itself is wrong: missing or malformed fields. */
export class InputError extends AppError {
  readonly status = 400;
  readonly level = 'info' as const;
  constructor(options: AppErrorOptions) {
    super(options, 'INVALID_INPUT');
  }
}

/** The visitor may not do this (not logged in, not the owner, bad nonce). */
export class AuthError extends AppError {
  readonly status = 403;
  readonly level = 'info' as const;
  constructor(options: AppErrorOptions) {
    super(options, 'NOT_ALLOWED');
  }
}

export class NotFoundError extends AppError {
  readonly status = 404;
  readonly level = 'info' as const;
  constructor(options: AppErrorOptions) {
    super(options, 'NOT_FOUND');
  }
}

/** A uniqueness or concurrency conflict (duplicate key, a row changed under us). */
export class ConflictError extends AppError {
  readonly status = 409;
  readonly level = 'warn' as const;
  constructor(options: AppErrorOptions) {
    super(options, 'CONFLICT');
  }
}

/** A third party (payment gateway, mail relay, legacy upstream) failed. */
export class UpstreamError extends AppError {
  readonly status = 502;
  readonly level = 'error' as const;
  constructor(options: AppErrorOptions) {
    super(options, 'UPSTREAM_FAILED');
  }
}

/** A dependency the request cannot do without (the database) is down or not answering: try again later. */
export class UnavailableError extends AppError {
  readonly status = 503;
  readonly level = 'warn' as const;
  constructor(options: Partial<AppErrorOptions> = {}) {
    super(
      { ...options, message: options.message ?? 'The site is temporarily unavailable. Please try again in a moment.' },
      'UNAVAILABLE',
    );
  }
}

/** Too many state-changing requests from one address or account (services/write-limits.ts). */
export class TooManyRequestsError extends AppError {
  readonly status = 429;
  readonly level = 'warn' as const;
  /** Seconds until the window ends: the reply's `Retry-After`. */
  readonly retryAfter: number;
  constructor(options: AppErrorOptions & { retryAfter: number }) {
    super(options, 'TOO_MANY_REQUESTS');
    this.retryAfter = options.retryAfter;
  }
}

/** Anything unexpected. The message shown is always the generic one. */
export class InternalError extends AppError {
  readonly status = 500;
  readonly level = 'error' as const;
  constructor(options: Partial<AppErrorOptions> = {}) {
    super(
      { ...options, message: options.message ?? 'Something went wrong on our side. Please try again.' },
      'UNEXPECTED_ERROR',
    );
  }
}

/** Turns anything thrown into an AppError; unknown errors keep their cause for the log only. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return new InternalError({ cause: error });
}
