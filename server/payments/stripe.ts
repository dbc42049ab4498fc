import type Stripe from 'stripe';
import type { StripeKeys } from './stripe-settings';

/**
 * The few Stripe calls we make, behind a small interface (the services never see the SDK): create
 * a PaymentIntent, read one back, and check a webhook's signature. The official SDK does the
 * HTTP, with a 10-second timeout and one retry (Stripe's idempotency keys make a retried create
 * safe). `STRIPE_API_BASE` points it at another Stripe-compatible API.
 */

/** What we read of a PaymentIntent. */
export interface StripePaymentIntent {
  id: string;
  status: string;
  /** In the currency's smallest unit (stripe-amount.ts). */
  amount: number;
  /** What Stripe actually received (0 until it succeeded). */
  amountReceived: number;
  /** Lower-case ISO code. */
  currency: string;
  metadata: Readonly<Record<string, string>>;
  clientSecret: string;
  /** The last payment error's message (a decline), when there is one. */
  lastError: string | undefined;
}

export interface CreatePaymentIntent {
  amount: number;
  currency: string;
  orderId: number;
  /** This installation's id (stripe-site.ts), as `metadata.site`: verification requires it. */
  site: string;
  description: string;
  /** Same order, same amount: the same PaymentIntent, however often the visitor presses "Pay now". */
  idempotencyKey: string;
}

export interface StripeGateway {
  createPaymentIntent(input: CreatePaymentIntent): Promise<StripePaymentIntent>;
  retrievePaymentIntent(id: string): Promise<StripePaymentIntent>;
}

/** Stripe could not be reached or failed (network, timeout, 5xx, rate limit): try again later. */
export class StripeUnavailable extends Error {}
/** Stripe refused the call (bad key, unknown PaymentIntent, invalid request). */
export class StripeRefused extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly status: number | undefined,
  ) {
    super(message);
  }
}

export const STRIPE_TIMEOUT_MS = 10_000;

/**
 * The SDK, loaded on first use: most of its megabyte of modules would otherwise sit in the memory
 * of every server process, on sites that never take a Stripe payment too.
 */
let loading: Promise<typeof Stripe> | undefined;
function stripeSdk(): Promise<typeof Stripe> {
  loading ??= import('stripe').then((module) => module.default);
  return loading;
}

async function sdk(keys: Pick<StripeKeys, 'secretKey' | 'apiBase'>): Promise<Stripe> {
  const base = keys.apiBase ? new URL(keys.apiBase) : undefined;
  const StripeSdk = await stripeSdk();
  return new StripeSdk(keys.secretKey, {
    timeout: STRIPE_TIMEOUT_MS,
    maxNetworkRetries: 1,
    telemetry: false,
    ...(base && {
      host: base.hostname,
      protocol: base.protocol === 'http:' ? 'http' : 'https',
      ...(base.port ? { port: base.port } : {}),
    }),
  });
}

export function createStripeGateway(keys: Pick<StripeKeys, 'secretKey' | 'apiBase'>): StripeGateway {
  let client: Promise<Stripe> | undefined;
  const stripe = () => {
    client ??= sdk(keys);
    return client;
  };
  return {
    async createPaymentIntent(input) {
      const pi = await call(async () =>
        (await stripe()).paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency,
            description: input.description,
            metadata: { tid: String(input.orderId), site: input.site },
            // The card form confirms with `redirect: 'if_required'` and has no return page, so only
            // methods that never leave the page (cards, wallets, Link) may be offered. Not
            // `payment_method_types: ['card']`: the Dashboard's choice of wallets stays in force.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return paymentIntentOf(pi);
    },
    async retrievePaymentIntent(id) {
      return paymentIntentOf(await call(async () => (await stripe()).paymentIntents.retrieve(id)));
    },
  };
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const Stripe = await stripeSdk();
    if (!(err instanceof Stripe.errors.StripeError)) throw err;
    const status = err.statusCode;
    if (
      err instanceof Stripe.errors.StripeConnectionError ||
      err instanceof Stripe.errors.StripeAPIError ||
      err instanceof Stripe.errors.StripeRateLimitError ||
      (status !== undefined && status >= 500)
    ) {
      throw new StripeUnavailable(err.message, { cause: err });
    }
    throw new StripeRefused(err.message, err.code, status);
  }
}

/** What we read of an SDK PaymentIntent (a webhook event's `data.object` too). */
export function paymentIntentOf(pi: Stripe.PaymentIntent): StripePaymentIntent {
  return {
    id: pi.id,
    status: pi.status,
    amount: pi.amount,
    amountReceived: pi.amount_received ?? 0,
    currency: String(pi.currency ?? '').toLowerCase(),
    metadata: pi.metadata ?? {},
    clientSecret: pi.client_secret ?? '',
    lastError: pi.last_payment_error?.message ?? undefined,
  };
}

/** Signatures older than this are refused (Stripe's default; replays of old events). */
export const WEBHOOK_TOLERANCE_S = 300;

/**
 * The event of a webhook request, its `Stripe-Signature` checked against the raw body with the
 * endpoint's secret; throws when the signature is missing, wrong or older than 5 minutes.
 */
export async function verifiedWebhookEvent(
  payload: Buffer,
  signature: string,
  webhookSecret: string,
): Promise<Stripe.Event> {
  return (await stripeSdk()).webhooks.constructEvent(payload, signature, webhookSecret, WEBHOOK_TOLERANCE_S);
}

export type StripeEvent = Stripe.Event;
