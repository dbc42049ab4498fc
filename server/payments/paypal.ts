import { createHash } from 'node:crypto';
import type { Config } from '../core/config';
import { UpstreamError } from '../core/errors';
import { isSet, str } from '../php/coerce';

/**
 * A small PayPal REST client for verifying JS-SDK payments server-side (payment.md §6
 * PAYPAL-SDK-VERIFY, DEFECTS 9): an OAuth2 client-credentials token, then
 * `GET /v2/checkout/orders/{id}`. Deciding whether the order pays our booking is
 * paypal-verification.ts's job; this file only talks to PayPal.
 *
 * Failures are typed: `PaypalUnavailable` (network error, timeout, 5xx, 429, an unreadable reply:
 * try again later) and `PaypalRefused` (PayPal said no: bad credentials, a malformed request). An
 * order PayPal does not know is not an error: `getOrder` answers `undefined`.
 * The client secret never appears in an error, a log line or a cache key.
 */

export type PaypalMode = 'sandbox' | 'live';

export const PAYPAL_API_BASE: Readonly<Record<PaypalMode, string>> = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  live: 'https://api-m.paypal.com',
};

export interface PaypalCredentials {
  readonly clientId: string;
  readonly secret: string;
  readonly mode: PaypalMode;
  /** Where they came from: the environment (`PAYPAL_CLIENT_ID`…) or the site's Tour Master settings. */
  readonly source: 'config' | 'site';
}

/**
 * The Tour Master PayPal options of `tourmaster_payment`. The fixture site stores only
 * `paypal-live-mode` (`disable`), `paypal-business-email` (''), `paypal-currency-code` (`USD`) and
 * `paypal-service-fee` (`3`); `paypal-method`, `paypal-client-id` and `paypal-client-secret` exist
 * only on sites that switched to the JS SDK. There is no `paypal-sandbox` option: sandbox is
 * "live mode not enabled".
 */
export const PAYPAL_OPTION = {
  liveMode: 'paypal-live-mode',
  businessEmail: 'paypal-business-email',
  currencyCode: 'paypal-currency-code',
  serviceFee: 'paypal-service-fee',
  method: 'paypal-method',
  clientId: 'paypal-client-id',
  clientSecret: 'paypal-client-secret',
} as const;

export interface PaypalSettings {
  /** `paypal-live-mode` == enable (the plugin: empty or `disable` means sandbox). */
  liveMode: boolean;
  /** `paypal-business-email`, trimmed ('' allowed: the legacy form sends it empty). */
  businessEmail: string;
  /** `paypal-currency-code`, trimmed [USD]. */
  currencyCode: string;
  /** `paypal-service-fee` as stored ('3'), '' for none. */
  serviceFee: string;
  /** `paypal-method` [standard]: the redirect form, or the JS SDK buttons. */
  method: 'standard' | 'js-sdk';
  clientId: string;
  clientSecret: string;
}

export function readPaypalSettings(payment: Readonly<Record<string, unknown>>): PaypalSettings {
  const get = (key: string, fallback = '') => (isSet(payment[key]) ? str(payment[key]) : fallback);
  const live = get(PAYPAL_OPTION.liveMode, 'disable');
  return {
    liveMode: live !== '' && live !== 'disable',
    businessEmail: get(PAYPAL_OPTION.businessEmail).trim(),
    currencyCode: get(PAYPAL_OPTION.currencyCode, 'USD').trim(),
    serviceFee: get(PAYPAL_OPTION.serviceFee),
    method: get(PAYPAL_OPTION.method, 'standard') === 'js-sdk' ? 'js-sdk' : 'standard',
    clientId: get(PAYPAL_OPTION.clientId).trim(),
    clientSecret: get(PAYPAL_OPTION.clientSecret).trim(),
  };
}

