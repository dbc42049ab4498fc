import type { Booking } from './booking';
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
import type { PriceBreakdown, RoomPrice } from './price-breakdown';
import {
  PERSON_TYPES,
  type PersonType,
  type PricingSettings,
  phpMoney,
  phpNumber,
  taxDivisor,
} from './pricing-settings';
import { priceServices, type ServiceOptions } from './services';
import type { DatePriceEntry } from './tour-option';
import type { Travellers } from './travellers';

export { MAX_ROOMS } from './travellers';
export { PERSON_TYPES, type PersonType };

/** A gateway fee added for display or charge (pricing.md §8.4); never part of `total`. */
export interface ServiceFee extends GatewayFee {
  /** `deposit` when the booking's payment type is partial, else `pay-amount`. */
  on: 'deposit' | 'pay-amount';
  fee: Money;
  /**
   * The amount before the fee (`deposit-price-raw` / `pay-amount-raw`). Null for a deposit fee when
   * no deposit is offered: PHP then reads an unset `deposit-price` and creates it as 0.
   */
  raw: Money | null;
}

export interface PriceInput {
  /** The booking priced: its date entry (package merged), travellers, services, coupon code, payment. */
  booking: Booking;
  /** Options of the services the booking may name, by post id; ids missing here are skipped. */
  services?: ServiceOptions;
  /**
   * The coupon to apply: the options of the coupon the booking's code names, already found and
   * checked by the caller (`checkCoupon`); null when there is none or it failed (then no discount).
   */
  coupon: CouponOption | null;
  settings: PricingSettings;
  /** The existing order's payments (`normalizePaymentInfos`), [] or omitted for a new booking. */
  paymentInfos?: readonly PaymentInfo[];
  /** Site date, Y-m-d. */
  today: string;
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
  const { booking, settings } = input;
  const { option, travellers } = booking;
  const entry = booking.date.entry;
  const d = taxDivisor(settings);
  const method = pricingMethod(entry);
  const t: Tally = { b: {} as PriceBreakdown, total: Money.ZERO, traveller: 0, rooms: 0 };
  const at: PriceAt = { entry, price: (value) => phpMoney(value).dividedBy(d) };
  if (travellers.mode === 'group') groupPrice(t, at, travellers);
  else if (travellers.mode === 'people') peoplePrices(t, at, travellers, method);
  else if (method !== 'fixed') variableRooms(t, at, travellers);
  else if (entry['enable-supplement-pricing'] === 'enable') supplementRooms(t, at, travellers);
  else fixedRooms(t, at, travellers);
  addServices(t, booking.services, input.services ?? {}, d);
  const b = t.b;
  b['sub-total-price'] = t.total;

  // §5 group discount
  let total = applyGroupDiscount(
    t.total,
    b,
    {
      rows: option['group-discount'] ?? [],
      category: option['group-discount-category'] ?? [],
      apply: option['group-discount-apply'] ?? [],
      perPerson: option['group-discount-per-person'],
    },
    method,
    t.traveller,
    d,
  );

  // §6.2 coupon (before tax by default) and §7 tax
  if (!settings.applyCouponAfterTax) total = applyCoupon(total, b, booking.couponCode, input.coupon);
  if (!isEmpty(settings.taxRate)) {
    b['tax-rate'] = settings.taxRate;
    const tax = total.percent(phpMoney(settings.taxRate));
    b['tax-due'] = tax;
    total = total.plus(tax);
  }
  if (settings.applyCouponAfterTax) total = applyCoupon(total, b, booking.couponCode, input.coupon);
  return paymentTerms(input, { total, breakdown: b, travellerAmount: t.traveller, roomAmount: t.rooms });
}

/** The running price: the breakdown as the plugin builds it, its total, counters T and R. */
interface Tally {
  b: PriceBreakdown;
  total: Money;
  traveller: number;
  rooms: number;
}

