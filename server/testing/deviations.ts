/**
 * Exchanges where we answer differently from the legacy site on purpose (legacy-fixtures/
 * DEVIATIONS.md says why, entry by entry). The replay asserts these replies instead of the captured
 * ones; everything else about the exchange (headers, status) is still compared.
 */
export interface Deviation {
  status: number;
  json: unknown;
  /** The DEVIATIONS.md entry. */
  entry: string;
}

const CLOSED = 'Sorry, the tour is now off for booking on the date/time you selected. Please select another date.';
const NOT_OFFERED = 'This tour is not available on the date you selected. Please select another date.';
const failed = (message: string) => ({ status: 'failed', message });
const notice = (message: string) => ({
  content: `<div class="tourmaster-tour-booking-bar-error" data-step="999" >${message}</div>`,
});

export const DEVIATIONS: Readonly<Record<string, Deviation>> = {
  'amount_check-unknown-tour': { status: 200, json: { status: 'failed', message: CLOSED }, entry: 'unknown tour' },
  'tour_booking-s1-santorini-past-date': { status: 200, json: notice(CLOSED), entry: 'past or not-offered date' },
  'tour_booking-s1-athens-excluded-date': { status: 200, json: notice(NOT_OFFERED), entry: 'past or not-offered date' },
  'tour_booking-s1-athens-recurring-excluded': {
    status: 200,
    json: notice(NOT_OFFERED),
    entry: 'past or not-offered date',
  },
  'tour_booking-s1-athens-tuesday-not-offered': {
    status: 200,
    json: notice(NOT_OFFERED),
    entry: 'past or not-offered date',
  },
  'head_price-unknown-tour': {
    status: 200,
    json: failed('This tour cannot be booked. Please refresh the page to try again.'),
    entry: 'unknown tour',
  },
  'head_price-athens-excluded-date': { status: 200, json: failed(NOT_OFFERED), entry: 'past or not-offered date' },
  'head_price-huge-people': {
    status: 200,
    json: failed('Sorry, a booking can hold at most 2000 travellers.'),
    entry: 'absurd counts',
  },
  'huge-field': { status: 200, json: failed('Please enter a valid number of travellers.'), entry: 'absurd counts' },
  'tour_booking-s1-garbage-date': { status: 200, json: notice(NOT_OFFERED), entry: 'past or not-offered date' },
};
