import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SEED_DUMP, PROJECT_ROOT } from '../core/config';
import { parseDump, type SqlValue } from '../data/mysql-dump';
import { type Exchange, loadExchange, loadExchanges } from '../parity/exchanges';
import { phpFloatToString } from '../php/float';
import { unserialize } from '../php/serialize';
import { priceOfDetail } from '../testing/booking';
import type { BookingDetail, FormValue } from './booking-detail';
import { type CouponOption, checkCoupon } from './coupon';
import { DEFAULT_MONEY_FORMAT, formatMoney } from './money';
import { resolveDatePrice } from './packages';

import { breakdownMoney, headPrice, type TourPrice } from './pricing';
import { pricingInfoJson } from './pricing-info';
import { type PricingSettings, readPricingSettings } from './pricing-settings';
import { type DatePriceEntry, parseTourOption, type TourOption } from './tour-option';

/**
 * Prices computed from the real tour options, coupons and settings of the fixture dump, checked
 * against what the legacy site answered (captured exchanges, stored orders, the guest flow).
 */

// ---------------------------------------------------------------------------------------------
// The dump
// ---------------------------------------------------------------------------------------------

const statements = parseDump(readFileSync(DEFAULT_SEED_DUMP, 'utf8'));
const columns = new Map<string, string[]>();
const rows = (table: string): Record<string, SqlValue>[] => {
  const names = columns.get(table) ?? [];
  return statements.flatMap((s) =>
    s.kind === 'insert' && s.table === table
      ? s.rows.map((r) => Object.fromEntries((s.columns ?? names).map((c, i) => [c, r[i] ?? null])))
      : [],
  );
};
for (const s of statements) {
  if (s.kind === 'create-table')
    columns.set(
      s.table,
      s.def.columns.map((c) => c.name),
    );
}

const postmeta = rows('wp_postmeta');
const meta = (postId: number, key: string) =>
  postmeta.find((m) => Number(m.post_id) === postId && m.meta_key === key)?.meta_value as string | undefined;
const optionRow = (name: string) =>
  unserialize(rows('wp_options').find((o) => o.option_name === name)?.option_value as string) as Record<
    string,
    unknown
  >;

const settings: PricingSettings = readPricingSettings(optionRow('tourmaster_general'), optionRow('tourmaster_payment'));

function tourOption(tourId: number): TourOption | undefined {
  const raw = meta(tourId, 'tourmaster-tour-option');
  return raw === undefined ? undefined : parseTourOption(unserialize(raw));
}

const coupons = postmeta
  .filter((m) => m.meta_key === 'tourmaster-coupon-code')
  .map((m) => ({
    code: String(m.meta_value),
    option: unserialize(meta(Number(m.post_id), 'tourmaster-coupon-option') ?? 'a:0:{}') as CouponOption,
  }));
const orders = rows('wp_tourmaster_order');

/** The date the fixture site was seeded and the exchanges captured. */
const TODAY = '2026-11-21';

/** What the caller of the price engine does: find the coupon (case-insensitive, as MySQL) and check it. */
function validCoupon(code: unknown, tourId: number, today = TODAY): CouponOption | null {
  if (typeof code !== 'string' || code === '') return null;
  const found = coupons.find((c) => c.code.toLowerCase() === code.toLowerCase());
  if (!found) return null;
  const timesUsed = orders.filter((o) => String(o.coupon_code ?? '').toLowerCase() === code.toLowerCase()).length;
  const check = checkCoupon(found.option, { tourId, today, timesUsed });
  return check.ok ? check.coupon : null;
}

// ---------------------------------------------------------------------------------------------
// Date resolution and package merge (booking.md §1.2), as the date module does it
// ---------------------------------------------------------------------------------------------

/** The entry for `date` with its package merged (packages.ts), or an empty entry when the date is not offered. */
function resolveEntry(option: TourOption, date: string, packageTitle: string): DatePriceEntry {
  return resolveDatePrice(option, date, packageTitle)?.entry ?? { day: [], month: [], year: [] };
}

