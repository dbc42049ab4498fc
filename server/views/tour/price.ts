import { headerPriceAmounts } from '../../tourmaster/header-price';
import { formatMoney, type Money } from '../../tourmaster/money';
import { readMoneyFormat } from '../../tourmaster/pricing-settings';
import { html, raw, type SafeHtml } from '../html';

/**
 * The tour's "From $X" price as the plugin prints it in the tour page's header and in the tour
 * lists: `tour-price-text` (or the `tourmaster-tour-price` meta) and `tour-price-discount-text`,
 * as money without cents when whole.
 */
export interface HeaderPrice {
  price: string;
  discount?: string;
}

/** The price of a tour from its option and its `tourmaster-tour-price` meta; undefined when it has none. */
export function tourPrice(
  option: Readonly<Record<string, unknown>>,
  priceMeta: string,
  general: Readonly<Record<string, unknown>>,
): HeaderPrice | undefined {
  const amounts = headerPriceAmounts(option, priceMeta);
  if (!amounts) return undefined;
  const format = readMoneyFormat(general);
  const money = (value: Money) => formatMoney(value, format, -2);
  return { price: money(amounts.price), ...(amounts.discount ? { discount: money(amounts.discount) } : {}) };
}

const PRICE_INFO = raw(
  '<span class="fa fa-info-circle tourmaster-tour-price-info" data-rel="tipsy" title="The initial price based on 1 adult with the lowest price in low season" ></span>',
);

/** `div.tourmaster-tour-price-wrap`: "From" and the price, the discounted price, and the header's info icon. */
export function tourPriceWrap(price: HeaderPrice, options: { withInfo?: boolean } = {}): SafeHtml {
  return html`<div class="tourmaster-tour-price-wrap ${
    price.discount ? 'tourmaster-discount' : ''
  }" ><span class="tourmaster-tour-price" ><span class="tourmaster-head">From</span><span class="tourmaster-tail">${price.price}</span></span>${
    price.discount && html`<span class="tourmaster-tour-discount-price" >${price.discount}</span>`
  }${options.withInfo && PRICE_INFO}</div>`;
}
