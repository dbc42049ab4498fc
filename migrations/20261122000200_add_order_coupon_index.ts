import { addIndexIfMissing, dropIndexIfPresent, type Migration } from './helpers';

/** Coupon usage limits count the orders that used a code; without an index that is a full scan. */
export const addOrderCouponIndex: Migration = {
  name: '20261122000200_add_order_coupon_index',
  async up(ctx) {
    await addIndexIfMissing(ctx, `${ctx.prefix}tourmaster_order`, 'dropin_coupon_code', ['coupon_code']);
  },
  async down(ctx) {
    await dropIndexIfPresent(ctx, `${ctx.prefix}tourmaster_order`, 'dropin_coupon_code');
  },
};
