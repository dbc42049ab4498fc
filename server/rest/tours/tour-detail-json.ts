import { z } from 'zod';
import { isEmpty, isSet, phpFloat, phpInt, str } from '../../php/coerce';
import type { TourRules } from '../../services/booking/tour-rules';
import { perBookingLimits } from '../../tourmaster/availability';
import { bookableDates, dateEntryFinder, expandDates } from '../../tourmaster/dates';
import { bookingMode, mergePackage, packageGroupSlug, pricingMethod } from '../../tourmaster/packages';
import { phpMoney } from '../../tourmaster/pricing-settings';
import type { DatePriceEntry, TourPackage } from '../../tourmaster/tour-option';
import { TRAVELLER_KIND_OF_FIELD, TRAVELLER_KINDS } from '../../tourmaster/traveller-counts';
import { countFieldsOf } from '../../tourmaster/travellers';
import { amount } from './availability';

/**
 * A tour's dates and prices as its `date-price` settings define them (pricing.md §1), read through
 * the booking's own rules: which entry prices a date (`dateEntryFinder`), a package merged onto its
 * entry (`mergePackage`), the pricing method and booking mode, the traveller kinds the booking form
 * asks for (`countFieldsOf`), the per-booking limits (`perBookingLimits`).
 */

/** Upcoming dates listed per date rule; the availability route has every date of a range. */
export const MAX_UPCOMING_DATES = 100;

const decimal = z.string().regex(/^-?\d+\.\d{2}$/);
const money = (description: string) => decimal.nullable().describe(description);

export const packageJson = z.object({
  title: z.string().describe('The title a booking names as its `package` ("" for a date rule without packages).'),
  caption: z.string(),
  group_slug: z.string().describe('Its seat pool ("" is the pool every package without one shares).'),
  default: z.boolean().describe('Pre-selected on the booking form.'),
  start_time: z.string().describe('HH:MM, "" when not set.'),
  traveller_kinds: z
    .array(z.enum(TRAVELLER_KINDS))
    .describe('The counts a booking gives (`travellers` keys), besides `rooms` in room mode; none for a group.'),
  prices: z
    .object(Object.fromEntries(TRAVELLER_KINDS.map((k) => [k, decimal.optional()])))
    .describe('Price per traveller of each kind offered, as configured (see `tax`).'),
  group: z
    .object({
      price: money('Price of one group.'),
      max_groups: z.number().int().nullable().describe('Groups per date; null without a limit.'),
      max_people_per_group: z.number().int().nullable().describe('People one group may name; null without a limit.'),
    })
    .nullable()
    .describe('Group pricing; null otherwise.'),
  room: z
    .object({
      room_price: money('Price of a room for two (added to the traveller prices).'),
      single_discount: money('Taken off a room with one traveller.'),
      additional_prices: z
        .object(Object.fromEntries(TRAVELLER_KINDS.map((k) => [k, decimal.optional()])))
        .describe('Per traveller beyond the first two of a room, by kind.'),
      single_supplement: money('Supplement pricing only: added to a room of one.'),
      triple_supplement: money('Supplement pricing only: added to a room of three.'),
      max_rooms: z.number().int().nullable(),
      max_people_per_room: z.number().int().nullable(),
    })
    .nullable()
    .describe('Room mode (travellers booked by room); null otherwise.'),
  max_people: z.number().int().nullable().describe('Seats per date in its pool; null without a limit.'),
  min_people_per_booking: z.number().nullable(),
  max_people_per_booking: z.number().nullable(),
});

export const dateRuleJson = z.object({
  pricing_method: z
    .enum(['fixed', 'variable', 'group'])
    .describe('fixed (one price per person), variable (per kind), group.'),
  booking_mode: z
    .enum(['people', 'room', 'group'])
    .describe('How a booking counts: people, rooms of people, or one group.'),
  dates: z.object({
    date: z.string().nullable().describe('The one date of a single-date tour (`tour-timing-method` single).'),
    weekdays: z.array(z.string()).describe('Recurring: weekdays (monday…sunday) …'),
    months: z.array(z.number().int()).describe('… of these months (1–12) …'),
    years: z.array(z.number().int()).describe('… of these years.'),
    extra_dates: z.array(z.string()).describe('Dates added to the recurrence.'),
    excluded_dates: z.array(z.string()).describe('Dates taken out of it.'),
  }),
  upcoming_dates: z
    .array(z.string())
    .describe(
      `Bookable dates this rule prices, from today (at most ${MAX_UPCOMING_DATES}; seats: the availability route).`,
    ),
  package_prompt: z.string().describe('The booking form\'s "select a package" text, "" when not set.'),
  packages: z.array(packageJson),
});

