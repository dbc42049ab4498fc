import { describe, expect, it } from 'vitest';
import { gatewayFee, normalizePaymentInfos, type PaymentPlanInput, paymentPlan, resolvePaymentType } from './deposit';
import { Money } from './money';
import { DEFAULT_PRICING_SETTINGS, type PricingSettings } from './pricing-settings';
import type { TourOption } from './tour-option';

const option = (o: Partial<TourOption> = {}): TourOption => ({
  'date-price': [],
  'tour-service': [],
  'group-discount': [],
  'group-discount-category': [],
  'group-discount-apply': [],
  ...o,
});
const site = (s: Partial<PricingSettings> = {}): PricingSettings => ({
  ...DEFAULT_PRICING_SETTINGS,
  depositPaymentAmounts: ['30', '0', '0', '0', '0'],
  ...s,
});
const plan = (p: Partial<PaymentPlanInput> = {}) =>
  paymentPlan({
    option: option(),
    settings: site(),
    paymentInfos: [],
    total: Money.of(1000),
    today: '2026-11-21',
    travelDate: '2027-05-20',
    ...p,
  });
const s = (m: Money | undefined) => m?.toString();

describe('normalizePaymentInfos (pricing.md §8.1)', () => {
  it('keeps a list', () => {
    expect(normalizePaymentInfos([{ amount: 10 }, { error: 'x' }], 'pending')).toEqual([
      { amount: 10 },
      { error: 'x' },
    ]);
  });

  it('wraps a legacy single object, renames the deposit keys and derives the payment status', () => {
    expect(
      normalizePaymentInfos(
        { payment_method: 'paypal', amount: 480, 'deposit-rate': 30, 'deposit-price': 144 },
        'online-paid',
      ),
    ).toEqual([
      { payment_method: 'paypal', amount: 480, deposit_rate: 30, deposit_price: 144, payment_status: 'paid' },
    ]);
    expect(normalizePaymentInfos({ payment_method: 'receipt', amount: 0 }, 'pending')).toEqual([
      { payment_method: 'receipt', amount: 0, payment_status: 'pending' },
    ]);
    for (const status of ['approved', 'deposit-paid']) {
      expect(normalizePaymentInfos({ amount: 1 }, status)[0]?.payment_status).toBe('paid');
    }
  });

  it('nothing stored → no payments', () => {
    for (const v of [null, undefined, '', {}, 'NULL']) expect(normalizePaymentInfos(v, 'pending')).toEqual([]);
  });
});

