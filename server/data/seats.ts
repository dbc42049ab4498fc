import type { Knex } from 'knex';
import type { HeldStatuses, SeatCounts, SeatGroup, SeatPool } from '../tourmaster/availability';
import { withoutExpiredHolds } from './seat-holds';
import type { WpDb } from './tables';

export interface SeatQuery extends SeatPool {
  held: HeldStatuses;
  /** Lock the counted rows (inside the transaction that writes an order). */
  forUpdate?: boolean;
  /** The clock of the count: orders whose seat hold ran out unpaid by then hold no seats. */
  now: Date;
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
  query = whereHoldingSeats(wp, query, q.held, q.now);
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

/**
 * The one place that decides which order rows hold seats, for every seat count (one pool, or a
 * range of dates): the statuses of `block-seat-status`, and no order whose seat hold ran out unpaid
 * by `now` (data/seat-holds.ts), so every count agrees.
 */
export function whereHoldingSeats<Q extends Knex.QueryBuilder>(wp: WpDb, query: Q, held: HeldStatuses, now: Date): Q {
  // `order_status != 'cancel'` in SQL also drops NULL statuses, as the plugin's query does.
  const byStatus = (
    'except' in held
      ? held.except.length === 1
        ? query.whereNot('order_status', held.except[0]!)
        : query.whereNotIn('order_status', [...held.except])
      : query.whereIn('order_status', [...held.only])
  ) as Q;
  return withoutExpiredHolds(wp, byStatus, now);
}

/** The seat-holding orders of a tour's dates, by date: what {@link seatCountsFrom} adds up per pool. */
export type DatedSeatGroups = ReadonlyMap<string, readonly SeatGroup[]>;

/**
 * One query over the (tour_id, travel_date) index for a range of travel dates (`from`…`to`,
 * `Y-m-d`): the seat-holding orders grouped by date, pool and status. Never cached.
 */
export async function seatGroupsByDate(
  wp: WpDb,
  q: { tourId: number; from: string; to: string; held: HeldStatuses; now: Date },
): Promise<DatedSeatGroups> {
  const query = whereHoldingSeats(
    wp,
    wp
      .knex(wp.t.orders)
      .where('tour_id', q.tourId)
      .whereBetween('travel_date', [q.from, q.to])
      .select(
        'travel_date',
        'package_group_slug',
        'order_status',
        wp.knex.raw('SUM(traveller_amount) AS travellers'),
        wp.knex.raw('SUM(male_amount) AS male'),
        wp.knex.raw('SUM(female_amount) AS female'),
        wp.knex.raw('COUNT(*) AS orders'),
      )
      .groupBy('travel_date', 'package_group_slug', 'order_status'),
    q.held,
    q.now,
  );
  const rows = (await query) as Record<string, unknown>[];
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const byDate = new Map<string, SeatGroup[]>();
  for (const row of rows) {
    const date = String(row.travel_date);
    const groups = byDate.get(date) ?? [];
    groups.push({
      groupSlug: String(row.package_group_slug ?? ''),
      status: row.order_status === null ? null : String(row.order_status),
      travellers: num(row.travellers),
      male: num(row.male),
      female: num(row.female),
      orders: Number(row.orders ?? 0),
      excluded: false,
    });
    byDate.set(date, groups);
  }
  return byDate;
}
