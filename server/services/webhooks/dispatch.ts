import { randomBytes } from 'node:crypto';
import { asUnavailable } from '../../data/db-faults';
import {
  type ClaimedDelivery,
  claimDueDeliveries,
  failPendingDeliveries,
  settleAttempt,
} from '../../data/webhook-deliveries';
import { pruneWebhookLog } from '../../data/webhook-retention';
import { disableSubscription } from '../../data/webhook-subscriptions';
import type { ServiceDeps } from '../context';
import { mailSubscriptionDisabled } from './failure-mail';
import { sendWebhook } from './send';
import { onWebhookEventCommitted } from './wake';

/** Deliveries claimed (and sent in parallel) at a time. */
const CLAIM_BATCH = 10;
/** A claim outlives the longest send (10 s timeout plus the name lookup) by far. */
const LEASE_MS = 60_000;
/** Retries stop this long after the event: the delivery fails, the subscription is disabled. */
export const RETRY_WINDOW_MS = 24 * 60 * 60_000;
const FIRST_RETRY_MS = 30_000;
/** The webhook log (events, deliveries, attempts) is kept this long once settled (README "Webhooks"). */
export const WEBHOOK_LOG_KEEP_MS = 30 * 24 * 60 * 60_000;
/** How often a process prunes it. */
const PRUNE_EVERY_MS = 60 * 60_000;
const MAX_RETRY_MS = 60 * 60_000;

/**
 * The wait before try `attempts + 1`: 30 s, 1 min, 2 min… doubling up to an hour, ±20 % random
 * spread so receivers coming back are not hit by every retry at once. `random` is for tests.
 */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * Sends the due deliveries of active subscriptions, a batch at a time, until none is due. Each is
 * claimed for this process (a lease: data/webhook-deliveries.ts), sent, and settled: a 2xx is
 * `delivered`; anything else is retried later, until 24 hours after the event, then `failed` and
 * its subscription disabled with one mail to the admin. Returns how many tries were made.
 */
export async function dispatchDueWebhooks(deps: ServiceDeps, at?: Date): Promise<number> {
  const token = randomBytes(12).toString('hex');
  let tries = 0;
  for (;;) {
    // The clock is read for each batch: a run that lasts (slow receivers) must not lease rows that
    // another process already sees as expired, nor sign with a timestamp receivers find stale.
    const now = at ?? deps.clock();
    const claimed = await claimDueDeliveries(deps.wp, {
      now,
      leaseUntil: new Date(now.getTime() + LEASE_MS),
      token,
      limit: CLAIM_BATCH,
    });
    await Promise.all(claimed.map((delivery) => deliver(deps, delivery, token, now)));
    if (claimed.length) deps.log.info({ deliveries: claimed.map((d) => d.id) }, 'webhook deliveries tried');
    tries += claimed.length;
    if (claimed.length < CLAIM_BATCH) return tries;
  }
}

async function deliver(deps: ServiceDeps, delivery: ClaimedDelivery, token: string, now: Date): Promise<void> {
  const sent = await sendWebhook(delivery, { allowPrivate: deps.config.webhooksAllowPrivate, signedAt: now });
  const ok = sent.status !== null && sent.status >= 200 && sent.status < 300;
  const error = ok ? null : (sent.error ?? `HTTP ${sent.status}`);
  const outcome = { at: now, status: sent.status, error, durationMs: sent.durationMs };
  const expired = now.getTime() - Date.parse(`${delivery.eventAt.replace(' ', 'T')}Z`) >= RETRY_WINDOW_MS;
  const next = ok
    ? ({ state: 'delivered' } as const)
    : expired
      ? ({ state: 'failed' } as const)
      : ({ state: 'pending', nextAt: new Date(now.getTime() + retryDelayMs(delivery.attempts + 1)) } as const);
  const settled = await settleAttempt(deps.wp, { id: delivery.id, attempts: delivery.attempts, token }, outcome, next);
  if (!settled || next.state !== 'failed') return;
  const reason = `deliveries failed for 24 hours (last: ${error})`;
  if (!(await disableSubscription(deps.wp, delivery.subscriptionId, reason, now))) return;
  await failPendingDeliveries(deps.wp, delivery.subscriptionId, 'subscription disabled');
  deps.log.warn({ subscriptionId: delivery.subscriptionId, error }, 'webhook subscription disabled');
  await mailSubscriptionDisabled(deps, now, { id: delivery.subscriptionId, url: delivery.url }, reason);
}

/**
 * The webhook dispatcher of one server process, like the seat-hold timer: about every
 * `intervalMs` (±50 %, so processes started together do not query in step) it sends what is due;
 * an event committed in this process wakes it at once. Unref'd; one run at a time (a wake during a
 * run makes one more run); a failing run is logged and the next one tries again.
 */
export function startWebhookDispatcher(deps: ServiceDeps, intervalMs = 5_000): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let again = false;
  let stopped = false;
  let prunedAt = 0;
  const pruneIfDue = async () => {
    const now = deps.clock().getTime();
    if (now - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = now;
    const pruned = await pruneWebhookLog(deps.wp, new Date(now - WEBHOOK_LOG_KEEP_MS));
    if (pruned) deps.log.info({ events: pruned }, 'webhook log pruned');
  };
  const schedule = (delay = Math.round(intervalMs * (0.5 + Math.random()))) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, delay);
    timer.unref();
  };
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = dispatchDueWebhooks(deps)
      .then(pruneIfDue)
      .catch((err: unknown) =>
        asUnavailable(err)
          ? deps.log.warn({ err }, 'webhook dispatch skipped: database unavailable')
          : deps.log.error({ err }, 'webhook dispatch failed'),
      )
      .finally(() => {
        running = undefined;
        schedule(again ? 0 : undefined);
        again = false;
      });
  };
  const unsubscribe = onWebhookEventCommitted(() => schedule(0));
  schedule();
  return {
    async stop() {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
      await running;
    },
  };
}
