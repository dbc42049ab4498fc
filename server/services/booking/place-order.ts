import { createHash } from 'node:crypto';
import { countCouponUses, findCouponByCode } from '../../data/coupons';
import { mapDriverError } from '../../data/dialect';
import { insertOrderAttribution, type OrderAttribution } from '../../data/order-attribution';
import {
  findOrderByFingerprint,
  insertOrder,
  lockKeys,
  orderKeyNonce,
  storeOrderKey,
  updateOrderBooking,
} from '../../data/order-writes';
import { getOrder } from '../../data/orders';
import { countSeats } from '../../data/seats';
import { loadServiceOptions } from '../../data/services';
import { inTransaction, type WpDb } from '../../data/tables';
import { loadBookingContext } from '../../data/tours';
import type { OrderMailEvent } from '../../mail/order-mails';
import { isEmpty, list, phpInt, str } from '../../php/coerce';
import {
  type AmountCheckPost,
  type AmountCheckReason,
  amountCheck,
  DATE_CLOSED_MESSAGE,
  seatPool,
  seatStatusFilter,
} from '../../tourmaster/availability';
import { COUPON_MESSAGES, type CouponOption, checkCoupon } from '../../tourmaster/coupon';
import { isWellFormedDate } from '../../tourmaster/dates';
import { normalizePaymentInfos } from '../../tourmaster/deposit';
import { Money } from '../../tourmaster/money';
import type { TourOrder } from '../../tourmaster/order';
import { orderColumns } from '../../tourmaster/order-row';
import { type MergedDatePrice, resolveDatePrice } from '../../tourmaster/packages';
import {
  adminApprovalEnabled,
  contactFieldsFor,
  travellerFieldsFor,
  validateBookingDetail,
  withMandatoryServices,
} from '../../tourmaster/payment-page';
import type { BookingDetail } from '../../tourmaster/price-breakdown';
import { getTourPrice, type TourPrice } from '../../tourmaster/pricing';
import { readPricingSettings } from '../../tourmaster/pricing-settings';
import type { TourmasterSettings } from '../../tourmaster/settings';
import type { Tour } from '../../tourmaster/tour-option';
import { checkTravellers, type Travellers } from '../../tourmaster/travellers';
import { siteLocalTime, utcDate } from '../../wp/site-time';
import type { RequestContext } from '../context';
import { enforceWriteLimit } from '../write-limits';
import { bookingClient } from './booking-client';
import { notifyOrder } from './notify';
import {
  guestOrderKey,
  newOrderKeyNonce,
  ORDER_NOT_FOUND,
  ORDER_OF_ANOTHER_CUSTOMER,
  orderKeyCookie,
  ownsOrder,
} from './ownership';
import type { OrderRefusal, OrderRefused, PlaceOrderResult } from './types';

/**
 * Writes a booking as the plugin does at payment step 4 (pay later) or before a gateway payment,
 * with what the legacy site never did: the price is computed here from the tour's settings, the
 * date, seats, people limits and the coupon's remaining uses are checked again inside the
 * transaction that writes the row, with locks that hold across server processes, so a date is
 * never oversold and a coupon never used beyond its limit; a repeated submit returns the order the
 * first one wrote; an existing order (`tid`) can only be rewritten by its owner.
 */
