import { z } from 'zod';
import { countCouponUses, findCouponByCode } from '../../data/coupons';
import { isEmpty, str } from '../../php/coerce';
import { loadGeneralSettings } from '../../services/payment/page-data';
import { COUPON_MESSAGES, checkCoupon, couponSuccessMessage } from '../../tourmaster/coupon';
import { readMoneyFormat } from '../../tourmaster/pricing-settings';
import { utcDate } from '../../wp/site-time';
import { defineAction } from '../action';

type CouponReply = { status: 'success' | 'failed'; message: string };

/**
 * The sidebar's "Apply" (payment.md §3.2, pricing.md §6.1): is this code a coupon for this tour,
 * today, with uses left. The legacy `tid` shortcut (an order that already carries the code skips
 * every check) is closed: `tid` is ignored (DEFECTS.md 10). The code is matched as the site
 * collation matches it and never reaches SQL as text.
 */
export const tourmaster_validate_coupon_code = defineAction({
  name: 'tourmaster_validate_coupon_code',
  access: 'both',
  input: z.looseObject({ coupon_code: z.unknown().optional(), tour_id: z.unknown().optional() }),
  async handle(input, ctx): Promise<CouponReply> {
    if (isEmpty(input.coupon_code)) return { status: 'failed', message: COUPON_MESSAGES.empty };
    const code = typeof input.coupon_code === 'string' ? input.coupon_code : '';
    const coupon = code ? await findCouponByCode(ctx.wp, code) : undefined;
    if (!coupon) return { status: 'failed', message: COUPON_MESSAGES.invalid };
    const tourId = str(input.tour_id).trim();
    const check = checkCoupon(coupon.option, {
      tourId: /^\d{1,15}$/.test(tourId) ? Number(tourId) : -1,
      today: utcDate(ctx.now),
      timesUsed: await countCouponUses(ctx.wp, coupon.code),
    });
    if (!check.ok) return { status: 'failed', message: check.message };
    const format = readMoneyFormat(await loadGeneralSettings(ctx));
    return { status: 'success', message: couponSuccessMessage(coupon.option, format) };
  },
  reply: (result) => ({ kind: 'json', body: { status: result.status, message: result.message } }),
});
