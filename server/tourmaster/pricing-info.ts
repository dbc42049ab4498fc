/**
 * The `pricing_info` object the plugin stores in `wp_tourmaster_order.pricing_info` and sends as
 * JSON (pricing.md §8.3), built from a computed `TourPrice`.
 *
 * Types follow PHP: amounts copied from the request stay strings (`"traveller-amount":"3"`), option
 * values stay strings (`"tax-rate":"9"`, `"deposit-paypal-service-rate":"3"`, an amount coupon's
 * `"coupon-amount":"25"`), computed values are numbers. Numbers are the double nearest to the exact
 * value; PHP's own doubles drift in the last digit now and then (the guest flow stores
 * `"deposit-price":105.94800000000001` where this gives 105.948). Both print the same money.
 */

import { phpJsonEncode } from '../php/json';
import type { PhpArrayObject, PhpValue } from '../php/values';
import { PhpOrderedMap, phpArrayKey, phpArrayValue } from '../php/values';
import { Money } from './money';
import type { PriceBreakdown } from './price-breakdown';
import type { TourPrice } from './pricing';

/**
 * Keys in the plugin's order: `deposit-rate`, `deposit-price` (only when a deposit is offered),
 * `paid-amount`, `pay-amount`, the gateway fee keys (§8.4), `total-price`, `price-breakdown`.
 */
export function toPricingInfo(price: TourPrice): PhpArrayObject {
  const out: PhpArrayObject = {};
  if (price.depositRate !== undefined && price.depositPrice !== undefined) {
    out['deposit-rate'] = price.depositRate;
    out['deposit-price'] = price.depositPrice.toNumber();
  }
  out['paid-amount'] = price.paidAmount.toNumber();
  out['pay-amount'] = price.payAmount.toNumber();
  const fee = price.serviceFee;
  if (fee?.on === 'deposit') {
    out['deposit-price-raw'] = fee.raw === null ? null : fee.raw.toNumber();
    out[`deposit-${fee.gateway}-service-rate`] = fee.rate;
    out[`deposit-${fee.gateway}-service-fee`] = fee.fee.toNumber();
    // No deposit was offered: PHP's `+=` on the unset key creates it here, after the fee keys.
    if (fee.raw === null) out['deposit-price'] = (price.depositPrice ?? Money.ZERO).toNumber();
  } else if (fee?.on === 'pay-amount') {
    out[`pay-amount-${fee.gateway}-service-rate`] = fee.rate;
    out[`pay-amount-${fee.gateway}-service-fee`] = fee.fee.toNumber();
    out['pay-amount-raw'] = fee.raw === null ? null : fee.raw.toNumber();
  }
  out['total-price'] = price.total.toNumber();
  out['price-breakdown'] = breakdownToPhp(price.breakdown);
  return out;
}

/** `json_encode($pricing_info)` as the plugin writes it (PHP escaping and number format). */
export function pricingInfoJson(price: TourPrice): string {
  return phpJsonEncode(toPricingInfo(price));
}

/** The breakdown `B` as the PHP array the plugin stores: Money as numbers, request copies as given. */
export function breakdownToPhp(breakdown: PriceBreakdown): PhpArrayObject {
  return toPhp(breakdown) as PhpArrayObject;
}

function toPhp(value: unknown): PhpValue {
  if (value instanceof Money) return value.toNumber();
  if (value instanceof Map) {
    // `additional-service` is keyed by post id in request order; PHP keeps that order and the int keys.
    const map = new PhpOrderedMap();
    for (const [key, line] of value) map.set(phpArrayKey(String(key)), toPhp(line));
    return phpArrayValue(map);
  }
  if (Array.isArray(value)) return value.map(toPhp);
  if (value && typeof value === 'object') {
    const out: PhpArrayObject = {};
    for (const [key, v] of Object.entries(value)) if (v !== undefined) out[key] = toPhp(v);
    return out;
  }
  return (value ?? null) as PhpValue;
}