describe('paymentPlan (pricing.md §8.2)', () => {
  it('global 30 %: deposit 300 of 1000, full payment offered', () => {
    const p = plan();
    expect(p).toMatchObject({ fullPayment: true, depositPayment: true, morePayment: true, nextDepositPercent: 30 });
    expect(s(p.nextDepositAmount)).toBe('300');
    expect(s(p.fullPaymentAmount)).toBe('1000');
    expect(p.depositPercent).toEqual(['30']);
  });

  it('the rounding trap: 30 % of 267.05 is exactly 80.115', () => {
    expect(s(plan({ total: Money.of('267.05') }).nextDepositAmount)).toBe('80.115');
  });

  it('paid = first non-empty of deposit_amount, pay_amount, amount, deposit_price per entry; errors count as entries', () => {
    const p = plan({
      option: option({
        'deposit-booking': 'enable',
        'deposit-amount': '10',
        'deposit2-amount': '20',
        'deposit3-amount': '30',
      }),
      paymentInfos: [
        { deposit_amount: '50', amount: 999 },
        { pay_amount: 25, amount: 999 },
        { amount: '15' },
        { deposit_price: '10' },
        { error: 'declined' },
      ],
    });
    expect(s(p.paidAmount)).toBe('100');
    // k = 5 ≥ 3 instalments: all 60 % due → 600 − 100
    expect(s(p.nextDepositAmount)).toBe('500');
    expect(p.nextDepositPercent).toBe(50);
  });

  it('tour deposit-booking: enable uses the tour percents, disable none, default the global ones', () => {
    expect(plan({ option: option({ 'deposit-booking': 'enable', 'deposit-amount': '25' }) }).nextDepositPercent).toBe(
      25,
    );
    expect(plan({ option: option({ 'deposit-booking': 'disable' }) }).depositPayment).toBe(false);
    expect(plan({ option: option({ 'deposit-booking': 'default' }) }).nextDepositPercent).toBe(30);
    expect(plan({ settings: site({ enableDepositPayment: false }) }).depositPayment).toBe(false);
  });

  it('instalments: 20 then 30 of 1077', () => {
    const tour = option({ 'deposit-booking': 'enable', 'deposit-amount': '20', 'deposit2-amount': '30' });
    const total = Money.of(1077);
    const first = plan({ option: tour, total });
    expect([first.nextDepositPercent, s(first.nextDepositAmount), first.totalDepositPercent]).toEqual([
      20,
      '215.4',
      50,
    ]);
    const second = plan({ option: tour, total, paymentInfos: [{ amount: 215.4 }] });
    expect([second.nextDepositPercent, s(second.nextDepositAmount), s(second.fullPaymentAmount)]).toEqual([
      30,
      '323.1',
      '861.6',
    ]);
    const third = plan({ option: tour, total, paymentInfos: [{ amount: 215.4 }, { amount: 323.1 }] });
    expect([third.depositPayment, third.fullPayment, s(third.fullPaymentAmount)]).toEqual([false, true, '538.5']);
  });

  it('paid within 0.01 of the total: nothing more to pay', () => {
    const p = plan({ paymentInfos: [{ amount: '999.995' }] });
    expect(p).toMatchObject({ morePayment: false, fullPayment: false, depositPayment: false });
    expect(p.fullPaymentAmount).toBeUndefined();
  });

  it('full payment can be switched off', () => {
    expect(plan({ settings: site({ enableFullPayment: false }) })).toMatchObject({
      fullPayment: false,
      depositPayment: true,
    });
  });

  it('deposits only until display-deposit-payment-day days before travel; not for past or unreadable dates', () => {
    const days = (n: number, travelDate: string) =>
      plan({ settings: site({ displayDepositPaymentDay: n }), travelDate }).depositPayment;
    expect(days(10, '2026-12-01')).toBe(true);
    expect(days(11, '2026-12-01')).toBe(false);
    expect(days(0, '2026-11-21')).toBe(true);
    expect(days(0, '2026-11-20')).toBe(false);
    expect(days(0, 'someday')).toBe(false);
  });

  it('rounds the next percent half away from zero', () => {
    // 12.5 % configured → round(12.5) = 13
    expect(plan({ settings: site({ depositPaymentAmounts: ['12.5', '0', '0', '0', '0'] }) }).nextDepositPercent).toBe(
      13,
    );
  });
});

describe('resolvePaymentType', () => {
  const p = plan();
  it.each([
    ['', undefined, 'full', true],
    ['partial', undefined, 'partial', true],
    ['full', 'paypal', 'full', false],
    ['bogus', undefined, 'bogus', true],
  ])('requested %j with method %j → %s (choice %s)', (requested, method, type, choice) => {
    expect(resolvePaymentType(requested, method, p, site())).toMatchObject({ type, offerChoice: choice });
  });
});

describe('gatewayFee', () => {
  const fees = site({ paypalServiceFee: '3', creditCardServiceFee: '2' });
  it.each([
    ['paypal', { gateway: 'paypal', rate: '3' }],
    ['stripe', { gateway: 'credit-card', rate: '2' }],
    ['authorize', { gateway: 'credit-card', rate: '2' }],
    ['paymill', { gateway: 'credit-card', rate: '2' }],
    ['booking', null],
    ['hipayprofessional', null],
    [undefined, null],
  ])('%s', (method, expected) => {
    expect(gatewayFee(method, fees)).toEqual(expected);
  });

  it('none when the option is empty or 0', () => {
    expect(gatewayFee('paypal', site({ paypalServiceFee: '0' }))).toBeNull();
    expect(gatewayFee('stripe', site())).toBeNull();
  });
});
