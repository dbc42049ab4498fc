/**
 * The tour price (`tourmaster_get_tour_price`, pricing.md §3–§8) in exact Money arithmetic.
 *
 * The legacy plugin computes in IEEE doubles without intermediate rounding and rounds only when it
 * formats; exact rationals give the value PHP's 15-digit pre-rounding recovers, so every formatted
 * price matches. Stored `pricing_info` numbers may differ from PHP's only in the last digit of a
 * double (PHP 105.94800000000001, here 105.948): see pricing-info.ts.
 *
 * PHP semantics kept: request values PHP copies stay strings in the breakdown, `empty()` decides
 * which fields count, numeric strings are read as PHP reads them. Where PHP 8 throws (non-numeric
 * strings or arrays in arithmetic), the value counts as 0, as PHP 7 did (pricing.md §3).
 */

import { isEmpty, str } from '../php/coerce';
import type { CouponOption } from './coupon';
import {
  type GatewayFee,
  gatewayFee,
  type PaymentInfo,
  type PaymentPlan,
  type PaymentTypeChoice,
  paymentPlan,
  resolvePaymentType,
} from './deposit';
import { applyGroupDiscount } from './group-discount';
import { formatMoney, Money, type MoneyFormat } from './money';
import { pricingMethod } from './packages';
import type { BookingDetail, Copied, FormValue, PriceBreakdown, RoomPrice } from './price-breakdown';
import {
  PERSON_TYPES,
  type PersonType,
  type PricingSettings,
  phpMoney,
  phpNumber,
  taxDivisor,
} from './pricing-settings';
import { pairServices, priceServices, type ServiceOptions } from './services';
import type { DatePriceEntry, TourOption } from './tour-option';
import { fieldAt, readTravellers } from './travellers';

export { MAX_ROOMS } from './travellers';
export { PERSON_TYPES, type PersonType };

/** A gateway fee added for display or charge (pricing.md §8.4); never part of `total`. */
export interface ServiceFee extends GatewayFee {
  /** `deposit` when the detail's payment-type is partial, else `pay-amount`. */
  on: 'deposit' | 'pay-amount';
  fee: Money;
  /**
   * The amount before the fee (`deposit-price-raw` / `pay-amount-raw`). Null for a deposit fee when
   * no deposit is offered: PHP then reads an unset `deposit-price` and creates it as 0.
   */
  raw: Money | null;
}

export interface PriceInput {
  option: TourOption;
  /** The resolved `date-price` entry, its package already merged (booking.md §1.2). */
  entry: DatePriceEntry;
  detail: BookingDetail;
  /** Options of the services the detail may name, by post id; ids missing here are skipped. */
  services?: ServiceOptions;
  /**
   * The coupon to apply: the options of the coupon the detail's `coupon-code` names, already found
   * and checked by the caller (`checkCoupon`); null when there is none or it failed (then no discount).
   */
  coupon: CouponOption | null;
  settings: PricingSettings;
  /** The existing order's payments (`normalizePaymentInfos`), [] or omitted for a new booking. */
  paymentInfos?: readonly PaymentInfo[];
  /** Site date, Y-m-d. */
  today: string;
  /** Travel date, Y-m-d. */
  travelDate: string;
}

export interface TourPrice {
  /** `total-price`: after discounts and tax, without gateway fees. */
  total: Money;
  breakdown: PriceBreakdown;
  /** `deposit-rate`: the next instalment's share in whole percent; undefined when no deposit is offered. */
  depositRate?: number;
  /** `deposit-price`: the next instalment (fee included when a partial payment carries a gateway fee). */
  depositPrice?: Money;
  /** `paid-amount`. */
  paidAmount: Money;
  /** `pay-amount`: total − paid, fee included when paying in full through a gateway with a fee. */
  payAmount: Money;
  serviceFee?: ServiceFee;
  /** Counter T: travellers (named travellers for group pricing). */
  travellerAmount: number;
  /** Counter R: rooms in room mode, people in non-room mode, 0 for group pricing. */
  roomAmount: number;
  plan: PaymentPlan;
  payment: PaymentTypeChoice;
}

