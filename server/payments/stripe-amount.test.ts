import { describe, expect, it } from 'vitest';
import { Money } from '../tourmaster/money';
import { currencyDigits, fromStripeAmount, toStripeAmount } from './stripe-amount';

describe('Stripe amounts in the currency’s smallest unit', () => {
  it('counts cents for two-decimal currencies, rounding half up as PHP rounds', () => {
    expect(toStripeAmount(Money.of('261.6'), 'usd')).toBe(26160);
    expect(toStripeAmount(Money.of('269.448'), 'USD')).toBe(26945);
    expect(toStripeAmount(Money.of('80.8344'), 'eur')).toBe(8083);
    expect(toStripeAmount(Money.of('0.005'), 'gbp')).toBe(1);
  });

  it('leaves zero-decimal currencies unscaled', () => {
    expect(currencyDigits('jpy')).toBe(0);
    expect(currencyDigits(' KRW ')).toBe(0);
    expect(toStripeAmount(Money.of('5000'), 'jpy')).toBe(5000);
    expect(toStripeAmount(Money.of('1234.5'), 'JPY')).toBe(1235);
  });

  it('reads Stripe’s amount back as money', () => {
    expect(fromStripeAmount(26160, 'usd').toNumber()).toBe(261.6);
    expect(fromStripeAmount(5000, 'jpy').toNumber()).toBe(5000);
  });
});
