import { asUnavailable } from '../../data/db-faults';
import { lockKeys } from '../../data/order-writes';
import { getOrder } from '../../data/orders';
import {
  cancelUnpaidOrder,
  claimDueHolds,
  getSeatHold,
  holdTime,
  renewSeatHold,
  settleSeatHold,
} from '../../data/seat-holds';
import { inTransaction, type WpDb } from '../../data/tables';
import { loadBookingContext } from '../../data/tours';
import { bookingDetailFrom } from '../../tourmaster/booking-detail';
import type { TourOrder } from '../../tourmaster/order';
import { paymentTiming } from '../../tourmaster/seat-hold';
import { backgroundContext } from '../background-context';
import type { RequestContext, ServiceDeps } from '../context';
import { checkCapacity } from './capacity';
import { notifyOrder } from './notify';
import { orderCancelled } from './order-changed';
import { prepareBooking } from './prepare-booking';
import { withDeadlockRetry } from './write-order';

/** Holds claimed per transaction: short transactions, few row locks at a time. */
const CLAIM_BATCH = 20;

/**
 * Cancels the orders whose seat hold ran out unpaid at `now`, as the plugin's daily job cancels an
 * unpaid order (status `cancel`; `booking-cancelled-mail` only when `enable-cancel-booking-mail`
 * is enable). Each due hold is claimed under a row lock that other processes skip, so with several
 * processes each one is handled exactly once. An order paid or changed meanwhile (in the admin,
 * say) is left as it is. Returns the ids of the orders cancelled.
 */
export async function expireDueHolds(deps: ServiceDeps, now: Date): Promise<number[]> {
  const cancelled: number[] = [];
  for (;;) {
    const batch = await inTransaction(deps.wp, (trx) => expireBatch(trx, now), { readCommitted: true });
    cancelled.push(...batch.cancelled);
    if (batch.claimed < CLAIM_BATCH) break;
  }
  if (cancelled.length) {
    deps.log.info({ orders: cancelled }, 'unpaid orders cancelled at the end of their seat hold');
    const ctx = backgroundContext(deps, now);
    for (const id of cancelled) await mailCancelled(ctx, id);
  }
  return cancelled;
}

async function expireBatch(trx: WpDb, now: Date): Promise<{ claimed: number; cancelled: number[] }> {
  const due = await claimDueHolds(trx, now, CLAIM_BATCH);
  const cancelled: number[] = [];
  for (const hold of due) {
    if (await cancelUnpaidOrder(trx, hold.orderId)) {
      await settleSeatHold(trx, hold.orderId, 'expired', now);
      const order = await getOrder(trx, hold.orderId);
      if (order) await orderCancelled(trx, now, order);
      cancelled.push(hold.orderId);
    } else await settleSeatHold(trx, hold.orderId, 'released', now);
  }
  return { claimed: due.length, cancelled };
}

async function mailCancelled(ctx: RequestContext, orderId: number): Promise<void> {
  const order = await getOrder(ctx.wp, orderId);
  if (!order) return;
  const { tour } = await loadBookingContext(ctx.wp, order.tourId);
  if (tour) await notifyOrder(ctx, { type: 'booking-cancelled', by: 'seat-hold' }, order, tour);
}

/**
 * The expiry timer of one server process: about every `intervalMs` (a third of the hold, between
 * 1 s and a minute, with a random spread so processes started together do not query in step) it
 * cancels the due holds. Unref'd, so it never keeps a process alive; one run at a time; a failing
 * run is logged and the next one tries again. Seat counts never wait for it: they leave expired
 * holds out themselves (data/seat-holds.ts `withoutExpiredHolds`).
 */
export function startSeatHoldTimer(deps: ServiceDeps): { stop(): Promise<void> } {
  const intervalMs = Math.min(60_000, Math.max(1_000, Math.round(deps.config.seatHoldMs / 3)));
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(run, Math.round(intervalMs * (0.5 + Math.random())));
    timer.unref();
  };
  const run = () => {
    running = expireDueHolds(deps, deps.clock())
      .catch((err: unknown) =>
        // The database away for a moment is expected to pass: the next run catches up.
        asUnavailable(err)
          ? deps.log.warn({ err }, 'seat hold expiry skipped: database unavailable')
          : deps.log.error({ err }, 'seat hold expiry failed'),
      )
      .finally(() => {
        running = undefined;
        schedule();
      });
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/**
 * A new payment attempt on an existing order (payExistingOrder): a hold that still runs starts
 * again from now, so the visitor has the whole hold at the gateway. Returns false when the order's
 * hold has run out: its seats may be booked by others now, the attempt is refused.
 */
export async function renewHoldForAttempt(ctx: RequestContext, orderId: number): Promise<boolean> {
  const hold = await renewSeatHold(ctx.wp, orderId, { now: ctx.now, holdMs: ctx.deps.config.seatHoldMs });
  return paymentTiming(hold, holdTime(ctx.now)) !== 'late';
}

export type HoldOutcome = 'no-hold' | 'paid' | 'late-paid' | 'refund';

/**
 * A verified payment, recorded against the order's seat hold in one transaction under the date's
 * seat lock (the one every booking takes): in time, or without a hold, it is simply recorded
 * (`record(trx, 'paid')`); after the hold, the seats are counted again with this order left out:
 * still free, it is recorded as paid (`late-paid`); taken, it is recorded on the order left (or
 * made) `cancel` (`record(trx, 'refund')`) and the hold marked `refund` for the admin. Never oversold.
 */
export async function recordAgainstHold(
  ctx: RequestContext,
  order: TourOrder,
  record: (trx: WpDb, as: 'paid' | 'refund') => Promise<void>,
): Promise<HoldOutcome> {
  const now = holdTime(ctx.now);
  // A late payment needs the booking checked as a new one would be: prepared before the locks,
  // for any held order (the hold may run out between this read and the lock).
  const peek = await getSeatHold(ctx.wp, order.id);
  const prepared =
    paymentTiming(peek, now) !== 'no-hold'
      ? await prepareBooking(ctx, { ...bookingDetailFrom(order.bookingDetail), tid: String(order.id) })
      : undefined;
  // The recount locks the date's orders while the expiry timer may be cancelling one of them: a
  // deadlock victim runs again (the payment is verified already; it must not be lost to a retryable error).
  return withDeadlockRetry(() =>
    inTransaction(
      ctx.wp,
      async (trx) => {
        await lockKeys(trx, [`seats:${order.tourId}:${order.travelDate}`]);
        const hold = await getSeatHold(trx, order.id, { forUpdate: true });
        const timing = paymentTiming(hold, now);
        if (timing !== 'late') {
          await record(trx, 'paid');
          if (timing === 'in-time') await settleSeatHold(trx, order.id, 'paid', ctx.now);
          return timing === 'in-time' ? 'paid' : 'no-hold';
        }
        const free = prepared?.ok === true && !(await checkCapacity(trx, prepared.booking, ctx.now));
        await record(trx, free ? 'paid' : 'refund');
        const outcome = free ? 'late-paid' : 'refund';
        await settleSeatHold(trx, order.id, outcome, ctx.now);
        return outcome;
      },
      { readCommitted: true },
    ),
  );
}