export function getTourPrice(input: PriceInput): TourPrice {
  const { option, entry, detail, settings } = input;
  const d = taxDivisor(settings);
  const price = (value: unknown) => phpMoney(value).dividedBy(d);
  const method = pricingMethod(entry);
  // The one reading of the count fields, shared with the seats and the order row (travellers.ts).
  const travellers = readTravellers(option, entry, detail);
  const b = {} as PriceBreakdown;
  let total = Money.ZERO;
  let traveller = 0;
  let rooms = 0;

  if (travellers.mode === 'group') {
    // A. group price
    b['group-price'] = price(entry['group-price']);
    total = total.plus(b['group-price']);
    traveller = travellers.total;
  } else if (travellers.mode === 'people') {
    // B. no rooms
    const party = travellers.rooms[0] ?? {};
    if (method === 'fixed') {
      const base = price(entry['person-price']);
      b['traveller-base-price'] = base;
      b['traveller-amount'] = copied(detail['tour-people']);
      const n = party.people ?? 0;
      total = total.plus(base.times(n));
      traveller += n;
      rooms += n;
    } else {
      for (const type of PERSON_TYPES) {
        const n = party[type];
        if (n === undefined) continue;
        // A blank category price means "not offered": its travellers cost 0 (and a booking is refused).
        const base = price(entry[`${type}-price`]);
        b[`${type}-base-price`] = base;
        b[`${type}-amount`] = copied(detail[`tour-${type}`]);
        total = total.plus(base.times(n));
        traveller += n;
        rooms += n; // yes: R counts people in non-room mode
      }
    }
  } else {
    b.room = [];
    if (method === 'fixed') {
      let people = 0;
      b['traveller-amount'] = people;
      const counts = detail['tour-people'];
      if (entry['enable-supplement-pricing'] === 'enable') {
        // C. fixed, per person with single/triple supplements. The room records its traveller-amount
        // as pricing.md §3C says (the breakdown HTML switches on it for the supplement row).
        travellers.rooms.forEach((party, i) => {
          const base = price(entry['person-price']);
          const n = party.people ?? 0;
          const room: RoomPrice = {
            'enable-supplement-price': 'enable',
            'base-price': base,
            'traveller-amount': fieldAt(counts, i),
          };
          if (n === 1) {
            const supplement = price(entry['single-supplement-price']);
            total = total.plus(base).plus(supplement);
            room['single-supplement-price'] = supplement;
          } else if (n === 2) {
            total = total.plus(base.times(2));
          } else if (n === 3) {
            const supplement = price(entry['triple-supplement-price']);
            total = total.plus(base.times(2)).plus(supplement);
            room['triple-supplement-price'] = supplement;
          } // any other count adds nothing (a booking is refused: travellers.ts)
          b.room!.push(room);
          people += n;
          b['traveller-amount'] = people;
          b['traveller-base-price'] = base;
          rooms++;
        });
        traveller += people;
      } else {
        // D. fixed, room price for two, single discount, additional persons, plus a person price each
        travellers.rooms.forEach((party, i) => {
          const n = party.people ?? 0;
          const room: RoomPrice = {
            'base-price': price(entry['initial-price']),
            'traveller-amount': fieldAt(counts, i),
          };
          if (n === 1 && !isEmpty(entry['single-discount'])) {
            room['base-price'] = room['base-price'].minus(price(entry['single-discount']));
          } else if (n > 2) {
            const additional = price(entry['additional-person']);
            room['additional-traveller-price'] = additional;
            room['additional-traveller-amount'] = n - 2;
            total = total.plus(additional.times(n - 2));
          }
          total = total.plus(room['base-price']);
          b.room!.push(room);
          people += n;
          b['traveller-amount'] = people;
          rooms++;
        });
        const base = price(entry['person-price']);
        b['traveller-base-price'] = base;
        total = total.plus(base.times(people));
        traveller += people;
      }
    } else {
      // E. variable: room price for two; the first two people of a room are included, the others are additional
      travellers.rooms.forEach((party, i) => {
        const room: RoomPrice = { 'base-price': price(entry['initial-price']) };
        let free = 2;
        for (const type of PERSON_TYPES) {
          const c = party[type];
          if (c === undefined) continue;
          room[`${type}-amount`] = fieldAt(detail[`tour-${type}`], i);
          let extra = 0;
          if (c >= free) {
            extra = c - free;
            free = 0;
          } else {
            free -= c;
          }
          if (extra > 0) {
            const additional = price(entry[`additional-${type}`]);
            room[`additional-${type}-price`] = additional;
            room[`additional-${type}-amount`] = extra;
            total = total.plus(additional.times(extra));
          }
          b[`${type}-amount`] = phpNumber(b[`${type}-amount`]) + c;
        }
        if (free === 1 && !isEmpty(entry['single-discount'])) {
          room['base-price'] = room['base-price'].minus(price(entry['single-discount']));
        }
        total = total.plus(room['base-price']);
        b.room!.push(room);
        rooms++;
      });
      for (const type of PERSON_TYPES) {
        const amount = b[`${type}-amount`];
        if (isEmpty(amount)) continue;
        const base = price(entry[`${type}-price`]);
        b[`${type}-base-price`] = base;
        const n = phpNumber(amount);
        total = total.plus(base.times(n));
        traveller += n;
      }
    }
  }

  // §4 additional services
  if (!isEmpty(detail.service) && !isEmpty(detail['service-amount'])) {
    const pairs = pairServices(detail.service, detail['service-amount']);
    if (pairs.size > 0) {
      const lines = priceServices(pairs, input.services ?? {}, { traveller, room: rooms }, d);
      b['additional-service'] = lines;
      for (const line of lines.values()) total = total.plus(line.price);
    }
  }
  b['sub-total-price'] = total;

  // §5 group discount
  total = applyGroupDiscount(
    total,
    b,
    {
      rows: option['group-discount'] ?? [],
      category: option['group-discount-category'] ?? [],
      apply: option['group-discount-apply'] ?? [],
      perPerson: option['group-discount-per-person'],
    },
    method,
    traveller,
    d,
  );

  // §6.2 coupon (before tax by default) and §7 tax
  if (!settings.applyCouponAfterTax) total = applyCoupon(total, b, detail['coupon-code'], input.coupon);
  if (!isEmpty(settings.taxRate)) {
    b['tax-rate'] = settings.taxRate;
    const tax = total.percent(phpMoney(settings.taxRate));
    b['tax-due'] = tax;
    total = total.plus(tax);
  }
  if (settings.applyCouponAfterTax) total = applyCoupon(total, b, detail['coupon-code'], input.coupon);

  // §8 deposits, paid amount, gateway fee
  const plan = paymentPlan({
    option,
    settings,
    paymentInfos: input.paymentInfos ?? [],
    total,
    today: input.today,
    travelDate: input.travelDate,
  });
  const result: TourPrice = {
    total,
    breakdown: b,
    paidAmount: plan.paidAmount,
    payAmount: total.minus(plan.paidAmount),
    travellerAmount: traveller,
    roomAmount: rooms,
    plan,
    payment: resolvePaymentType(detail['payment-type'], detail.payment_method, plan, settings),
  };
  if (plan.nextDepositAmount !== undefined && !plan.nextDepositAmount.isZero()) {
    result.depositRate = plan.nextDepositPercent;
    result.depositPrice = plan.nextDepositAmount;
  }

  const gateway = gatewayFee(detail.payment_method, settings);
  if (gateway) {
    const rate = phpMoney(gateway.rate);
    if (detail['payment-type'] === 'partial') {
      const raw = result.depositPrice ?? null;
      const fee = (raw ?? Money.ZERO).percent(rate);
      result.serviceFee = { ...gateway, on: 'deposit', fee, raw };
      result.depositPrice = (raw ?? Money.ZERO).plus(fee);
    } else {
      const raw = result.payAmount;
      const fee = raw.percent(rate);
      result.serviceFee = { ...gateway, on: 'pay-amount', fee, raw };
      result.payAmount = raw.plus(fee);
    }
  }
  return result;
}

