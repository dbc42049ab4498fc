import { isEmpty, str } from '../php/coerce';
import { Money } from '../tourmaster/money';
import { phpMoney } from '../tourmaster/pricing-settings';
import type { PaymentInfoEntry } from './payment-info';

/**
 * Does a PayPal order (as `GET /v2/checkout/orders/{id}` returned it) pay what our booking owes?
 * Pure: the caller fetched the order (paypal.ts) and knows what is due. This is the check the
 * legacy plugin never made (payment.md §8.2, DEFECTS 9): the order must be COMPLETED, one purchase
 * whose `custom_id` / `invoice_id` (when set) name our order, every capture COMPLETED and none
 * refunded, in our currency, the purchase amount == the captured amount == the amount due (±0.01,
 * the plugin's price equality), and never used before. A short payment is refused (the legacy site
 * marked it `deposit-paid`).
 */

export type PaymentKind = 'full' | 'deposit';
export type PaidStatus = 'online-paid' | 'deposit-paid';

export interface PaypalExpectation {
  /** Our order id (`tid`), for messages. */
  orderId: number;
  /** The PayPal order id the browser reported (`order_data[id]`). */
  paypalOrderId: string;
  /** Which payment the customer chose: the deposit (`payment-type` partial) or the remaining amount. */
  kind: PaymentKind;
  /** The fee-inclusive amount of that payment, in `currency` (stored `deposit-price` or `pay-amount` × order rate). */
  amountDue: Money;
  /** ISO code the site charges in (`paypal-currency-code`, or the order's display currency). */
  currency: string;
  /** Every PayPal order id already recorded, on any order (see paypalTransactionIds). */
  paypalOrderIdsAlreadyUsed: ReadonlySet<string>;
  /** The order's currency rate (1 when the order has no display currency); `amount` = paid ÷ rate. */
  exchangeRate?: Money;
}

export type PaypalRefusal =
  | 'NOT_COMPLETED'
  | 'AMOUNT_MISMATCH'
  | 'CURRENCY_MISMATCH'
  | 'ALREADY_USED'
  | 'NOT_FOUND'
  | 'WRONG_BOOKING';

export type PaypalVerification =
  | {
      ok: true;
      /** What was paid, in the site's main currency (paid ÷ rate), as `payment_info.amount` records it. */
      amount: Money;
      /** What PayPal captured, in `currency`. */
      paid: Money;
      paypalOrderId: string;
      captureId: string;
      status: PaidStatus;
    }
  | { ok: false; reason: PaypalRefusal; message: string };

const refuse = (reason: PaypalRefusal, message: string): PaypalVerification => ({ ok: false, reason, message });

/** PayPal amounts: a plain decimal with at most 3 decimals (0 for JPY and friends). */
const AMOUNT = /^\d{1,15}(\.\d{1,3})?$/;

export function verifyPaypalOrder(order: unknown, expected: PaypalExpectation): PaypalVerification {
  const used = expected.paypalOrderIdsAlreadyUsed;
  if (used.has(expected.paypalOrderId))
    return refuse('ALREADY_USED', `PayPal order ${expected.paypalOrderId} has already been used for a payment.`);
  const o = record(order);
  if (!o || typeof o.id !== 'string' || o.id !== expected.paypalOrderId)
    return refuse('NOT_FOUND', `PayPal does not know order ${expected.paypalOrderId}.`);
  if (used.has(o.id)) return refuse('ALREADY_USED', `PayPal order ${o.id} has already been used for a payment.`);

  if (o.status !== 'COMPLETED')
    return refuse('NOT_COMPLETED', `PayPal order ${o.id} is ${String(o.status ?? 'unknown')}, not COMPLETED.`);
  // The payment page creates one purchase unit; a second would be money this check never sees.
  const units = list(o.purchase_units);
  const unit = record(units[0]);
  if (!unit) return refuse('NOT_COMPLETED', `PayPal order ${o.id} has no capture.`);
  if (units.length !== 1) return refuse('AMOUNT_MISMATCH', `PayPal order ${o.id} is not one purchase.`);
  for (const key of ['custom_id', 'invoice_id'] as const) {
    const reference = unit[key];
    if (reference !== undefined && reference !== String(expected.orderId))
      return refuse(
        'WRONG_BOOKING',
        `PayPal order ${o.id} names booking ${String(reference)}, not ${expected.orderId}.`,
      );
  }
  const payments = record(unit.payments);
  const captures = list(payments?.captures).map(record);
  if (captures.length === 0) return refuse('NOT_COMPLETED', `PayPal order ${o.id} has no capture.`);
  // Every capture counts: a refunded, failed or pending one (first or not) is money not received.
  for (const capture of captures) {
    if (!capture || typeof capture.id !== 'string' || capture.id === '')
      return refuse('NOT_COMPLETED', `PayPal order ${o.id} has a capture without an id.`);
    if (capture.status !== 'COMPLETED')
      return refuse(
        'NOT_COMPLETED',
        `Capture ${capture.id} of PayPal order ${o.id} is ${String(capture.status ?? 'unknown')}.`,
      );
  }
  if (list(payments?.refunds).length > 0) return refuse('NOT_COMPLETED', `PayPal order ${o.id} has been refunded.`);

  const want = expected.currency.trim().toUpperCase();
  const amounts = [record(unit.amount), ...captures.map((c) => record(c?.amount))];
  for (const amount of amounts) {
    const code = typeof amount?.currency_code === 'string' ? amount.currency_code.toUpperCase() : '';
    if (code !== want)
      return refuse('CURRENCY_MISMATCH', `PayPal order ${o.id} was paid in ${code || 'no currency'}, not ${want}.`);
  }
  const values = amounts.map((a) => a?.value);
  if (!values.every((v): v is string => typeof v === 'string' && AMOUNT.test(v)))
    return refuse('AMOUNT_MISMATCH', `PayPal order ${o.id} carries no readable amount.`);
  const [purchased, ...captured] = values.map((v) => Money.of(v));
  const paid = captured.reduce((sum, m) => sum.plus(m), Money.ZERO);
  // What was bought, what was captured and what is due must be one amount.
  if (!paid.closeTo(expected.amountDue) || !purchased!.closeTo(paid)) {
    const due = expected.amountDue.round(2).toString();
    const bought = purchased!.closeTo(paid) ? '' : ` (of a purchase of ${values[0]})`;
    return refuse(
      'AMOUNT_MISMATCH',
      `PayPal order ${o.id} paid ${paid.round(2).toString()} ${want}${bought}; order ${expected.orderId} owes ${due}.`,
    );
  }
  const captureId = String(captures[0]!.id);

  const rate = expected.exchangeRate;
  const amount = rate && !rate.isZero() ? paid.dividedBy(rate) : paid;
  return {
    ok: true,
    amount,
    paid,
    paypalOrderId: o.id,
    captureId,
    status: expected.kind === 'deposit' ? 'deposit-paid' : 'online-paid',
  };
}

