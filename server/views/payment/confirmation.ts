import { html, type SafeHtml } from '../html';

/**
 * "Your booking" (ours, DEVIATIONS.md): what a customer keeps of a booking, printed on the
 * completion screen, in the booking mails and on the guest's manage page: the order number, tour,
 * travel date, travellers, what was paid and what is still due, and the links to add the trip to a
 * calendar, to manage the booking (guests) and to pay the balance.
 */
export interface ConfirmationProps {
  orderId: number;
  tourTitle: string;
  /** Formatted with the site's date format. */
  travelDate: string;
  /** "2 travellers"; '' when the order counts none (group pricing). */
  travellers: string;
  /** Formatted amounts. */
  total: string;
  paid: string;
  due: string;
  /** The `.ics` download. */
  calendarUrl?: string;
  /** The guest's signed "Manage your booking" link. */
  manageUrl?: string;
  /** The payment page for the balance, when the order still takes a payment. */
  payUrl?: string;
}

function rows(p: ConfirmationProps): [string, string][] {
  return [
    ['Order Number', `#${p.orderId}`],
    ['Tour', p.tourTitle],
    ['Travel Date', p.travelDate],
    ...(p.travellers ? [['Travellers', p.travellers] as [string, string]] : []),
    ['Total', p.total],
    ['Amount Paid', p.paid],
    ['Amount Due', p.due],
  ];
}

/**
 * The page's block (one `<section>` with no other section inside: the parity comparison removes it
 * from our replies by that shape, server/parity/compare.ts).
 */
export function confirmationHtml(p: ConfirmationProps, options: { manageLink?: boolean } = {}): SafeHtml {
  // The manage page itself does not link to itself.
  const manage = options.manageLink !== false && p.manageUrl;
  return html`<section class="dropin-order-confirmation" aria-label="Your booking"><h3 class="dropin-order-confirmation-title">Your booking</h3><dl class="dropin-order-confirmation-list">${rows(
    p,
  ).map(
    ([head, tail]) => html`<div><dt>${head}</dt><dd>${tail}</dd></div>`,
  )}</dl><p class="dropin-order-confirmation-links">${
    p.payUrl && html`<a class="tourmaster-button" href="${p.payUrl}">Pay the balance online</a> `
  }${manage && html`<a class="tourmaster-button" href="${p.manageUrl}">Manage your booking</a> `}${
    p.calendarUrl && html`<a class="tourmaster-button" href="${p.calendarUrl}" download>Add to calendar</a>`
  }</p></section>`;
}

const MAIL_ROW = 'font-style: italic; margin-bottom: 5px;';
const MAIL_LINK = 'color: #4290de; text-decoration: none; font-weight: 600;';

/** The mail's block, styled inline as the plugin's mail rows are (mail clients drop style sheets). */
export function confirmationMailHtml(p: ConfirmationProps): string {
  return html`<div class="dropin-mail-order-confirmation" style="margin-top: 30px; padding-top: 20px; border-top: 1px solid #d7d7d7;" ><h4 style="font-size: 16px; margin: 0 0 15px; font-weight: 600;" >Your booking</h4>${rows(
    p,
  ).map(
    ([head, tail]) =>
      html`<div class="tourmaster-mail-order-info" style="${MAIL_ROW}" ><span class="tourmaster-head" >${head} :</span> <span class="tourmaster-tail" >${tail}</span></div>`,
  )}<p style="margin-top: 20px;" >${
    p.manageUrl &&
    html`<a class="dropin-mail-manage-link" style="${MAIL_LINK}" href="${p.manageUrl}" >Manage your booking</a><br />`
  }${p.payUrl && html`<a style="${MAIL_LINK}" href="${p.payUrl}" >Pay the balance online</a><br />`}${
    p.calendarUrl && html`<a style="${MAIL_LINK}" href="${p.calendarUrl}" >Add to calendar</a>`
  }</p></div>`.value;
}

/**
 * The manage page's cancel form: posted to the page's own address (which holds the token), with a
 * box to tick first so that one stray tap cancels nothing (no script: the browser requires it), and
 * the order's nonce for the form.
 */
export function manageCancelForm(actionUrl: string, nonce: string): SafeHtml {
  return html`<form class="dropin-manage-cancel" method="post" action="${actionUrl}"><input type="hidden" name="action" value="cancel" /><input type="hidden" name="security" value="${nonce}" /><label><input type="checkbox" name="confirm" value="yes" required /> Yes, I want to cancel this booking</label> <button type="submit" class="tourmaster-button">Cancel this booking</button></form>`;
}