/** Request / stored booking detail → the engine's detail (numbers as PHP strings, nested lists kept). */
function toDetail(raw: Record<string, unknown>): Record<string, FormValue> {
  const out: Record<string, FormValue> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (typeof v === 'string') out[k] = v;
    else if (typeof v === 'number') out[k] = String(v);
    else if (Array.isArray(v)) out[k] = v.map((x) => String(x));
  }
  return out;
}

function price(detail: BookingDetail, today = TODAY): TourPrice {
  const tourId = Number(detail['tour-id']);
  const option = tourOption(tourId);
  if (!option) throw new Error(`no tour ${tourId}`);
  const date = String(detail['tour-date'] ?? '');
  return priceOfDetail({
    option,
    entry: resolveEntry(option, date, typeof detail.package === 'string' ? detail.package : ''),
    detail,
    coupon: validCoupon(detail['coupon-code'], tourId, today),
    settings,
    today,
    travelDate: date,
  });
}

/** Parsed-JSON equality with PHP's double drift allowed in the last digits; keys must be in the same order. */
function expectSamePhpJson(actual: unknown, expected: unknown, at = '$'): void {
  if (typeof expected === 'number' && typeof actual === 'number') {
    expect(Math.abs(actual - expected), `${at}: ${actual} vs ${expected}`).toBeLessThanOrEqual(
      1e-12 * Math.max(1, Math.abs(expected)),
    );
    return;
  }
  if (expected && typeof expected === 'object') {
    expect(actual !== null && typeof actual === 'object', at).toBe(true);
    expect(Array.isArray(actual), at).toBe(Array.isArray(expected));
    const a = actual as Record<string, unknown>;
    const e = expected as Record<string, unknown>;
    expect(Object.keys(a), at).toEqual(Object.keys(e));
    for (const key of Object.keys(e)) expectSamePhpJson(a[key], e[key], `${at}.${key}`);
    return;
  }
  expect(actual, at).toEqual(expected);
}

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

describe('the fixture settings', () => {
  it('reads tax 9 %, global deposit 30 %, PayPal fee 3 %, defaults elsewhere', () => {
    expect(settings).toEqual({
      taxRate: '9',
      includedTaxInPrice: false,
      applyCouponAfterTax: false,
      enableDepositPayment: true,
      depositPaymentAmounts: ['30', '0', '0', '0', '0'],
      enableFullPayment: true,
      displayDepositPaymentDay: 0,
      paypalServiceFee: '3',
      creditCardServiceFee: '',
      enableWoocommercePayment: false,
    });
  });
});

/** The decoded POST of a captured exchange (`form_nested`: PHP-style nesting of the form fields). */
interface Posted {
  data?: Record<string, unknown>;
  booking_detail?: Record<string, unknown>;
  type?: string;
}
const posted = (ex: Exchange): Posted => (ex.request as unknown as { form_nested?: Posted }).form_nested ?? {};

const headPriceExchanges = loadExchanges().filter((ex) => ex.name.startsWith('head_price-'));

describe('tourmaster_update_head_price, every captured reply', () => {
  const data = (ex: Exchange) => posted(ex).data;
  // No data / unknown tour are the request layer's (no tour option to price).
  const priced = headPriceExchanges.filter((ex) => {
    const d = data(ex);
    return d !== undefined && tourOption(Number(d['tour-id'])) !== undefined;
  });

  it('covers the captures', () => {
    expect(priced.map((ex) => ex.name)).toContain('head_price-huge-people');
    expect(priced.length).toBe(headPriceExchanges.length - 2);
  });

  it.each(priced.map((ex) => [ex.name, ex] as const))('%s', (_name, ex) => {
    const detail = toDetail(data(ex) ?? {});
    const reply = headPrice(price(detail), DEFAULT_MONEY_FORMAT);
    expect(reply === null ? [] : { price: reply }).toEqual(ex.response.json);
  });

  it.each([
    ['head_price-meteora-2-rooms', '$1,536.90'],
    ['head_price-mykonos-no-package', '$207.10'],
    ['head_price-corfu-first-date', '$163.50'],
    ['head_price-rhodes-first-date', '$356.43'],
    ['head_price-crete-group', '$981.00'],
    ['head_price-athens-mixed', '$234.35'],
    ['head_price-huge-people', '$130,800,000.00'],
  ])('%s → %s', (name, expected) => {
    const ex = loadExchange(name);
    expect(headPrice(price(toDetail(data(ex) ?? {})), DEFAULT_MONEY_FORMAT)).toBe(expected);
  });
});

