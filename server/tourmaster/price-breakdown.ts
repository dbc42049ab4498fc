import type { Money } from './money';
import type { PersonType } from './pricing-settings';
import type { ServiceLine } from './services';

/**
 * The types of a price (pricing.md §3–§7): the booking detail as the request decoder gives it, and
 * the breakdown `B` the engine builds (pricing.ts) and the group discount amends (group-discount.ts).
 */

/** A booking-detail field as the request decoder gives it. */
export type FormValue = string | readonly string[];

/**
 * The booking detail: the form fields of the booking bar and payment page (`tour-people`,
 * `tour-adult`…, `tour-room`, `group`, `traveller_first_name`, `service`, `service-amount`,
 * `coupon-code`, `payment_method`, `payment-type`, …). Room mode sends the counts as lists.
 */
export type BookingDetail = Readonly<Record<string, FormValue | undefined>>;

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
