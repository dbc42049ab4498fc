import { phpJsonEncode } from '../php/json';
import type { PhpValue } from '../php/values';
import type { TourOrder } from '../tourmaster/order';
import type { OrderColumns } from '../tourmaster/order-row';
import { mapDriverError } from './dialect';
import { toOrder } from './orders';
import { inTransaction, type WpDb } from './tables';

/**
 * Writing orders. Every function takes the transaction it runs in (`WpDb` bound to it): callers
 * lock, count and write in one transaction (services/booking/place-order.ts).
 */

const locksTable = (wp: WpDb) => `${wp.prefix}dropin_locks`;
const keysTable = (wp: WpDb) => `${wp.prefix}dropin_order_keys`;

/**
 * Takes the named locks for the rest of the transaction, in a fixed order so two bookings can never
 * wait on each other. MariaDB: a row lock per key, held until commit, across every server process;
 * on a Galera cluster, a write of the key's row that two nodes' transactions conflict on, so one of
 * them fails its commit (a deadlock error) and runs again. SQLite: the database has one writer at a
 * time already.
 */
export async function lockKeys(wp: WpDb, keys: readonly string[]): Promise<void> {
  if (wp.engine !== 'mysql') return;
  for (const key of [...new Set(keys)].sort()) {
    // INSERT … ON DUPLICATE KEY UPDATE takes the row's exclusive lock at once, new row or not. (INSERT
    // IGNORE then SELECT … FOR UPDATE would take a shared lock first, and two waiters upgrading their
    // shared locks deadlock each other.) `taken + 1` changes the row every time: Galera replicates
    // and certifies changed rows only, and an update to the same value changes none.
    await wp
      .knex(locksTable(wp))
      .insert({ lock_key: key })
      .onConflict('lock_key')
      .merge({ taken: wp.knex.raw('?? + 1', [`${locksTable(wp)}.taken`]) });
  }
}

export async function insertOrder(
  wp: WpDb,
  row: OrderColumns & { user_id: number; booking_date: string; order_status: string },
): Promise<number> {
  const [id] = await wp.knex(wp.t.orders).insert(row);
  return Number(id);
}

/** Rewrites a booking's columns (a pay-later step 4 with `tid`); owner, date and status stay. */
export async function updateOrderBooking(wp: WpDb, orderId: number, columns: OrderColumns): Promise<void> {
  await wp.knex(wp.t.orders).where('id', orderId).update(columns);
}

export async function setOrderStatus(wp: WpDb, orderId: number, status: string): Promise<void> {
  await wp.knex(wp.t.orders).where('id', orderId).update({ order_status: status });
}

/**
 * The order a recent identical submit wrote (newer than `since`, site-local time), while it still
 * stands: an order deleted in the admin, cancelled or rejected since is no booking to return.
 */
export async function findOrderByFingerprint(
  wp: WpDb,
  fingerprint: string,
  since: string,
): Promise<number | undefined> {
  const row = await wp
    .knex(`${keysTable(wp)} as k`)
    .join(`${wp.t.orders} as o`, 'o.id', 'k.order_id')
    .first('k.order_id')
    .where('k.fingerprint', fingerprint)
    .andWhere('k.created_at', '>=', since)
    .whereNotIn('o.order_status', ['cancel', 'rejected']);
  return row ? Number(row.order_id) : undefined;
}

/** Records an order's key nonce and fingerprint; an older identical fingerprint is released first. */
export async function storeOrderKey(
  wp: WpDb,
  entry: { orderId: number; nonce: string; fingerprint: string | null; createdAt: string },
): Promise<void> {
  if (entry.fingerprint)
    await wp.knex(keysTable(wp)).where('fingerprint', entry.fingerprint).update({ fingerprint: null });
  await wp
    .knex(keysTable(wp))
    .insert({
      order_id: entry.orderId,
      nonce: entry.nonce,
      fingerprint: entry.fingerprint,
      created_at: entry.createdAt,
    })
    .onConflict('order_id')
    .merge(['nonce', 'fingerprint', 'created_at']);
}

/** The nonce behind an order's guest key, when we wrote the order. */
export async function orderKeyNonce(wp: WpDb, orderId: number): Promise<string | undefined> {
  const row = await wp.knex(keysTable(wp)).first('nonce').where('order_id', orderId);
  return row ? String(row.nonce) : undefined;
}

/**
 * Re-prices an order for the payment chosen (its `pricing_info` and `booking_detail`, as the plugin
 * writes them), if it is still in the status it was read in. False when it was not: a payment
 * changed it in between.
 */
export async function updateOrderPricing(
  wp: WpDb,
  orderId: number,
  /** The status the caller read the order in: the update is made only while it still has it. */
  readStatus: string,
  values: { pricingInfo: PhpValue; bookingDetail: PhpValue },
): Promise<boolean> {
  // Compare-and-set on the status: a payment recorded since the caller read the order (a second tab,
  // the same PayPal completion sent twice) changes it, and that order's pricing is then the record
  // of what was paid, not to be rewritten.
  const updated = await wp
    .knex(wp.t.orders)
    .where({ id: orderId, order_status: readStatus })
    .update({ pricing_info: phpJsonEncode(values.pricingInfo), booking_detail: phpJsonEncode(values.bookingDetail) });
  return Number(updated) === 1;
}

