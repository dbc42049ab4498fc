import { setTimeout as sleep } from 'node:timers/promises';
import { countCouponUses } from '../../data/coupons';
import { QUERY_TIMEOUT_MS } from '../../data/db';
import { mapDriverError } from '../../data/dialect';
import { insertOrderAttribution, type OrderAttribution } from '../../data/order-attribution';
import {
  findOrderByFingerprint,
  insertOrder,
  lockKeys,
  storeOrderKey,
  updateOrderBooking,
} from '../../data/order-writes';
import { getOrder } from '../../data/orders';
import { insertSeatHold } from '../../data/seat-holds';
import { inTransaction, type WpDb } from '../../data/tables';
import { seatPool } from '../../tourmaster/availability';
import { type CouponOption, checkCoupon } from '../../tourmaster/coupon';
import { Money } from '../../tourmaster/money';
import { orderColumns } from '../../tourmaster/order-row';
import { adminApprovalEnabled, travellerFieldsFor } from '../../tourmaster/payment-page';
import type { TourPrice } from '../../tourmaster/pricing';
import { takesSeatHold } from '../../tourmaster/seat-hold';
import type { TourmasterSettings } from '../../tourmaster/settings';
import type { Tour } from '../../tourmaster/tour-option';
import { siteLocalTime } from '../../wp/site-time';
import type { CurrentUser } from '../../wp/user';
import type { RequestContext } from '../context';
import { checkCapacity } from './capacity';
import { orderCreated, orderRewritten } from './order-changed';
import { newOrderKeyNonce, ORDER_NOT_FOUND, ORDER_OF_ANOTHER_CUSTOMER, ownsOrder } from './ownership';
import type { PreparedBooking } from './prepare-booking';
import { type OrderRefused, refusal } from './types';

/** A submit repeated within this time (double click, retry) returns the first one's order. */
const REPEAT_WINDOW_MS = 10 * 60_000;

export interface WriteOptions {
  via: 'pay-later' | 'gateway';
  /** The gateway of an online payment (`paypal`, `stripe`…): its new order holds its seats for a while. */
  paymentMethod?: string;
  user: CurrentUser | null;
  /** The same visitor's same detail (null when rewriting an order): a repeat finds the first order. */
  fingerprint: string | null;
  attribution?: OrderAttribution;
  /** A caller's own record of the request, kept in the order's transaction (the REST API's Idempotency-Key). */
  guard?: WriteGuard;
}

/**
 * What a caller adds to the order's transaction: a lock key taken with the seats' lock, a look for
 * the order an earlier identical request wrote (or a refusal: the key was used for another
 * request), and a record written with a new order.
 */
export interface WriteGuard {
  lockKey: string;
  replay(trx: WpDb): Promise<{ orderId: number } | OrderRefused | undefined>;
  record(trx: WpDb, orderId: number): Promise<void>;
}

/**
 * Writes a prepared booking in one transaction, with locks that hold across server processes (the
 * date's seats, the coupon): an existing order (`tid`) only by its owner; a repeated submit returns
 * the order the first one wrote; seats, people limits and the coupon's remaining uses are checked
 * again on counts read inside the transaction. A deadlock victim runs again.
 */
export function writeOrder(
  ctx: RequestContext,
  b: PreparedBooking,
  options: WriteOptions,
): Promise<{ orderId: number; created: boolean } | OrderRefused> {
  return withDeadlockRetry(async () => {
    try {
      return await inTransaction(
        ctx.wp,
        async (trx) => {
          const written = await writeIn({ ...ctx, wp: trx }, b, options);
          if ('ok' in written) throw new Refused(written);
          return written;
        },
        { readCommitted: true },
      );
    } catch (err) {
      if (err instanceof Refused) return err.refusal;
      throw err;
    }
  });
}

/**
 * A refusal (a full date, a spent coupon) has written nothing but its lock rows: it is rolled back,
 * not committed, so on a Galera cluster it replicates no write that the bookings on other nodes
 * would conflict with (once a date is sold out, its refusals cost the other nodes nothing).
 */
class Refused extends Error {
  constructor(readonly refusal: OrderRefused) {
    super(refusal.message);
  }
}

