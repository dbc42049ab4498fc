import * as z from 'zod/mini';

/**
 * The Stripe card form's data (payment.md §6), the top-level `props.stripe` of a
 * `tourmaster_payment_selected` reply for the card gateway: what Stripe.js needs to mount the
 * Payment Element and confirm the payment, then `stripe_payment_charge` with `orderId` as `tid`.
 * Written by the server (services/payment/stripe-payment.ts); the PaymentPage island checks it with
 * this schema before use. Pure.
 */
export const StripeFormProps = z.object({
  /** `pk_test_…` / `pk_live_…`: for `Stripe(publishableKey)`. */
  publishableKey: z.string().check(z.minLength(1)),
  /** The PaymentIntent's client secret (also the form button's `data-secret`). */
  clientSecret: z.string().check(z.minLength(1)),
  /** Our order id (`tid`). */
  orderId: z.number(),
});
export type StripeFormProps = z.infer<typeof StripeFormProps>;

/**
 * A payment Stripe accepted but has not completed yet (PaymentIntent `processing`): the sentence
 * the card form shows, the same as the server's answer to `stripe_payment_charge` for it
 * (stripe-payment.ts `settleMessage`, PROCESSING), which imports it from here.
 */
export const STRIPE_PROCESSING_MESSAGE =
  'Your payment is still being processed. Your booking is saved; we will confirm it by email once the payment has gone through.';
