import { Money } from '../tourmaster/money';

/**
 * Amounts as Stripe counts them (https://docs.stripe.com/currencies, "Minor units in API amounts"):
 * - most currencies: in hundredths (cents);
 * - zero-decimal currencies: the whole number itself (¥500 is 500, not 50000);
 * - three-decimal currencies (BHD, JOD, KWD, OMR, TND): in thousandths, but Stripe refuses an amount
 *   whose last digit is not 0, so the amount is rounded to hundredths first (5.124 KWD → 5120);
 * - ISK and UGX ("special cases"): zero-decimal, yet for backwards compatibility still sent as
 *   two-decimal amounts whose decimals are 00 (5 ISK → 500), so rounded to a whole krona first.
 * Creating a PaymentIntent and verifying one both use `stripeUnit`, so they cannot disagree.
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
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);
const THREE_DECIMAL = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);
const WHOLE_IN_TWO_DECIMALS = new Set(['isk', 'ugx']);

/** How Stripe writes an amount: `digits` decimals in the integer, of which the last `padding` are always 0. */
export interface StripeUnit {
  digits: 0 | 2 | 3;
  padding: 0 | 1 | 2;
}

export function stripeUnit(currency: string): StripeUnit {
  const code = currency.trim().toLowerCase();
  if (ZERO_DECIMAL.has(code)) return { digits: 0, padding: 0 };
  if (THREE_DECIMAL.has(code)) return { digits: 3, padding: 1 };
  if (WHOLE_IN_TWO_DECIMALS.has(code)) return { digits: 2, padding: 2 };
  return { digits: 2, padding: 0 };
}

/** `amount` (e.g. 269.448 USD) in Stripe's unit for `currency`, rounded half up (26945). */
export function toStripeAmount(amount: Money, currency: string): number {
  const { digits, padding } = stripeUnit(currency);
  return amount.toMinor(digits - padding) * 10 ** padding;
}

/** Stripe's integer amount back as money in `currency` (26945 USD → 269.45, 5120 KWD → 5.12). */
export function fromStripeAmount(amount: number, currency: string): Money {
  return Money.fromMinor(amount, stripeUnit(currency).digits);
}
