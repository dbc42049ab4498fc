import { html, type SafeHtml } from '../html';

/** The page a visitor gets for an order number that is not theirs to see or pay: the reason and a way home. */
export function orderRefusedPage(message: string): SafeHtml {
  return html`<!DOCTYPE html><html lang="en-US"><head><meta charset="UTF-8"><meta name="robots" content="noindex"><title>Booking</title></head><body><div class="tourmaster-tour-booking-error">${message}</div><p><a href="/">Go to the home page</a></p></body></html>`;
}
