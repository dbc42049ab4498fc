import { z } from 'zod';
import { quoteApiBooking } from '../../services/booking/api-quote';
import { defineRoute } from '../route';
import { quoteDetail, quoteRequest } from './booking-request';
import { quoteJson, toQuoteJson } from './quote-json';
import { refusalError } from './refusal';

/**
 * `POST /wp-json/tourmaster/v1/quote` (public): the price of a booking as the site computes it
 * (the payment page's pricing and breakdown), refused as the booking would be (travellers the tour
 * does not price, a closed or sold-out date, a bad coupon). Nothing is written.
 */
export const quoteRoute = defineRoute({
  method: 'post',
  path: '/quote',
  summary: 'The price of a booking with its breakdown (travellers, services, discounts, tax, deposit).',
  tag: 'bookings',
  auth: 'public',
  input: z.object({}),
  body: quoteRequest,
  response: quoteJson,
  cacheControl: 'no-store',
  async handle(_input, ctx, { body }) {
    const quoted = await quoteApiBooking(ctx, quoteDetail(body));
    if (!quoted.ok) throw refusalError(quoted);
    return toQuoteJson(quoted);
  },
});
