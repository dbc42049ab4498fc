import type { PaymentMethods } from '../../tourmaster/payment-page';
import { html, type SafeHtml } from '../html';

export interface MethodBlockInput {
  methods: PaymentMethods;
  loggedIn: boolean;
  termsUrl: string;
  privacyUrl: string;
  /** Admin approval holds online payment back (onlinePaymentBlocked). */
  blocked: boolean;
  ajaxUrl: string;
  /** `{siteurl}/wp-content/plugins/tourmaster/images`. */
  imagesUrl: string;
  /** `paypal-service-fee` / `credit-card-service-fee` as stored ('' for none). */
  paypalFee: string;
  creditCardFee: string;
  /** `accepted-credit-card-type`. */
  cardTypes: readonly string[];
  /** `credit-card-payment-gateway`: the `data-action-type` of the card button (stripe, authorize). */
  cardGateway: string;
  /** `paypal-method == js-sdk`: PayPal's own buttons replace the PayPal image. */
  paypalSdk: boolean;
  /** Option `enable-booking-via-email` [enable]: guests may book and pay later. */
  bookingViaEmail: boolean;
  /** The login form for the "requires an account" lightbox (guests, booking via e-mail off). */
  loginForm: SafeHtml;
}

/** The terms checkbox and its error box (shared with the style-2 side box). */
export function paymentTerms(termsUrl: string, privacyUrl: string): SafeHtml {
  return html`<div class="tourmaster-payment-terms" ><input type="checkbox" name="term-and-service" />* I agree with <a href="${termsUrl}" target="_blank">Terms of Service</a> and <a href="${privacyUrl}" target="_blank">Privacy Statement</a>.<div class="tourmaster-tour-booking-required-error tourmaster-notification-box tourmaster-failure" data-default="Please agree to all the terms and conditions before proceeding to the next step." ></div></div>`;
}

/** The card logos under the credit card button. */
export function cardTypeImages(imagesUrl: string, types: readonly string[]): SafeHtml | '' {
  if (types.length === 0) return '';
  return html`<div class="tourmaster-payment-credit-card-type" >${types.map((t) => html`<img src="${imagesUrl}/${t}.png" alt="${t}" />`)}</div>`;
}

/** METHOD-BLOCK (payment.md §2.2, style-1): terms, online gateways, and "book and pay later". */
export function paymentMethodBlock(input: MethodBlockInput): SafeHtml {
  const m = input.methods;
  const online = [m.paypal, m.creditCard, m.hipay].filter(Boolean).length;
  const extraClass =
    online >= 2 ? 'tourmaster-both-online-payment' : online === 0 ? 'tourmaster-none-online-payment' : '';
  const none = m.methods.length === 0;
  return html`<div class="tourmaster-payment-method-wrap  ${extraClass}" ><h3 class="tourmaster-payment-method-title" >${none ? 'Book now and we will contact you back' : 'Please select a payment method'}</h3>${
    m.booking &&
    input.loggedIn &&
    html`<div class="tourmaster-payment-method-description" >* If you wish to do a bank transfer, please select &quot;Book and pay later&quot; button.<br>You will have an option to submit payment receipt on your dashboard page.</div>`
  }${paymentTerms(input.termsUrl, input.privacyUrl)}${m.paypal && input.paypalSdk && sdkForm(input)}${
    !input.blocked && (m.woocommerce || m.paypal || m.creditCard || m.hipay) && gateways(input)
  }${(none || m.booking) && bookLater(input)}</div>`;
}

function trigger(input: MethodBlockInput, type: string): SafeHtml {
  return html`data-method="ajax" data-action="tourmaster_payment_selected" data-ajax="${input.ajaxUrl}" data-action-type="${type}" `;
}

function sdkForm(input: MethodBlockInput): SafeHtml {
  return html`<div class="tourmaster-paypal-jssdk-payment-form" ><div id="paypal-button-container" ></div>${
    input.paypalFee !== '' &&
    html`<div class="tourmaster-payment-paypal-service-fee-text" >Additional ${input.paypalFee}% is charged for PayPal payment.</div>`
  }</div>`;
}

function gateways(input: MethodBlockInput): SafeHtml {
  const m = input.methods;
  const img = input.imagesUrl;
  return html`<div class="tourmaster-payment-gateway clearfix" >${
    m.woocommerce &&
    html`<div class="tourmaster-online-payment-method tourmaster-payment-woocommerce tourmaster-center-align" ><a class="tourmaster-button " ${trigger(input, 'woocommerce')}>Pay Now</a></div>`
  }${
    m.paypal &&
    !input.paypalSdk &&
    html`<div class="tourmaster-online-payment-method tourmaster-payment-paypal" ><img src="${img}/paypal.png" alt="paypal" width="170" height="76" ${trigger(input, 'paypal')} />${
      input.paypalFee !== '' &&
      html`<div class="tourmaster-payment-paypal-service-fee-text" >Additional ${input.paypalFee}% is charged for PayPal payment.</div>`
    }</div>`
  }${
    m.creditCard &&
    html`<div class="tourmaster-online-payment-method tourmaster-payment-credit-card" ><img src="${img}/credit-card.png" alt="credit-card" width="170" height="76" ${trigger(input, input.cardGateway)} />${
      input.creditCardFee !== '' &&
      html`<div class="tourmaster-payment-credit-card-service-fee-text" >Additional ${input.creditCardFee}% is charged for payment via credit card.</div>`
    }${cardTypeImages(img, input.cardTypes)}</div>`
  }${
    m.hipay &&
    html`<div class="tourmaster-online-payment-method tourmaster-payment-hipayprofessional" ><img src="${img}/hipay.png" alt="hipayprofessional" ${trigger(input, 'hipayprofessional')} /></div>`
  }</div>`;
}

function bookLater(input: MethodBlockInput): SafeHtml {
  const none = input.methods.methods.length === 0;
  const or =
    !input.blocked &&
    input.methods.methods.length > 1 &&
    html`<div class="tourmaster-payment-method-or" id="tourmaster-payment-method-or" ><span class="tourmaster-left" ></span><span class="tourmaster-middle" >OR</span><span class="tourmaster-right" ></span></div>`;
  const step = (label: string) =>
    html`<a class="tourmaster-button tourmaster-payment-method-booking-button tourmaster-payment-step" data-name="payment-method" data-value="booking" data-step="4" >${label}</a>`;
  let button: SafeHtml;
  if (input.loggedIn) button = step(none ? 'Book Now' : 'Book and pay later');
  else if (input.bookingViaEmail) button = step('Book now via email');
  else {
    const title = none ? 'Book and pay later requires an account' : 'Book now requires an account';
    button = html`<a class="tourmaster-button tourmaster-payment-method-booking-button" data-tmlb="book-and-pay-later-login" >${none ? 'Book Now' : 'Book and pay later'}</a><div class="tourmaster-lightbox-content-wrap" data-tmlb-id="book-and-pay-later-login" ><div class="tourmaster-lightbox-head" ><h3 class="tourmaster-lightbox-title" >${title}</h3><i class="tourmaster-lightbox-close icon_close" ></i></div><div class="tourmaster-lightbox-content" >${input.loginForm}</div></div>`;
  }
  return html`${or}<div class="tourmaster-payment-method-booking" >${button}</div>`;
}
