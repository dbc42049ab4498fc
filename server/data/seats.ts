import type { HeldStatuses, SeatCounts, SeatPool } from '../tourmaster/availability';
import type { WpDb } from './tables';

export interface SeatQuery extends SeatPool {
  held: HeldStatuses;
  /** Lock the counted rows (inside the transaction that writes an order). */
  forUpdate?: boolean;
}

/**
 * One query over the (tour_id, travel_date) index: the sums and the order count of a seat pool.
 * Never cached: seats are always counted live.
 */
export async function countSeats(wp: WpDb, q: SeatQuery): Promise<SeatCounts> {
  let query = wp
    .knex(wp.t.orders)
    .where({ tour_id: q.tourId, travel_date: q.travelDate, package_group_slug: q.groupSlug })
    .select(
      wp.knex.raw('SUM(traveller_amount) AS travellers'),
      wp.knex.raw('SUM(male_amount) AS male'),
      wp.knex.raw('SUM(female_amount) AS female'),
      wp.knex.raw('COUNT(*) AS orders'),
    );
  if ('except' in q.held) {
    // `order_status != 'cancel'` in SQL also drops NULL statuses, as the plugin's query does.
    query =
      q.held.except.length === 1
        ? query.whereNot('order_status', q.held.except[0]!)
        : query.whereNotIn('order_status', [...q.held.except]);
  } else query = query.whereIn('order_status', [...q.held.only]);
  if (q.excludeOrderId !== undefined && !Number.isNaN(q.excludeOrderId)) query = query.whereNot('id', q.excludeOrderId);
  if (q.forUpdate) query = wp.dialect.forUpdate(query);
  const row = (await query)[0] as Record<string, unknown> | undefined;
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    travellers: num(row?.travellers),
    male: num(row?.male),
    female: num(row?.female),
    orders: Number(row?.orders ?? 0),
  };
}
