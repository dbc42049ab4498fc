import { Money } from '../tourmaster/money';

/**
 * Amounts as Stripe counts them: in the currency's smallest unit (cents), except for Stripe's
 * zero-decimal currencies, whose amount is the whole number itself (¥500 is 500, not 50000).
 * https://docs.stripe.com/currencies#zero-decimal
 */
const ZERO_DECIMAL = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);

export function currencyDigits(currency: string): 0 | 2 {
  return ZERO_DECIMAL.has(currency.trim().toLowerCase()) ? 0 : 2;
}

/** `amount` (e.g. 269.448 USD) in Stripe's unit for `currency`, rounded half up (26945). */
export function toStripeAmount(amount: Money, currency: string): number {
  return amount.toMinor(currencyDigits(currency));
}

/** Stripe's integer amount back as money in `currency` (26945 USD → 269.45). */
export function fromStripeAmount(amount: number, currency: string): Money {
  return Money.fromMinor(amount, currencyDigits(currency));
}