/** What the traveller prices read: the date's prices and a price net of tax. */
interface PriceAt {
  entry: DatePriceEntry;
  price: (value: unknown) => Money;
}

/** A. group price. */
function groupPrice(t: Tally, at: PriceAt, travellers: Travellers): void {
  t.b['group-price'] = at.price(at.entry['group-price']);
  t.total = t.total.plus(t.b['group-price']);
  t.traveller = travellers.total;
}

/** B. no rooms: a person price for everyone (fixed), or per traveller category. */
function peoplePrices(t: Tally, at: PriceAt, travellers: Travellers, method: string): void {
  const { b } = t;
  const party = travellers.rooms[0] ?? {};
  if (method === 'fixed') {
    const base = at.price(at.entry['person-price']);
    b['traveller-base-price'] = base;
    b['traveller-amount'] = travellers.sent[0]?.['tour-people'] ?? null;
    const n = party.people ?? 0;
    t.total = t.total.plus(base.times(n));
    t.traveller += n;
    t.rooms += n;
    return;
  }
  for (const type of PERSON_TYPES) {
    const n = party[type];
    if (n === undefined) continue;
    // A blank category price means "not offered": its travellers cost 0 (and a booking is refused).
    const base = at.price(at.entry[`${type}-price`]);
    b[`${type}-base-price`] = base;
    b[`${type}-amount`] = travellers.sent[0]?.[`tour-${type}`] ?? null;
    t.total = t.total.plus(base.times(n));
    t.traveller += n;
    t.rooms += n; // yes: R counts people in non-room mode
  }
}

/**
 * C. fixed, per person with single/triple supplements. The room records its traveller-amount as
 * pricing.md §3C says (the breakdown HTML switches on it for the supplement row).
 */
function supplementRooms(t: Tally, at: PriceAt, travellers: Travellers): void {
  const { b } = t;
  let people = 0;
  b.room = [];
  b['traveller-amount'] = people;
  travellers.rooms.forEach((party, i) => {
    const base = at.price(at.entry['person-price']);
    const n = party.people ?? 0;
    const room: RoomPrice = {
      'enable-supplement-price': 'enable',
      'base-price': base,
      'traveller-amount': travellers.sent[i]?.['tour-people'] ?? null,
    };
    if (n === 1) {
      const supplement = at.price(at.entry['single-supplement-price']);
      t.total = t.total.plus(base).plus(supplement);
      room['single-supplement-price'] = supplement;
    } else if (n === 2) {
      t.total = t.total.plus(base.times(2));
    } else if (n === 3) {
      const supplement = at.price(at.entry['triple-supplement-price']);
      t.total = t.total.plus(base.times(2)).plus(supplement);
      room['triple-supplement-price'] = supplement;
    } // any other count adds nothing (a booking is refused: travellers.ts)
    b.room!.push(room);
    people += n;
    b['traveller-amount'] = people;
    b['traveller-base-price'] = base;
    t.rooms++;
  });
  t.traveller += people;
}

/** D. fixed, room price for two, single discount, additional persons, plus a person price each. */
function fixedRooms(t: Tally, at: PriceAt, travellers: Travellers): void {
  const { b } = t;
  const { entry } = at;
  let people = 0;
  b.room = [];
  b['traveller-amount'] = people;
  travellers.rooms.forEach((party, i) => {
    const n = party.people ?? 0;
    const room: RoomPrice = {
      'base-price': at.price(entry['initial-price']),
      'traveller-amount': travellers.sent[i]?.['tour-people'] ?? null,
    };
    if (n === 1 && !isEmpty(entry['single-discount'])) {
      room['base-price'] = room['base-price'].minus(at.price(entry['single-discount']));
    } else if (n > 2) {
      const additional = at.price(entry['additional-person']);
      room['additional-traveller-price'] = additional;
      room['additional-traveller-amount'] = n - 2;
      t.total = t.total.plus(additional.times(n - 2));
    }
    t.total = t.total.plus(room['base-price']);
    b.room!.push(room);
    people += n;
    b['traveller-amount'] = people;
    t.rooms++;
  });
  const base = at.price(entry['person-price']);
  b['traveller-base-price'] = base;
  t.total = t.total.plus(base.times(people));
  t.traveller += people;
}

