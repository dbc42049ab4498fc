import { html, type SafeHtml } from '../html';
import { cardTypeImages, type MethodBlockInput, paymentTerms } from './method-block';

/**
 * SIDE-METHOD (payment.md §2.2, style-2 at step 3): the payment box at the end of the sidebar, a
 * select of online methods with "Pay Now" (or WooCommerce's button), then "Book And Pay Later".
 * Style-2 ignores admin approval, as the plugin did.
 */
export function sidePaymentMethod(input: MethodBlockInput): SafeHtml {
  const m = input.methods;
  const choices = html`${m.paypal && html`<option value="paypal">Paypal</option>`}${
    m.creditCard && html`<option value="${input.cardGateway}">Credit Card</option>`
  }${m.hipay && html`<option value="hipayprofessional">Hipayprofessional</option>`}`;
  const actions = m.woocommerce
    ? html`<div class="tourmaster-online-payment-method tourmaster-payment-woocommerce tourmaster-center-align" ><a class="tourmaster-button tourmaster-pay-woocommerce" >Pay Now</a></div>`
    : html`${
        (m.paypal || m.creditCard || m.hipay) &&
        html`<div class="tourmaster-combobox-wrap"><select class="tourmaster-payment-selection">${choices}</select></div>`
      }<a class="tourmaster-button tourmaster-blue tourmaster-pay-now">Pay Now</a><div class="tourmaster-or">OR</div><a class="tourmaster-button tourmaster-pay-later tourmaster-payment-step" data-name="payment-method" data-value="booking" data-step="4" >Book And Pay Later</a>`;
  return html`<div class="tourmaster-tour-booking-side-payment-wrap tourmaster-form-field" ><h3 class="tourmaster-tour-booking-side-payment-title" >Payment Method</h3>${cardTypeImages(
    input.imagesUrl,
    input.cardTypes,
  )}${paymentTerms(input.termsUrl, input.privacyUrl)}${actions}</div>`;
}
