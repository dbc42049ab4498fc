import { html, type SafeHtml } from '../html';

export const PAGE_ERROR_MESSAGE = 'An error occurred while processing your request.';

/**
 * The payment page's error content (payment.md §2.1): the message and a way back, to the tour page
 * when the detail names a tour (an empty link for an id that is no tour, as the legacy site printed
 * it) or to the home page.
 */
export function paymentPageError(message: string, back: { tourUrl: string } | { homeUrl: string }): SafeHtml {
  const link =
    'tourUrl' in back
      ? html`<a href="${back.tourUrl}" >Back to Tour Page</a>`
      : html`<a href="${back.homeUrl}" >Back to Home Page</a>`;
  return html`<div class="tourmaster-tour-booking-error" >${message}<br><br>${link}</div>`;
}

/** The step-4 refusal shown in place of the content (the booking was not written). */
export function bookingRefused(message: string): SafeHtml {
  return html`<div class="tourmaster-tour-booking-error" >${message}</div>`;
}
