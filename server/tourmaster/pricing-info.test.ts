import { describe, expect, it } from 'vitest';
import { type DetailPriceInput, priceOfDetail } from '../testing/booking';
import { Money } from './money';
import { pricingInfoJson, toPricingInfo } from './pricing-info';
import { DEFAULT_PRICING_SETTINGS } from './pricing-settings';
import type { TourOption } from './tour-option';

const option: TourOption = {
  'tour-type': 'single',
  'date-price': [],
  'tour-service': [],
  'group-discount': [],
  'group-discount-category': [],
  'group-discount-apply': [],
};
const base: DetailPriceInput = {
  option,
  entry: {
    day: [],
    month: [],
    year: [],
    'pricing-method': 'fixed',
    'pricing-room-base': 'disable',
    'person-price': '120',
  },
  detail: { 'tour-people': '2' },
  coupon: null,
  settings: {
    ...DEFAULT_PRICING_SETTINGS,
    taxRate: '9',
    depositPaymentAmounts: ['30', '0', '0', '0', '0'],
    paypalServiceFee: '3',
  },
  today: '2026-11-21',
  travelDate: '2027-05-22',
};
const info = (input: Partial<DetailPriceInput>) => toPricingInfo(priceOfDetail({ ...base, ...input }));

describe('toPricingInfo (pricing.md §8.3)', () => {
  it('key order and PHP types of a new booking', () => {
    expect(pricingInfoJson(priceOfDetail(base))).toBe(
      '{"deposit-rate":30,"deposit-price":78.48,"paid-amount":0,"pay-amount":261.6,"total-price":261.6,' +
        '"price-breakdown":{"traveller-base-price":120,"traveller-amount":"2","sub-total-price":240,"tax-rate":"9","tax-due":21.6}}',
    );
  });

  it('no deposit keys when no deposit is offered', () => {
    expect(Object.keys(info({ travelDate: '2026-09-12' }))).toEqual([
      'paid-amount',
      'pay-amount',
      'total-price',
      'price-breakdown',
    ]);
  });

  it('PayPal, full: pay-amount with the fee, then rate (string), fee, raw', () => {
    const out = info({ detail: { 'tour-people': '2', payment_method: 'paypal' } });
    expect(Object.keys(out)).toEqual([
      'deposit-rate',
      'deposit-price',
      'paid-amount',
      'pay-amount',
      'pay-amount-paypal-service-rate',
      'pay-amount-paypal-service-fee',
      'pay-amount-raw',
      'total-price',
      'price-breakdown',
    ]);
    expect(out).toMatchObject({
      'pay-amount': 269.448,
      'pay-amount-paypal-service-rate': '3',
      'pay-amount-paypal-service-fee': 7.848,
      'pay-amount-raw': 261.6,
      'total-price': 261.6,
    });
  });

  it('credit card, partial: the deposit carries the fee', () => {
    const out = info({
      detail: { 'tour-people': '2', payment_method: 'stripe', 'payment-type': 'partial' },
      settings: { ...base.settings, creditCardServiceFee: '2' },
    });
    expect(Object.keys(out)).toEqual([
      'deposit-rate',
      'deposit-price',
      'paid-amount',
      'pay-amount',
      'deposit-price-raw',
      'deposit-credit-card-service-rate',
      'deposit-credit-card-service-fee',
      'total-price',
      'price-breakdown',
    ]);
    expect(out['deposit-price']).toBeCloseTo(80.0496, 12);
    expect(out).toMatchObject({ 'deposit-price-raw': 78.48, 'deposit-credit-card-service-rate': '2' });
  });

  it('partial with a fee but no deposit offered: deposit-price is created after the fee keys (PHP `+=` on an unset key)', () => {
    const out = info({
      detail: { 'tour-people': '2', payment_method: 'paypal', 'payment-type': 'partial' },
      travelDate: '2026-01-01',
    });
    expect(Object.keys(out)).toEqual([
      'paid-amount',
      'pay-amount',
      'deposit-price-raw',
      'deposit-paypal-service-rate',
      'deposit-paypal-service-fee',
      'deposit-price',
      'total-price',
      'price-breakdown',
    ]);
    expect(out).toMatchObject({ 'deposit-price-raw': null, 'deposit-paypal-service-fee': 0, 'deposit-price': 0 });
  });

  it('services keep the request order of their post ids; amounts as PHP holds them', () => {
    const json = pricingInfoJson(
      priceOfDetail({
        ...base,
        detail: { 'tour-people': '2', service: ['45', '12'], 'service-amount': ['3', '1'] },
        services: { '12': { price: '10', per: 'person' }, '45': { price: '5', per: 'unit' } },
      }),
    );
    expect(json).toContain(
      '"additional-service":{"45":{"per":"unit","amount":"3","price-one":5,"price":15},"12":{"per":"person","amount":2,"price-one":10,"price":20}}',
    );
  });

  it('an amount coupon stays the option string, a percent coupon is a number with its text', () => {
    const amount = info({
      detail: { 'tour-people': '2', 'coupon-code': 'greece25' },
      coupon: { 'coupon-discount-type': 'amount', 'coupon-discount-amount': '25' },
    })['price-breakdown'] as Record<string, unknown>;
    expect(amount).toMatchObject({ 'coupon-code': 'greece25', 'coupon-amount': '25' });
    const percent = info({
      detail: { 'tour-people': '2', 'coupon-code': 'SUMMER10' },
      coupon: { 'coupon-discount-type': 'percent', 'coupon-discount-amount': '10' },
    })['price-breakdown'] as Record<string, unknown>;
    expect(percent).toMatchObject({ 'coupon-code': 'SUMMER10', 'coupon-text': '10%', 'coupon-amount': 24 });
  });

  it('rooms: request strings inside, the summed traveller amount as a number', () => {
    const out = info({
      option: { ...option, 'tour-type': 'multiple' },
      entry: {
        day: [],
        month: [],
        year: [],
        'pricing-method': 'fixed',
        'initial-price': '780',
        'single-discount': '150',
      },
      detail: { 'tour-room': '2', 'tour-people': ['2', '1'] },
    });
    expect(JSON.stringify(out['price-breakdown'])).toBe(
      '{"room":[{"base-price":780,"traveller-amount":"2"},{"base-price":630,"traveller-amount":"1"}],' +
        '"traveller-amount":3,"traveller-base-price":0,"sub-total-price":1410,"tax-rate":"9","tax-due":126.9}',
    );
  });
});

describe('Money.toNumber', () => {
  it.each([
    ['126.9', 126.9],
    ['105.948', 105.948],
    ['0.1', 0.1],
    ['284.24475', 284.24475],
    ['-3.3', -3.3],
    ['0', 0],
    ['130800000', 130800000],
    ['1e-7', 1e-7],
    ['123456789012345678901234567890', 1.2345678901234568e29],
  ])('%s', (text, expected) => {
    expect(Money.of(text).toNumber()).toBe(expected);
  });

  it('rounds repeating fractions to the nearest double', () => {
    expect(Money.of(590).dividedBy(11).toNumber()).toBe(590 / 11);
    expect(Money.of(1).dividedBy(3).toNumber()).toBe(1 / 3);
    expect(Money.of(2).dividedBy(3).toNumber()).toBe(2 / 3);
    expect(Money.of(160).dividedBy('1.1').toNumber()).toBe(Number('145.45454545454545454545'));
  });
});
