import { z } from 'zod';
import { formFields, formText } from '../../php/form-input';
import { chargeStripePayment } from '../../services/payment/stripe-payment';
import { type AjaxReply, defineAction } from '../action';

/**
 * The Stripe card form's last step (payment.md §6): `tid` and the confirmed `paymentIntent[…]`
 * (only its `id` is read: the rest is the browser's word). The order is marked paid only on
 * Stripe's (services/payment/stripe-payment.ts). Success answers `{"status":"success"}` as the
 * plugin did; a refusal `{"status":"failed","message":…}` (the plugin answered `[]`, with nothing
 * for the visitor to read: DEVIATIONS.md).
 */
export const stripe_payment_charge = defineAction({
  name: 'stripe_payment_charge',
  access: 'both',
  input: z.looseObject({
    tid: formText.optional(),
    // A scalar `paymentIntent=…` reads as no fields, as the plugin's PHP indexing it did.
    paymentIntent: formFields.optional(),
  }),
  handle: (input, ctx) =>
    chargeStripePayment(ctx, {
      tid: String(input.tid ?? '').trim(),
      paymentIntentId: typeof input.paymentIntent?.id === 'string' ? input.paymentIntent.id.trim() : '',
    }),
  reply: (result): AjaxReply =>
    result.ok
      ? { kind: 'json', body: { status: 'success' } }
      : { kind: 'json', body: { status: 'failed', message: result.message } },
});
