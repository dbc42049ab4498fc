import { getOptions } from '../../data/options';
import { orderKeyNonce } from '../../data/order-writes';
import { getOrder } from '../../data/orders';
import { loadBookingContext } from '../../data/tours';
import { record, str } from '../../php/coerce';
import { bookingTimes } from '../../tourmaster/booking-calendar';
import type { TourOrder } from '../../tourmaster/order';
import { type CalendarEvent, calendarFile } from '../../views/calendar/ics';
import { timingSafeEqualString } from '../../wp/auth-cookie';
import type { ReplyCookie } from '../../wp/set-cookie';
import { siteTimeToUtc } from '../../wp/site-time';
import { decodeEntities } from '../../wp/text';
import { cancelCustomerBooking } from '../accounts/cancel-booking';
import { type ReceiptPost, submitPaymentReceipt } from '../accounts/payment-receipt';
import type { RequestContext } from '../context';
import { enforceWriteLimit } from '../write-limits';
import { balancePaymentUrl, orderConfirmation } from './confirmation';
import { type ManageFormAction, manageFormNonce, parseManageToken, verifyManageToken } from './manage-link';
import { guestOrderKey, type OwnerContext, orderKeyCookie, ownsOrder } from './ownership';

/**
 * The guest's manage link opened (manage-link.ts): the order it names, and the order key cookie
 * for this browser, so the payment page and the calendar download know it as the order's owner.
 */
export type ManageOutcome =
  | {
      ok: true;
      order: TourOrder;
      cookie: ReplyCookie;
      /** The verified token (its shape checked: safe to put in an address). */
      token: string;
      /** The nonces of the page's forms, for this order only (manage-link.ts `manageFormNonce`). */
      nonces: Record<ManageFormAction, string>;
    }
  | { ok: false; status: 403 | 410; message: string };

export const MANAGE_MESSAGES = {
  invalid: 'This link to manage a booking is not valid. Please use the link in your booking e-mail as it was sent.',
  expired: 'This link to manage your booking has expired. Please contact us and we will help you with your booking.',
  notCancellable: 'This booking can no longer be cancelled.',
  formRefused:
    'This form was not sent from your booking page. Please open the link in your booking e-mail again and try once more.',
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
  const manageKey = { secret: salts.auth, orderId: order.id, nonce };
  return {
    ok: true,
    order,
    cookie: orderKeyCookie(order.id, key, ctx.now, ctx.https),
    token: token as string,
    nonces: {
      cancel: manageFormNonce(manageKey, 'cancel'),
      'payment-receipt': manageFormNonce(manageKey, 'payment-receipt'),
    },
  };
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
  const [{ tour }, site, host] = await Promise.all([
    loadBookingContext(ctx.wp, order.tourId),
    ctx.site(),
    storedHomeHost(ctx),
  ]);
  if (!tour) return undefined;
  const times = bookingTimes(tour.option, order.travelDate, record(order.bookingDetail).package);
  const instant = times.startTime ? siteTimeToUtc(`${times.date} ${times.startTime}`, site) : undefined;
  const travellers = order.travellerAmount ? ` · ${order.travellerAmount} travellers` : '';
  // Titles, the blog name and tour fields are stored as HTML (`Tom&#039;s &amp; Co`): plain text here.
  const location = decodeEntities(str(tour.option['departure-location'])).trim().slice(0, 200);
  const event: CalendarEvent = {
    uid: `tourmaster-order-${order.id}@${host}`,
    stamp: ctx.now,
    summary: decodeEntities(tour.title),
    description: `Booking #${order.id}${travellers} · ${decodeEntities(site.name)}`,
    url: `${site.homeUrl}/tour/${tour.slug}/`,
    ...(location ? { location } : {}),
    start: instant ? { kind: 'instant', utc: instant } : { kind: 'date', date: times.date },
    ...(times.lastDay ? { end: { kind: 'date', date: times.lastDay } } : {}),
    ...(instant && times.hours
      ? { end: { kind: 'instant', utc: new Date(instant.getTime() + times.hours * 3_600_000) } }
      : {}),
  };
  return { filename: `booking-${order.id}.ics`, body: calendarFile(event) };
}

/** The link opened for a form posted to it: only with that form's nonce for the order (403 otherwise). */
async function openManageForm(
  ctx: RequestContext,
  token: unknown,
  formNonce: unknown,
  action: ManageFormAction,
): Promise<ManageOutcome> {
  const opened = await openManageLink(ctx, token);
  if (!opened.ok) return opened;
  const expected = opened.nonces[action];
  if (typeof formNonce !== 'string' || !timingSafeEqualString(formNonce, expected)) {
    ctx.log.info({ orderId: opened.order.id, action }, 'manage form refused: nonce');
    return { ok: false, status: 403, message: MANAGE_MESSAGES.formRefused };
  }
  return opened;
}

/**
 * The host of the UID: the stored `home` option's, never the request's (a site that follows the
 * request's host would otherwise give the same booking another UID, and a second entry).
 */
async function storedHomeHost(ctx: RequestContext): Promise<string> {
  const options = await getOptions(ctx.wp, ['home', 'siteurl']);
  const home = str(options.get('home')) || str(options.get('siteurl'));
  try {
    return new URL(home).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
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
  formNonce: unknown,
): Promise<{ ok: true } | { ok: false; status: number; message: string }> {
  const opened = await openManageForm(ctx, token, formNonce, 'cancel');
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
  formNonce: unknown,
  post: Omit<ReceiptPost, 'orderId'>,
): Promise<{ ok: true } | { ok: false; status: number; message: string }> {
  const opened = await openManageForm(ctx, token, formNonce, 'payment-receipt');
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

/** The payment page for the balance of the order the link opened, when it still takes one. */
export async function manageBalanceUrl(ctx: RequestContext, order: TourOrder): Promise<string | undefined> {
  const [{ settings }, site] = await Promise.all([loadBookingContext(ctx.wp, order.tourId), ctx.site()]);
  return balancePaymentUrl(ctx, site, order, settings);
}
