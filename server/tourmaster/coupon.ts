import { isEmpty, str } from '../php/coerce';
import { formatMoney, type MoneyFormat } from './money';
import { phpMoney, phpNumber } from './pricing-settings';

/**
 * A `tour_coupon` post's options (meta `tourmaster-coupon-option`, pricing.md §1). Every value is
 * the string the admin typed. The code itself lives in its own meta (`tourmaster-coupon-code`).
 */
export interface CouponOption {
  /** Maximum number of uses; blank = unlimited. */
  'coupon-amount'?: string;
  /** Last valid day, Y-m-d; blank = never expires. */
  'coupon-expiry'?: string;
  'coupon-discount-type'?: string;
  'coupon-discount-amount'?: string;
  /** CSV of tour ids; blank = every tour. */
  'apply-to-specific-tour'?: string;
  [key: string]: unknown;
}

export const COUPON_MESSAGES = {
  empty: 'Please fill in the coupon code',
  invalid: 'Invalid coupon code, please try again with different coupon',
  expired: 'This coupon has been expired, please try again with different coupon',
  notForTour: 'This coupon is not available for this tour, please try again with different coupon',
  usedUp: 'This coupon has been used up, please try again with different coupon',
} as const;

export type CouponCheck =
  | { ok: true; coupon: CouponOption }
  | { ok: false; reason: 'expired' | 'not-for-tour' | 'used-up'; message: string };

export interface CouponContext {
  tourId: number;
  /** The UTC date (PHP `date('Y-m-d')` under WordPress), Y-m-d. */
  today: string;
  /** Orders whose `coupon_code` is this code, any status (cancelled ones included). */
  timesUsed: number;
}

/**
 * pricing.md §6.1 step 3, for a coupon the caller found by its code (no coupon → the `invalid`
 * message). The legacy `tid` shortcut (step 2: an order that already carries the code skips every
 * check) is deliberately left out: it let an old order reuse an expired or used-up coupon
 * (DEFECTS.md 10).
 */
export function checkCoupon(coupon: CouponOption, context: CouponContext): CouponCheck {
  const expiry = coupon['coupon-expiry'];
  if (!isEmpty(expiry) && isAfter(context.today, str(expiry))) {
    return { ok: false, reason: 'expired', message: COUPON_MESSAGES.expired };
  }
  const tours = coupon['apply-to-specific-tour'];
  if (!isEmpty(tours)) {
    // in_array($tour_id, array_map('trim', explode(',', …))): loose, so '04' matches tour 4.
    const allowed = str(tours)
      .split(',')
      .map((t) => t.trim());
    if (!allowed.some((t) => isNumeric(t) && Number(t) === context.tourId)) {
      return { ok: false, reason: 'not-for-tour', message: COUPON_MESSAGES.notForTour };
    }
  }
  const limit = coupon['coupon-amount'];
  if (!isEmpty(limit) && context.timesUsed >= phpNumber(limit)) {
    return { ok: false, reason: 'used-up', message: COUPON_MESSAGES.usedUp };
  }
  return { ok: true, coupon };
}

/** 'You got 10% discount' / 'You got $25.00 discount' (an unknown or empty type says 'You got 0 discount'). */
export function couponSuccessMessage(coupon: CouponOption, format: MoneyFormat): string {
  const type = coupon['coupon-discount-type'];
  let discount = '0';
  if (type === 'percent') discount = `${str(coupon['coupon-discount-amount'])}%`;
  else if (type === 'amount') discount = formatMoney(phpMoney(coupon['coupon-discount-amount']), format);
  return `You got ${discount} discount`;
}

const NUMERIC = /^[ \t\n\r\v\f]*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?[ \t\n\r\v\f]*$/;

function isNumeric(s: string): boolean {
  return NUMERIC.test(s);
}

/**
 * `strtotime($today) > strtotime($expiry)`. Dates are compared as days; an expiry strtotime cannot
 * read (false) makes every coupon count as expired, as in PHP (any timestamp > false).
 */
function isAfter(today: string, expiry: string): boolean {
  const t = dayNumber(today);
  const e = dayNumber(expiry);
  if (e === undefined) return true;
  if (t === undefined) return false;
  return t > e;
}

/** Days since the epoch of a `Y-m-d` date (month and day may have one digit, as strtotime allows), or undefined. */
export function dayNumber(date: string): number | undefined {
  const m = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})\s*$/.exec(date);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return undefined;
  return Date.UTC(y, mo - 1, d) / 86_400_000;
}
