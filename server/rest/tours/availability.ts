import { z } from 'zod';
import { tourAvailability } from '../../services/booking/date-availability';
import type { SeatsLeft } from '../../tourmaster/availability';
import type { DateAvailability, PackageAvailability } from '../../tourmaster/date-availability';
import { type Money, numberFormat } from '../../tourmaster/money';
import { invalidParams } from '../errors';
import { defineRoute } from '../route';

/** Days one call may cover, both ends included. */
export const MAX_RANGE_DAYS = 366;

const DAY_MS = 86_400_000;

/** Whether `s` is a real calendar day written `YYYY-MM-DD` (2027-02-30 is not, rather than rolled over). */
export function isCalendarDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const at = Date.parse(`${s}T00:00:00Z`);
  return Number.isFinite(at) && new Date(at).toISOString().startsWith(s);
}

export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date written YYYY-MM-DD.')
  .refine(isCalendarDay, 'Not a calendar date.');

/** A tour's id in a path: a positive whole number that fits the posts table's ID. */
export const tourIdParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'Expected a tour id (a positive whole number).')
  .transform(Number)
  .refine((n) => n <= 2 ** 31 - 1, 'Expected a tour id (a positive whole number).');

const input = z
  .object({
    id: tourIdParam,
    from: calendarDay,
    to: calendarDay,
  })
  .superRefine((v, ctx) => {
    // The range is only measured between two real days (each bad one has its own message).
    if (!isCalendarDay(v.from) || !isCalendarDay(v.to)) return;
    const days = (Date.parse(v.to) - Date.parse(v.from)) / DAY_MS + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: '`to` is before `from`.' });
    else if (days > MAX_RANGE_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `At most ${MAX_RANGE_DAYS} days per call.` });
    }
  });

/** A decimal amount as a string, two digits (`"1234.50"`), or null where the date has no price. */
const decimal = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .nullable();

const seatsJson = {
  seats_left: z.number().int().nullable().describe('Seats (or groups) left; null where the tour sets no limit.'),
  unit: z
    .enum(['seats', 'groups'])
    .nullable()
    .describe('What seats_left counts: travellers, or groups (a package sold per group).'),
};

const packageAvailabilityJson = z.object({
  title: z.string(),
  group_slug: z.string(),
  ...seatsJson,
  sold_out: z.boolean(),
  bookable: z.boolean(),
  price_from: decimal,
});

const availabilityJson = z.object({
  tour_id: z.number().int(),
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  dates: z.array(
    z.object({
      date: z.string(),
      ...seatsJson,
      sold_out: z.boolean(),
      bookable: z.boolean(),
      price_from: decimal,
      packages: z.array(packageAvailabilityJson),
    }),
  ),
});

/**
 * `GET /wp-json/tourmaster/v1/tours/{id}/availability?from=YYYY-MM-DD&to=YYYY-MM-DD`: each date the
 * tour runs on in the range with its seats left, sold out, bookable now, the price from, and its
 * packages (README "Availability API"). Counted live; shared caches may keep it 5 seconds.
 */
export const tourAvailabilityRoute = defineRoute({
  method: 'get',
  path: '/tours/:id/availability',
  summary: "A tour's dates in a range: seats left, sold out, bookable now, price from, per package.",
  tag: 'tours',
  auth: 'public',
  input,
  response: availabilityJson,
  cacheControl: 'public, max-age=5',
  async handle({ id, from, to }, ctx) {
    const result = await tourAvailability(ctx, { tourId: id, from, to });
    // The issue's rule: an id that names no published tour is an invalid parameter (400).
    if (!result.ok) throw invalidParams({ id: 'No published tour has this id.' });
    return { tour_id: id, from, to, currency: result.currency, dates: result.dates.map(dateJson) };
  },
});

/** Money as a decimal string with two digits and no separators (`"1234.50"`). */
export const amount = (money: Money | undefined) => (money ? numberFormat(money.round(2), 2, '.', '') : null);

const seats = (left: SeatsLeft | undefined) => ({ seats_left: left?.left ?? null, unit: left?.unit ?? null });

function dateJson(d: DateAvailability) {
  return {
    date: d.date,
    ...seats(d.left),
    sold_out: d.soldOut,
    bookable: d.bookable,
    price_from: amount(d.priceFrom),
    packages: d.packages.map(packageJson),
  };
}

function packageJson(p: PackageAvailability) {
  return {
    title: p.title,
    group_slug: p.groupSlug,
    ...seats(p.left),
    sold_out: p.soldOut,
    bookable: p.bookable,
    price_from: amount(p.priceFrom),
  };
}