/**
 * §6.2: a coupon the caller validated, named by a non-empty `coupon-code`. Percent coupons take
 * their share of the running total; amount coupons their raw amount (not divided by d). The total
 * never goes below 0. An unknown discount type records the code and discounts nothing.
 */
function applyCoupon(total: Money, b: PriceBreakdown, code: FormValue | undefined, coupon: CouponOption | null): Money {
  if (isEmpty(code) || coupon === null || code === undefined) return total;
  b['coupon-code'] = code;
  const type = coupon['coupon-discount-type'];
  let amount: Money;
  if (type === 'percent') {
    b['coupon-text'] = `${str(coupon['coupon-discount-amount'])}%`;
    amount = total.percent(phpMoney(coupon['coupon-discount-amount']));
    b['coupon-amount'] = amount;
  } else if (type === 'amount') {
    b['coupon-amount'] = str(coupon['coupon-discount-amount']);
    amount = phpMoney(coupon['coupon-discount-amount']);
  } else {
    return total;
  }
  return amount.compare(total) > 0 ? Money.ZERO : total.minus(amount);
}

/**
 * The reply of `tourmaster_update_head_price`: the formatted total, or null when the total is
 * empty (0), in which case the action answers `[]`.
 */
export function headPrice(price: TourPrice, format: MoneyFormat): string | null {
  return price.total.isZero() ? null : formatMoney(price.total, format);
}

/** `B.coupon-amount` / `B.group-discount-rate` as money (a '10%' string reads as 10, as PHP subtracts it). */
export function breakdownMoney(value: Money | string | undefined): Money {
  if (value === undefined) return Money.ZERO;
  return typeof value === 'string' ? phpMoney(value) : value;
}

function copied(value: FormValue | undefined): Copied {
  return value === undefined ? null : value;
}
