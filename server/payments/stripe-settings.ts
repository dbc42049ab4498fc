import type { Config } from '../core/config';
import { isSet, str } from '../php/coerce';

/**
 * The site's Stripe settings (Tour Master's `tourmaster_payment` options) and which keys are used:
 * each environment variable (`STRIPE_SECRET_KEY`…) wins over the site's option. The SDK adapter is
 * stripe.ts. The fixture site stores `stripe-secret-key`, `stripe-publishable-key`,
 * `stripe-currency-code` (`usd`) and `credit-card-payment-gateway` (`stripe`); the card fee is
 * `credit-card-service-fee`, already part of the stored `pay-amount` / `deposit-price`
 * (tourmaster/deposit.ts `gatewayFee`).
 */
export const STRIPE_OPTION = {
  secretKey: 'stripe-secret-key',
  publishableKey: 'stripe-publishable-key',
  currencyCode: 'stripe-currency-code',
  cardGateway: 'credit-card-payment-gateway',
} as const;

export interface StripeKeys {
  readonly secretKey: string;
  readonly publishableKey: string;
  /** `STRIPE_WEBHOOK_SECRET` only: the plugin has no webhook, so no site option holds one. */
  readonly webhookSecret: string | undefined;
  /** Lower-case ISO code the PaymentIntents are in (`stripe-currency-code` [usd]). */
  readonly currency: string;
  /** `STRIPE_API_BASE`: another Stripe-compatible API. */
  readonly apiBase: string | undefined;
}

type PaymentOptions = Readonly<Record<string, unknown>>;

/** The keys Stripe is called with, or undefined when the secret or the publishable key is missing. */
export function resolveStripeKeys(config: Pick<Config, 'stripe'>, payment: PaymentOptions): StripeKeys | undefined {
  const option = (key: string, fallback = '') => (isSet(payment[key]) ? str(payment[key]).trim() : fallback);
  const secretKey = config.stripe.secretKey ?? option(STRIPE_OPTION.secretKey);
  const publishableKey = config.stripe.publishableKey ?? option(STRIPE_OPTION.publishableKey);
  if (!secretKey || !publishableKey) return undefined;
  return {
    secretKey,
    publishableKey,
    webhookSecret: config.stripe.webhookSecret,
    currency: (option(STRIPE_OPTION.currencyCode) || 'usd').toLowerCase(),
    apiBase: config.stripe.apiBase,
  };
}

/**
 * The site's main currency where the admin named it (`tourmaster_general` `currency-code`,
 * pricing.md "Currency switching"), lower-case; undefined where it is not set. The plugin reads
 * that option only for currency switching, so most sites never set it and their prices are in
 * whatever currency their `money-format` shows: only a named currency can be held against Stripe's.
 */
export function siteMainCurrency(general: PaymentOptions): string | undefined {
  return (isSet(general['currency-code']) ? str(general['currency-code']).trim() : '').toLowerCase() || undefined;
}

/**
 * Whether this site takes card payments through Stripe: `credit-card-payment-gateway` is `stripe`
 * and both keys are known (environment or site). The payment page offers the card method only
 * then; `tourmaster_payment_selected` and `stripe_payment_charge` refuse otherwise.
 */
export function stripeConfigured(
  config: Pick<Config, 'stripe'>,
  settings: { readonly payment: PaymentOptions },
): boolean {
  return stripeCardGateway(settings.payment) && resolveStripeKeys(config, settings.payment) !== undefined;
}

/** `credit-card-payment-gateway` is `stripe` (the card button's `data-action-type`). */
export function stripeCardGateway(payment: PaymentOptions): boolean {
  return str(payment[STRIPE_OPTION.cardGateway]).trim() === 'stripe';
}