/** The amounts a payment-page sidebar shows (pricing.md §10 rows and the total/deposit block). */
function sidebarFigures(html: string) {
  const pick = (re: RegExp) => re.exec(html)?.[1];
  return {
    subTotal: pick(/Sub Total Price<\/span><span class="tourmaster-tail tourmaster-right" >([^<]*)</),
    discount: pick(/Discount Price<\/span><span class="tourmaster-tail tourmaster-right" >- ([^<]*)</),
    taxDue: pick(/Tax Due<\/span><span class="tourmaster-tail tourmaster-right" >([^<]*)</),
    fee: pick(/Fee \(\d+%\)<\/span><span class="tourmaster-tour-booking-bar-total-price-info-content" >([^<]*)</),
    total: pick(/<span class="tourmaster-tour-booking-bar-total-price" >([^<]*)</),
    depositTitle: pick(/<span class="tourmaster-tour-booking-bar-deposit-title" >([^<]*)</),
    deposit: pick(/<span class="tourmaster-tour-booking-bar-deposit-price" >([^<]*)</),
    totalPriceVar: pick(/window\.tourmaster_total_price = "([^"]*)"/),
  };
}

const sidebarExchanges = loadExchanges().filter((ex) => {
  if (!/^payment_(template|selected)-/.test(ex.name)) return false;
  const json = ex.response.json as { sidebar?: unknown } | null;
  const detail = posted(ex).booking_detail;
  return (
    typeof json?.sidebar === 'string' &&
    json.sidebar.includes('tourmaster-tour-booking-bar-total-price"') &&
    detail !== undefined &&
    tourOption(Number(detail['tour-id'])) !== undefined
  );
});

describe('payment page sidebars, every captured one', () => {
  it('covers the captures', () => {
    expect(sidebarExchanges.length).toBeGreaterThanOrEqual(30);
  });

  it.each(sidebarExchanges.map((ex) => [ex.name, ex] as const))('%s', (_name, ex) => {
    const form = posted(ex);
    const detail = toDetail(form.booking_detail ?? {});
    if (ex.name.startsWith('payment_selected-') && form.type) detail.payment_method = form.type;
    const result = price(detail);
    const shown = sidebarFigures((ex.response.json as { sidebar: string }).sidebar);
    const money = (m: Parameters<typeof formatMoney>[0]) => formatMoney(m, DEFAULT_MONEY_FORMAT);
    const b = result.breakdown;

    expect(money(b['sub-total-price'])).toBe(shown.subTotal);
    expect(b['tax-due'] && money(b['tax-due'])).toBe(shown.taxDue);
    const coupon = b['coupon-amount'];
    expect(coupon === undefined ? undefined : money(breakdownMoney(coupon))).toBe(shown.discount);
    expect(money(result.payAmount)).toBe(shown.total);
    expect(result.serviceFee && money(result.serviceFee.fee)).toBe(shown.fee);
    expect(result.depositPrice && money(result.depositPrice)).toBe(shown.deposit);
    expect(shown.depositTitle).toBe(`${result.depositRate}% Deposit `);
    expect(phpFloatToString(result.total.toNumber())).toBe(shown.totalPriceVar);
  });

  it('mykonos + GREECE25 (not valid for tour 8): 245 → $267.05, deposit 80.115 → $80.12', () => {
    const ex = loadExchange('payment_template-s3-mykonos-coupon-fixed');
    const detail = toDetail(posted(ex).booking_detail ?? {});
    const result = price(detail);
    expect(result.breakdown['coupon-code']).toBeUndefined();
    expect(result.total.toString()).toBe('267.05');
    expect(result.depositPrice?.toString()).toBe('80.115');
    expect(formatMoney(result.depositPrice!, DEFAULT_MONEY_FORMAT)).toBe('$80.12');
  });

  it('santorini, new PayPal order: fee 7.848, pay amount 269.448 (the PayPal form amount), total still 261.6', () => {
    const ex = loadExchange('payment_selected-paypal-new');
    const detail = toDetail(posted(ex).booking_detail ?? {});
    detail.payment_method = 'paypal';
    const result = price(detail);
    expect(result.serviceFee).toMatchObject({ gateway: 'paypal', on: 'pay-amount', rate: '3' });
    expect(result.serviceFee?.fee.toString()).toBe('7.848');
    expect(result.payAmount.toString()).toBe('269.448');
    expect(String(result.payAmount.toNumber())).toBe(
      /name="amount" value="([^"]*)"/.exec((ex.response.json as { content: string }).content)?.[1],
    );
    expect(result.total.toString()).toBe('261.6');
    expect(result.depositPrice?.toString()).toBe('78.48');
  });
});

