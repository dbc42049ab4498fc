import { describe, expect, it } from 'vitest';
import { Money } from '../tourmaster/money';
import { paymentInfoList, paypalTransactionIds } from './payment-info';
import { amountDue, type PaypalExpectation, paymentInfoEntry, verifyPaypalOrder } from './paypal-verification';

function order(value: string, o: { id?: string; status?: string; currency?: string; capture?: unknown } = {}) {
  const amount = { currency_code: o.currency ?? 'USD', value };
  return {
    id: o.id ?? 'PP1',
    status: o.status ?? 'COMPLETED',
    purchase_units: [
      {
        amount,
        payments: { captures: [o.capture ?? { id: 'CAP1', status: 'COMPLETED', amount }] },
      },
    ],
  };
}

const expect_ = (o: Partial<PaypalExpectation> = {}): PaypalExpectation => ({
  orderId: 7,
  paypalOrderId: 'PP1',
  kind: 'full',
  amountDue: Money.of('100'),
  currency: 'usd',
  paypalOrderIdsAlreadyUsed: new Set(),
  ...o,
});

describe('verifyPaypalOrder', () => {
  it('accepts the amount due within the plugin tolerance of 0.01, not beyond', () => {
    expect(verifyPaypalOrder(order('100.01'), expect_())).toMatchObject({ ok: true, status: 'online-paid' });
    expect(verifyPaypalOrder(order('99.99'), expect_())).toMatchObject({ ok: true });
    expect(verifyPaypalOrder(order('99.98'), expect_())).toMatchObject({ ok: false, reason: 'AMOUNT_MISMATCH' });
    expect(verifyPaypalOrder(order('150.00'), expect_())).toMatchObject({ ok: false, reason: 'AMOUNT_MISMATCH' });
  });

  it('divides by the order currency rate for the recorded amount', () => {
    const r = verifyPaypalOrder(
      order('85.00', { currency: 'EUR' }),
      expect_({ currency: 'EUR', amountDue: Money.of('85'), exchangeRate: Money.of('0.85') }),
    );
    expect(r.ok && r.amount.toString()).toBe('100');
    expect(r.ok && r.paid.toString()).toBe('85');
  });

  it('refuses malformed or mismatched replies', () => {
    expect(verifyPaypalOrder(null, expect_())).toMatchObject({ reason: 'NOT_FOUND' });
    expect(verifyPaypalOrder(order('100', { id: 'OTHER' }), expect_())).toMatchObject({ reason: 'NOT_FOUND' });
    expect(verifyPaypalOrder({ id: 'PP1', status: 'COMPLETED' }, expect_())).toMatchObject({ reason: 'NOT_COMPLETED' });
    expect(verifyPaypalOrder(order('100', { status: 'VOIDED' }), expect_())).toMatchObject({
      reason: 'NOT_COMPLETED',
    });
    const refunded = { id: 'CAP1', status: 'REFUNDED', amount: { currency_code: 'USD', value: '100' } };
    expect(verifyPaypalOrder(order('100', { capture: refunded }), expect_())).toMatchObject({
      reason: 'NOT_COMPLETED',
    });
    const noValue = { id: 'CAP1', status: 'COMPLETED', amount: { currency_code: 'USD', value: '1e2' } };
    expect(verifyPaypalOrder(order('100', { capture: noValue }), expect_())).toMatchObject({
      reason: 'AMOUNT_MISMATCH',
    });
    const euroCapture = { id: 'CAP1', status: 'COMPLETED', amount: { currency_code: 'EUR', value: '100' } };
    expect(verifyPaypalOrder(order('100', { capture: euroCapture }), expect_())).toMatchObject({
      reason: 'CURRENCY_MISMATCH',
    });
  });

  it('refuses a used id before anything else', () => {
    const used = expect_({ paypalOrderIdsAlreadyUsed: new Set(['PP1']) });
    expect(verifyPaypalOrder(undefined, used)).toMatchObject({ reason: 'ALREADY_USED' });
    expect(verifyPaypalOrder(order('100'), used)).toMatchObject({ reason: 'ALREADY_USED' });
  });

  it('refuses an order whose custom_id or invoice_id names another booking (the audit)', () => {
    const withRef = (ref: Record<string, string>) => {
      const o = order('100');
      Object.assign(o.purchase_units[0]!, ref);
      return o;
    };
    expect(verifyPaypalOrder(withRef({ custom_id: '7' }), expect_())).toMatchObject({ ok: true });
    expect(verifyPaypalOrder(withRef({ custom_id: '8' }), expect_())).toMatchObject({ reason: 'WRONG_BOOKING' });
    expect(verifyPaypalOrder(withRef({ invoice_id: '012111202622391308' }), expect_())).toMatchObject({
      reason: 'WRONG_BOOKING',
    });
    expect(verifyPaypalOrder(withRef({ custom_id: '7', invoice_id: '9' }), expect_())).toMatchObject({
      reason: 'WRONG_BOOKING',
    });
  });

  it('reads every capture: a refunded or failed second one is money not received (the audit)', () => {
    const two = (second: Record<string, unknown>) => {
      const o = order('100');
      o.purchase_units[0]!.payments.captures = [
        { id: 'CAP1', status: 'COMPLETED', amount: { currency_code: 'USD', value: '50' } },
        { id: 'CAP2', amount: { currency_code: 'USD', value: '50' }, ...second },
      ];
      return o;
    };
    expect(verifyPaypalOrder(two({ status: 'COMPLETED' }), expect_())).toMatchObject({ ok: true, captureId: 'CAP1' });
    for (const status of ['REFUNDED', 'PARTIALLY_REFUNDED', 'FAILED', 'DECLINED', 'PENDING']) {
      expect(verifyPaypalOrder(two({ status }), expect_())).toMatchObject({ ok: false, reason: 'NOT_COMPLETED' });
    }
    const refunded = order('100');
    Object.assign(refunded.purchase_units[0]!.payments, { refunds: [{ id: 'R1', status: 'COMPLETED' }] });
    expect(verifyPaypalOrder(refunded, expect_())).toMatchObject({ reason: 'NOT_COMPLETED' });
  });

  it('needs purchase amount == captured amount == amount due, in one purchase (the audit)', () => {
    const capture = { id: 'CAP1', status: 'COMPLETED', amount: { currency_code: 'USD', value: '100' } };
    // Bought 500, captured the 100 due: not one amount.
    expect(verifyPaypalOrder(order('500', { capture }), expect_())).toMatchObject({ reason: 'AMOUNT_MISMATCH' });
    const twoUnits = order('100');
    twoUnits.purchase_units.push(twoUnits.purchase_units[0]!);
    expect(verifyPaypalOrder(twoUnits, expect_())).toMatchObject({ reason: 'AMOUNT_MISMATCH' });
  });

  it('a deposit is deposit-paid', () => {
    expect(verifyPaypalOrder(order('30'), expect_({ kind: 'deposit', amountDue: Money.of('30') }))).toMatchObject({
      ok: true,
      status: 'deposit-paid',
    });
  });
});

