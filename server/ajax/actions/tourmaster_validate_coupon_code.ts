import { z } from 'zod';
import { formText } from '../../php/form-input';
import { checkCouponCode } from '../../services/booking/coupon-check';
import { defineAction } from '../action';

/**
 * The sidebar's "Apply" (payment.md §3.2, pricing.md §6.1): is this code a coupon for this tour,
 * today, with uses left. The legacy `tid` shortcut (an order that already carries the code skips
 * every check) is closed: `tid` is ignored (DEFECTS.md 10). The code is matched as the site
 * collation matches it and never reaches SQL as text.
 */
export const tourmaster_validate_coupon_code = defineAction({
  name: 'tourmaster_validate_coupon_code',
  access: 'both',
  input: z.looseObject({ coupon_code: formText.optional(), tour_id: formText.optional() }),
  handle: (input, ctx) => checkCouponCode(ctx, input),
  reply: (result) => ({ kind: 'json', body: { status: result.status, message: result.message } }),
});
