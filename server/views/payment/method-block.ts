import type { CardImage, TermsProps } from '../../../client/common/islands/payment-sidebar';
import type { BookLaterProps, GatewaysProps, MethodBlockProps } from '../../../client/common/islands/payment-step';
import { html, type SafeHtml } from '../html';

/** The terms checkbox and its error box (shared with the style-2 side box). */
export function paymentTerms(terms: TermsProps): SafeHtml {
  const { sentence } = terms;
  return html`<div class="tourmaster-payment-terms" ><input type="checkbox" name="term-and-service" />${sentence.before}<a href="${terms.termsUrl}" target="_blank">${sentence.terms}</a>${sentence.between}<a href="${terms.privacyUrl}" target="_blank">${sentence.privacy}</a>${sentence.after}<div class="tourmaster-tour-booking-required-error tourmaster-notification-box tourmaster-failure" data-default="${terms.message}" ></div></div>`;
}

/** The card logos under the credit card button. */
export function cardTypeImages(images: readonly CardImage[]): SafeHtml | '' {
  if (images.length === 0) return '';
  return html`<div class="tourmaster-payment-credit-card-type" >${images.map((i) => html`<img src="${i.src}" alt="${i.alt}" />`)}</div>`;
}

const LAYOUT_CLASSES = { '': '', both: 'tourmaster-both-online-payment', none: 'tourmaster-none-online-payment' };

/**
 * METHOD-BLOCK (payment.md §2.2, style-1) printed from its props (payment-step-props.ts): terms,
 * online gateways, and "book and pay later". `ajaxUrl` is what the gateways' buttons name.
 */
export function paymentMethodBlock(props: MethodBlockProps, ajaxUrl: string): SafeHtml {
  return html`<div class="tourmaster-payment-method-wrap  ${LAYOUT_CLASSES[props.layout]}" ><h3 class="tourmaster-payment-method-title" >${props.title}</h3>${
    props.bankTransferNote &&
    html`<div class="tourmaster-payment-method-description" >* If you wish to do a bank transfer, please select &quot;Book and pay later&quot; button.<br>You will have an option to submit payment receipt on your dashboard page.</div>`
  }${paymentTerms(props.terms)}${props.paypalSdk && sdkForm(props.paypalSdk.feeText)}${
    props.gateways && gateways(props.gateways, ajaxUrl)
  }${props.bookLater && bookLater(props.bookLater, props.or)}</div>`;
}

function trigger(ajaxUrl: string, type: string): SafeHtml {
  return html`data-method="ajax" data-action="tourmaster_payment_selected" data-ajax="${ajaxUrl}" data-action-type="${type}" `;
}

const feeBox = (kind: string, text: string) =>
  text !== '' && html`<div class="tourmaster-payment-${kind}-service-fee-text" >${text}</div>`;

function sdkForm(feeText: string): SafeHtml {
  return html`<div class="tourmaster-paypal-jssdk-payment-form" ><div id="paypal-button-container" ></div>${feeBox('paypal', feeText)}</div>`;
}

function gateways(g: GatewaysProps, ajaxUrl: string): SafeHtml {
  const img = g.imagesUrl;
  return html`<div class="tourmaster-payment-gateway clearfix" >${
    g.woocommerce &&
    html`<div class="tourmaster-online-payment-method tourmaster-payment-woocommerce tourmaster-center-align" ><a class="tourmaster-button " ${trigger(ajaxUrl, 'woocommerce')}>Pay Now</a></div>`
  }${
    g.paypal &&
    html`<div class="tourmaster-online-payment-method tourmaster-payment-paypal" ><img src="${img}/paypal.png" alt="paypal" width="170" height="76" ${trigger(ajaxUrl, 'paypal')} />${feeBox('paypal', g.paypal.feeText)}</div>`
  }${
    g.card &&
    html`<div class="tourmaster-online-payment-method tourmaster-payment-credit-card" ><img src="${img}/credit-card.png" alt="credit-card" width="170" height="76" ${trigger(ajaxUrl, g.card.gateway)} />${feeBox('credit-card', g.card.feeText)}${cardTypeImages(g.card.cardTypes)}</div>`
  }${
    g.hipay &&
    html`<div class="tourmaster-online-payment-method tourmaster-payment-hipayprofessional" ><img src="${img}/hipay.png" alt="hipayprofessional" ${trigger(ajaxUrl, 'hipayprofessional')} /></div>`
  }</div>`;
}

function bookLater(props: BookLaterProps, or: boolean): SafeHtml {
  const { login } = props;
  const button = login
    ? html`<a class="tourmaster-button tourmaster-payment-method-booking-button" data-tmlb="book-and-pay-later-login" >${props.label}</a><div class="tourmaster-lightbox-content-wrap" data-tmlb-id="book-and-pay-later-login" ><div class="tourmaster-lightbox-head" ><h3 class="tourmaster-lightbox-title" >${login.title}</h3><i class="tourmaster-lightbox-close icon_close" ></i></div><div class="tourmaster-lightbox-content" ><a class="tourmaster-button" href="${login.url}" >Login</a></div></div>`
    : html`<a class="tourmaster-button tourmaster-payment-method-booking-button tourmaster-payment-step" data-name="payment-method" data-value="booking" data-step="4" >${props.label}</a>`;
  return html`${
    or &&
    html`<div class="tourmaster-payment-method-or" id="tourmaster-payment-method-or" ><span class="tourmaster-left" ></span><span class="tourmaster-middle" >OR</span><span class="tourmaster-right" ></span></div>`
  }<div class="tourmaster-payment-method-booking" >${button}</div>`;
}
