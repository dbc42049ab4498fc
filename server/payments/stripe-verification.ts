import type { Money } from '../tourmaster/money';
import type { PaidStatus, PaymentKind } from './paypal-verification';
import type { StripePaymentIntent } from './stripe';
import { fromStripeAmount, toStripeAmount } from './stripe-amount';

/**
 * Does a PaymentIntent (as Stripe returned it, or as a signed webhook carried it) pay what our
 * order owes? Pure. The legacy plugin checked only `status` and `metadata.tid`; here the amount
 * (asked and received) and the currency must equal the amount due now, in Stripe's units, and
 * the caller has made sure the PaymentIntent never paid anything before.
 */
export type StripeRefusal =
  | 'NOT_SUCCEEDED'
  | 'REQUIRES_ACTION'
  | 'PROCESSING'
  | 'DECLINED'
  | 'WRONG_BOOKING'
  | 'CURRENCY_MISMATCH'
  | 'AMOUNT_MISMATCH';

export type StripeVerification =
  | { ok: true; amount: Money; status: PaidStatus }
  | { ok: false; reason: StripeRefusal; detail: string };

export interface StripeExpectation {
  orderId: number;
  kind: PaymentKind;
  /** The fee-inclusive amount due, in the site's main currency (stored `deposit-price` / `pay-amount`). */
  amountDue: Money;
  /** Lower-case ISO code the site charges in (`stripe-currency-code`). */
  currency: string;
  /**
   * This installation's id (stripe-site.ts `stripeSiteId`): when given, the PaymentIntent's
   * `metadata.site` must equal it, so that another installation on the same Stripe account
   * (staging, a restored copy) can never pay this site's booking of the same number.
   */
  site?: string;
}

export function verifyPaymentIntent(pi: StripePaymentIntent, expected: StripeExpectation): StripeVerification {
  const refuse = (reason: StripeRefusal, detail: string): StripeVerification => ({ ok: false, reason, detail });
  if (pi.metadata.tid !== String(expected.orderId))
    return refuse('WRONG_BOOKING', `${pi.id} names booking ${pi.metadata.tid ?? 'none'}, not ${expected.orderId}`);
  if (expected.site !== undefined && pi.metadata.site !== expected.site)
    // Another installation's booking of the same number: for this site, the wrong booking.
    return refuse('WRONG_BOOKING', `${pi.id} was made by site ${pi.metadata.site ?? 'none'}, not ${expected.site}`);
  if (pi.status !== 'succeeded') return refuse(statusRefusal(pi), `${pi.id} is ${pi.status}`);
  const want = expected.currency.toLowerCase();
  if (pi.currency !== want) return refuse('CURRENCY_MISMATCH', `${pi.id} is in ${pi.currency}, not ${want}`);
  const due = toStripeAmount(expected.amountDue, want);
  if (pi.amount !== due || pi.amountReceived !== due)
    return refuse('AMOUNT_MISMATCH', `${pi.id} is for ${pi.amount} (received ${pi.amountReceived}), ${due} due`);
  return {
    ok: true,
    amount: fromStripeAmount(pi.amountReceived, want),
    status: expected.kind === 'deposit' ? 'deposit-paid' : 'online-paid',
  };
}

function statusRefusal(pi: StripePaymentIntent): StripeRefusal {
  if (pi.status === 'requires_action' || pi.status === 'requires_confirmation') return 'REQUIRES_ACTION';
  if (pi.status === 'processing') return 'PROCESSING';
  if (pi.status === 'requires_payment_method' && pi.lastError) return 'DECLINED';
  return 'NOT_SUCCEEDED';
}