describe('amountDue', () => {
  it('charges the deposit when the customer chose it, else what is left to pay', () => {
    const pricingInfo = { 'deposit-price': 80.8344, 'pay-amount': 261.6 };
    expect(amountDue({ pricingInfo, bookingDetail: { 'payment-type': 'partial' } })).toEqual({
      kind: 'deposit',
      amountDue: Money.of('80.8344'),
    });
    expect(amountDue({ pricingInfo, bookingDetail: { 'payment-type': 'full' } })).toEqual({
      kind: 'full',
      amountDue: Money.of('261.6'),
    });
    expect(amountDue({ pricingInfo: { 'pay-amount': 269.448 }, bookingDetail: {} })).toEqual({
      kind: 'full',
      amountDue: Money.of('269.448'),
    });
    expect(amountDue({ pricingInfo: { 'pay-amount': 0 }, bookingDetail: {} })).toBeUndefined();
    expect(amountDue({ pricingInfo: 'garbage', bookingDetail: null })).toBeUndefined();
  });
});

describe('paymentInfoEntry', () => {
  it('without a fee has only the five plugin keys', () => {
    const entry = paymentInfoEntry({
      transactionId: 'PP1',
      amount: Money.of('261.6'),
      submissionDate: '2026-11-21 23:30:00',
      status: 'online-paid',
      pricingInfo: { 'pay-amount': 261.6, 'total-price': 261.6 },
    });
    expect(JSON.stringify(entry)).toBe(
      '{"payment_method":"paypal","submission_date":"2026-11-21 23:30:00","transaction_id":"PP1","amount":261.6,"payment_status":"paid"}',
    );
  });
});

describe('payment_info as stored', () => {
  it('reads a legacy single object as a list of one, with the status-derived payment_status', () => {
    const legacy = { payment_method: 'receipt', amount: 0, 'deposit-price': 50, 'deposit-rate': 30 };
    expect(paymentInfoList(legacy, 'deposit-paid')).toEqual([
      { payment_method: 'receipt', amount: 0, deposit_price: 50, deposit_rate: 30, payment_status: 'paid' },
    ]);
    expect(paymentInfoList(legacy, 'pending')[0]?.payment_status).toBe('pending');
    expect(paymentInfoList(null, 'pending')).toEqual([]);
    expect(paymentInfoList([{ a: 1 }, 'x'], 'pending')).toEqual([{ a: 1 }]);
  });

  it('collects the PayPal transaction ids of an order (single object or list)', () => {
    expect(paypalTransactionIds({ payment_method: 'paypal', transaction_id: 'DEMO-PP-0001' })).toEqual(
      new Set(['DEMO-PP-0001']),
    );
    expect(
      paypalTransactionIds([
        { payment_method: 'stripe', transaction_id: 'pi_1' },
        { payment_method: 'paypal', transaction_id: 'PP1' },
        { payment_method: 'paypal', error: 'timeout' },
      ]),
    ).toEqual(new Set(['PP1']));
  });
});
