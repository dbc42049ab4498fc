import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING_SETTINGS, phpMoney, phpNumber, readPricingSettings, taxDivisor } from './pricing-settings';

describe('readPricingSettings', () => {
  it('empty options give the plugin defaults', () => {
    expect(readPricingSettings({}, {})).toEqual(DEFAULT_PRICING_SETTINGS);
    expect(readPricingSettings(null, undefined)).toEqual(DEFAULT_PRICING_SETTINGS);
    expect(DEFAULT_PRICING_SETTINGS).toMatchObject({ enableDepositPayment: true, enableFullPayment: true });
  });

  it('reads every key from its option array; blank values fall back, "0" is kept', () => {
    const settings = readPricingSettings(
      {
        'tax-rate': '7',
        'included-tax-in-price': 'enable',
        'apply-coupon-after-tax': 'enable',
        'paypal-service-fee': '9',
      },
      {
        'enable-deposit-payment': 'disable',
        'deposit-payment-amount': '20',
        'deposit2-payment-amount': '30',
        'deposit5-payment-amount': '',
        'enable-full-payment': 'disable',
        'display-deposit-payment-day': '14',
        'paypal-service-fee': '0',
        'credit-card-service-fee': '2.5',
        'enable-woocommerce-payment': 'enable',
      },
    );
    expect(settings).toEqual({
      taxRate: '7',
      includedTaxInPrice: true,
      applyCouponAfterTax: true,
      enableDepositPayment: false,
      depositPaymentAmounts: ['20', '30', '0', '0', '0'],
      enableFullPayment: false,
      displayDepositPaymentDay: 14,
      paypalServiceFee: '0',
      creditCardServiceFee: '2.5',
      enableWoocommercePayment: true,
    });
  });

  it('an empty display-deposit-payment-day is 0 (the fixture site stores "")', () => {
    expect(readPricingSettings({}, { 'display-deposit-payment-day': '' }).displayDepositPaymentDay).toBe(0);
  });
});

describe('taxDivisor (pricing.md §2)', () => {
  it.each([
    [false, '10', '1'],
    [true, '10', '1.1'],
    [true, '9', '1.09'],
    [true, '', '1'],
    [true, '-100', '1'],
  ])('included %s, rate %s → %s', (includedTaxInPrice, taxRate, d) => {
    expect(taxDivisor({ ...DEFAULT_PRICING_SETTINGS, includedTaxInPrice, taxRate }).toString()).toBe(d);
  });
});

describe('PHP numeric reading', () => {
  it.each([
    ['120', '120'],
    ['95.50', '95.5'],
    ['10%', '10'],
    [' 2', '2'],
    ['', '0'],
    ['abc', '0'],
    [['2'], '0'],
    [null, '0'],
    [3, '3'],
    [`1${'0'.repeat(400)}`, '0'],
  ])('%j → %s', (value, expected) => {
    expect(phpMoney(value).toString()).toBe(expected);
  });

  it('counts as JS numbers', () => {
    expect(phpNumber('3')).toBe(3);
    expect(phpNumber('1.5')).toBe(1.5);
    expect(phpNumber(undefined)).toBe(0);
  });
});
