import { countCouponUses, findCouponByCode } from '../../data/coupons';
import { isEmpty, str } from '../../php/coerce';
import { COUPON_MESSAGES, checkCoupon, couponSuccessMessage } from '../../tourmaster/coupon';
import { readMoneyFormat } from '../../tourmaster/pricing-settings';
import { utcDate } from '../../wp/site-time';
import type { RequestContext } from '../context';
import { loadGeneralSettings } from '../payment/page-data';

export type CouponReply = { status: 'success' | 'failed'; message: string };

/**
 * The sidebar's "Apply" (payment.md §3.2): whether the code is a coupon for this tour, today, with
 * uses left, and the discount it gives.
 */
export async function checkCouponCode(
  ctx: RequestContext,
  input: { coupon_code?: string | undefined; tour_id?: string | undefined },
): Promise<CouponReply> {
  const code = input.coupon_code ?? '';
  if (isEmpty(code)) return { status: 'failed', message: COUPON_MESSAGES.empty };
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
}
