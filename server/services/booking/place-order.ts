import { createHash } from 'node:crypto';
import type { OrderAttribution } from '../../data/order-attribution';
import { orderKeyNonce } from '../../data/order-writes';
import { getOrder } from '../../data/orders';
import type { OrderMailEvent } from '../../mail/order-mails';
import type { BookingDetail } from '../../tourmaster/booking-detail';
import type { TourOrder } from '../../tourmaster/order';
import type { RequestContext } from '../context';
import { enforceWriteLimit } from '../write-limits';
import { bookingClient } from './booking-client';
import { notifyOrder } from './notify';
import { guestOrderKey, ORDER_NOT_FOUND, orderKeyCookie } from './ownership';
import { prepareBooking } from './prepare-booking';
import { type PlaceOrderResult, refusal } from './types';
import { type WriteGuard, writeOrder } from './write-order';

/**
 * Writes a booking as the plugin does at payment step 4 (pay later) or before a gateway payment,
 * with what the legacy site never did: the detail is resolved against the tour, checked and priced
 * from the tour's settings (prepare-booking.ts), then written in a transaction that checks the
 * date, seats, people limits and the coupon's remaining uses again under locks that hold across
 * server processes (write-order.ts), so a date is never oversold and a coupon never used beyond
 * its limit; a repeated submit returns the order the first one wrote; an existing order (`tid`)
 * can only be rewritten by its owner. Then the guest's cookies and the mails.
 */
export async function placeBooking(
  ctx: RequestContext,
  detail: BookingDetail,
  options: {
    via: 'pay-later' | 'gateway';
    paymentMethod?: string;
    /** Where the visitor came from (checked: services/booking/attribution.ts); stored with a new order only. */
    attribution?: OrderAttribution;
    /**
     * A booking through the REST API (services/booking/api-booking.ts): the order is the contact's
     * as a guest's (no account, no browser), its key is rate limited per key by the API rather
     * than per address here, and its repeats are found by the Idempotency-Key (`guard`).
     */
    api?: { guard: WriteGuard };
  },
): Promise<PlaceOrderResult> {
  const user = options.api ? null : await ctx.user();
  // Every attempt counts, refused ones too: a script cannot probe seats and coupons without limit.
  if (!options.api) await enforceWriteLimit(ctx.wp, 'booking', { ip: ctx.ip, userId: user?.user.id ?? 0 }, ctx.now);
  const prepared = await prepareBooking(ctx, detail, { api: options.api !== undefined });
  if (!prepared.ok) return prepared;
  const { booking } = prepared;
  // A guest is recognised by the browser's booking-client id, a customer by the account.
  const client = user || options.api ? undefined : bookingClient(ctx);
  const fingerprint =
    booking.booking.tid === undefined && !options.api
      ? bookingFingerprint(user ? `user:${user.user.id}` : `guest:${client?.id}`, detail)
      : null;
  const written = await writeOrder(ctx, booking, {
    via: options.via,
    ...(options.paymentMethod ? { paymentMethod: options.paymentMethod } : {}),
    user,
    fingerprint,
    ...(options.attribution ? { attribution: options.attribution } : {}),
    ...(options.api ? { guard: options.api.guard } : {}),
  });
  if ('ok' in written) return written;
  const order = await getOrder(ctx.wp, written.orderId);
  // Deleted in the admin in the instant since the write: nothing to show the visitor but that.
  if (!order) return refusal('NOT_FOUND', ORDER_NOT_FOUND);
  const cookies =
    order.userId > 0 ? [] : [...(client?.cookie ? [client.cookie] : []), ...(await guestKeyCookie(ctx, order.id))];
  // A gateway order mails only when it is free; paid ones mail when the payment arrives.
  if (written.created && (options.via === 'pay-later' || order.status === 'approved')) {
    await notifyOrder(ctx, bookingMailEvent(options.via, order), order, booking.tour);
  }
  return {
    ok: true,
    orderId: order.id,
    created: written.created,
    order,
    tour: booking.tour,
    price: booking.price,
    cookies,
  };
}

/** Which mails a new order sends (payment.md §7). */
function bookingMailEvent(via: 'pay-later' | 'gateway', order: TourOrder): OrderMailEvent {
  if (via === 'gateway') return { type: 'free-order' };
  if (order.userId === 0) return { type: 'guest-booking-made' };
  return order.status === 'wait-for-approval' ? { type: 'booking-made-approval' } : { type: 'booking-made' };
}

/** The same visitor (account, or guest browser) submitting the same booking detail gives the same fingerprint. */
function bookingFingerprint(visitor: string, detail: BookingDetail): string {
  return createHash('sha256')
    .update(`${visitor}\n${JSON.stringify(detail)}`)
    .digest('hex');
}

async function guestKeyCookie(ctx: RequestContext, orderId: number) {
  const nonce = await orderKeyNonce(ctx.wp, orderId);
  if (!nonce) return [];
  const salts = await ctx.deps.salts();
  return [orderKeyCookie(orderId, guestOrderKey(salts.auth, orderId, nonce), ctx.now, ctx.https)];
}
