import { list, record, str } from '../php/coerce';
import type { FormValue } from './booking-detail';
import { Money } from './money';
import type { PersonType } from './pricing-settings';
import { phpMoney } from './pricing-settings';
import type { ServiceLine } from './services';

/**
 * The types of a price (pricing.md §3–§7): the booking detail as the request decoder gives it, and
 * the breakdown `B` the engine builds (pricing.ts) and the group discount amends (group-discount.ts).
 */

/** A booking-detail value copied into the breakdown as PHP holds it: the request's string (or list), null when missing. */
export type Copied = FormValue | null;

type TypeAmounts<V> = { [K in PersonType as `${K}-amount`]?: V };
type TypeBasePrices = { [K in PersonType as `${K}-base-price`]?: Money };
type AdditionalPrices = { [K in PersonType as `additional-${K}-price`]?: Money };
type AdditionalAmounts = { [K in PersonType as `additional-${K}-amount`]?: number };

/** One room of `B.room` (room-based pricing), keys in the order the plugin sets them. */
export type RoomPrice = {
  /** Fixed pricing with supplements. */
  'enable-supplement-price'?: 'enable';
  /** The room price (for two), or one person's price with supplements; after any single discount. */
  'base-price': Money;
  'traveller-amount'?: Copied;
  'single-supplement-price'?: Money;
  'triple-supplement-price'?: Money;
  'additional-traveller-price'?: Money;
  'additional-traveller-amount'?: number;
} & TypeAmounts<Copied> &
  AdditionalPrices &
  AdditionalAmounts;

/**
 * The price breakdown `B` (pricing.md §3–§7). Insertion order is the plugin's key order, which
 * `toPricingInfo` keeps. Amounts copied from the request are `Copied` (strings); amounts the plugin
 * summed are numbers; money is Money. `group-discount-rate` and `coupon-amount` may be the admin's
 * string ('10%' from a group-discount row, the raw `coupon-discount-amount` of an amount coupon).
 */
export type PriceBreakdown = {
  'group-price'?: Money;
  room?: RoomPrice[];
  'traveller-base-price'?: Money;
  'traveller-amount'?: Copied | number;
  /** By service post id, in request order. */
  'additional-service'?: Map<string, ServiceLine>;
  /** After services, before discounts. */
  'sub-total-price': Money;
  'group-discount-traveller'?: number;
  'group-discount-rate'?: Money | string;
  'group-discounted-price'?: Money;
  'coupon-code'?: FormValue;
  /** '10%' (percent coupons only). */
  'coupon-text'?: string;
  'coupon-amount'?: Money | string;
  /** The option as stored, e.g. '9'. */
  'tax-rate'?: string;
  'tax-due'?: Money;
} & TypeBasePrices &
  TypeAmounts<Copied | number>;

/** The stored `price-breakdown` (PHP json_encode of the plugin's array) as the view's breakdown. */
export function breakdownFromJson(value: unknown): PriceBreakdown {
  const b = record(value);
  const out: Record<string, unknown> = {};
  const asMoney = (v: unknown) => (v instanceof Money ? v : phpMoney(v));
  const moneyKey = (key: string) =>
    /(^|-)price$/.test(key) && !/^coupon/.test(key) ? true : key === 'tax-due' || key === 'group-discounted-price';
  for (const [key, v] of Object.entries(b)) {
    if (key === 'room') {
      out.room = list(v).map((room) => {
        const r: Record<string, unknown> = {};
        for (const [k, rv] of Object.entries(record(room))) r[k] = /-price$/.test(k) ? asMoney(rv) : rv;
        return r as RoomPrice;
      });
    } else if (key === 'additional-service') {
      const services = new Map<string, ServiceLine>();
      for (const [id, line] of Object.entries(record(v))) {
        const l = record(line);
        services.set(id, {
          per: str(l.per),
          amount: (l.amount as ServiceLine['amount']) ?? null,
          'price-one': asMoney(l['price-one']),
          price: asMoney(l.price),
        });
      }
      out[key] = services;
    } else if (key === 'coupon-amount' || key === 'group-discount-rate') {
      out[key] = typeof v === 'string' ? v : asMoney(v);
    } else if (key === 'tax-rate' || key === 'coupon-code' || key === 'coupon-text') {
      out[key] = str(v);
    } else if (moneyKey(key)) {
      out[key] = asMoney(v);
    } else {
      out[key] = v;
    }
  }
  if (!(out['sub-total-price'] instanceof Money)) out['sub-total-price'] = Money.ZERO;
  return out as PriceBreakdown;
}