/**
 * Which credentials verify payments: `config.paypal` (environment) when both the id and the secret
 * are set, else the site's `paypal-client-id` / `paypal-client-secret`; undefined when neither has
 * both. Mode: `PAYPAL_MODE` when set; otherwise sandbox for environment credentials and
 * `paypal-live-mode` for the site's.
 */
export function resolvePaypalCredentials(
  config: Pick<Config, 'paypal'>,
  payment: Readonly<Record<string, unknown>>,
): PaypalCredentials | undefined {
  const { clientId, secret, mode } = config.paypal;
  if (clientId && secret) return { clientId, secret, mode: mode ?? 'sandbox', source: 'config' };
  const site = readPaypalSettings(payment);
  if (!site.clientId || !site.clientSecret) return undefined;
  return {
    clientId: site.clientId,
    secret: site.clientSecret,
    mode: mode ?? (site.liveMode ? 'live' : 'sandbox'),
    source: 'site',
  };
}

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

export function createPaypalClient(credentials: PaypalCredentials, options: PaypalClientOptions = {}): PaypalClient {
  const base = PAYPAL_API_BASE[credentials.mode];
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now ?? Date.now;
  const cacheKey = `${credentials.mode}:${credentials.clientId}:${createHash('sha256').update(credentials.secret).digest('hex').slice(0, 16)}`;

  async function call(step: 'token' | 'order', url: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new PaypalUnavailable(
        timedOut ? 'PayPal did not answer in time.' : 'PayPal could not be reached.',
        { step, mode: credentials.mode, timeoutMs: timedOut ? timeoutMs : undefined },
        error,
      );
    }
  }

  async function readJson(step: 'token' | 'order', response: Response): Promise<Record<string, unknown>> {
    try {
      const body: unknown = await response.json();
      if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
    } catch (error) {
      throw new PaypalUnavailable('PayPal sent a reply that is not JSON.', { step, status: response.status }, error);
    }
    throw new PaypalUnavailable('PayPal sent an unexpected reply.', { step, status: response.status });
  }

  function failure(step: 'token' | 'order', response: Response): never {
    const context = {
      step,
      mode: credentials.mode,
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

  async function fetchToken(): Promise<CachedToken> {
    const basic = Buffer.from(`${credentials.clientId}:${credentials.secret}`).toString('base64');
    const response = await call('token', `${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${basic}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    if (!response.ok) failure('token', response);
    const body = await readJson('token', response);
    const token = typeof body.access_token === 'string' ? body.access_token : '';
    if (!token) throw new PaypalUnavailable('PayPal sent no access token.', { step: 'token', status: response.status });
    const seconds = Number(body.expires_in);
    const lifetime = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
    return { token, expiresAt: now() + Math.max(0, lifetime - EXPIRY_MARGIN_MS) };
  }

  async function accessToken(): Promise<string> {
    const cached = tokenCache.get(cacheKey);
    if (cached && cached.expiresAt > now()) return cached.token;
    let pending = tokenRequests.get(cacheKey);
    if (!pending) {
      pending = fetchToken().finally(() => tokenRequests.delete(cacheKey));
      tokenRequests.set(cacheKey, pending);
    }
    const fresh = await pending;
    tokenCache.set(cacheKey, fresh);
    return fresh.token;
  }

  async function getOrder(paypalOrderId: string): Promise<unknown | undefined> {
    if (!ORDER_ID.test(paypalOrderId)) return undefined;
    const url = `${base}/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}`;
    for (let attempt = 0; ; attempt++) {
      const token = await accessToken();
      const response = await call('order', url, {
        method: 'GET',
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      });
      // A token PayPal no longer accepts (revoked, clock skew): drop it and ask once more.
      if (response.status === 401 && attempt === 0) {
        tokenCache.delete(cacheKey);
        continue;
      }
      if (response.status === 404) return undefined;
      if (!response.ok) failure('order', response);
      return readJson('order', response);
    }
  }

  return { mode: credentials.mode, getOrder };
}
