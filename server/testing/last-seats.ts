import type { Knex } from 'knex';

/** The fixture's Santorini cruise: 20 seats on each date (tour 4). */
export const SANTORINI = 4;

/**
 * Leaves 6 of a Santorini date's 20 seats: an approved order for 14 travellers, as the seat tests
 * that race bookings for the last seats start from (one process, two processes, two Galera nodes).
 */
export async function leaveSixSeats(knex: Knex, ordersTable: string, date: string): Promise<void> {
  await knex(ordersTable).insert({
    user_id: 0,
    booking_date: '2026-11-20 10:00:00',
    tour_id: SANTORINI,
    travel_date: date,
    package_group_slug: '',
    traveller_amount: 14,
    male_amount: 0,
    female_amount: 0,
    order_status: 'approved',
    total_price: '1831.2000',
  });
}