describe('worked example 4 (pricing.md §11): the dataset', () => {
  const $ = (m: Parameters<typeof formatMoney>[0] | undefined) => m && formatMoney(m, DEFAULT_MONEY_FORMAT);
  it.each([
    [
      'Santorini 2 people',
      { 'tour-id': '4', 'tour-date': '2027-05-22', 'tour-people': '2' },
      '240',
      '$261.60',
      '$78.48',
    ],
    [
      'Athens 2 adults, child, student, infant',
      {
        'tour-id': '5',
        'tour-date': '2027-05-13',
        'tour-adult': '2',
        'tour-children': '1',
        'tour-student': '1',
        'tour-infant': '1',
      },
      '215',
      '$234.35',
      '$70.31',
    ],
    [
      'Crete group, any people',
      { 'tour-id': '6', 'tour-date': '2027-05-29', group: '1', 'tour-people': '6' },
      '900',
      '$981.00',
      '$294.30',
    ],
    [
      'Meteora rooms 2+1',
      { 'tour-id': '7', 'tour-date': '2027-05-14', 'tour-room': '2', 'tour-people': ['2', '1'] },
      '1410',
      '$1,536.90',
      '$461.07',
    ],
    [
      'Meteora rooms 2+2',
      { 'tour-id': '7', 'tour-date': '2027-06-11', 'tour-room': '2', 'tour-people': ['2', '2'] },
      '1560',
      '$1,700.40',
      '$510.12',
    ],
    [
      'Mykonos, no package → Morning',
      { 'tour-id': '8', 'tour-date': '2027-06-10', 'tour-adult': '2' },
      '190',
      '$207.10',
      '$62.13',
    ],
    [
      'Mykonos Afternoon Premium 2+2',
      {
        'tour-id': '8',
        'tour-date': '2027-06-10',
        package: 'Afternoon Premium',
        'tour-adult': '2',
        'tour-children': '2',
      },
      '440',
      '$479.60',
      '$143.88',
    ],
    [
      'Mykonos Morning 2+1 with GREECE25 (not for tour 8, ignored)',
      { 'tour-id': '8', 'tour-date': '2027-06-17', 'tour-adult': '2', 'tour-children': '1', 'coupon-code': 'GREECE25' },
      '245',
      '$267.05',
      '$80.12',
    ],
    [
      'guest flow: Santorini 3 + SUMMER10',
      { 'tour-id': '4', 'tour-date': '2027-05-29', 'tour-people': '3', 'coupon-code': 'SUMMER10' },
      '360',
      '$353.16',
      '$105.95',
    ],
  ] as const)('%s', (_what, detail, subTotal, total, deposit) => {
    const result = price(detail);
    expect(result.breakdown['sub-total-price'].toString()).toBe(subTotal);
    expect($(result.total)).toBe(total);
    expect($(result.depositPrice)).toBe(deposit);
    expect(result.depositRate).toBe(30);
  });

  it('Santorini, PayPal: fee 7.848, PayPal amount 269.448, sidebar total $269.45', () => {
    const result = price({ 'tour-id': '4', 'tour-date': '2027-05-22', 'tour-people': '2', payment_method: 'paypal' });
    expect(result.serviceFee?.fee.toString()).toBe('7.848');
    expect(result.payAmount.toString()).toBe('269.448');
    expect($(result.payAmount)).toBe('$269.45');
  });

  it('guest flow: 360 − 36 = 324, tax 29.16 → 353.16, deposit 105.948', () => {
    const r = price({ 'tour-id': '4', 'tour-date': '2027-05-29', 'tour-people': '3', 'coupon-code': 'summer10' });
    expect(r.breakdown['coupon-amount']?.toString()).toBe('36');
    expect(r.breakdown['tax-due']?.toString()).toBe('29.16');
    expect(r.total.toString()).toBe('353.16');
    expect(r.depositPrice?.toString()).toBe('105.948');
  });
});