export async function placeBooking(
  ctx: RequestContext,
  detail: Record<string, unknown>,
  options: {
    via: 'pay-later' | 'gateway';
    paymentMethod?: string;
    /** Where the visitor came from (checked: services/booking/attribution.ts); stored with a new order only. */
    attribution?: OrderAttribution;
  },
): Promise<PlaceOrderResult> {
  // Every attempt counts, refused ones too: a script cannot probe seats and coupons without limit.
  await enforceWriteLimit(ctx.wp, 'booking', { ip: ctx.ip, userId: (await ctx.user())?.user.id ?? 0 }, ctx.now);
  const tourId = phpInt(detail['tour-id']);
  const travelDate = detail['tour-date'];
  if (tourId <= 0 || !isWellFormedDate(travelDate)) return refuse('INVALID', GENERIC_ERROR);
  const { tour, settings } = await loadBookingContext(ctx.wp, tourId);
  if (!tour) return refuse('INVALID', GENERIC_ERROR);
  const resolved = resolveDatePrice(tour.option, travelDate, detail.package);
  if (!resolved) return refuse('CLOSED', DATE_CLOSED_MESSAGE);
  // The one reading of the travellers: seats, price, order row and mails all use it.
  const checked = checkTravellers(tour.option, resolved.entry, detail, { complete: true });
  if (!checked.ok) return refuse(checked.reason === 'room-limit' ? 'LIMIT' : 'INVALID', checked.message);
  const travellers = checked.travellers;
  // The page's own checks, repeated here for whatever path writes the order (DEFECTS.md 11).
  const valid = validateBookingDetail(detail, {
    step: 4,
    tour,
    entry: resolved.entry,
    settings,
    contactFields: contactFieldsFor({
      tourMeta: tour.meta.contactDetailFields,
      option: tour.option,
      general: settings.general,
    }),
  });
  if (!valid.ok) return refuse('INVALID', valid.message);
  // traveller_amount is a tinyint column (0–255): a larger booking cannot be stored faithfully.
  if (travellers.seats > 255) return refuse('LIMIT', TOO_LARGE_MESSAGE);

  const tid = isEmpty(detail.tid) || detail.tid === 'false' ? undefined : phpInt(detail.tid);
  const today = utcDate(ctx.now);
  // A coupon named but not valid now (used up since the payment page showed it, expired, unknown)
  // refuses the booking with its reason: the visitor decides whether to book at the full price.
  const code = str(detail['coupon-code']);
  const coupon = code ? await findCouponByCode(ctx.wp, code) : undefined;
  if (code && !coupon) return refuse('COUPON', COUPON_MESSAGES.invalid);
  if (coupon) {
    const uses = await countCouponUses(ctx.wp, coupon.code, { excludeOrderId: tid });
    const check = checkCoupon(coupon.option as CouponOption, { tourId, today, timesUsed: uses });
    if (!check.ok) return refuse('COUPON', check.message);
  }
  const nowLocal = siteLocalTime(ctx.now, settings);
  // Mandatory services are the tour's to decide, whatever the request left out.
  const booked = withMandatoryServices(
    detail,
    tour.option['tour-service'],
    await loadServiceOptions(ctx.wp, tour.option['tour-service']),
  );
  const price = await priceBooking(ctx, { tour, settings, resolved, detail: booked, coupon, tid, today, travelDate });
  const user = await ctx.user();
  // A guest is recognised by the browser's booking-client id, a customer by the account.
  const client = user ? undefined : bookingClient(ctx);
  const fingerprint =
    tid === undefined ? bookingFingerprint(user ? `user:${user.user.id}` : `guest:${client?.id}`, detail) : null;

  const write = () =>
    inTransaction(
      ctx.wp,
      async (trx): Promise<{ orderId: number; created: boolean } | OrderRefused> => {
        await lockKeys(trx, [
          `seats:${tourId}:${travelDate}`,
          ...(coupon ? [`coupon:${coupon.code.toLowerCase()}`] : []),
        ]);
        if (tid !== undefined) {
          const existing = await getOrder(trx, tid);
          if (!existing || existing.status === 'cancel') return refuse('NOT_FOUND', ORDER_NOT_FOUND);
          if (!(await ownsOrder(ctx, existing))) return refuse('NOT_OWNER', ORDER_OF_ANOTHER_CUSTOMER);
        } else if (fingerprint) {
          const repeated = await findOrderByFingerprint(
            trx,
            fingerprint,
            siteLocalTime(new Date(ctx.now.getTime() - REPEAT_WINDOW_MS), settings),
          );
          if (repeated !== undefined) return { orderId: repeated, created: false };
        }
        const capacity = await checkCapacity(trx, { tour, settings, resolved, travellers, tid, travelDate, nowLocal });
        if (capacity) return capacity;
        if (coupon) {
          const uses = await countCouponUses(trx, coupon.code, { excludeOrderId: tid });
          const still = checkCoupon(coupon.option as CouponOption, { tourId, today, timesUsed: uses });
          if (!still.ok) return refuse('COUPON', still.message);
        }
        const columns = orderColumns({
          tourId,
          travelDate,
          groupSlug: seatPool(tourId, travelDate, resolved.entry).groupSlug,
          travellers,
          detail: booked,
          price,
          contactFields: contactFieldsFor({
            tourMeta: tour.meta.contactDetailFields,
            option: tour.option,
            general: settings.general,
          }),
          travellerFields: travellerFieldsFor(tour.option, settings.general),
        });
        if (tid !== undefined) {
          await updateOrderBooking(trx, tid, columns);
          return { orderId: tid, created: false };
        }
        const orderId = await insertOrder(trx, {
          ...columns,
          user_id: user?.user.id ?? 0,
          booking_date: nowLocal,
          order_status: newOrderStatus(tour, settings, options.via, price),
        });
        await storeOrderKey(trx, { orderId, nonce: newOrderKeyNonce(), fingerprint, createdAt: nowLocal });
        if (options.attribution) await insertOrderAttribution(trx, orderId, options.attribution, nowLocal);
        return { orderId, created: true };
      },
      { readCommitted: true },
    );

  const written = await withDeadlockRetry(write);
  if ('ok' in written) return written;
  const order = await getOrder(ctx.wp, written.orderId);
  // Deleted in the admin in the instant since the write: nothing to show the visitor but that.
  if (!order) return refuse('NOT_FOUND', ORDER_NOT_FOUND);
  const cookies =
    order.userId > 0 ? [] : [...(client?.cookie ? [client.cookie] : []), ...(await guestKeyCookie(ctx, order.id))];
  // A gateway order mails only when it is free; paid ones mail when the payment arrives.
  if (written.created && (options.via === 'pay-later' || order.status === 'approved')) {
    await notifyOrder(ctx, bookingMailEvent(options.via, order), order, tour);
  }
  return { ok: true, orderId: order.id, created: written.created, order, tour, price, cookies };
}