async function writeIn(
  ctx: RequestContext,
  b: PreparedBooking,
  options: WriteOptions,
): Promise<{ orderId: number; created: boolean } | OrderRefused> {
  const { tour, settings, coupon } = b;
  const { travelDate, tid } = b.booking;
  const trx = ctx.wp;
  await lockKeys(trx, [
    `seats:${tour.id}:${travelDate}`,
    ...(coupon ? [`coupon:${coupon.code.toLowerCase()}`] : []),
    ...(options.guard ? [options.guard.lockKey] : []),
  ]);
  const replayed = await options.guard?.replay(trx);
  if (replayed) return 'ok' in replayed ? replayed : { orderId: replayed.orderId, created: false };
  let previousDate: string | undefined;
  if (tid !== undefined) {
    const existing = await getOrder(trx, tid);
    previousDate = existing?.travelDate;
    if (!existing || existing.status === 'cancel') return refusal('NOT_FOUND', ORDER_NOT_FOUND);
    if (!(await ownsOrder(ctx, existing))) return refusal('NOT_OWNER', ORDER_OF_ANOTHER_CUSTOMER);
  } else if (options.fingerprint) {
    const since = siteLocalTime(new Date(ctx.now.getTime() - REPEAT_WINDOW_MS), settings);
    const repeated = await findOrderByFingerprint(trx, options.fingerprint, since);
    if (repeated !== undefined) return { orderId: repeated, created: false };
  }
  const capacity = await checkCapacity(trx, b, ctx.now);
  if (capacity) return capacity;
  if (coupon) {
    const uses = await countCouponUses(trx, coupon.code, { excludeOrderId: tid });
    const still = checkCoupon(coupon.option as CouponOption, { tourId: tour.id, today: b.today, timesUsed: uses });
    if (!still.ok) return refusal('COUPON', still.message);
  }
  const columns = orderColumns({
    booking: b.booking,
    groupSlug: seatPool(tour.id, travelDate, b.booking.date.entry).groupSlug,
    price: b.price,
    travellerFields: travellerFieldsFor(tour.option, settings.general),
  });
  if (tid !== undefined) {
    await updateOrderBooking(trx, tid, columns);
    // The rewritten booking may take other seats, on its date and on the one it left.
    await orderRewritten(trx, ctx.now, { id: tid, tourId: tour.id, travelDate }, previousDate);
    return { orderId: tid, created: false };
  }
  const status = newOrderStatus(tour, settings, options.via, b.price);
  const orderId = await insertOrder(trx, {
    ...columns,
    user_id: options.user?.user.id ?? 0,
    booking_date: b.nowLocal,
    order_status: status,
  });
  // The hold is written with the order: no instant where an online order holds seats without an end.
  if (options.via === 'gateway' && takesSeatHold(options.paymentMethod, status)) {
    await insertSeatHold(trx, {
      orderId,
      gateway: options.paymentMethod ?? '',
      now: ctx.now,
      holdMs: ctx.deps.config.seatHoldMs,
    });
  }
  await storeOrderKey(trx, {
    orderId,
    nonce: newOrderKeyNonce(),
    fingerprint: options.fingerprint,
    createdAt: b.nowLocal,
  });
  if (options.attribution) await insertOrderAttribution(trx, orderId, options.attribution, b.nowLocal);
  await options.guard?.record(trx, orderId);
  // In this transaction: the change stamp and the events exist exactly when the order does.
  await orderCreated(trx, ctx.now, { id: orderId, tourId: tour.id, travelDate });
  return { orderId, created: true };
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

/**
 * How long a write keeps being run again: no new attempt starts after this (the statement bound,
 * data/db.ts). A lock wait timeout is BUSY too, and where the server's innodb_lock_wait_timeout is
 * below the statement bound, a lock held by a stuck transaction made each of the 8 attempts wait
 * that long (8 × 3 s) before the visitor heard anything.
 */
export const RETRY_BUDGET_MS = QUERY_TIMEOUT_MS;

/**
 * MariaDB may pick a deadlock victim between lock waits, and a Galera node fails the commit of a
 * transaction that conflicts with one another node committed first (a deadlock error too): the
 * whole transaction is then run again, after a short random pause that grows with each attempt, so
 * the nodes' next bookings of the same date do not meet again at once. At most `attempts` runs,
 * none started once `budgetMs` has passed since the first.
 */
export async function withDeadlockRetry<T>(
  run: () => Promise<T>,
  options: { attempts?: number; budgetMs?: number; now?: () => number } = {},
): Promise<T> {
  const { attempts = 8, budgetMs = RETRY_BUDGET_MS, now = Date.now } = options;
  const started = now();
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (err) {
      const mapped = mapDriverError(err);
      if (i >= attempts || mapped?.code !== 'BUSY' || now() - started >= budgetMs) throw err;
      await sleep(Math.random() * Math.min(200, 5 * 2 ** i));
    }
  }
}
