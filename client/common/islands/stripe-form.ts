import * as z from 'zod/mini';
import { oneOf } from './lean-schemas';

/**
 * What the card gateway's reply to `tourmaster_payment_selected` (type `stripe`) carries beside the
 * legacy form markup, as its `props.stripe`: the keys Stripe.js needs to mount the Payment Element
 * for the PaymentIntent the server created for the amount due. Pure: written by the server, read
 * (and checked) by client/islands/StripeForm. Built from schemas every page already carries
 * (lean-schemas.ts): each new kind of zod schema would weigh on every page's budget.
 */
export const StripeFormProps = z.object({
  /** The site's publishable key (`pk_…`): the only key the browser sees. */
  publishableKey: z.string().check(z.minLength(1)),
  /** The PaymentIntent's client secret (`pi_…_secret_…`). */
  clientSecret: z.string().check(z.minLength(1)),
  /** The order (`tid`) the PaymentIntent pays. */
  orderId: oneOf(z.number(), z.string().check(z.minLength(1))),
});
export type StripeFormProps = z.infer<typeof StripeFormProps>;
