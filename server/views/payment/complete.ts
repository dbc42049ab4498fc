import { html, raw, type SafeHtml } from '../html';

export interface CompleteInput {
  loggedIn: boolean;
  /** Options `enable-membership` and `enable-payment` (general) are both enabled [enable]. */
  membership: boolean;
  /** The account page ("Go to my dashboard"), for a logged-in visitor. */
  dashboardUrl: string;
  /** `home_url('/')`. */
  homeUrl: string;
  /** Option `payment-complete-bottom-text`: the admin's HTML, printed as HTML. */
  bottomText: string;
  /** The payment is still being confirmed (PayPal return). */
  delayed?: boolean;
}

/** COMPLETE (payment.md §2.2): "Booking Completed!" with the next step for the visitor. */
export function paymentComplete(input: CompleteInput): SafeHtml {
  const dashboard = input.loggedIn && input.membership;
  let message: SafeHtml;
  if (input.delayed) {
    message = dashboard
      ? raw(
          'Your booking detail will be sent to your email shortly. <br> You can check the payment status from your dashboard.<br> ( There might be some delay processing the paypal payment )',
        )
      : html`Your booking detail will be sent to your email shortly.`;
  } else {
    message = dashboard
      ? raw(
          'Your booking detail has been sent to your email. <br> You can check the payment status from your dashboard.',
        )
      : html`Your booking detail has been sent to your email.`;
  }
  const button = input.loggedIn
    ? html`<a class="tourmaster-payment-complete-button tourmaster-button" href="${input.dashboardUrl}" >Go to my dashboard</a>`
    : html`<a class="tourmaster-payment-complete-button tourmaster-button" href="${input.homeUrl}" >Go to homepage</a>`;
  return html`<div class="tourmaster-payment-complete-wrap" ><div class="tourmaster-payment-complete-head" >Booking Completed!</div><div class="tourmaster-payment-complete-content-wrap" ><i class=" icon_check_alt2 tourmaster-payment-complete-icon" ></i><div class="tourmaster-payment-complete-thank-you" >Thank you!</div><div class="tourmaster-payment-complete-content" >${message}</div>${button}${
    input.bottomText !== '' &&
    html`<div class="tourmaster-payment-complete-bottom-text" >${raw(input.bottomText)}</div>`
  }</div></div>`;
}
