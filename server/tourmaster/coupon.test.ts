import { describe, expect, it } from 'vitest';
import { COUPON_MESSAGES, type CouponOption, checkCoupon, couponSuccessMessage, dayNumber } from './coupon';
import { DEFAULT_MONEY_FORMAT } from './money';

/** The fixture coupons (posts 12–14, meta `tourmaster-coupon-option`). */
const SUMMER10: CouponOption = {
  'coupon-code': 'SUMMER10',
  'coupon-amount': '100',
  'coupon-expiry': '2027-12-31',
  'coupon-discount-type': 'percent',
  'coupon-discount-amount': '10',
  'apply-to-specific-tour': '',
};
const GREECE25: CouponOption = {
  'coupon-code': 'GREECE25',
  'coupon-amount': '',
  'coupon-expiry': '2027-12-31',
  'coupon-discount-type': 'amount',
  'coupon-discount-amount': '25',
  'apply-to-specific-tour': '4,10',
};
const EXPIRED2025: CouponOption = {
  'coupon-code': 'EXPIRED2025',
  'coupon-amount': '50',
  'coupon-expiry': '2025-12-31',
  'coupon-discount-type': 'percent',
  'coupon-discount-amount': '15',
  'apply-to-specific-tour': '',
};
const TODAY = '2026-11-21';

describe('checkCoupon (pricing.md §6.1)', () => {
  it.each([
    ['SUMMER10 on tour 4', SUMMER10, 4, TODAY, 1, 'ok'],
    ['SUMMER10 on tour 8', SUMMER10, 8, TODAY, 1, 'ok'],
    ['GREECE25 on tour 4', GREECE25, 4, TODAY, 0, 'ok'],
    ['GREECE25 on tour 10', GREECE25, 10, TODAY, 0, 'ok'],
    ['GREECE25 on tour 8', GREECE25, 8, TODAY, 0, 'not-for-tour'],
    ['GREECE25 on tour 5', GREECE25, 5, TODAY, 0, 'not-for-tour'],
    ['GREECE25 unlimited uses', GREECE25, 4, TODAY, 10_000, 'ok'],
    ['EXPIRED2025 on 2026-11-21', EXPIRED2025, 4, TODAY, 0, 'expired'],
    ['EXPIRED2025 on its last day 2025-12-31', EXPIRED2025, 4, '2025-12-31', 0, 'ok'],
    ['EXPIRED2025 on 2026-01-01', EXPIRED2025, 4, '2026-01-01', 0, 'expired'],
    ['SUMMER10 used 99 times', SUMMER10, 4, TODAY, 99, 'ok'],
    ['SUMMER10 used 100 times', SUMMER10, 4, TODAY, 100, 'used-up'],
    ['expiry checked before the tour', { ...GREECE25, 'coupon-expiry': '2020-01-01' }, 8, TODAY, 0, 'expired'],
    ['tour checked before the uses', { ...GREECE25, 'coupon-amount': '1' }, 8, TODAY, 5, 'not-for-tour'],
    ['tour list with spaces', { ...GREECE25, 'apply-to-specific-tour': ' 8 , 10' }, 8, TODAY, 0, 'ok'],
    ['an unreadable expiry counts as expired', { ...SUMMER10, 'coupon-expiry': 'soon' }, 4, TODAY, 0, 'expired'],
    ['no options at all', {}, 4, TODAY, 0, 'ok'],
  ] as const)('%s → %s', (_what, coupon, tourId, today, timesUsed, expected) => {
    const result = checkCoupon(coupon, { tourId, today, timesUsed });
    expect(result.ok ? 'ok' : result.reason).toBe(expected);
  });

  it('carries the legacy messages', () => {
    const fail = (c: CouponOption, tourId: number, timesUsed = 0) => {
      const r = checkCoupon(c, { tourId, today: TODAY, timesUsed });
      return r.ok ? undefined : r.message;
    };
    expect(fail(EXPIRED2025, 4)).toBe('This coupon has been expired, please try again with different coupon');
    expect(fail(GREECE25, 8)).toBe(
      'This coupon is not available for this tour, please try again with different coupon',
    );
    expect(fail(SUMMER10, 4, 100)).toBe('This coupon has been used up, please try again with different coupon');
    expect(COUPON_MESSAGES.invalid).toBe('Invalid coupon code, please try again with different coupon');
  });

  it('returns the coupon options on success', () => {
    expect(checkCoupon(SUMMER10, { tourId: 4, today: TODAY, timesUsed: 0 })).toEqual({ ok: true, coupon: SUMMER10 });
  });
});

describe('couponSuccessMessage', () => {
  it.each([
    [SUMMER10, 'You got 10% discount'],
    [GREECE25, 'You got $25.00 discount'],
    [{ ...GREECE25, 'coupon-discount-type': '' }, 'You got 0 discount'],
  ])('%#: %s', (coupon, message) => {
    expect(couponSuccessMessage(coupon, DEFAULT_MONEY_FORMAT)).toBe(message);
  });
});

describe('dayNumber', () => {
  it('reads Y-m-d (one-digit month/day too), else undefined', () => {
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dayNumber('2027-5-1')).toBe(dayNumber('2027-05-01'));
    expect(dayNumber('2027-13-01')).toBeUndefined();
    expect(dayNumber('')).toBeUndefined();
  });
});
