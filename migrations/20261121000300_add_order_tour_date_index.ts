import { addIndexIfMissing, dropIndexIfPresent, type Migration } from './helpers';

/**
 * The plugin's order table has no secondary index, so every availability check scans all orders.
 * Seat counting filters on (tour_id, travel_date); this index makes it one range read, and lets
 * `SELECT … FOR UPDATE` lock only that date's rows instead of the whole table.
 */
export const addOrderTourDateIndex: Migration = {
  name: '20261121000300_add_order_tour_date_index',
  async up(ctx) {
    await addIndexIfMissing(ctx, `${ctx.prefix}tourmaster_order`, 'dropin_tour_travel_date', [
      'tour_id',
      'travel_date',
    ]);
  },
  async down(ctx) {
    await dropIndexIfPresent(ctx, `${ctx.prefix}tourmaster_order`, 'dropin_tour_travel_date');
  },
};
