import { createHash } from 'node:crypto';
import { UpstreamError } from '../core/errors';
import type { PaypalCredentials, PaypalMode } from './paypal-settings';

/**
 * A small PayPal REST client for verifying JS-SDK payments server-side (payment.md §6
 * PAYPAL-SDK-VERIFY, DEFECTS 9): an OAuth2 client-credentials token, then
 * `GET /v2/checkout/orders/{id}`. Deciding whether the order pays our booking is
 * paypal-verification.ts's job, which credentials to use paypal-settings.ts's; this file only
 * talks to PayPal.
 *
 * Failures are typed: `PaypalUnavailable` (network error, timeout, 5xx, 429, an unreadable reply:
 * try again later) and `PaypalRefused` (PayPal said no: bad credentials, a malformed request). An
 * order PayPal does not know is not an error: `getOrder` answers `undefined`.
 * The client secret never appears in an error, a log line or a cache key.
 */

export const PAYPAL_API_BASE: Readonly<Record<PaypalMode, string>> = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  live: 'https://api-m.paypal.com',
};

/** PayPal could not be reached or did not answer usefully: nothing was decided, try again later. */
export class PaypalUnavailable extends UpstreamError {
  constructor(message: string, context: Record<string, unknown>, cause?: unknown) {
    super({ message, code: 'PAYPAL_UNAVAILABLE', context, cause });
  }
}

/** PayPal refused the request (credentials rejected, request malformed): retrying will not help. */
export class PaypalRefused extends UpstreamError {
  constructor(message: string, context: Record<string, unknown>) {
    super({ message, code: 'PAYPAL_REFUSED', context });
  }
}

export interface PaypalClientOptions {
  /** Injected for tests; the global fetch otherwise (msw intercepts it). */
  fetch?: typeof fetch;
  /** Per request (token and order), default 10 s. */
  timeoutMs?: number;
  /** Clock for the token cache, ms. */
  now?: () => number;
}

export interface PaypalClient {
  readonly mode: PaypalMode;
  /** The order as PayPal returns it (JSON), or undefined when PayPal does not know this id. */
  getOrder(paypalOrderId: string): Promise<unknown | undefined>;
}

interface CachedToken {
  token: string;
  expiresAt: number;
}

/** Access tokens per process, per credentials (keyed by a hash, never by the secret itself). */
const tokenCache = new Map<string, CachedToken>();
const tokenRequests = new Map<string, Promise<CachedToken>>();

/** Forget every cached token (tests; a credentials change is picked up by its own key anyway). */
export function clearPaypalTokenCache(): void {
  tokenCache.clear();
  tokenRequests.clear();
}

/** PayPal order ids are short upper-case alphanumerics; anything else is not sent to PayPal at all. */
const ORDER_ID = /^[A-Za-z0-9-]{1,64}$/;

/** A token is renewed this long before PayPal says it expires. */
const EXPIRY_MARGIN_MS = 60_000;

/** What one client's requests share. */
interface PaypalContext {
  readonly credentials: PaypalCredentials;
  readonly base: string;
  readonly fetch: typeof fetch;
  readonly timeoutMs: number;
  readonly now: () => number;
  /** The token cache's key: the credentials with a hash of the secret, never the secret itself. */
  readonly cacheKey: string;
}

type Step = 'token' | 'order';

export function createPaypalClient(credentials: PaypalCredentials, options: PaypalClientOptions = {}): PaypalClient {
  const ctx: PaypalContext = {
    credentials,
    base: PAYPAL_API_BASE[credentials.mode],
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    timeoutMs: options.timeoutMs ?? 10_000,
    now: options.now ?? Date.now,
    cacheKey: `${credentials.mode}:${credentials.clientId}:${createHash('sha256').update(credentials.secret).digest('hex').slice(0, 16)}`,
  };
  return { mode: credentials.mode, getOrder: (paypalOrderId) => getOrder(ctx, paypalOrderId) };
}

/** One request; a network error or a timeout is `PaypalUnavailable`. */
async function call(ctx: PaypalContext, step: Step, url: string, init: RequestInit): Promise<Response> {
  const { fetch: doFetch, timeoutMs } = ctx;
  try {
    return await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new PaypalUnavailable(
      timedOut ? 'PayPal did not answer in time.' : 'PayPal could not be reached.',
      { step, mode: ctx.credentials.mode, timeoutMs: timedOut ? timeoutMs : undefined },
      error,
    );
  }
}

async function readJson(step: Step, response: Response): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch (error) {
    throw new PaypalUnavailable('PayPal sent a reply that is not JSON.', { step, status: response.status }, error);
  }
  throw new PaypalUnavailable('PayPal sent an unexpected reply.', { step, status: response.status });
}

/** A reply that is not OK: worth retrying later (5xx, 429, 408) or refused. */
function failure(ctx: PaypalContext, step: Step, response: Response): never {
  const context = {
    step,
    mode: ctx.credentials.mode,
    status: response.status,
    debugId: response.headers.get('paypal-debug-id') ?? undefined,
  };
  if (response.status >= 500 || response.status === 429 || response.status === 408)
    throw new PaypalUnavailable(`PayPal answered ${response.status}.`, context);
  throw new PaypalRefused(
    step === 'token'
      ? `PayPal refused the API credentials (${response.status}).`
      : `PayPal refused the request (${response.status}).`,
    context,
  );
}

async function fetchToken(ctx: PaypalContext): Promise<CachedToken> {
  const { credentials, now } = ctx;
  const basic = Buffer.from(`${credentials.clientId}:${credentials.secret}`).toString('base64');
  const response = await call(ctx, 'token', `${ctx.base}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${basic}`,
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
    },
    body: 'grant_type=client_credentials',
  });
  if (!response.ok) failure(ctx, 'token', response);
  const body = await readJson('token', response);
  const token = typeof body.access_token === 'string' ? body.access_token : '';
  if (!token) throw new PaypalUnavailable('PayPal sent no access token.', { step: 'token', status: response.status });
  const seconds = Number(body.expires_in);
  const lifetime = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
  return { token, expiresAt: now() + Math.max(0, lifetime - EXPIRY_MARGIN_MS) };
}

/** The cached token while it is fresh; else one request for it, shared by concurrent callers. */
async function accessToken(ctx: PaypalContext): Promise<string> {
  const { cacheKey, now } = ctx;
  const cached = tokenCache.get(cacheKey);
  if (cached && cached.expiresAt > now()) return cached.token;
  let pending = tokenRequests.get(cacheKey);
  if (!pending) {
    pending = fetchToken(ctx).finally(() => tokenRequests.delete(cacheKey));
    tokenRequests.set(cacheKey, pending);
  }
  const fresh = await pending;
  tokenCache.set(cacheKey, fresh);
  return fresh.token;
}

async function getOrder(ctx: PaypalContext, paypalOrderId: string): Promise<unknown | undefined> {
  if (!ORDER_ID.test(paypalOrderId)) return undefined;
  const url = `${ctx.base}/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}`;
  for (let attempt = 0; ; attempt++) {
    const token = await accessToken(ctx);
    const response = await call(ctx, 'order', url, {
      method: 'GET',
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    });
    // A token PayPal no longer accepts (revoked, clock skew): drop it and ask once more.
    if (response.status === 401 && attempt === 0) {
      tokenCache.delete(ctx.cacheKey);
      continue;
    }
    if (response.status === 404) return undefined;
    if (!response.ok) failure(ctx, 'order', response);
    return readJson('order', response);
  }
}
