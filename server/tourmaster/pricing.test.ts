import { describe, expect, it } from 'vitest';
import { type DetailPriceInput, priceOfDetail } from '../testing/booking';
import type { BookingDetail } from './booking-detail';
import type { CouponOption } from './coupon';
import { DEFAULT_MONEY_FORMAT, formatMoney, type Money, numberFormat } from './money';

import { headPrice, MAX_ROOMS, type TourPrice } from './pricing';
import { DEFAULT_PRICING_SETTINGS, type PricingSettings } from './pricing-settings';
import type { DatePriceEntry, TourOption } from './tour-option';

const option = (o: Partial<TourOption> = {}): TourOption => ({
  'tour-type': 'single',
  'date-price': [],
  'tour-service': [],
  'group-discount': [],
  'group-discount-category': [],
  'group-discount-apply': [],
  ...o,
});
const entry = (e: Partial<DatePriceEntry>): DatePriceEntry => ({ day: [], month: [], year: [], ...e });
const site = (s: Partial<PricingSettings> = {}): PricingSettings => ({ ...DEFAULT_PRICING_SETTINGS, ...s });
/** The fixture site: tax 9 %, global deposit 30 %, PayPal fee 3 %. */
const DATASET = site({ taxRate: '9', depositPaymentAmounts: ['30', '0', '0', '0', '0'], paypalServiceFee: '3' });

function price(input: Partial<DetailPriceInput> & { detail: BookingDetail }): TourPrice {
  return priceOfDetail({
    option: option(),
    entry: entry({}),
    coupon: null,
    settings: DATASET,
    today: '2026-11-21',
    travelDate: '2027-06-01',
    ...input,
  });
}
const $ = (m: Money | undefined, digits = -1) =>
  m === undefined ? undefined : formatMoney(m, DEFAULT_MONEY_FORMAT, digits);
const s = (m: Money | undefined) => m?.toString();

