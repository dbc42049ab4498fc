import { describe, expect, it } from 'vitest';
import { resolveStripeKeys, siteMainCurrency, stripeConfigured } from './stripe-settings';

const none = { secretKey: undefined, publishableKey: undefined, webhookSecret: undefined, apiBase: undefined };
const site = {
  'stripe-secret-key': ' sk_test_site ',
  'stripe-publishable-key': 'pk_test_site',
  'stripe-currency-code': 'EUR',
  'credit-card-payment-gateway': 'stripe',
};

describe('Stripe settings', () => {
  it("uses the site's keys, each overridden by the environment's", () => {
    expect(resolveStripeKeys({ stripe: none }, site)).toEqual({
      secretKey: 'sk_test_site',
      publishableKey: 'pk_test_site',
      webhookSecret: undefined,
      currency: 'eur',
      apiBase: undefined,
    });
    const env = { ...none, secretKey: 'sk_test_env', webhookSecret: 'whsec_1', apiBase: 'http://127.0.0.1:12111' };
    expect(resolveStripeKeys({ stripe: env }, { ...site, 'stripe-currency-code': '' })).toMatchObject({
      secretKey: 'sk_test_env',
      publishableKey: 'pk_test_site',
      webhookSecret: 'whsec_1',
      currency: 'usd',
      apiBase: 'http://127.0.0.1:12111',
    });
  });

  it('is configured only with both keys and the card gateway set to stripe', () => {
    expect(stripeConfigured({ stripe: none }, { payment: site })).toBe(true);
    expect(stripeConfigured({ stripe: none }, { payment: { ...site, 'stripe-secret-key': '' } })).toBe(false);
    expect(stripeConfigured({ stripe: none }, { payment: { ...site, 'stripe-publishable-key': '' } })).toBe(false);
    expect(
      stripeConfigured({ stripe: none }, { payment: { ...site, 'credit-card-payment-gateway': 'authorize' } }),
    ).toBe(false);
    const env = { ...none, secretKey: 'sk', publishableKey: 'pk' };
    expect(stripeConfigured({ stripe: env }, { payment: { 'credit-card-payment-gateway': 'stripe' } })).toBe(true);
  });
});

describe('siteMainCurrency', () => {
  it('is Tour Master’s currency-code, lower-case, none when unset', () => {
    expect(siteMainCurrency({ 'currency-code': ' EUR ' })).toBe('eur');
    // Unset on most sites (the plugin reads it only to switch currencies): nothing to compare.
    expect(siteMainCurrency({})).toBeUndefined();
    expect(siteMainCurrency({ 'currency-code': '' })).toBeUndefined();
  });
});
