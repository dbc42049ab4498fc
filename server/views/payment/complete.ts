import type { CompleteProps } from '../../../client/common/islands/PaymentPage';
import { html, raw, type SafeHtml } from '../html';
import { type ConfirmationProps, confirmationHtml } from './confirmation';

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
  /** The order just booked or paid, for "Your booking" (ours). */
  confirmation?: ConfirmationProps;
}

/** The completion's typed props (client/common/islands/PaymentPage.ts): what the view prints. */
export function completeProps(input: CompleteInput): CompleteProps {
  const dashboard = input.loggedIn && input.membership;
  const sent = input.delayed
    ? 'Your booking detail will be sent to your email shortly.'
    : 'Your booking detail has been sent to your email.';
  const lines = !dashboard
    ? [sent]
    : input.delayed
      ? [
          `${sent} `,
          ' You can check the payment status from your dashboard.',
          ' ( There might be some delay processing the paypal payment )',
        ]
      : [`${sent} `, ' You can check the payment status from your dashboard.'];
  const button = input.loggedIn
    ? { url: input.dashboardUrl, label: 'Go to my dashboard' }
    : { url: input.homeUrl, label: 'Go to homepage' };
  return {
    lines,
    button,
    bottomText: input.bottomText,
    ...(input.confirmation ? { confirmation: confirmationHtml(input.confirmation).value } : {}),
  };
}

/** The completion as a reply or page carries it: its markup, and the island's props beside it. */
export function completion(input: CompleteInput): {
  content: SafeHtml;
  props: { step: number; complete: CompleteProps };
} {
  return { content: paymentComplete(input), props: { step: 4, complete: completeProps(input) } };
}

/** COMPLETE (payment.md §2.2): "Booking Completed!" with the next step for the visitor. */
export function paymentComplete(input: CompleteInput): SafeHtml {
  return completeHtml(completeProps(input));
}

function completeHtml(props: CompleteProps): SafeHtml {
  // The lines are the view's own sentences (completeProps), joined by the plugin's `<br>`.
  const message = raw(props.lines.map((line) => html`${line}`.value).join('<br>'));
  return html`<div class="tourmaster-payment-complete-wrap" ><div class="tourmaster-payment-complete-head" >Booking Completed!</div><div class="tourmaster-payment-complete-content-wrap" ><i class=" icon_check_alt2 tourmaster-payment-complete-icon" ></i><div class="tourmaster-payment-complete-thank-you" >Thank you!</div><div class="tourmaster-payment-complete-content" >${message}</div>${
    props.confirmation && html`<div class="dropin-order-confirmation-wrap">${raw(props.confirmation)}</div>`
  }<a class="tourmaster-payment-complete-button tourmaster-button" href="${props.button.url}" >${props.button.label}</a>${
    props.bottomText !== '' &&
    html`<div class="tourmaster-payment-complete-bottom-text" >${raw(props.bottomText)}</div>`
  }</div></div>`;
}