describe('worked example 1: variable, service, % group discount, % coupon, tax, deposit, PayPal', () => {
  const input = {
    option: option({
      'group-discount': [{ 'traveller-number': '3', discount: '10%' }],
      'group-discount-per-person': 'disable',
    }),
    entry: entry({
      'pricing-method': 'variable',
      'pricing-room-base': 'disable',
      'adult-price': '100',
      'children-price': '60',
      'infant-price': '0',
    }),
    services: { '7': { price: '15', per: 'person' } },
    coupon: { 'coupon-discount-type': 'percent', 'coupon-discount-amount': '5' } satisfies CouponOption,
  };
  const detail = {
    'tour-adult': '2',
    'tour-children': '1',
    service: ['7'],
    'service-amount': ['1'],
    'coupon-code': 'FIVE',
  };
  const r = price({ ...input, detail });
  const b = r.breakdown;

  it.each([
    ['adult base', s(b['adult-base-price']), '100'],
    ['children base', s(b['children-base-price']), '60'],
    ['service price', s(b['additional-service']?.get('7')?.price), '45'],
    ['sub-total', s(b['sub-total-price']), '305'],
    ['group discount', s(b['group-discount-rate'] as Money), '30.5'],
    ['discounted', s(b['group-discounted-price']), '274.5'],
    ['coupon', s(b['coupon-amount'] as Money), '13.725'],
    ['tax due', s(b['tax-due']), '23.46975'],
    ['total-price', s(r.total), '284.24475'],
    ['deposit-price', s(r.depositPrice), '85.273425'],
    ['paid-amount', s(r.paidAmount), '0'],
    ['pay-amount', s(r.payAmount), '284.24475'],
  ])('%s = %s', (_what, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('counts T = 3 (per-person service amount), group discount over 3 people, deposit rate 30', () => {
    expect(r.travellerAmount).toBe(3);
    expect(b['additional-service']?.get('7')).toMatchObject({ per: 'person', amount: 3 });
    expect(b['group-discount-traveller']).toBe(3);
    expect(b['coupon-text']).toBe('5%');
    expect(r.depositRate).toBe(30);
  });

  it('shows "2 x $100 / $200.00", "- $13.73", "$23.47", total "$284.24", deposit "$85.27"', () => {
    expect(`${b['adult-amount']} x ${$(b['adult-base-price'], -2)}`).toBe('2 x $100');
    expect($(b['adult-base-price']?.times(2))).toBe('$200.00');
    expect($(b['coupon-amount'] as Money)).toBe('$13.73');
    expect($(b['tax-due'])).toBe('$23.47');
    expect($(r.total)).toBe('$284.24');
    expect($(r.depositPrice)).toBe('$85.27');
  });

  it('with payment_method=paypal, full: fee 8.5273425, pay-amount 292.7720925, raw 284.24475 (SDK amount 292.77)', () => {
    const paypal = price({ ...input, detail: { ...detail, payment_method: 'paypal' } });
    expect(paypal.serviceFee).toMatchObject({ gateway: 'paypal', on: 'pay-amount', rate: '3' });
    expect(s(paypal.serviceFee?.fee)).toBe('8.5273425');
    expect(s(paypal.payAmount)).toBe('292.7720925');
    expect(s(paypal.serviceFee?.raw ?? undefined)).toBe('284.24475');
    expect(s(paypal.total)).toBe('284.24475');
    expect(numberFormat(paypal.payAmount, 2, '.', '')).toBe('292.77');
  });
});

describe('worked example 2: room-based fixed, single discount and extra person, tax included 10 %', () => {
  const input = {
    option: option({ 'tour-type': 'multiple' }),
    entry: entry({
      'pricing-method': 'fixed',
      'pricing-room-base': 'enable',
      'initial-price': '200',
      'person-price': '50',
      'single-discount': '40',
      'additional-person': '30',
    }),
    settings: site({ includedTaxInPrice: true, taxRate: '10' }),
  };
  const detail = { 'tour-room': '2', 'tour-people': ['1', '3'] };
  const r = price({ ...input, detail });
  const b = r.breakdown;

  it('prices every part divided by d = 1.1', () => {
    expect(b.room?.[0]?.['base-price'].times('1.1').toString()).toBe('160');
    expect(b.room?.[1]?.['base-price'].times('1.1').toString()).toBe('200');
    expect(b.room?.[1]?.['additional-traveller-price']?.times('1.1').toString()).toBe('30');
    expect(b.room?.[1]?.['additional-traveller-amount']).toBe(1);
    expect(b['traveller-base-price']?.times('1.1').toString()).toBe('50');
    expect(b['traveller-amount']).toBe(4);
    expect(b['sub-total-price'].times('1.1').toString()).toBe('590');
    expect(b['sub-total-price'].toString()).toMatch(/^536\.3636/);
    expect(b['tax-due']?.toString()).toMatch(/^53\.6363/);
  });

  it('comes back to 590 exactly (PHP: 589.9999999999999), shown $590.00, stored 590.0000', () => {
    expect(r.total.toString()).toBe('590');
    expect($(r.total)).toBe('$590.00');
    expect(numberFormat(r.total, 4, '.', '')).toBe('590.0000');
  });

  it('counts T = 4, R = 2: a per-room service counts 2, a per-person one 4', () => {
    expect([r.travellerAmount, r.roomAmount]).toEqual([4, 2]);
    const withServices = price({
      ...input,
      detail: { ...detail, service: ['1', '2'], 'service-amount': ['1', '1'] },
      services: { '1': { price: '11', per: 'room' }, '2': { price: '11', per: 'person' } },
    });
    expect(withServices.breakdown['additional-service']?.get('1')).toMatchObject({ amount: 2 });
    expect(withServices.breakdown['additional-service']?.get('2')).toMatchObject({ amount: 4 });
    expect(withServices.breakdown['additional-service']?.get('2')?.price.toString()).toBe('40');
  });
});

describe('worked example 3: group price, group and unit services, coupon after tax, two instalments', () => {
  const input = {
    option: option({ 'deposit-booking': 'enable', 'deposit-amount': '20', 'deposit2-amount': '30' }),
    entry: entry({ 'pricing-method': 'group', 'group-price': '1000' }),
    services: { '21': { price: '50', per: 'group' }, '22': { price: '25', per: 'unit' } },
    coupon: { 'coupon-discount-type': 'amount', 'coupon-discount-amount': '100' },
    settings: site({ taxRate: '7', applyCouponAfterTax: true }),
  };
  const detail = { group: '1', service: ['21', '22'], 'service-amount': ['1', '2'], 'coupon-code': 'HUNDRED' };
  const r = price({ ...input, detail });
  const b = r.breakdown;

  it('1000 + 50 + 50 = 1100 → tax 77 → 1177 → coupon −100 → 1077', () => {
    expect(b['additional-service']?.get('21')).toMatchObject({ per: 'group', amount: '1' });
    expect(b['additional-service']?.get('22')).toMatchObject({ per: 'unit', amount: '2' });
    expect(s(b['sub-total-price'])).toBe('1100');
    expect(s(b['tax-due'])).toBe('77');
    expect(b['coupon-amount']).toBe('100');
    expect(s(r.total)).toBe('1077');
    // after tax: the coupon keys follow the tax keys
    expect(Object.keys(b)).toEqual([
      'group-price',
      'additional-service',
      'sub-total-price',
      'tax-rate',
      'tax-due',
      'coupon-code',
      'coupon-amount',
    ]);
  });

  it('first visit: deposit 20 % = 215.4', () => {
    expect([r.depositRate, s(r.depositPrice)]).toEqual([20, '215.4']);
  });

  it('after paying 215.4: next instalment 538.5 − 215.4 = 323.1 (30 %), full option 861.6', () => {
    const second = price({ ...input, detail, paymentInfos: [{ amount: 215.4, payment_status: 'paid' }] });
    expect(s(second.paidAmount)).toBe('215.4');
    expect([second.depositRate, s(second.depositPrice)]).toEqual([30, '323.1']);
    expect(s(second.plan.fullPaymentAmount)).toBe('861.6');
    expect(s(second.payAmount)).toBe('861.6');
  });

  it('after paying 323.1 too (538.5 = 50 %): no more deposit, full 538.5 remains', () => {
    const third = price({ ...input, detail, paymentInfos: [{ amount: 215.4 }, { deposit_amount: '323.1' }] });
    expect(third.depositRate).toBeUndefined();
    expect(third.depositPrice).toBeUndefined();
    expect(third.plan.depositPayment).toBe(false);
    expect(s(third.plan.fullPaymentAmount)).toBe('538.5');
    expect(third.payment.type).toBe('full');
  });

  it('per-person services count the named travellers (0 in the head price)', () => {
    const perPerson = { ...input, services: { '5': { price: '10', per: 'person' } } };
    const head = price({ ...perPerson, detail: { group: '1', service: ['5'], 'service-amount': ['1'] } });
    expect(head.breakdown['additional-service']?.get('5')).toMatchObject({ amount: 0 });
    const named = price({
      ...perPerson,
      detail: {
        service: ['5'],
        'service-amount': ['1'],
        traveller_first_name: ['Ann', '', ''],
        traveller_last_name: ['', 'Bo', ''],
      },
    });
    expect(named.travellerAmount).toBe(2);
    expect(named.roomAmount).toBe(0);
    expect(named.breakdown['additional-service']?.get('5')?.price.toString()).toBe('20');
  });
});

describe('non-room pricing', () => {
  const fixed = entry({ 'pricing-method': 'fixed', 'pricing-room-base': 'disable', 'person-price': '120' });

  it('fixed: amount copied as the request string, T = R = people', () => {
    const r = price({ entry: fixed, detail: { 'tour-people': '3' } });
    expect(r.breakdown['traveller-amount']).toBe('3');
    expect([r.travellerAmount, r.roomAmount]).toEqual([3, 3]);
    expect(r.total.toString()).toBe('392.4');
  });

  it.each([
    ['empty', ''],
    ['non-numeric', 'abc'],
    ['a list', ['2']],
  ])('fixed with %s tour-people counts 0 (PHP 8 threw; PHP 7 read 0)', (_what, people) => {
    const r = price({ entry: fixed, detail: { 'tour-people': people } });
    expect(r.total.isZero()).toBe(true);
    expect(headPrice(r, DEFAULT_MONEY_FORMAT)).toBeNull();
    expect(r.breakdown['traveller-amount']).toEqual(people);
  });

  it('fixed without tour-people copies null', () => {
    expect(price({ entry: fixed, detail: {} }).breakdown['traveller-amount']).toBeNull();
  });

  it('room mode is off for single tours even when the entry says room-base enable', () => {
    const r = price({ entry: { ...fixed, 'pricing-room-base': 'enable' }, detail: { 'tour-people': '2' } });
    expect(r.breakdown.room).toBeUndefined();
  });

  it('variable: blank price = not offered (0), "0" = free; empty or "0" counts are skipped', () => {
    const r = price({
      entry: entry({
        'pricing-method': 'variable',
        'pricing-room-base': 'disable',
        'adult-price': '65',
        'male-price': '',
        'infant-price': '0',
      }),
      detail: { 'tour-adult': '2', 'tour-male': '1', 'tour-female': '0', 'tour-children': '', 'tour-infant': '1' },
    });
    const b = r.breakdown;
    expect(Object.keys(b)).toEqual([
      'adult-base-price',
      'adult-amount',
      'male-base-price',
      'male-amount',
      'infant-base-price',
      'infant-amount',
      'sub-total-price',
      'tax-rate',
      'tax-due',
    ]);
    expect(s(b['male-base-price'])).toBe('0');
    expect(s(b['infant-base-price'])).toBe('0');
    expect(s(b['sub-total-price'])).toBe('130');
    expect([r.travellerAmount, r.roomAmount]).toEqual([4, 4]);
  });

  it('fractional counts are used as given', () => {
    const r = price({ entry: fixed, detail: { 'tour-people': '1.5' }, settings: site() });
    expect(r.total.toString()).toBe('180');
  });
});

describe('room mode', () => {
  const multiple = option({ 'tour-type': 'multiple' });

  it('fixed with supplements: 1 → base + single, 2 → 2 base, 3 → 2 base + triple, 4 → nothing', () => {
    const r = price({
      option: multiple,
      settings: site(),
      entry: entry({
        'pricing-method': 'fixed',
        'enable-supplement-pricing': 'enable',
        'person-price': '100',
        'single-supplement-price': '30',
        'triple-supplement-price': '20',
      }),
      detail: { 'tour-room': '4', 'tour-people': ['1', '2', '3', '4'] },
    });
    const b = r.breakdown;
    expect(b.room?.map((room) => Object.keys(room))).toEqual([
      ['enable-supplement-price', 'base-price', 'traveller-amount', 'single-supplement-price'],
      ['enable-supplement-price', 'base-price', 'traveller-amount'],
      ['enable-supplement-price', 'base-price', 'traveller-amount', 'triple-supplement-price'],
      ['enable-supplement-price', 'base-price', 'traveller-amount'],
    ]);
    expect(s(r.total)).toBe(String(130 + 200 + 220));
    expect(b['traveller-amount']).toBe(10);
    expect(s(b['traveller-base-price'])).toBe('100');
    expect(Object.keys(b).slice(0, 3)).toEqual(['room', 'traveller-amount', 'traveller-base-price']);
    expect([r.travellerAmount, r.roomAmount]).toEqual([10, 4]);
  });

  it('fixed without supplements (Meteora): initial price, single discount, additional person, person price', () => {
    const meteora = entry({
      'pricing-method': 'fixed',
      'pricing-room-base': 'enable',
      'initial-price': '780',
      'single-discount': '150',
      'additional-person': '330',
      'enable-supplement-pricing': 'disable',
    });
    const cases: [string[], string][] = [
      [['2', '1'], '$1,536.90'],
      [['2', '2'], '$1,700.40'],
      [['1'], '$686.70'],
      [['3'], '$1,209.90'],
      [['4'], '$1,569.60'],
      [['1', '1', '1'], '$2,060.10'],
      [['2', '2', '1'], '$2,387.10'],
    ];
    for (const [people, expected] of cases) {
      const r = price({
        option: multiple,
        entry: meteora,
        detail: { 'tour-room': String(people.length), 'tour-people': people },
      });
      expect($(r.total), people.join('+')).toBe(expected);
    }
    const two = price({ option: multiple, entry: meteora, detail: { 'tour-room': '2', 'tour-people': ['2', '2'] } });
    expect($(two.depositPrice)).toBe('$510.12');
  });

  it('rooms beyond the people list still cost their base price; a string count is read by character', () => {
    const e = entry({ 'pricing-method': 'fixed', 'initial-price': '100' });
    const r = price({
      option: multiple,
      entry: e,
      settings: site(),
      detail: { 'tour-room': '3', 'tour-people': ['2'] },
    });
    expect(r.breakdown.room?.map((room) => room['traveller-amount'])).toEqual(['2', null, null]);
    expect(s(r.total)).toBe('300');
    const str = price({
      option: multiple,
      entry: e,
      settings: site(),
      detail: { 'tour-room': '2', 'tour-people': '12' },
    });
    expect(str.breakdown.room?.map((room) => room['traveller-amount'])).toEqual(['1', '2']);
  });

  it('an absurd room count stops at MAX_ROOMS instead of hanging', () => {
    const e = entry({ 'pricing-method': 'fixed', 'initial-price': '1' });
    const r = price({
      option: multiple,
      entry: e,
      settings: site(),
      detail: { 'tour-room': '1e12', 'tour-people': [] },
    });
    expect(r.roomAmount).toBe(MAX_ROOMS);
  });

  it('variable: the first two people are included, the others additional; single discount when one person', () => {
    const r = price({
      option: multiple,
      settings: site(),
      entry: entry({
        'pricing-method': 'variable',
        'pricing-room-base': 'enable',
        'initial-price': '200',
        'single-discount': '50',
        'adult-price': '10',
        'children-price': '5',
        'additional-adult': '80',
        'additional-children': '40',
      }),
      detail: { 'tour-room': '3', 'tour-adult': ['1', '3', ''], 'tour-children': ['2', '', '1'] },
    });
    const b = r.breakdown;
    expect(b.room?.[0]).toMatchObject({ 'adult-amount': '1', 'children-amount': '2', 'additional-children-amount': 1 });
    expect(s(b.room?.[0]?.['base-price'])).toBe('200');
    expect(b.room?.[1]).toMatchObject({ 'adult-amount': '3', 'additional-adult-amount': 1 });
    expect(s(b.room?.[2]?.['base-price'])).toBe('150');
    expect(b['adult-amount']).toBe(4);
    expect(b['children-amount']).toBe(3);
    expect(Object.keys(b)).toEqual([
      'room',
      'adult-amount',
      'children-amount',
      'adult-base-price',
      'children-base-price',
      'sub-total-price',
    ]);
    // rooms 200 + 200 + 150, additional 40 + 80, people 4 × 10 + 3 × 5
    expect(s(r.total)).toBe(String(550 + 120 + 55));
    expect([r.travellerAmount, r.roomAmount]).toEqual([7, 3]);
  });
});

describe('coupons in the price', () => {
  const fixed = entry({ 'pricing-method': 'fixed', 'pricing-room-base': 'disable', 'person-price': '120' });
  const amount = (n: string): CouponOption => ({ 'coupon-discount-type': 'amount', 'coupon-discount-amount': n });

  it('an amount coupon is not divided by d and is kept as the option string', () => {
    const r = price({
      entry: fixed,
      detail: { 'tour-people': '1', 'coupon-code': 'greece25' },
      coupon: amount('25'),
      settings: site({ taxRate: '9', includedTaxInPrice: true }),
    });
    expect(r.breakdown['coupon-code']).toBe('greece25');
    expect(r.breakdown['coupon-amount']).toBe('25');
    expect(r.breakdown['coupon-text']).toBeUndefined();
    // (120/1.09 − 25) × 1.09: the 25 is taken off the tax-free price, so it is worth 27.25 taxed
    expect(s(r.total)).toBe('92.75');
  });

  it('never below 0', () => {
    const r = price({ entry: fixed, detail: { 'tour-people': '1', 'coupon-code': 'BIG' }, coupon: amount('500') });
    expect(r.total.isZero()).toBe(true);
    expect(r.depositPrice).toBeUndefined();
    expect(headPrice(r, DEFAULT_MONEY_FORMAT)).toBeNull();
  });

  it('after tax, a percent coupon takes its share of the taxed total and tax is not recomputed', () => {
    const r = price({
      entry: fixed,
      detail: { 'tour-people': '1', 'coupon-code': 'TEN' },
      coupon: { 'coupon-discount-type': 'percent', 'coupon-discount-amount': '10' },
      settings: site({ taxRate: '9', applyCouponAfterTax: true }),
    });
    expect(s(r.breakdown['tax-due'])).toBe('10.8');
    expect(s(r.breakdown['coupon-amount'] as Money)).toBe('13.08');
    expect(s(r.total)).toBe('117.72');
  });

  it('no code, or no (valid) coupon: no discount and no coupon keys', () => {
    for (const input of [
      { detail: { 'tour-people': '1' }, coupon: amount('25') },
      { detail: { 'tour-people': '1', 'coupon-code': 'X' }, coupon: null },
    ]) {
      const r = price({ entry: fixed, ...input });
      expect(r.breakdown['coupon-code']).toBeUndefined();
      expect(s(r.total)).toBe('130.8');
    }
  });

  it('an unknown discount type records the code and discounts nothing', () => {
    const r = price({ entry: fixed, detail: { 'tour-people': '1', 'coupon-code': 'ODD' }, coupon: {} });
    expect(r.breakdown['coupon-code']).toBe('ODD');
    expect(r.breakdown['coupon-amount']).toBeUndefined();
    expect(s(r.total)).toBe('130.8');
  });
});

describe('tax', () => {
  it('no tax-rate key when the rate is empty or 0', () => {
    for (const taxRate of ['', '0']) {
      const r = price({
        entry: entry({ 'pricing-method': 'fixed', 'pricing-room-base': 'disable', 'person-price': '10' }),
        detail: { 'tour-people': '1' },
        settings: site({ taxRate }),
      });
      expect(r.breakdown['tax-rate']).toBeUndefined();
      expect(s(r.total)).toBe('10');
    }
  });
});

describe('gateway fees', () => {
  const fixed = entry({ 'pricing-method': 'fixed', 'pricing-room-base': 'disable', 'person-price': '100' });

  it('partial: the fee goes on the deposit (raw kept), pay-amount untouched', () => {
    const r = price({
      entry: fixed,
      detail: { 'tour-people': '1', payment_method: 'paypal', 'payment-type': 'partial' },
    });
    expect(r.serviceFee).toMatchObject({ gateway: 'paypal', on: 'deposit', rate: '3' });
    expect(s(r.serviceFee?.raw ?? undefined)).toBe('32.7');
    expect(s(r.serviceFee?.fee)).toBe('0.981');
    expect(s(r.depositPrice)).toBe('33.681');
    expect(s(r.payAmount)).toBe('109');
  });

  it('partial without a deposit offered: raw null, fee 0, deposit-price 0', () => {
    const r = price({
      entry: fixed,
      detail: { 'tour-people': '1', payment_method: 'paypal', 'payment-type': 'partial' },
      travelDate: '2026-01-01',
    });
    expect(r.serviceFee?.raw).toBeNull();
    expect(s(r.serviceFee?.fee)).toBe('0');
    expect(s(r.depositPrice)).toBe('0');
    expect(r.depositRate).toBeUndefined();
  });

  it.each([
    ['stripe', 'credit-card'],
    ['authorize', 'credit-card'],
    ['paymill', 'credit-card'],
    ['paypal', 'paypal'],
  ])('%s → %s fee', (method, gateway) => {
    const r = price({
      entry: fixed,
      detail: { 'tour-people': '1', payment_method: method },
      settings: site({ paypalServiceFee: '3', creditCardServiceFee: '2.5' }),
    });
    expect(r.serviceFee?.gateway).toBe(gateway);
  });

  it('no fee for booking, hipay, or an unset fee option', () => {
    expect(
      price({ entry: fixed, detail: { 'tour-people': '1', payment_method: 'booking' } }).serviceFee,
    ).toBeUndefined();
    expect(
      price({ entry: fixed, detail: { 'tour-people': '1', payment_method: 'stripe' } }).serviceFee,
    ).toBeUndefined();
  });
});

describe('payment type resolution', () => {
  const fixed = entry({ 'pricing-method': 'fixed', 'pricing-room-base': 'disable', 'person-price': '100' });
  const detail = { 'tour-people': '1' };

  const deposits = DATASET.depositPaymentAmounts;
  it.each([
    ['default full, both offered, choice shown', {}, DATASET, { type: 'full', offerChoice: true }],
    ['partial kept', { 'payment-type': 'partial' }, DATASET, { type: 'partial', depositPayment: true }],
    [
      'partial but only full allowed → full',
      { 'payment-type': 'partial' },
      site({ enableDepositPayment: false, depositPaymentAmounts: deposits }),
      { type: 'full', depositPayment: false, offerChoice: false },
    ],
    [
      'full but only deposit allowed → partial',
      {},
      site({ enableFullPayment: false, depositPaymentAmounts: deposits }),
      { type: 'partial', fullPayment: false, offerChoice: false },
    ],
    [
      'WooCommerce → full, no deposit',
      { 'payment-type': 'partial' },
      site({ enableWoocommercePayment: true, depositPaymentAmounts: deposits }),
      { type: 'full', depositPayment: false, offerChoice: false },
    ],
    ['a payment method chosen: no radios', { payment_method: 'paypal' }, DATASET, { type: 'full', offerChoice: false }],
  ])('%s', (_what, extra, settings, expected) => {
    const r = price({ entry: fixed, detail: { ...detail, ...extra }, settings });
    expect(r.payment).toMatchObject(expected);
  });
});

describe('head price', () => {
  it('formats the total with the site format, null for 0', () => {
    const r = price({
      entry: entry({ 'pricing-method': 'fixed', 'pricing-room-base': 'disable', 'person-price': '120' }),
      detail: { 'tour-people': '1000000' },
    });
    expect(headPrice(r, DEFAULT_MONEY_FORMAT)).toBe('$130,800,000.00');
    expect(headPrice(r, { format: 'NUMBER €', decimalSeparator: ',', thousandSeparator: '.', digits: 2 })).toBe(
      '130.800.000,00 €',
    );
    expect(headPrice(price({ detail: {} }), DEFAULT_MONEY_FORMAT)).toBeNull();
  });
});
