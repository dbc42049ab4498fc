import { postTitles } from '../../data/posts';
import { readPaypalSettings } from '../../payments/paypal-settings';
import { DATE_CLOSED_MESSAGE, isDateOpen } from '../../tourmaster/availability';
import type { Booking } from '../../tourmaster/booking';
import type { BookingDetail } from '../../tourmaster/booking-detail';
import type { TourPrice } from '../../tourmaster/pricing';
import type { RequestContext } from '../context';
import { checkCapacity } from './capacity';
import { prepareBooking } from './prepare-booking';
import { type OrderRefused, refusal } from './types';

export interface ApiQuote {
  ok: true;
  booking: Booking;
  price: TourPrice;
  currency: string;
  /** Service post titles by id. */
  serviceTitles: ReadonlyMap<string, string>;
}

/**
 * `POST /quote`: what the booking would cost, by the checks and the price of the order it would
 * write (prepare-booking.ts: travellers the tour's pricing takes, mandatory services, a valid
 * coupon) and the seats and dates the order's transaction checks (capacity.ts), read without
 * writing anything. The contact and traveller details are the booking's, not the quote's.
 */
export async function quoteApiBooking(ctx: RequestContext, detail: BookingDetail): Promise<ApiQuote | OrderRefused> {
  const prepared = await prepareBooking(ctx, detail, { quote: true, api: true });
  if (!prepared.ok) return prepared;
  const b = prepared.booking;
  const { tour, booking, nowLocal } = b;
  if (!isDateOpen(tour, booking, nowLocal)) {
    return refusal('CLOSED', DATE_CLOSED_MESSAGE);
  }
  const full = await checkCapacity(ctx.wp, b, ctx.now);
  if (full) return full;
  return {
    ok: true,
    booking,
    price: b.price,
    currency: readPaypalSettings(b.settings.payment).currencyCode,
    serviceTitles: await postTitles(ctx.wp, [...booking.services.keys()]),
  };
}
