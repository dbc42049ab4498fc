import type { TourOrder } from '../../tourmaster/order';
import type { TourPrice } from '../../tourmaster/pricing';
import type { Tour } from '../../tourmaster/tour-option';
import type { ReplyCookie } from '../../wp/set-cookie';

/**
 * The outcome of writing a booking (placeBooking in place-order.ts): the order written (or the one a
 * repeated submit already wrote), or why nothing was written, with the sentence to show.
 */
export type PlaceOrderResult = PlacedOrder | OrderRefused;

export interface PlacedOrder {
  ok: true;
  orderId: number;
  /** False when this request repeated a booking already written (double click, retry). */
  created: boolean;
  order: TourOrder;
  tour: Tour;
  price: TourPrice;
  /** Cookies the reply must set (a guest's proof of owning the order). */
  cookies: ReplyCookie[];
}

export type OrderRefusal =
  | 'INVALID' // the detail cannot describe a booking (missing fields, bad counts, validation)
  | 'CLOSED' // the date is past, not offered or past its cut-off
  | 'FULL' // not enough seats (or groups) left
  | 'LIMIT' // people limits of the tour or package
  | 'COUPON' // the coupon was used up meanwhile
  | 'NOT_FOUND' // the order in `tid` does not exist
  | 'NOT_OWNER' // the order in `tid` belongs to someone else
  | 'CONFLICT'; // the REST API's Idempotency-Key was used for another request

export interface OrderRefused {
  ok: false;
  reason: OrderRefusal;
  message: string;
}

/** A refusal with the sentence to show. */
export function refusal(reason: OrderRefusal, message: string): OrderRefused {
  return { ok: false, reason, message };
}
