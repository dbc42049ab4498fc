import type { Deviation } from './deviation';

/**
 * The payment-page replies we give on purpose where the legacy site's differ
 * (scratch/deviations-payment-page.md has the entries). The replay and the parity check import it
 * through parity/deviations.ts.
 */

/** What payment-order-guard.ts answers someone who is not the order's owner. */
const NOT_YOURS =
  '<!DOCTYPE html><html lang="en-US"><head><meta charset="UTF-8"><meta name="robots" content="noindex"><title>Booking</title></head><body><div class="tourmaster-tour-booking-error">This booking belongs to another customer. Please log in with the account that made it.</div><p><a href="/">Go to the home page</a></p></body></html>';

export function paymentPageDeviations(): Record<string, Deviation> {
  return {
    // customer1 opens customer2's order 3: the legacy page rendered a broken summary of nothing
    // (and for a guest order, the order itself); only the owner may open an order (DEFECTS.md 8).
    'page-payment-tid-other-order': {
      status: 403,
      json: null,
      text: NOT_YOURS,
      headers: [
        ['Content-Type', 'text/html; charset=UTF-8'],
        ['Cache-Control', 'no-store, no-cache, must-revalidate, max-age=0'],
      ],
      entry: 'payment page: ?tid= only for the order owner',
    },
  };
}
