import { orderKeyNonce } from '../../data/order-writes';
import { getOrder } from '../../data/orders';
import { loadBookingContext } from '../../data/tours';
import { record } from '../../php/coerce';
import { bookingTimes } from '../../tourmaster/booking-calendar';
import type { TourOrder } from '../../tourmaster/order';
import { type CalendarEvent, calendarFile } from '../../views/calendar/ics';
import type { ReplyCookie } from '../../wp/set-cookie';
import { siteTimeToUtc } from '../../wp/site-time';
import { cancelCustomerBooking } from '../accounts/cancel-booking';
import { type ReceiptPost, submitPaymentReceipt } from '../accounts/payment-receipt';
import type { RequestContext } from '../context';
import { enforceWriteLimit } from '../write-limits';
import { orderConfirmation } from './confirmation';
import { parseManageToken, verifyManageToken } from './manage-link';
import { guestOrderKey, type OwnerContext, orderKeyCookie, ownsOrder } from './ownership';

/**
 * The guest's manage link opened (manage-link.ts): the order it names, and the order key cookie
 * for this browser, so the payment page and the calendar download know it as the order's owner.
 */
export type ManageOutcome =
  | { ok: true; order: TourOrder; cookie: ReplyCookie }
  | { ok: false; status: 403 | 410; message: string };

export const MANAGE_MESSAGES = {
  invalid: 'This link to manage a booking is not valid. Please use the link in your booking e-mail as it was sent.',
  expired: 'This link to manage your booking has expired. Please contact us and we will help you with your booking.',
  notCancellable: 'This booking can no longer be cancelled.',
} as const;

export async function openManageLink(ctx: RequestContext, token: unknown): Promise<ManageOutcome> {
  const invalid = { ok: false, status: 403, message: MANAGE_MESSAGES.invalid } as const;
  const claimed = parseManageToken(token);
  if (!claimed) return invalid;
  const order = await getOrder(ctx.wp, claimed.orderId);
  // A member's order is opened by logging in; a guest order we never keyed has no link.
  if (!order || order.userId > 0) return invalid;
  const nonce = await orderKeyNonce(ctx.wp, order.id);
  if (!nonce) return invalid;
  const salts = await ctx.deps.salts();
  const verdict = verifyManageToken(token, { secret: salts.auth, orderId: order.id, nonce }, ctx.now);
  if (verdict === 'invalid') {
    ctx.log.info({ orderId: order.id }, 'manage link refused: signature');
    return invalid;
  }
  if (verdict === 'expired') return { ok: false, status: 410, message: MANAGE_MESSAGES.expired };
  const key = guestOrderKey(salts.auth, order.id, nonce);
  return { ok: true, order, cookie: orderKeyCookie(order.id, key, ctx.now, ctx.https) };
}

/** Whether the visitor may have the order's calendar file: its owner, or the holder of a valid manage token. */
async function mayReadOrder(ctx: OwnerContext & Pick<RequestContext, 'now'>, order: TourOrder, token: unknown) {
  if (await ownsOrder(ctx, order)) return true;
  if (token === undefined || order.userId > 0) return false;
  const nonce = await orderKeyNonce(ctx.wp, order.id);
  if (!nonce) return false;
  const salts = await ctx.deps.salts();
  return verifyManageToken(token, { secret: salts.auth, orderId: order.id, nonce }, ctx.now) === 'ok';
}

/**
 * "Add to calendar": the order's `.ics` (views/calendar/ics.ts) for its owner; undefined for
 * anyone else and for an order that does not exist or was cancelled (one answer: nothing is told).
 */
export async function bookingCalendar(
  ctx: RequestContext,
  orderId: number,
  token: unknown,
): Promise<{ filename: string; body: string } | undefined> {
  const order = await getOrder(ctx.wp, orderId);
  if (!order || order.status === 'cancel' || !/^\d{4}-\d{2}-\d{2}$/.test(order.travelDate)) return undefined;
  if (!(await mayReadOrder(ctx, order, token))) return undefined;
  const [{ tour }, site] = await Promise.all([loadBookingContext(ctx.wp, order.tourId), ctx.site()]);
  if (!tour) return undefined;
  const times = bookingTimes(tour.option, order.travelDate, record(order.bookingDetail).package);
  const instant = times.startTime ? siteTimeToUtc(`${times.date} ${times.startTime}`, site) : undefined;
  const host = new URL(site.homeUrl).hostname;
  const travellers = order.travellerAmount ? ` · ${order.travellerAmount} travellers` : '';
  const event: CalendarEvent = {
    uid: `tourmaster-order-${order.id}@${host}`,
    stamp: ctx.now,
    summary: tour.title,
    description: `Booking #${order.id}${travellers} · ${site.name}`,
    url: `${site.homeUrl}/tour/${tour.slug}/`,
    start: instant ? { kind: 'instant', utc: instant } : { kind: 'date', date: times.date },
    ...(times.lastDay ? { end: { kind: 'date', date: times.lastDay } } : {}),
  };
  return { filename: `booking-${order.id}.ics`, body: calendarFile(event) };
}

/**
 * The manage page's cancel button (a form posted to the link itself: only who holds the link can
 * post it): the order is cancelled as the account page's cancel link does (services/accounts/
 * cancel-booking.ts: only while its status offers it, one conditional update, the customer mailed),
 * counted against the account forms' write limit.
 */
export async function cancelByManageLink(
  ctx: RequestContext,
  token: unknown,
): Promise<{ ok: true } | { ok: false; status: number; message: string }> {
  const opened = await openManageLink(ctx, token);
  if (!opened.ok) return opened;
  await enforceWriteLimit(ctx.wp, 'account', { ip: ctx.ip, userId: 0 }, ctx.now);
  const result = await cancelCustomerBooking(ctx, 0, opened.order.id);
  if (result.ok) return { ok: true };
  return { ok: false, status: 409, message: MANAGE_MESSAGES.notCancellable };
}

/**
 * The manage page's bank receipt (services/accounts/payment-receipt.ts, as the account page takes
 * it from a member): for the order the link opens, counted against the account forms' write limit.
 */
export async function receiptByManageLink(
  ctx: RequestContext,
  token: unknown,
  post: Omit<ReceiptPost, 'orderId'>,
): Promise<{ ok: true } | { ok: false; status: number; message: string }> {
  const opened = await openManageLink(ctx, token);
  if (!opened.ok) return opened;
  await enforceWriteLimit(ctx.wp, 'account', { ip: ctx.ip, userId: 0 }, ctx.now);
  const outcome = await submitPaymentReceipt(ctx, 0, { ...post, orderId: opened.order.id });
  return outcome.ok ? { ok: true } : outcome;
}

/** "Your booking" for the manage page (the order as stored now). */
export async function manageConfirmation(ctx: RequestContext, order: TourOrder) {
  const { tour, settings } = await loadBookingContext(ctx.wp, order.tourId);
  return orderConfirmation(ctx, order, tour ?? { title: '' }, settings);
}
