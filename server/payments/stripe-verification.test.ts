import { describe, expect, it } from 'vitest';
import { Money } from '../tourmaster/money';
import type { StripePaymentIntent } from './stripe';
import { verifyPaymentIntent } from './stripe-verification';

const intent = (change: Partial<StripePaymentIntent> = {}): StripePaymentIntent => ({
  id: 'pi_1',
  status: 'succeeded',
  amount: 26160,
  amountReceived: 26160,
  currency: 'usd',
  metadata: { tid: '12' },
  clientSecret: 'pi_1_secret',
  lastError: undefined,
  ...change,
});
const expected = { orderId: 12, kind: 'full' as const, amountDue: Money.of('261.6'), currency: 'usd' };

describe('verifyPaymentIntent', () => {
  it('accepts a succeeded PaymentIntent of exactly the amount due, for this order, in the site currency', () => {
    const v = verifyPaymentIntent(intent(), expected);
    expect(v).toMatchObject({ ok: true, status: 'online-paid' });
    expect(v.ok && v.amount.toNumber()).toBe(261.6);
    expect(verifyPaymentIntent(intent(), { ...expected, kind: 'deposit' })).toMatchObject({ status: 'deposit-paid' });
  });

  it('expects three-decimal currencies in thousandths ending in 0, as the PaymentIntent was created', () => {
    const kwd = { ...expected, amountDue: Money.of('5.124'), currency: 'KWD' };
    const v = verifyPaymentIntent(intent({ amount: 5120, amountReceived: 5120, currency: 'kwd' }), kwd);
    expect(v).toMatchObject({ ok: true });
    expect(v.ok && v.amount.toNumber()).toBe(5.12);
    expect(verifyPaymentIntent(intent({ amount: 512, amountReceived: 512, currency: 'kwd' }), kwd)).toMatchObject({
      ok: false,
      reason: 'AMOUNT_MISMATCH',
    });
  });

  it('refuses anything else', () => {
    const reason = (change: Partial<StripePaymentIntent>) => {
      const v = verifyPaymentIntent(intent(change), expected);
      return v.ok ? 'ok' : v.reason;
    };
    expect(reason({ metadata: { tid: '13' } })).toBe('WRONG_BOOKING');
    expect(reason({ metadata: {} })).toBe('WRONG_BOOKING');
    const site = (change: Partial<StripePaymentIntent>) => {
      const v = verifyPaymentIntent(intent(change), { ...expected, site: 'aaaa1111bbbb2222' });
      return v.ok ? 'ok' : v.reason;
    };
    expect(site({ metadata: { tid: '12', site: 'aaaa1111bbbb2222' } })).toBe('ok');
    expect(site({ metadata: { tid: '12', site: 'cccc3333dddd4444' } })).toBe('WRONG_BOOKING');
    expect(site({ metadata: { tid: '12' } })).toBe('WRONG_BOOKING');
    expect(reason({ currency: 'eur' })).toBe('CURRENCY_MISMATCH');
    expect(reason({ amount: 26159, amountReceived: 26159 })).toBe('AMOUNT_MISMATCH');
    expect(reason({ amountReceived: 100 })).toBe('AMOUNT_MISMATCH');
    expect(reason({ status: 'requires_action', amountReceived: 0 })).toBe('REQUIRES_ACTION');
    expect(reason({ status: 'processing', amountReceived: 0 })).toBe('PROCESSING');
    expect(reason({ status: 'requires_payment_method', lastError: 'Your card was declined.' })).toBe('DECLINED');
    expect(reason({ status: 'canceled' })).toBe('NOT_SUCCEEDED');
  });
});