/** Which mails a new order sends (payment.md §7). */
function bookingMailEvent(via: 'pay-later' | 'gateway', order: TourOrder): OrderMailEvent {
  if (via === 'gateway') return { type: 'free-order' };
  if (order.userId === 0) return { type: 'guest-booking-made' };
  return order.status === 'wait-for-approval' ? { type: 'booking-made-approval' } : { type: 'booking-made' };
}

const GENERIC_ERROR = 'An error occurred while processing your request.';
const TOO_LARGE_MESSAGE = 'Sorry, a single booking can hold at most 255 travellers.';
/** A submit repeated within this time (double click, retry) returns the first one's order. */
const REPEAT_WINDOW_MS = 10 * 60_000;

function refuse(reason: OrderRefusal, message: string): OrderRefused {
  return { ok: false, reason, message };
}

/** The price, from the tour's settings and this detail, with the coupon the caller checked. */
async function priceBooking(
  ctx: RequestContext,
  b: {
    tour: Tour;
    settings: TourmasterSettings;
    resolved: MergedDatePrice;
    detail: Record<string, unknown>;
    coupon: { code: string; option: unknown } | undefined;
    tid: number | undefined;
    today: string;
    travelDate: string;
  },
): Promise<TourPrice> {
  // An existing order's payments so far decide what is still due (pricing.md §8.1).
  const existing = b.tid === undefined ? undefined : await getOrder(ctx.wp, b.tid);
  return getTourPrice({
    option: b.tour.option,
    entry: b.resolved.entry,
    detail: b.detail as BookingDetail,
    services: await loadServiceOptions(ctx.wp, list(b.detail.service).map(str)),
    coupon: b.coupon ? (b.coupon.option as CouponOption) : null,
    settings: readPricingSettings(b.settings.general, b.settings.payment),
    paymentInfos: existing ? normalizePaymentInfos(existing.paymentInfo, existing.status ?? '') : [],
    today: b.today,
    travelDate: b.travelDate,
  });
}

/** The amount check's rules again, on counts read inside the transaction (the order itself left out). */
async function checkCapacity(
  trx: WpDb,
  c: {
    tour: Tour;
    settings: TourmasterSettings;
    resolved: MergedDatePrice;
    travellers: Travellers;
    tid: number | undefined;
    travelDate: string;
    nowLocal: string;
  },
): Promise<OrderRefused | undefined> {
  const pool = seatPool(c.tour.id, c.travelDate, c.resolved.entry, c.tid === undefined ? '' : String(c.tid));
  const counts = await countSeats(trx, {
    ...pool,
    held: seatStatusFilter(c.settings.general['block-seat-status']),
    forUpdate: true,
  });
  const result = amountCheck({
    post: amountCheckPost(c.tour, c.travellers, c.travelDate),
    tour: c.tour,
    date: c.resolved,
    counts,
    settings: { requireAdultToBookTour: c.settings.general['require-adult-to-book-tour'] },
    extraBookingFields: [],
    nowLocal: c.nowLocal,
  });
  return result.ok ? undefined : refuse(refusalOf(result.reason), result.message);
}

/** The fields the booking bar's script would post to the amount check, from the booking's travellers. */
function amountCheckPost(tour: Tour, travellers: Travellers, travelDate: string): AmountCheckPost {
  const group = travellers.mode === 'group';
  const size = (party: Travellers['rooms'][number]) => Object.values(party).reduce<number>((n, c) => n + (c ?? 0), 0);
  return {
    tour_id: String(tour.id),
    tour_date: travelDate,
    traveller: group ? 'group' : String(travellers.total),
    adult_amount: group ? 'group' : String(travellers.adults),
    male_amount: String(travellers.male),
    female_amount: String(travellers.female),
    max_traveller_per_room: String(Math.max(0, ...travellers.rooms.map(size))),
  };
}

function refusalOf(reason: AmountCheckReason): OrderRefusal {
  if (reason === 'full' || reason === 'group-full') return 'FULL';
  if (reason === 'closed') return 'CLOSED';
  if (
    reason === 'missing-field' ||
    reason === 'no-traveller' ||
    reason === 'invalid-traveller' ||
    reason === 'invalid-email'
  ) {
    return 'INVALID';
  }
  return 'LIMIT';
}

/** payment.md §3.1: waiting for the admin when the tour (or site) requires approval; free orders are approved. */
function newOrderStatus(
  tour: Tour,
  settings: TourmasterSettings,
  via: 'pay-later' | 'gateway',
  price: TourPrice,
): string {
  if (price.total.compare(Money.ZERO) <= 0) return 'approved';
  if (via === 'gateway') return 'pending';
  return adminApprovalEnabled(tour.option, settings.payment) ? 'wait-for-approval' : 'pending';
}

/** The same visitor (account, or guest browser) submitting the same booking detail gives the same fingerprint. */
function bookingFingerprint(visitor: string, detail: Record<string, unknown>): string {
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

/** MariaDB may pick a deadlock victim between lock waits; the whole transaction is then run again. */
async function withDeadlockRetry<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (err) {
      const mapped = mapDriverError(err);
      if (i >= attempts || mapped?.code !== 'BUSY') throw err;
    }
  }
}
