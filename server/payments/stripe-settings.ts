import { str } from '../php/coerce';

/**
 * PROVISIONAL (branch stripe-client): the stripe-server branch owns this module (the keys, with
 * `STRIPE_*` environment variables winning over the site's options); this stand-in reads the site's
 * options only, so the payment page can be built against the same `stripeConfigured` before that
 * branch is merged. At merge, take stripe-server's file.
 */
type PaymentOptions = Readonly<Record<string, unknown>>;

/** Whether this site takes card payments through Stripe: gateway `stripe` and both keys set. */
export function stripeConfigured(_config: unknown, settings: { readonly payment: PaymentOptions }): boolean {
  const option = (key: string) => str(settings.payment[key]).trim();
  return (
    option('credit-card-payment-gateway') === 'stripe' &&
    option('stripe-secret-key') !== '' &&
    option('stripe-publishable-key') !== ''
  );
}
