import { isEmpty, str } from '../php/coerce';
import { dayNumber } from './coupon';
import { Money } from './money';
import { type PricingSettings, phpMoney, phpNumber } from './pricing-settings';
import { CARD_GATEWAYS } from './seat-hold';
import type { TourOption } from './tour-option';

/**
 * One entry of an order's `payment_info` JSON list (decoded): gateway payments carry `amount`,
 * `deposit_amount` or `pay_amount`, receipts `deposit_price`, failed attempts only `error`.
 */
export type PaymentInfo = Readonly<Record<string, unknown>>;

/**
 * `tourmaster_payment_info_format` (pricing.md §8.1): the decoded `payment_info` column as a list.
 * A legacy single object becomes a list of one, its `deposit-rate`/`deposit-price` renamed to
 * `deposit_rate`/`deposit_price` and its `payment_status` derived from the order status.
 */
export function normalizePaymentInfos(decoded: unknown, orderStatus: string): PaymentInfo[] {
  if (Array.isArray(decoded)) return decoded.filter((e): e is PaymentInfo => typeof e === 'object' && e !== null);
  if (typeof decoded !== 'object' || decoded === null) return [];
  const info: Record<string, unknown> = { ...(decoded as Record<string, unknown>) };
  for (const key of ['rate', 'price'] as const) {
    if (!isEmpty(info[`deposit-${key}`])) {
      info[`deposit_${key}`] = info[`deposit-${key}`];
      delete info[`deposit-${key}`];
    }
  }
  if (isEmpty(info)) return [];
  if (isEmpty(info[0])) {
    info.payment_status = ['approved', 'online-paid', 'deposit-paid'].includes(orderStatus) ? 'paid' : 'pending';
  }
  return [info];
}

/** What `tourmaster_get_price_settings` (pricing.md §8.2) works out for an order's total. */
export interface PaymentPlan {
  /** Σ of the first non-empty of `deposit_amount`, `pay_amount`, `amount`, `deposit_price` per entry. */
  paidAmount: Money;
  /** The non-empty deposit percents of instalments 1..5, as configured (strings). */
  depositPercent: string[];
  totalDepositPercent: number;
  morePayment: boolean;
  /** Paying the remaining amount in full is offered. */
  fullPayment: boolean;
  /** A (next) deposit is offered. */
  depositPayment: boolean;
  fullPaymentAmount?: Money;
  /** What the next instalment asks: Σ percents of instalments 1..k+1 of the total, minus what was paid. */
  nextDepositAmount?: Money;
  /** `round(nextDepositAmount / total × 100)`: the next instalment's share in whole percent. */
  nextDepositPercent?: number;
}

export interface PaymentPlanInput {
  option: TourOption;
  settings: PricingSettings;
  /** The order's payments (normalised), [] for a new booking. */
  paymentInfos: readonly PaymentInfo[];
  total: Money;
  /** Site date, Y-m-d. */
  today: string;
  /** Travel date, Y-m-d. */
  travelDate: string;
}

/** Σ of the first non-empty of `deposit_amount`, `pay_amount`, `amount`, `deposit_price` per payment entry. */
export function paidAmount(paymentInfos: readonly PaymentInfo[]): Money {
  let paid = Money.ZERO;
  for (const info of paymentInfos) {
    const source = ['deposit_amount', 'pay_amount', 'amount', 'deposit_price'].find((k) => !isEmpty(info[k]));
    if (source !== undefined) paid = paid.plus(phpMoney(info[source]));
  }
  return paid;
}

