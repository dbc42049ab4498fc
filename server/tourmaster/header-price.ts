import { isSet } from '../php/coerce';
import type { Money } from './money';
import { phpMoney } from './pricing-settings';

/** A tour's "From" price as amounts: the price and, when the tour shows one, its discounted price. */
export interface HeaderPriceAmounts {
  price: Money;
  discount?: Money;
}

/**
 * The tour's "From $X" price (the tour page's header, the tour lists, the API's `price_from`):
 * `tour-price-text` with `tour-price-discount-text` from the tour's option, else the
 * `tourmaster-tour-price` meta; undefined when the tour has neither.
 */
export function headerPriceAmounts(
  option: Readonly<Record<string, unknown>>,
  priceMeta: string,
): HeaderPriceAmounts | undefined {
  const text = option['tour-price-text'];
  if (isSet(text)) {
    const discount = option['tour-price-discount-text'];
    return { price: phpMoney(text), ...(isSet(discount) ? { discount: phpMoney(discount) } : {}) };
  }
  return isSet(priceMeta) ? { price: phpMoney(priceMeta) } : undefined;
}
