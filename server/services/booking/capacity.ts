import { countSeats } from '../../data/seats';
import type { WpDb } from '../../data/tables';
import {
  type AmountCheckPost,
  type AmountCheckReason,
  amountCheck,
  seatPool,
  seatStatusFilter,
} from '../../tourmaster/availability';
import type { Booking } from '../../tourmaster/booking';
import type { TourmasterSettings } from '../../tourmaster/settings';
import type { Tour } from '../../tourmaster/tour-option';
import type { Travellers } from '../../tourmaster/travellers';
import { type OrderRefusal, type OrderRefused, refusal } from './types';

/** The amount check's rules again, on counts read inside the transaction (the order itself left out). */
export async function checkCapacity(
  trx: WpDb,
  c: { tour: Tour; settings: TourmasterSettings; booking: Booking; nowLocal: string },
  now: Date,
): Promise<OrderRefused | undefined> {
  const { date, travellers, tid, travelDate } = c.booking;
  const pool = seatPool(c.tour.id, travelDate, date.entry, tid === undefined ? '' : String(tid));
  const counts = await countSeats(trx, {
    ...pool,
    held: seatStatusFilter(c.settings.general['block-seat-status']),
    forUpdate: true,
    now,
  });
  const result = amountCheck({
    post: amountCheckPost(c.tour, travellers, travelDate),
    tour: c.tour,
    date,
    counts,
    settings: { requireAdultToBookTour: c.settings.general['require-adult-to-book-tour'] },
    extraBookingFields: [],
    nowLocal: c.nowLocal,
  });
  return result.ok ? undefined : refusal(refusalOf(result.reason), result.message);
}

/** The fields the booking bar's script would post to the amount check, from the booking's travellers. */
function amountCheckPost(tour: Tour, travellers: Travellers, travelDate: string): AmountCheckPost {
  const group = travellers.mode === 'group';
  const size = (party: Travellers['rooms'][number]) => Object.values(party).reduce<number>((n, c) => n + (c ?? 0), 0);
  return {
    tour_id: String(tour.id),
    tour_date: travelDate,
    traveller: group ? 'group' : String(travellers.total),
    adult_amount: group ? 'group' : String(travellers.adults),
    male_amount: String(travellers.male),
    female_amount: String(travellers.female),
    max_traveller_per_room: String(Math.max(0, ...travellers.rooms.map(size))),
  };
}

function refusalOf(reason: AmountCheckReason): OrderRefusal {
  if (reason === 'full' || reason === 'group-full') return 'FULL';
  if (reason === 'closed') return 'CLOSED';
  if (
    reason === 'missing-field' ||
    reason === 'no-traveller' ||
    reason === 'invalid-traveller' ||
    reason === 'invalid-email'
  ) {
    return 'INVALID';
  }
  return 'LIMIT';
}
