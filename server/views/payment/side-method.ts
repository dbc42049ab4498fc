import type { SideMethodProps } from '../../../client/common/islands/payment-sidebar';
import { html, type SafeHtml } from '../html';
import { cardTypeImages, paymentTerms } from './method-block';

/**
 * SIDE-METHOD (payment.md §2.2, style-2 at step 3) printed from its props (payment-step-props.ts):
 * the payment box at the end of the sidebar, a select of online methods with "Pay Now" (or
 * WooCommerce's button), then "Book And Pay Later".
 */
export function sidePaymentMethod(props: SideMethodProps): SafeHtml {
  const choices = props.choices.map((c) => html`<option value="${c.value}">${c.label}</option>`);
  const actions = props.woocommerce
    ? html`<div class="tourmaster-online-payment-method tourmaster-payment-woocommerce tourmaster-center-align" ><a class="tourmaster-button tourmaster-pay-woocommerce" >Pay Now</a></div>`
    : html`${
        choices.length > 0 &&
        html`<div class="tourmaster-combobox-wrap"><select class="tourmaster-payment-selection">${choices}</select></div>`
      }<a class="tourmaster-button tourmaster-blue tourmaster-pay-now">Pay Now</a><div class="tourmaster-or">OR</div><a class="tourmaster-button tourmaster-pay-later tourmaster-payment-step" data-name="payment-method" data-value="booking" data-step="4" >Book And Pay Later</a>`;
  return html`<div class="tourmaster-tour-booking-side-payment-wrap tourmaster-form-field" ><h3 class="tourmaster-tour-booking-side-payment-title" >Payment Method</h3>${cardTypeImages(
    props.cardTypes,
  )}${paymentTerms(props.terms)}${actions}</div>`;
}