/**
 * The `payment_info` entry for a verified PayPal payment, keys in the plugin's order (IPN and SDK):
 * `payment_method`, `submission_date`, `transaction_id` (the PayPal order id, as the plugin stores
 * it and as the duplicate check reads it), `amount` (main currency), `payment_status`; then, copied
 * from the stored `pricing_info` only when set there, `deposit_amount` ← `deposit-price-raw`,
 * `deposit_paypal_service_rate` ← `deposit-paypal-service-rate`, `deposit_paypal_service_fee` ←
 * `deposit-paypal-service-fee` for a deposit, or `pay_amount` ← `pay-amount-raw`,
 * `pay_paypal_service_rate` ← `pay-amount-paypal-service-rate`, `pay_paypal_service_fee` ←
 * `pay-amount-paypal-service-fee` for a full payment. Stored values keep their JSON types. A card
 * gateway's entry (`method` stripe) copies the `credit-card` fee keys the same way
 * (`deposit_credit_card_service_rate` ← `deposit-credit-card-service-rate`…), as the plugin does.
 */
export function paymentInfoEntry(input: {
  transactionId: string;
  amount: Money;
  /** `current_time('mysql')`: site-local `Y-m-d H:i:s`. */
  submissionDate: string;
  status: PaidStatus;
  pricingInfo: unknown;
  /** `payment_method` [paypal]. */
  method?: 'paypal' | 'stripe';
}): PaymentInfoEntry {
  const method = input.method ?? 'paypal';
  const fee = method === 'paypal' ? { key: 'paypal', field: 'paypal' } : { key: 'credit-card', field: 'credit_card' };
  const entry: PaymentInfoEntry = {
    payment_method: method,
    submission_date: input.submissionDate,
    transaction_id: input.transactionId,
    amount: input.amount.toNumber(),
    payment_status: 'paid',
  };
  const p = record(input.pricingInfo) ?? {};
  const copy = (to: string, from: string) => {
    if (!isEmpty(p[from])) entry[to] = p[from];
  };
  if (input.status === 'deposit-paid') {
    copy('deposit_amount', 'deposit-price-raw');
    copy(`deposit_${fee.field}_service_rate`, `deposit-${fee.key}-service-rate`);
    copy(`deposit_${fee.field}_service_fee`, `deposit-${fee.key}-service-fee`);
  } else {
    copy('pay_amount', 'pay-amount-raw');
    copy(`pay_${fee.field}_service_rate`, `pay-amount-${fee.key}-service-rate`);
    copy(`pay_${fee.field}_service_fee`, `pay-amount-${fee.key}-service-fee`);
  }
  return entry;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/**
 * What a gateway charges for an order (payment.md §6): the stored fee-inclusive `deposit-price`
 * when the customer chose the deposit (`payment-type` partial), else `pay-amount`.
 */
export function amountDue(order: {
  pricingInfo: unknown;
  bookingDetail: unknown;
}): { kind: PaymentKind; amountDue: Money } | undefined {
  const pricing = (order.pricingInfo ?? {}) as Record<string, unknown>;
  const detail = (order.bookingDetail ?? {}) as Record<string, unknown>;
  if (str(detail['payment-type']) === 'partial' && !isEmpty(pricing['deposit-price'])) {
    return { kind: 'deposit', amountDue: phpMoney(pricing['deposit-price']) };
  }
  const pay = phpMoney(pricing['pay-amount']);
  return pay.compare(Money.ZERO) > 0 ? { kind: 'full', amountDue: pay } : undefined;
}
