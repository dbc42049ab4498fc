import type { StripeFormProps } from '../../../client/common/islands/stripe-form';
import { paymentInfoList } from '../../payments/payment-info';
import { amountDue } from '../../payments/paypal-verification';
import { createStripeGateway, StripeRefused, StripeUnavailable } from '../../payments/stripe';
import { toStripeAmount } from '../../payments/stripe-amount';
import { resolveStripeKeys, stripeCardGateway } from '../../payments/stripe-settings';
import type { TourOrder } from '../../tourmaster/order';
import type { TourmasterSettings } from '../../tourmaster/settings';
import type { Tour } from '../../tourmaster/tour-option';
import type { SafeHtml } from '../../views/html';
import { stripeForm } from '../../views/payment/stripe-form';
import type { RequestContext } from '../context';
import { NOTHING_TO_PAY } from './paypal-payment';

export const STRIPE_NOT_CONFIGURED =
  'Card payments are not set up on this site. Nothing was charged; please choose another payment method or contact us.';
export const STRIPE_UNAVAILABLE =
  'We could not reach our card payment provider. Nothing was charged and your booking is saved; please try again in a few minutes.';
const STRIPE_START_REFUSED =
  'The card payment could not be started. Nothing was charged and your booking is saved; please try again or contact us.';

export type StripeFormResult = { ok: true; content: SafeHtml; props: StripeFormProps } | { ok: false; message: string };

/**
 * GATEWAY(stripe, tid) (payment.md §6): a PaymentIntent for exactly what the order owes now (the
 * stored fee-inclusive `deposit-price` or `pay-amount`, in the currency's smallest unit), named
 * for the order (`metadata.tid`), and the plugin's card form with its client secret, plus the
 * island's props. The idempotency key names the order, the instalment and the amount: pressing
 * "Pay now" again gets the same PaymentIntent, a changed amount a new one. The legacy site also
 * made a Stripe Customer for each attempt; we do not (nothing reads it back).
 */
export async function stripePaymentForm(
  ctx: RequestContext,
  input: { order: TourOrder; tour: Tour; settings: TourmasterSettings },
): Promise<StripeFormResult> {
  const keys = resolveStripeKeys(ctx.deps.config, input.settings.payment);
  if (!keys || !stripeCardGateway(input.settings.payment)) return { ok: false, message: STRIPE_NOT_CONFIGURED };
  const due = amountDue(input.order);
  const amount = due ? toStripeAmount(due.amountDue, keys.currency) : 0;
  if (!due || amount <= 0) return { ok: false, message: NOTHING_TO_PAY };
  const instalment = paymentInfoList(input.order.paymentInfo, input.order.status).length + 1;
  try {
    const pi = await createStripeGateway(keys).createPaymentIntent({
      amount,
      currency: keys.currency,
      orderId: input.order.id,
      description: `Booking ${input.order.id}`,
      idempotencyKey: `tourmaster-${input.order.id}-${instalment}-${due.kind}-${amount}-${keys.currency}`,
    });
    const site = await ctx.site();
    return {
      ok: true,
      content: stripeForm({
        ajaxUrl: `${site.siteUrl}/wp-admin/admin-ajax.php`,
        tid: input.order.id,
        clientSecret: pi.clientSecret,
      }),
      props: { publishableKey: keys.publishableKey, clientSecret: pi.clientSecret, orderId: input.order.id },
    };
  } catch (err) {
    if (!(err instanceof StripeUnavailable || err instanceof StripeRefused)) throw err;
    // The SDK's message names no key; the key itself is never logged.
    ctx.log.error({ err, orderId: input.order.id }, 'Stripe PaymentIntent not created');
    return { ok: false, message: err instanceof StripeUnavailable ? STRIPE_UNAVAILABLE : STRIPE_START_REFUSED };
  }
}
