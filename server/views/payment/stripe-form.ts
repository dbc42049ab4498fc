import { html, type SafeHtml } from '../html';

/**
 * GATEWAY(stripe, tid) (payment.md §6): the plugin's card form, which the payment page's script
 * mounts Stripe's Payment Element into (`#card-element`) and confirms with the client secret
 * (`data-secret`); then it posts `stripe_payment_charge` to `data-ajax-url`. The plugin followed it
 * with an inline script; ours has none (the content-security policy forbids it): the PaymentPage
 * island does that part from the reply's `props.stripe`.
 */
export interface StripeFormInput {
  /** `{siteUrl}/wp-admin/admin-ajax.php`. */
  ajaxUrl: string;
  tid: number;
  /** The PaymentIntent's client secret. */
  clientSecret: string;
}

export function stripeForm(input: StripeFormInput): SafeHtml {
  return html`<div class="goodlayers-payment-form goodlayers-with-border"><form id="goodlayers-stripe-payment-form" data-ajax-url="${input.ajaxUrl}"><div id="card-element"></div><input type="hidden" name="tid" value="${String(input.tid)}"/><div class="payment-errors"></div><div class="goodlayers-payment-req-field">Please fill all required fields</div><button id="card-button" data-secret="${input.clientSecret}">Submit Payment</button><div class="goodlayers-payment-plugin-complete"></div></form></div>`;
}
