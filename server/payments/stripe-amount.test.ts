import { describe, expect, it } from 'vitest';
import { Money } from '../tourmaster/money';
import { fromStripeAmount, stripeUnit, toStripeAmount } from './stripe-amount';

describe('Stripe amounts in the currency’s smallest unit', () => {
  it('counts cents for two-decimal currencies, rounding half up as PHP rounds', () => {
    expect(toStripeAmount(Money.of('261.6'), 'usd')).toBe(26160);
    expect(toStripeAmount(Money.of('269.448'), 'USD')).toBe(26945);
    expect(toStripeAmount(Money.of('80.8344'), 'eur')).toBe(8083);
    expect(toStripeAmount(Money.of('0.005'), 'gbp')).toBe(1);
  });

  it('leaves zero-decimal currencies unscaled', () => {
    expect(stripeUnit('jpy').digits).toBe(0);
    expect(stripeUnit(' KRW ').digits).toBe(0);
    expect(toStripeAmount(Money.of('5000'), 'jpy')).toBe(5000);
    expect(toStripeAmount(Money.of('1234.5'), 'JPY')).toBe(1235);
  });

  it('counts thousandths for three-decimal currencies, the last digit always 0', () => {
    for (const code of ['bhd', 'JOD', 'kwd', 'omr', 'tnd']) {
      expect(toStripeAmount(Money.of('5.124'), code)).toBe(5120);
      expect(toStripeAmount(Money.of('5.125'), code)).toBe(5130);
      expect(toStripeAmount(Money.of('261.6'), code)).toBe(261600);
    }
    expect(fromStripeAmount(5120, 'kwd').toNumber()).toBe(5.12);
  });

  it('sends ISK and UGX as two-decimal amounts of whole units (decimals 00)', () => {
    expect(toStripeAmount(Money.of('5'), 'isk')).toBe(500);
    expect(toStripeAmount(Money.of('5.4'), 'ISK')).toBe(500);
    expect(toStripeAmount(Money.of('5.5'), 'isk')).toBe(600);
    expect(toStripeAmount(Money.of('5000.2'), 'ugx')).toBe(500000);
    expect(fromStripeAmount(500, 'isk').toNumber()).toBe(5);
    expect(fromStripeAmount(500000, 'ugx').toNumber()).toBe(5000);
  });

  it('reads Stripe’s amount back as money', () => {
    expect(fromStripeAmount(26160, 'usd').toNumber()).toBe(261.6);
    expect(fromStripeAmount(5000, 'jpy').toNumber()).toBe(5000);
  });
});
