import { isSet, phpFloat, phpInt, str } from '../php/coerce';
import { Money, type MoneyFormat } from './money';

/** The person categories of variable pricing, in the plugin's order. */
export const PERSON_TYPES = ['adult', 'male', 'female', 'children', 'student', 'infant'] as const;
export type PersonType = (typeof PERSON_TYPES)[number];

/**
 * The site-wide options the price engine reads (pricing.md §1), from the `tourmaster_general` and
 * `tourmaster_payment` option arrays. Values the plugin copies into `pricing_info` (the tax rate, the
 * gateway fee rates) or tests with PHP `empty()` (the deposit percents) stay the strings the admin
 * typed; on/off switches become booleans.
 */
export interface PricingSettings {
  /** `tax-rate` (general) as stored, e.g. '9'; empty ('' / '0') = no tax. Copied into the breakdown as a string. */
  taxRate: string;
  /** `included-tax-in-price` (general) == enable: configured prices include tax (divisor d, §2). */
  includedTaxInPrice: boolean;
  /** `apply-coupon-after-tax` (general) == enable. */
  applyCouponAfterTax: boolean;
  /** `enable-deposit-payment` (payment) == enable; only used by tours whose `deposit-booking` is default. */
  enableDepositPayment: boolean;
  /** `deposit-payment-amount`, `deposit2-payment-amount` … `deposit5-payment-amount` (payment): percent per instalment. */
  depositPaymentAmounts: readonly [string, string, string, string, string];
  /** `enable-full-payment` (payment) == enable. */
  enableFullPayment: boolean;
  /** `display-deposit-payment-day` (payment), intval: deposits are offered only until this many days before travel. */
  displayDepositPaymentDay: number;
  /** `paypal-service-fee` (payment), percent as stored ('3'); empty = none. */
  paypalServiceFee: string;
  /** `credit-card-service-fee` (payment), percent as stored; empty = none. */
  creditCardServiceFee: string;
  /** `enable-woocommerce-payment` (payment) == enable: full payment only, no deposit. */
  enableWoocommercePayment: boolean;
}

/** The plugin's code defaults (pricing.md §1), i.e. the settings of a site whose options are empty. */
export const DEFAULT_PRICING_SETTINGS: PricingSettings = {
  taxRate: '0',
  includedTaxInPrice: false,
  applyCouponAfterTax: false,
  enableDepositPayment: true,
  depositPaymentAmounts: ['0', '0', '0', '0', '0'],
  enableFullPayment: true,
  displayDepositPaymentDay: 0,
  paypalServiceFee: '',
  creditCardServiceFee: '',
  enableWoocommercePayment: false,
};

type OptionArray = Readonly<Record<string, unknown>> | null | undefined;

/** `tourmaster_get_option($group, $key, $default)`: the stored value when set (non-empty or exactly '0'), else the default. */
function option(values: OptionArray, key: string, fallback: string): string {
  const value = values?.[key];
  return isSet(value) ? str(value) : fallback;
}

/** Reads the settings from the unserialised `tourmaster_general` and `tourmaster_payment` option arrays. */
export function readPricingSettings(general: OptionArray, payment: OptionArray): PricingSettings {
  const d = DEFAULT_PRICING_SETTINGS;
  const deposit = (i: number) =>
    option(payment, i === 1 ? 'deposit-payment-amount' : `deposit${i}-payment-amount`, '0');
  return {
    taxRate: option(general, 'tax-rate', d.taxRate),
    includedTaxInPrice: option(general, 'included-tax-in-price', 'disable') === 'enable',
    applyCouponAfterTax: option(general, 'apply-coupon-after-tax', 'disable') === 'enable',
    enableDepositPayment: option(payment, 'enable-deposit-payment', 'enable') === 'enable',
    depositPaymentAmounts: [deposit(1), deposit(2), deposit(3), deposit(4), deposit(5)],
    enableFullPayment: option(payment, 'enable-full-payment', 'enable') === 'enable',
    displayDepositPaymentDay: phpInt(option(payment, 'display-deposit-payment-day', '0')),
    paypalServiceFee: option(payment, 'paypal-service-fee', d.paypalServiceFee),
    creditCardServiceFee: option(payment, 'credit-card-service-fee', d.creditCardServiceFee),
    enableWoocommercePayment: option(payment, 'enable-woocommerce-payment', 'disable') === 'enable',
  };
}

/**
 * The tax-inclusion divisor d (pricing.md §2): `1 + tax-rate/100` when prices include tax, else 1.
 * A rate of −100 % would divide by zero (PHP: DivisionByZeroError); it is read as 1 instead.
 */
export function taxDivisor(settings: PricingSettings): Money {
  if (!settings.includedTaxInPrice) return Money.of(1);
  const d = Money.of(1).plus(phpMoney(settings.taxRate).dividedBy(100));
  return d.isZero() ? Money.of(1) : d;
}

/**
 * A PHP value used in arithmetic, as exact Money: numeric strings as PHP reads them (`'10%'` → 10),
 * anything else 0. PHP 8 throws on non-numeric strings and arrays in arithmetic (a 500 reply); PHP 7
 * read them as 0, which is what we do (pricing.md §3). A value beyond the double range (PHP INF) is
 * also read as 0: the request layer refuses such input before it gets here.
 */
export function phpMoney(value: unknown): Money {
  const n = phpNumber(value);
  return n === 0 ? Money.ZERO : Money.of(n);
}

/** As `phpMoney`, as a JS number: for counts (PHP adds them as doubles, so JS reproduces PHP exactly). */
export function phpNumber(value: unknown): number {
  if (value === null || value === undefined || typeof value === 'object') return 0;
  const n = phpFloat(value);
  return Number.isFinite(n) ? n : 0;
}

/** The site's money format (`tourmaster_general`): `money-format`, separators, breakdown digits. */
export function readMoneyFormat(general: Readonly<Record<string, unknown>>): MoneyFormat {
  const get = (key: string, fallback: string) => (isSet(general[key]) ? str(general[key]) : fallback);
  return {
    format: get('money-format', '$NUMBER'),
    decimalSeparator: get('price-decimal-separator', '.'),
    thousandSeparator: get('price-thousand-separator', ','),
    digits: phpInt(get('price-breakdown-decimal-digit', '2')),
  };
}