/** `tourmaster_get_price_settings`: paid amount, deposit instalments, and which payments are still offered. */
export function paymentPlan(input: PaymentPlanInput): PaymentPlan {
  const { option, settings, paymentInfos, total } = input;

  const paid = paidAmount(paymentInfos);

  const k = paymentInfos.length;
  const depositBooking = option['deposit-booking'];
  const depositPercent: string[] = [];
  let totalDepositPercent = 0;
  let nextDepositPercent = 0;
  for (let i = 1; i <= 5; i++) {
    let percent: unknown;
    if (isEmpty(depositBooking) || depositBooking === 'default') {
      if (settings.enableDepositPayment) percent = settings.depositPaymentAmounts[i - 1];
    } else if (depositBooking === 'enable') {
      percent = option[i === 1 ? 'deposit-amount' : `deposit${i}-amount`];
    }
    if (isEmpty(percent)) continue;
    depositPercent.push(str(percent));
    totalDepositPercent += phpNumber(percent);
    if (i <= k + 1) nextDepositPercent += phpNumber(percent);
  }

  const plan: PaymentPlan = {
    paidAmount: paid,
    depositPercent,
    totalDepositPercent,
    morePayment: false,
    fullPayment: false,
    depositPayment: false,
  };
  if (paid.closeTo(total) || paid.compare(total) >= 0) return plan;

  if (settings.enableFullPayment) {
    plan.morePayment = true;
    plan.fullPayment = true;
    plan.fullPaymentAmount = total.minus(paid);
  }
  const allDeposits = total.percent(Money.of(totalDepositPercent));
  if (!allDeposits.closeTo(paid) && paid.compare(allDeposits) < 0 && depositStillOffered(input)) {
    plan.morePayment = true;
    plan.depositPayment = true;
    const next = total.percent(Money.of(nextDepositPercent)).minus(paid);
    plan.nextDepositAmount = next;
    plan.nextDepositPercent = total.isZero() ? 0 : Number(next.dividedBy(total).times(100).minorUnits(0));
  }
  return plan;
}

/** `strtotime(today) + display-deposit-payment-day × 86400 <= strtotime(travel date)`; an unreadable date → false. */
function depositStillOffered({ settings, today, travelDate }: PaymentPlanInput): boolean {
  const t = dayNumber(today);
  const travel = dayNumber(travelDate);
  if (t === undefined || travel === undefined) return false;
  return t + settings.displayDepositPaymentDay <= travel;
}

/** The sidebar's payment type (pricing.md §8, "Payment-type resolution"). */
export interface PaymentTypeChoice {
  /** The resolved `payment-type`: usually 'full' or 'partial' (another requested value is kept as is). */
  type: string;
  fullPayment: boolean;
  /** A deposit may be paid (never with WooCommerce). */
  depositPayment: boolean;
  /** The "Pay Full Amount / Pay N% Deposit" radios are shown (no gateway chosen yet, both allowed, no WooCommerce). */
  offerChoice: boolean;
}

export function resolvePaymentType(
  requested: unknown,
  paymentMethod: unknown,
  plan: PaymentPlan,
  settings: PricingSettings,
): PaymentTypeChoice {
  let type = isEmpty(requested) ? 'full' : str(requested);
  if (type === 'partial' && plan.fullPayment && !plan.depositPayment) type = 'full';
  if (type === 'full' && !plan.fullPayment && plan.depositPayment) type = 'partial';
  let depositPayment = plan.depositPayment;
  if (settings.enableWoocommercePayment) {
    type = 'full';
    depositPayment = false;
  }
  return {
    type,
    fullPayment: plan.fullPayment,
    depositPayment,
    offerChoice:
      !settings.enableWoocommercePayment && isEmpty(paymentMethod) && plan.fullPayment && plan.depositPayment,
  };
}

/** A gateway's service fee (pricing.md §8.4), when the chosen `payment_method` has one configured. */
export interface GatewayFee {
  gateway: 'paypal' | 'credit-card';
  /** The option text, e.g. '3' (stored as a string). */
  rate: string;
}

export function gatewayFee(paymentMethod: unknown, settings: PricingSettings): GatewayFee | null {
  if (paymentMethod === 'paypal' && !isEmpty(settings.paypalServiceFee)) {
    return { gateway: 'paypal', rate: settings.paypalServiceFee };
  }
  if (
    typeof paymentMethod === 'string' &&
    (CARD_GATEWAYS as readonly string[]).includes(paymentMethod) &&
    !isEmpty(settings.creditCardServiceFee)
  ) {
    return { gateway: 'credit-card', rate: settings.creditCardServiceFee };
  }
  return null;
}
