import { randomBytes } from 'node:crypto';
import type { ReplyCookie } from '../../wp/set-cookie';
import type { RequestContext } from '../context';

/**
 * A random id per guest browser, kept in a cookie from the payment page's first step on. A repeated
 * booking (a double click, a retry after a lost reply) is recognised by who sent it as well as by
 * what it holds: a guest's identical booking from the same browser gets back the order (and its
 * key) the first one wrote, while another client sending the same details never receives the first
 * guest's order key; it books anew.
 */
export const BOOKING_CLIENT_COOKIE = 'tourmaster-booking-client';

const LIFETIME_MS = 86_400_000;
const ID = /^[0-9a-f]{32}$/;

export interface BookingClient {
  id: string;
  /** The cookie to set when this request came without one. */
  cookie?: ReplyCookie;
}

export function bookingClient(ctx: Pick<RequestContext, 'cookie' | 'now' | 'https'>): BookingClient {
  const presented = ctx.cookie(BOOKING_CLIENT_COOKIE);
  if (presented && ID.test(presented)) return { id: presented };
  const id = randomBytes(16).toString('hex');
  return {
    id,
    cookie: {
      name: BOOKING_CLIENT_COOKIE,
      value: id,
      path: '/',
      expires: new Date(ctx.now.getTime() + LIFETIME_MS),
      httpOnly: true,
      secure: ctx.https,
    },
  };
}
