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