/** E. variable: room price for two; the first two people of a room are included, the others are additional. */
function variableRooms(t: Tally, at: PriceAt, travellers: Travellers): void {
  const { b } = t;
  const { entry } = at;
  b.room = [];
  travellers.rooms.forEach((party, i) => {
    const room: RoomPrice = { 'base-price': at.price(entry['initial-price']) };
    let free = 2;
    for (const type of PERSON_TYPES) {
      const c = party[type];
      if (c === undefined) continue;
      room[`${type}-amount`] = travellers.sent[i]?.[`tour-${type}`] ?? null;
      const extra = c >= free ? c - free : 0;
      free = c >= free ? 0 : free - c;
      if (extra > 0) {
        const additional = at.price(entry[`additional-${type}`]);
        room[`additional-${type}-price`] = additional;
        room[`additional-${type}-amount`] = extra;
        t.total = t.total.plus(additional.times(extra));
      }
      b[`${type}-amount`] = phpNumber(b[`${type}-amount`]) + c;
    }
    if (free === 1 && !isEmpty(entry['single-discount'])) {
      room['base-price'] = room['base-price'].minus(at.price(entry['single-discount']));
    }
    t.total = t.total.plus(room['base-price']);
    b.room!.push(room);
    t.rooms++;
  });
  for (const type of PERSON_TYPES) {
    const amount = b[`${type}-amount`];
    if (isEmpty(amount)) continue;
    const base = at.price(entry[`${type}-price`]);
    b[`${type}-base-price`] = base;
    const n = phpNumber(amount);
    t.total = t.total.plus(base.times(n));
    t.traveller += n;
  }
}

/** §4 additional services, priced per traveller, room or booking. */
function addServices(t: Tally, pairs: ReadonlyMap<string, unknown>, services: ServiceOptions, d: Money): void {
  if (pairs.size === 0) return;
  const lines = priceServices(pairs, services, { traveller: t.traveller, room: t.rooms }, d);
  t.b['additional-service'] = lines;
  for (const line of lines.values()) t.total = t.total.plus(line.price);
}

/** §8 deposits, the paid amount and the gateway fee, on the total after discounts and tax. */
function paymentTerms(
  input: PriceInput,
  priced: Pick<TourPrice, 'total' | 'breakdown' | 'travellerAmount' | 'roomAmount'>,
): TourPrice {
  const { booking, settings } = input;
  const plan = paymentPlan({
    option: booking.option,
    settings,
    paymentInfos: input.paymentInfos ?? [],
    total: priced.total,
    today: input.today,
    travelDate: booking.travelDate,
  });
  const result: TourPrice = {
    total: priced.total,
    breakdown: priced.breakdown,
    paidAmount: plan.paidAmount,
    payAmount: priced.total.minus(plan.paidAmount),
    travellerAmount: priced.travellerAmount,
    roomAmount: priced.roomAmount,
    plan,
    payment: resolvePaymentType(booking.paymentType, booking.paymentMethod, plan, settings),
  };
  if (plan.nextDepositAmount !== undefined && !plan.nextDepositAmount.isZero()) {
    result.depositRate = plan.nextDepositPercent;
    result.depositPrice = plan.nextDepositAmount;
  }
  const gateway = gatewayFee(booking.paymentMethod, settings);
  if (gateway) {
    const rate = phpMoney(gateway.rate);
    if (booking.paymentType === 'partial') {
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
function applyCoupon(total: Money, b: PriceBreakdown, code: string, coupon: CouponOption | null): Money {
  if (isEmpty(code) || coupon === null) return total;
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