const gatewayPaymentsTable = (wp: WpDb) => `${wp.prefix}dropin_gateway_payments`;

/** Whether a gateway's payment id was already recorded for an order (PayPal orders count once). */
export async function isGatewayPaymentUsed(wp: WpDb, gateway: string, paymentId: string): Promise<boolean> {
  const row = await wp.knex(gatewayPaymentsTable(wp)).first('payment_id').where({ gateway, payment_id: paymentId });
  return row !== undefined;
}

/** The order a gateway's payment id was recorded on, if any. */
export async function gatewayPaymentOrderId(wp: WpDb, gateway: string, paymentId: string): Promise<number | undefined> {
  const row = await wp.knex(gatewayPaymentsTable(wp)).first('order_id').where({ gateway, payment_id: paymentId });
  return row === undefined ? undefined : Number(row.order_id);
}

/**
 * Claims a gateway's payment id for an order without paying it (a payment taken that could not be
 * applied: a refund is due). False when the id was claimed already (by this call's twin, or a payment).
 */
export async function claimGatewayPayment(
  wp: WpDb,
  claim: { gateway: string; paymentId: string; orderId: number; at: string },
): Promise<boolean> {
  try {
    await wp.knex(gatewayPaymentsTable(wp)).insert({
      gateway: claim.gateway,
      payment_id: claim.paymentId,
      order_id: claim.orderId,
      created_at: claim.at,
    });
    return true;
  } catch (err) {
    if (mapDriverError(err)?.code === 'CONFLICT') return false;
    throw err;
  }
}

const stripeRefundsTable = (wp: WpDb) => `${wp.prefix}dropin_stripe_refunds`;

/**
 * Records the refunded total Stripe reports for a charge (`charge.refunded`), kept apart from the
 * order's `payment_info`. Events come late and twice: a total at or below the largest recorded for
 * that charge changes nothing (false). The charge's lock makes two deliveries at once count once.
 */
export async function recordStripeRefund(
  wp: WpDb,
  refund: {
    chargeId: string;
    orderId: number;
    paymentIntentId: string;
    amountRefunded: number;
    currency: string;
    at: string;
  },
): Promise<boolean> {
  return inTransaction(wp, async (trx) => {
    await lockKeys(trx, [`stripe-refund:${refund.chargeId}`]);
    const row = await trx.knex(stripeRefundsTable(trx)).first('amount_refunded').where('charge_id', refund.chargeId);
    if (row && Number(row.amount_refunded) >= refund.amountRefunded) return false;
    await trx
      .knex(stripeRefundsTable(trx))
      .insert({
        charge_id: refund.chargeId,
        order_id: refund.orderId,
        payment_intent: refund.paymentIntentId,
        amount_refunded: refund.amountRefunded,
        currency: refund.currency,
        updated_at: refund.at,
      })
      .onConflict('charge_id')
      .merge(['amount_refunded', 'updated_at']);
    return true;
  });
}

/** The order changed (cancelled, paid, re-priced) between the payment's checks and its recording. */
export class PaymentNoLongerDue extends Error {
  constructor(readonly orderId: number) {
    super(`order ${orderId} no longer awaits this payment`);
    this.name = 'PaymentNoLongerDue';
  }
}

/**
 * Records a verified gateway payment on its order in one transaction: the payment id (its primary
 * key makes it count once, whatever races: a ConflictError then), the order's `payment_info` with
 * `entry(current)` appended, `payment_date` and the new status.
 */
export async function recordGatewayPayment(
  wp: WpDb,
  payment: {
    gateway: string;
    paymentId: string;
    orderId: number;
    /** Site-local `Y-m-d H:i:s`. */
    at: string;
    status: string;
    /** The order's payment entries after this one, from the stored `payment_info` and status. */
    entries: (stored: { paymentInfo: unknown; status: string }) => PhpValue;
    /**
     * Whether the order, as stored under its row lock, still awaits this payment (its status and
     * amount due as the payment was verified against): false rolls everything back (PaymentNoLongerDue).
     */
    stillDue: (stored: TourOrder, trx: WpDb) => Promise<boolean>;
  },
): Promise<void> {
  await inTransaction(wp, async (trx) => {
    await trx.knex(gatewayPaymentsTable(trx)).insert({
      gateway: payment.gateway,
      payment_id: payment.paymentId,
      order_id: payment.orderId,
      created_at: payment.at,
    });
    const current = (await trx.dialect.forUpdate(
      trx.knex(trx.t.orders).first().where('id', payment.orderId),
    )) as Record<string, unknown>;
    if (!(await payment.stillDue(toOrder(current), trx))) throw new PaymentNoLongerDue(payment.orderId);
    const entries = payment.entries({
      paymentInfo: jsonOrNull(current.payment_info),
      status: String(current.order_status ?? ''),
    });
    await trx
      .knex(trx.t.orders)
      .where('id', payment.orderId)
      .update({ payment_info: phpJsonEncode(entries), payment_date: payment.at, order_status: payment.status });
  });
}

function jsonOrNull(value: unknown): unknown {
  if (typeof value !== 'string' || value === '') return null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}
