import { z } from 'zod';
import { apiBookingViews } from '../../services/booking/api-booking-view';
import { sweepOrderChanges } from '../../services/booking/order-changes';
import { defineRoute, pageOf } from '../route';
import { bookingJson, restBaseOf, toBookingJson } from './booking-json';

const whole = (max: number, message: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, message)
    .transform(Number)
    .refine((n) => n <= max, message);

/** Whether `YYYY-MM-DD` names a day of the calendar (Date would roll 2027-02-30 over to March 2). */
function isCalendarDay(s: string): boolean {
  const at = Date.parse(`${s}T00:00:00Z`);
  return Number.isFinite(at) && new Date(at).toISOString().startsWith(s);
}

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date written YYYY-MM-DD.')
  .refine(isCalendarDay, 'Not a calendar date.');

/** An ISO 8601 instant with its zone (`2027-05-15T10:00:00Z`, `…+02:00`), its day and time real ones. */
const instant = z
  .string()
  .max(40)
  .regex(
    /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/,
    'Expected an ISO 8601 instant.',
  )
  .refine((s) => isCalendarDay(s.slice(0, 10)), 'Expected an ISO 8601 instant.')
  .transform((s) => new Date(s))
  .refine((d) => !Number.isNaN(d.getTime()), 'Expected an ISO 8601 instant.');

export const MAX_PER_PAGE = 100;

const input = z.object({
  page: whole(100_000, 'Expected a page number.').default(1),
  per_page: whole(MAX_PER_PAGE, `Expected 1 to ${MAX_PER_PAGE}.`).default(10),
  status: z
    .string()
    .regex(/^[a-z-]{1,30}$/, 'Expected a Tour Master order status (pending, approved, cancel…).')
    .optional(),
  tour_id: whole(2 ** 31 - 1, 'Expected a tour id.').optional(),
  date_from: day.optional(),
  date_to: day.optional(),
  modified_after: instant.optional(),
  after_id: whole(2 ** 31 - 1, 'Expected a booking id.').optional(),
});

/**
 * `GET /wp-json/tourmaster/v1/bookings` (key that may manage orders): newest first, filtered by
 * status, tour and travel dates. With `modified_after`, the bookings changed since then, oldest
 * change first (by `modified`, then id); an edit made in the WordPress admin is found by a sweep
 * run here at most every 5 seconds (services/booking/order-changes.ts). To walk the changes
 * without missing one that changes meanwhile, ask again with `modified_after` = the last item's
 * `modified` and `after_id` = its id (a keyset; `page` works too while nothing changes).
 */
export const listBookingsRoute = defineRoute({
  method: 'get',
  path: '/bookings',
  summary: 'Bookings, newest first; with modified_after, those changed since (for synchronisation).',
  tag: 'bookings',
  auth: 'orders',
  input,
  response: z.array(bookingJson),
  cacheControl: 'no-store',
  async handle(q, ctx) {
    if (q.modified_after) await sweepOrderChanges(ctx);
    const { items, total } = await apiBookingViews(
      ctx,
      {
        ...(q.status ? { status: q.status } : {}),
        ...(q.tour_id ? { tourId: q.tour_id } : {}),
        ...(q.date_from ? { dateFrom: q.date_from } : {}),
        ...(q.date_to ? { dateTo: q.date_to } : {}),
        ...(q.modified_after ? { modifiedAfter: q.modified_after } : {}),
        ...(q.modified_after && q.after_id ? { afterId: q.after_id } : {}),
      },
      { limit: q.per_page, offset: (q.page - 1) * q.per_page },
    );
    const base = restBaseOf((await ctx.site()).homeUrl);
    return pageOf(
      items.map((v) => toBookingJson(v, base)),
      total,
      q.per_page,
    );
  },
});