describe('stored pricing_info of the dump orders', () => {
  const stored = orders.map((o) => ({
    id: Number(o.id),
    pricingInfo: JSON.parse(String(o.pricing_info)) as unknown,
    detail: toDetail(JSON.parse(String(o.booking_detail)) as Record<string, unknown>),
    totalPrice: String(o.total_price),
  }));

  it('has the orders the brief names', () => {
    expect(stored.map((o) => o.id)).toEqual(expect.arrayContaining([1, 2, 3, 6]));
  });

  // Orders were priced when the seed was made (2026-11-21, no tid): orders 8 and 11 travel on
  // 2026-09-12, already past then, so no deposit is offered and no deposit keys are stored.
  it.each(stored.map((o) => [o.id, o] as const))('order %i', (_id, order) => {
    const result = price(order.detail);
    expectSamePhpJson(JSON.parse(pricingInfoJson(result)), order.pricingInfo);
    // No PHP double drift in these rows: the JSON text is identical.
    expect(pricingInfoJson(result)).toBe(JSON.stringify(order.pricingInfo));
    expect(result.total.round(4).toString()).toBe(String(Number(order.totalPrice)));
  });

  it('order 1 exactly as stored', () => {
    const order = stored.find((o) => o.id === 1)!;
    expect(pricingInfoJson(price(order.detail))).toBe(
      '{"deposit-rate":30,"deposit-price":156.96,"paid-amount":0,"pay-amount":523.2,"total-price":523.2,' +
        '"price-breakdown":{"traveller-base-price":120,"traveller-amount":"4","sub-total-price":480,"tax-rate":"9","tax-due":43.2}}',
    );
  });

  it('order 6: VIP package and SUMMER10', () => {
    const result = price(stored.find((o) => o.id === 6)!.detail);
    expect(result.breakdown['coupon-code']).toBe('SUMMER10');
    expect(result.breakdown['coupon-text']).toBe('10%');
    expect(result.breakdown['coupon-amount']?.toString()).toBe('64');
    expect(result.total.toString()).toBe('627.84');
    expect(result.depositPrice?.toString()).toBe('188.352');
  });
});

describe('the guest booking flow', () => {
  const flow = JSON.parse(
    readFileSync(path.join(PROJECT_ROOT, 'legacy-fixtures', 'flows', 'guest-booking.json'), 'utf8'),
  ) as { created_orders: { pricing_info: unknown; booking_detail: Record<string, unknown>; total_price: string }[] };
  const order = flow.created_orders[0]!;

  it('stores the same pricing_info (PHP 105.94800000000001 vs our exact 105.948)', () => {
    const result = price(toDetail(order.booking_detail));
    expectSamePhpJson(JSON.parse(pricingInfoJson(result)), order.pricing_info);
    expect(result.depositPrice?.toString()).toBe('105.948');
    expect(result.total.toString()).toBe('353.16');
    expect(order.total_price).toBe('353.1600');
    // The only difference in the text is PHP's double drift.
    expect(pricingInfoJson(result)).toBe(JSON.stringify(order.pricing_info).replace('105.94800000000001', '105.948'));
  });
});
