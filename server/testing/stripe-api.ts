import { HttpResponse, http } from 'msw';
import { type SetupServer, setupServer } from 'msw/node';

/** A PaymentIntent as the stand-in keeps it and Stripe's API answers it. */
export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  status: string;
  amount: number;
  amount_received: number;
  currency: string;
  metadata: Record<string, string>;
  client_secret: string;
  last_payment_error?: { message: string };
}

/** What the stand-in received for one create call. */
export interface CreateCall {
  body: URLSearchParams;
  idempotencyKey: string | null;
  authorization: string | null;
}

const apiError = (status: number, type: string, message: string, code?: string) =>
  HttpResponse.json({ error: { type, message, ...(code ? { code } : {}) } }, { status });

/**
 * Stripe's PaymentIntents API as the server calls it (create, retrieve), for tests only: msw
 * stands in for the third party, every other part is real. A test changes what Stripe says by
 * editing `intents` (an intent, or `'down'` / `'network'` for a failing retrieve), sets `down` for
 * a failing create, and `createdStatus` for intents that are born paid.
 */
export class StripeApiStandIn {
  readonly intents = new Map<string, FakeIntent | 'down' | 'network'>();
  readonly created: CreateCall[] = [];
  down = false;
  createdStatus = 'requires_payment_method';
  readonly server: SetupServer;
  /** Never reset: an id is never reused, as Stripe's are not (the server claims each one once). */
  private count = 0;

  constructor(
    readonly base = 'https://api.stripe.com',
    private readonly idPrefix = 'pi_',
  ) {
    this.server = setupServer(
      http.post(`${base}/v1/payment_intents`, ({ request }) => this.create(request)),
      http.get(`${base}/v1/payment_intents/:id`, ({ params }) => this.retrieve(String(params.id))),
    );
  }

  /** Starts intercepting; requests to this machine pass, any other unhandled one is an error. */
  listen(): void {
    this.server.listen({
      onUnhandledRequest: (request, print) => {
        if (!new URL(request.url).hostname.match(/^(127\.0\.0\.1|localhost)$/)) print.error();
      },
    });
  }

  close(): void {
    this.server.close();
  }

  reset(): void {
    this.created.length = 0;
    this.down = false;
    this.createdStatus = 'requires_payment_method';
  }

  /** The id of the intent created last. */
  get lastId(): string {
    return `${this.idPrefix}${this.count}`;
  }

  /** An intent the test knows exists (a failure mode is not an intent). */
  intent(id: string): FakeIntent {
    const intent = this.intents.get(id);
    if (!intent || typeof intent === 'string') throw new Error(`no payment intent ${id}`);
    return intent;
  }

  private async create(request: Request) {
    if (this.down) return apiError(503, 'api_error', 'down');
    const body = new URLSearchParams(await request.text());
    this.created.push({
      body,
      idempotencyKey: request.headers.get('idempotency-key'),
      authorization: request.headers.get('authorization'),
    });
    this.count += 1;
    const id = this.lastId;
    const amount = Number(body.get('amount'));
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      status: this.createdStatus,
      amount,
      amount_received: this.createdStatus === 'succeeded' ? amount : 0,
      currency: String(body.get('currency')),
      metadata: { tid: String(body.get('metadata[tid]')), site: String(body.get('metadata[site]')) },
      client_secret: `${id}_secret_abc`,
    };
    this.intents.set(id, intent);
    return HttpResponse.json(intent);
  }

  private retrieve(id: string) {
    const intent = this.intents.get(id);
    if (intent === 'down') return apiError(500, 'api_error', 'down');
    if (intent === 'network') return HttpResponse.error();
    if (!intent) return apiError(404, 'invalid_request_error', 'No such payment_intent', 'resource_missing');
    return HttpResponse.json(intent);
  }
}