const count = (value: unknown): number | null => (isEmpty(value) ? null : phpInt(str(value)));
const number = (value: unknown): number | null => (isEmpty(value) ? null : phpFloat(str(value)));
const price = (value: unknown): string | null => (isSet(value) ? amount(phpMoney(value)) : null);

/** The date rules of the tour, in the order the booking looks a date up in them. */
export function dateRulesJson(rules: TourRules): z.infer<typeof dateRuleJson>[] {
  const { tour } = rules;
  const entryOf = dateEntryFinder(tour.option);
  const upcoming = new Map<DatePriceEntry, string[]>();
  for (const date of bookableDates(tour.option, tour.meta, rules.nowLocal)) {
    const entry = entryOf(date);
    const list = entry && (upcoming.get(entry) ?? []);
    if (!entry || !list || list.length >= MAX_UPCOMING_DATES) continue;
    list.push(date);
    upcoming.set(entry, list);
  }
  const single = tour.option['tour-timing-method'] === 'single';
  return tour.option['date-price']
    .filter((entry) => expandDates(entry, tour.option['tour-timing-method']).length > 0)
    .map((entry) => ({
      pricing_method: pricingMethod(entry),
      booking_mode: bookingMode(tour.option, entry),
      dates: {
        date: single && !isEmpty(entry.date) ? str(entry.date) : null,
        weekdays: single ? [] : entry.day,
        months: single ? [] : entry.month.map(Number).filter(Number.isInteger),
        years: single ? [] : entry.year.map(Number).filter(Number.isInteger),
        extra_dates: single ? [] : csv(entry['extra-date']),
        excluded_dates: single ? [] : csv(entry['exclude-extra-date']),
      },
      upcoming_dates: upcoming.get(entry) ?? [],
      package_prompt: str(entry['select-package-text']),
      packages: ((entry.package ?? []).length ? (entry.package ?? []) : [undefined]).map((p) =>
        packageRuleJson(rules, entry, p),
      ),
    }));
}

function csv(value: unknown): string[] {
  return str(value)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function packageRuleJson(
  rules: TourRules,
  entry: DatePriceEntry,
  pkg: TourPackage | undefined,
): z.infer<typeof packageJson> {
  const title = str(pkg?.title);
  const merged = mergePackage(entry, title).entry;
  const mode = bookingMode(rules.tour.option, merged);
  const kinds = countFieldsOf(merged).map((field) => TRAVELLER_KIND_OF_FIELD[field]);
  const priceKey = (kind: string) => (kind === 'people' ? 'person' : kind === 'child' ? 'children' : kind);
  const pricesOf = (prefix: '' | 'additional-') =>
    Object.fromEntries(
      kinds.flatMap((k) => {
        const key = prefix ? `additional-${priceKey(k)}` : `${priceKey(k)}-price`;
        const value = price(merged[key as keyof TourPackage]);
        return value === null ? [] : [[k, value]];
      }),
    );
  const limits = perBookingLimits(merged, rules.tour.meta);
  const supplement = merged['enable-supplement-pricing'] === 'enable';
  return {
    title,
    caption: str(pkg?.caption),
    group_slug: packageGroupSlug(merged),
    default: pkg?.['default-package'] === 'enable',
    start_time: str(merged['start-time']),
    traveller_kinds: kinds,
    prices: pricesOf(''),
    group:
      mode === 'group'
        ? {
            price: price(merged['group-price']),
            max_groups: count(merged['max-group']),
            max_people_per_group: count(merged['max-group-people']),
          }
        : null,
    room:
      mode === 'room'
        ? {
            room_price: price(merged['initial-price']),
            single_discount: price(merged['single-discount']),
            additional_prices: pricesOf('additional-'),
            single_supplement: supplement ? price(merged['single-supplement-price']) : null,
            triple_supplement: supplement ? price(merged['triple-supplement-price']) : null,
            max_rooms: count(merged['max-room']),
            max_people_per_room: count(merged['max-people-per-room']),
          }
        : null,
    max_people: count(entry.package ? merged['max-people'] : rules.tour.meta.maxPeople),
    min_people_per_booking: number(limits.min),
    max_people_per_booking: number(limits.max),
  };
}
