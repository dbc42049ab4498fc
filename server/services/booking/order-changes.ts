import { lockSweepState, saveSweepState, sweepOrderBatch } from '../../data/order-changes';
import { inTransaction } from '../../data/tables';
import type { RequestContext } from '../context';
import { withDeadlockRetry } from './write-order';

/** A sweep runs at most this often, whichever process asks. */
export const SWEEP_EVERY_MS = 5_000;

/** Orders compared per sweep: the work a list request may add is bounded whatever the table's size. */
export const SWEEP_BATCH = 2_000;

/**
 * Finds the orders WordPress's admin (or anything but this server) changed since they were last
 * seen, before `GET /bookings?modified_after=` answers: the next {@link SWEEP_BATCH} orders after the
 * sweep's cursor have their fingerprint compared and those that differ are stamped now
 * (data/order-changes.ts). Under the sweep row's lock, at most once every {@link SWEEP_EVERY_MS},
 * so two processes never sweep (and stamp) at once. An admin edit is therefore seen within
 * SWEEP_EVERY_MS × ⌈orders ÷ SWEEP_BATCH⌉ of list requests (5 seconds up to 2,000 orders); this
 * server's own writes are stamped in their transaction and seen at once.
 */
export async function sweepOrderChanges(ctx: Pick<RequestContext, 'wp' | 'now'>): Promise<{ swept: boolean }> {
  return withDeadlockRetry(() =>
    inTransaction(ctx.wp, async (trx) => {
      const state = await lockSweepState(trx);
      const last = state.lastRun ? Date.parse(`${state.lastRun.replace(' ', 'T')}Z`) : Number.NaN;
      if (Number.isFinite(last) && ctx.now.getTime() - last < SWEEP_EVERY_MS) return { swept: false };
      const { cursor } = await sweepOrderBatch(trx, { cursor: state.cursor, limit: SWEEP_BATCH, now: ctx.now });
      await saveSweepState(trx, { cursor, now: ctx.now });
      return { swept: true };
    }),
  );
}
